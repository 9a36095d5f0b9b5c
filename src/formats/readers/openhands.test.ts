import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import { loadTraceFile } from '../../io/trace.js';
import { readWithAdapter } from '../auto.js';
import { fromOpenHands, openHandsFormat } from './openhands.js';

const TRAJECTORY_URL = new URL('../../../test/corpus/agents/openhands/wrong_initial_state.json', import.meta.url);
const TRAJECTORY: unknown = JSON.parse(readFileSync(TRAJECTORY_URL, 'utf8'));
const LISTING =
  "Here's the files and directories up to 2 levels deep in /workspace, excluding hidden items:\n/workspace/";
const TRAJECTORY_CALLS = [
  {
    tool: 'str_replace_editor',
    args: { command: 'view', path: '/workspace' },
    is_error: false,
    id: 'toolu_01USom24cuiyvAembLhEryrn',
    result: `${LISTING}\n/workspace/game_2048.py`,
  },
  {
    tool: 'execute_bash',
    // The model's own arguments (is_input as the text "false"), not the action's parsed args.
    args: { command: 'mv /workspace/game_2048.py /workspace/2048.py', is_input: 'false' },
    is_error: false,
    id: 'toolu_01PuY3mXrE6fm3j52GscR4rj',
    result: '',
  },
  {
    tool: 'str_replace_editor',
    args: { command: 'view', path: '/workspace' },
    is_error: false,
    id: 'toolu_01DodVjoeVmEY3gU5ALbqmGj',
    result: `${LISTING}\n/workspace/2048.py`,
  },
  { tool: 'finish', args: {}, is_error: false, id: 'toolu_01G98EmHEC8HgktRjJBYXqEa' },
];

const PONYC = JSON.parse(
  readFileSync(
    new URL('../../../test/corpus/agents/openhands/multi-swe-bench-ponyc-4593.excerpt.json', import.meta.url),
    'utf8',
  ),
) as { history: { content?: string }[] };
// Results of 5 KB (the file listed by cat -n) are the excerpt's own text.
const VIEW_CLI = { command: 'view', path: '/workspace/ponylang__ponyc__0.1/packages/cli/cli.pony' };

/** An action from a tool call, as OpenHands saves it (the model response kept or not). */
function action(id: number, tool: string, callId: string, args: Record<string, unknown>, modelArguments?: string) {
  const model_response =
    modelArguments === undefined
      ? undefined
      : {
          choices: [{ message: { tool_calls: [{ id: callId, function: { name: tool, arguments: modelArguments } }] } }],
        };
  return {
    id,
    source: 'agent',
    action: tool === 'execute_bash' ? 'run' : 'read',
    tool_call_metadata: { function_name: tool, tool_call_id: callId, model_response },
    args,
  };
}

testReader(openHandsFormat, [
  {
    name: "the user's message actions are turns; the agent's own messages are not",
    input: [
      { id: 0, source: 'user', action: 'message', args: { content: 'list the files' } },
      action(1, 'execute_bash', 'call_1', { command: 'ls' }),
      { id: 2, cause: 1, observation: 'run', content: 'a.txt\n' },
      { id: 3, source: 'agent', action: 'message', args: { content: 'There is a.txt.' } },
      { id: 4, source: 'user', action: 'message', args: { content: 'show it' } },
      action(5, 'execute_bash', 'call_2', { command: 'cat a.txt' }),
    ],
    calls: [
      { tool: 'execute_bash', args: { command: 'ls' }, is_error: false, id: 'call_1', result: 'a.txt\n', turn: 1 },
      { tool: 'execute_bash', args: { command: 'cat a.txt' }, is_error: false, id: 'call_2', turn: 2 },
    ],
    userMessages: ['list the files', 'show it'],
    // The agent's message answers the first turn; the second ends on a call.
    replies: ['There is a.txt.', null],
  },
  {
    name: 'the trajectory OpenHands replays in its runtime tests (view, mv, view, finish)',
    input: TRAJECTORY,
    calls: TRAJECTORY_CALLS,
    // Each action's thought is the text of the model message that made its call (the finish action's
    // model_response content says the same): the finish's, what the agent told the user, is the last.
    replies: [
      'The file has been successfully renamed from `game_2048.py` to `2048.py`. Is there anything else you need help with?',
    ],
  },
  {
    name: 'an ErrorObservation fails its action; results join by cause, or by tool_call_id; {"history"} is read',
    input: {
      history: [
        { id: 0, source: 'user', action: 'message', args: { content: 'run it' } },
        action(1, 'execute_bash', 'call_1', { command: 'ls', thought: 'look' }, '{"command": "ls"}'),
        action(2, 'execute_bash', 'call_2', { command: 'cat x', thought: '' }),
        { id: 3, cause: 1, observation: 'run', content: 'x\n', extras: { metadata: { exit_code: 0 } } },
        {
          id: 4,
          observation: 'error',
          content: 'cat: x: Permission denied',
          tool_call_metadata: { function_name: 'execute_bash', tool_call_id: 'call_2' },
        },
      ],
    },
    calls: [
      { tool: 'execute_bash', args: { command: 'ls' }, is_error: false, id: 'call_1', result: 'x\n' },
      {
        tool: 'execute_bash',
        args: { command: 'cat x', thought: '' },
        is_error: true,
        id: 'call_2',
        result: 'cat: x: Permission denied',
        error: 'cat: x: Permission denied',
      },
    ],
    // call_1's thought; call_2's is empty.
    replies: ['look'],
  },
  {
    name: "a multi-SWE-bench run: a refused tool call (uncaused ErrorObservation) is said, the editor's ERROR: fails its call",
    input: PONYC,
    calls: [
      {
        tool: 'execute_bash',
        args: { command: 'ls src/lib' },
        is_error: true,
        id: 'toolu_02',
        result: "ls: cannot access 'src/lib': No such file or directory",
        error: 'Command `ls src/lib` executed with exit code 2.',
      },
      {
        tool: 'execute_bash',
        args: { command: 'find . -name "*cli*.pony"' },
        is_error: false,
        id: 'toolu_11',
        result: './packages/cli/cli.pony\n./examples/net/client.pony\n./test/full-program-runner/_cli_options.pony',
      },
      {
        tool: 'str_replace_editor',
        args: VIEW_CLI,
        is_error: false,
        id: 'toolu_12',
        result: PONYC.history[5]!.content,
      },
      {
        tool: 'str_replace_editor',
        args: VIEW_CLI,
        is_error: false,
        id: 'toolu_13',
        result: PONYC.history[8]!.content,
      },
      {
        tool: 'str_replace_editor',
        args: { ...VIEW_CLI, view_range: [100, 150] },
        is_error: true,
        id: 'toolu_14',
        result:
          'ERROR:\nInvalid `view_range` parameter: [100, 150]. Its second element `150` should be smaller than the number of lines in the file: `122`.',
        error:
          'Invalid `view_range` parameter: [100, 150]. Its second element `150` should be smaller than the number of lines in the file: `122`.',
      },
    ],
    // The run stops mid-task: the last action's thought (history[9], event 32) is the last the agent said.
    replies: [(PONYC.history[9] as { args: { thought: string } }).args.thought],
    warnings: [
      't at $.history[6]: 1 ErrorObservation answering no action not read (a tool call OpenHands refused before running it; the call is not recorded)',
    ],
  },
  {
    name: 'an evaluation output of several runs (one {"history"} a line) is refused, saying so',
    input: [
      { instance_id: 'a', history: [action(1, 'execute_bash', 'c', { command: 'ls' })] },
      { instance_id: 'b', history: [] },
    ],
    detected: false,
    error:
      't at $: expected one OpenHands run, got 2 (an evaluation output, one {"history": [...]} a line); read each run on its own',
  },
  {
    name: 'an event that is neither an action nor an observation is an error naming it',
    input: [action(1, 'execute_bash', 'c', { command: 'ls' }), { id: 2, kind: 'note' }],
    detected: false,
    error: 't at $[1]: expected an OpenHands event (an "action" or an "observation"), got an object with keys id, kind',
  },
]);

test("the ponyc run's last thought, read off the file", () => {
  expect((PONYC.history[9] as { args: { thought: string } }).args.thought).toMatch(
    /^The file `\/workspace\/ponylang__ponyc__0\.1\/packages\/cli\/cli\.pony` contains the implementation of the CLI package, including the `CommandParser`\./,
  );
});

test("a finish action: its final_thought (the finish tool's message) after the thought of its model message", () => {
  const finish = {
    id: 3,
    source: 'agent',
    action: 'finish',
    tool_call_metadata: { function_name: 'finish', tool_call_id: 'call_9' },
    args: { outputs: {}, thought: 'All done.', final_thought: 'Renamed game_2048.py to 2048.py.' },
  };
  const reading = readWithAdapter(
    openHandsFormat,
    [{ id: 0, source: 'user', action: 'message', args: { content: 'rename it' } }, finish],
    't',
    true,
  );
  expect(reading.replies).toEqual(['Renamed game_2048.py to 2048.py.']);
});

test('a trajectory file and the in-memory helper give the calls the reader gives', async () => {
  expect((await loadTraceFile(TRAJECTORY_URL.pathname)).calls).toEqual(TRAJECTORY_CALLS);
  expect(fromOpenHands({ trajectory: TRAJECTORY })).toEqual(TRAJECTORY_CALLS);
});
