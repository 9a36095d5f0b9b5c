import { testReader } from '../../../test/reader-tester.js';
import { readCorpusJson } from '../../../test/corpus.js';
import { expect, test } from 'vitest';
import { readWithAdapter, readWithFormat } from '../auto.js';
import { inspectFormat } from './inspect.js';

type Json = Record<string, any>;

const BROWSER = (): Json => readCorpusJson('evals', 'inspect', 'inspect-analysis-browser.eval-log.json') as Json;
/** The text each of the browser sample's tool messages holds (messages 2, 4, 6 and 8), as the file records it. */
const browserText = (message: number): string => BROWSER().samples[0].messages[message].content as string;

test("the browser sample's reply is its last assistant message, the summary", () => {
  expect(BROWSER().samples[0].messages[9].content).toMatch(
    /^The AI Security Institute \(AISI\) is the premier governmental organization within the UK focused on AI safety/,
  );
});

testReader(inspectFormat, [
  {
    name: "one sample's user messages are its turns (a solver's continue prompt is a user message too)",
    input: {
      eval: { task: 'ctf' },
      samples: [
        {
          id: 'a',
          epoch: 1,
          messages: [
            { role: 'system', content: 'You are a CTF player.' },
            { role: 'user', content: 'find the flag' },
            { role: 'assistant', content: '', tool_calls: [{ id: 'b1', function: 'bash', arguments: { cmd: 'ls' } }] },
            { role: 'tool', tool_call_id: 'b1', function: 'bash', content: 'flag.txt' },
            { role: 'user', content: [{ type: 'text', text: 'Please proceed to the next step.' }] },
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'b2', function: 'bash', arguments: { cmd: 'cat flag.txt' } }],
            },
          ],
        },
      ],
    },
    calls: [
      { tool: 'bash', args: { cmd: 'ls' }, is_error: false, result: 'flag.txt', id: 'b1', turn: 1 },
      { tool: 'bash', args: { cmd: 'cat flag.txt' }, is_error: false, id: 'b2', turn: 2 },
    ],
    userMessages: ['find the flag', 'Please proceed to the next step.'],
    replies: [null, null],
  },
  {
    name: 'several samples are separate conversations: read whole, they are one turn (batch reads each as its own run)',
    input: {
      eval: { task: 'ctf' },
      samples: ['a', 'b'].map((id) => ({
        id,
        epoch: 1,
        messages: [
          { role: 'user', content: `task ${id}` },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: `c-${id}`, function: 'bash', arguments: { cmd: 'ls' } }],
          },
        ],
      })),
    },
    calls: [
      { tool: 'bash', args: { cmd: 'ls' }, is_error: false, id: 'c-a' },
      { tool: 'bash', args: { cmd: 'ls' }, is_error: false, id: 'c-b' },
    ],
    replies: [null],
  },
  {
    name: 'the web browser eval log of inspect_ai analysis tests: four calls of one sample, each answered by id',
    input: BROWSER,
    calls: [
      {
        tool: 'web_browser_go',
        args: { url: 'https://www.aisi.gov.uk/' },
        is_error: false,
        result: browserText(2),
        id: 'call_35FTpd6shR9efioDgeEBZ33s',
      },
      {
        tool: 'web_browser_click',
        args: { element_id: 151 },
        is_error: false,
        result: browserText(4),
        id: 'call_O6fzXOPUvPtYflWdOH94RTWy',
      },
      {
        tool: 'web_browser_click',
        args: { element_id: 884 },
        is_error: false,
        result: browserText(6),
        id: 'call_53eNweGanOHt6jGWAo2UuNCG',
      },
      {
        tool: 'web_browser_click',
        args: { element_id: 903 },
        is_error: false,
        result: browserText(8),
        id: 'call_C0cGhnh5y5RCIBs9vTJCLgxW',
      },
    ],
    // Message 9, the two-paragraph summary the task asked for (the sample's output repeats it).
    replies: [BROWSER().samples[0].messages[9].content as string],
  },
  {
    name: 'a tool message with an error fails its call; two epochs are read in order as one trace',
    input: {
      version: 2,
      status: 'success',
      eval: { task: 'ctf', model: 'openai/gpt-4o' },
      samples: [
        {
          id: 'a',
          epoch: 1,
          messages: [
            { role: 'user', content: 'list the files' },
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'bash_1', function: 'bash', arguments: { cmd: 'sleep 600' }, type: 'function' }],
            },
            {
              role: 'tool',
              tool_call_id: 'bash_1',
              function: 'bash',
              content: '',
              error: { type: 'timeout', message: 'Command timed out before completing.' },
            },
          ],
        },
        {
          id: 'a',
          epoch: 2,
          messages: [
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'py_1', function: 'python', arguments: { code: 'print(1)' } }],
            },
            {
              role: 'tool',
              tool_call_id: 'py_1',
              function: 'python',
              content: [{ type: 'text', text: '{"ok": true}' }],
            },
          ],
        },
      ],
    },
    calls: [
      {
        tool: 'bash',
        args: { cmd: 'sleep 600' },
        is_error: true,
        result: '',
        error: 'Command timed out before completing.',
        id: 'bash_1',
      },
      { tool: 'python', args: { code: 'print(1)' }, is_error: false, result: { ok: true }, id: 'py_1' },
    ],
    replies: [null],
  },
  {
    name: "a tool event's error fails the call its tool message records without one; a call no message answers takes its event's outcome",
    input: {
      eval: { task: 'ctf' },
      samples: [
        {
          id: 7,
          epoch: 1,
          messages: [
            {
              role: 'assistant',
              content: '',
              tool_calls: [
                { id: 'c1', function: 'bash', arguments: { cmd: 'cat /etc/shadow' } },
                { id: 'c2', function: 'python', arguments: { code: 'while True: pass' } },
                { id: 'c3', function: 'bash', arguments: { cmd: 'ls' } },
              ],
            },
            { role: 'tool', tool_call_id: 'c1', function: 'bash', content: 'cat: /etc/shadow: Permission denied' },
          ],
          events: [
            { event: 'model', output: {} },
            {
              event: 'tool',
              type: 'function',
              id: 'c1',
              function: 'bash',
              arguments: { cmd: 'cat /etc/shadow' },
              result: 'cat: /etc/shadow: Permission denied',
              error: { type: 'permission', message: '' },
            },
            {
              event: 'tool',
              type: 'function',
              id: 'c2',
              function: 'python',
              arguments: { code: 'while True: pass' },
              result: '',
              error: { type: 'timeout', message: 'Command timed out before completing.' },
            },
            {
              event: 'tool',
              type: 'function',
              id: 'c3',
              function: 'bash',
              arguments: { cmd: 'ls' },
              result: 'flag.txt',
            },
          ],
        },
      ],
    },
    calls: [
      {
        tool: 'bash',
        args: { cmd: 'cat /etc/shadow' },
        is_error: true,
        result: 'cat: /etc/shadow: Permission denied',
        error: 'permission',
        id: 'c1',
      },
      {
        tool: 'python',
        args: { code: 'while True: pass' },
        is_error: true,
        result: '',
        error: 'Command timed out before completing.',
        id: 'c2',
      },
      { tool: 'bash', args: { cmd: 'ls' }, is_error: false, result: 'flag.txt', id: 'c3' },
    ],
  },
  {
    name: "a sample whose messages hold no call is read from its tool events; another sample's unmatched events are left out",
    input: {
      eval: { task: 'ctf' },
      samples: [
        {
          id: 'a',
          epoch: 1,
          messages: [{ role: 'user', content: 'list the files' }],
          events: [
            {
              event: 'tool',
              type: 'function',
              id: 'e1',
              function: 'bash',
              arguments: { cmd: 'ls' },
              result: 'flag.txt',
            },
            {
              event: 'tool',
              type: 'function',
              id: 'e2',
              function: 'bash',
              arguments: { cmd: 'cat flag.txt' },
              result: '',
              error: { type: 'permission', message: 'Permission denied' },
            },
          ],
        },
        {
          id: 'b',
          epoch: 1,
          messages: [
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'm1', function: 'researcher', arguments: { q: 'x' } }],
            },
            { role: 'tool', tool_call_id: 'm1', function: 'researcher', content: 'done' },
          ],
          events: [
            {
              event: 'tool',
              type: 'function',
              id: 'm1',
              function: 'researcher',
              arguments: { q: 'x' },
              result: 'done',
            },
            {
              event: 'tool',
              type: 'function',
              id: 's1',
              function: 'web_search',
              arguments: { query: 'x' },
              result: '',
            },
          ],
        },
      ],
    },
    calls: [
      { tool: 'bash', args: { cmd: 'ls' }, is_error: false, result: 'flag.txt', id: 'e1' },
      {
        tool: 'bash',
        args: { cmd: 'cat flag.txt' },
        is_error: true,
        result: '',
        error: 'Permission denied',
        id: 'e2',
      },
      { tool: 'researcher', args: { q: 'x' }, is_error: false, result: 'done', id: 'm1' },
    ],
    warnings: [
      't at $.samples[0].events[0]: the messages hold no tool call; read the calls of 2 tool events',
      't at $.samples[1].events[1]: left out a tool event whose call no message holds (calls of an agent run as a tool?)',
    ],
  },
  {
    name: 'a log written without its samples is an error saying so, not zero calls',
    input: { version: 2, status: 'success', eval: { task: 'ctf' }, results: { total_samples: 3 } },
    detected: false,
    error:
      't at $: this Inspect log records no samples (was it written with --no-log-samples, or is the run unfinished?)',
  },
  {
    name: 'a sample without messages is an error naming it',
    input: { eval: { task: 'ctf' }, samples: [{ id: 1, epoch: 1, input: 'x' }] },
    detected: false,
    error:
      't at $.samples[0]: expected an Inspect sample ({"id", "epoch", "messages": [...]}), got an object with keys id, epoch, input',
  },
]);

test("a log's runs are its samples, one per sample and epoch, named as the log names them and read alone", () => {
  const log = {
    eval: { task: 'ctf' },
    samples: [
      { id: 'a', epoch: 1, messages: [] },
      { id: 'a', epoch: 2, messages: [] },
      { id: 3, epoch: 1, messages: [] },
    ],
  };
  const runs = inspectFormat.runs!.split(log)!;
  expect(runs.map((run) => run.id)).toEqual(['a', 'a epoch 2', '3']);
  expect(runs[1]!.data).toEqual({ eval: { task: 'ctf' }, samples: [{ id: 'a', epoch: 2, messages: [] }] });
  expect(inspectFormat.runs!.split({ eval: {}, samples: [] })).toBeUndefined();
  // Read whole (eval, validate), the log's runs are named in one warning.
  expect(readWithFormat(log, 'auto', 'log.json').warnings).toContain(
    'log.json: holds 3 runs ("a", "a epoch 2", "3"), read as one trace in order; toolscore batch scores each run as its own case',
  );
});

test('a sample whose epoch is an object (no string form) is named by its JSON, never a TypeError', () => {
  const sample = (epoch: unknown) => ({ id: 'a', epoch, messages: [{ role: 'user', content: 'hi' }] });
  const log = { eval: { task: 'ctf' }, samples: [sample({ toString: {} }), sample(2)] };
  expect(readWithAdapter(inspectFormat, log, 't', true).runs).toEqual(['a epoch {"toString":{}}', 'a epoch 2']);
});
