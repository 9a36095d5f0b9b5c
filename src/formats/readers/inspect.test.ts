import { testReader } from '../../../test/reader-tester.js';
import { readCorpusJson } from '../../../test/corpus.js';
import { inspectFormat } from './inspect.js';

type Json = Record<string, any>;

const BROWSER = (): Json => readCorpusJson('evals', 'inspect', 'inspect-analysis-browser.eval-log.json') as Json;
/** The text each of the browser sample's tool messages holds (messages 2, 4, 6 and 8), as the file records it. */
const browserText = (message: number): string => BROWSER().samples[0].messages[message].content as string;

testReader(inspectFormat, [
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
  },
  {
    name: 'a tool message with an error fails its call; two epochs are read in order as one trace, with a warning',
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
    warnings: ['t at $.samples: read 2 samples ("a", "a" epoch 2) one after the other as one trace'],
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
