import { describe, expect, test } from 'vitest';
import { readCorpusJson } from '../../../test/corpus.js';
import { testReader } from '../../../test/reader-tester.js';
import { ToolscoreInputError } from '../../core/errors.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { readWithFormat } from '../auto.js';
import { customFormat } from './custom.js';

/**
 * An ADK eval set as `adk web` saves it (`name` repeats `eval_set_id`), following the shape of the ADK
 * docs' `home_automation_agent` example: a test file, not a trace.
 */
const ADK_EVAL_SET = {
  eval_set_id: 'home_automation_agent_light_on_off_set',
  name: 'home_automation_agent_light_on_off_set',
  description: 'This is an eval set that is used for unit testing `x` behavior of the Agent',
  eval_cases: [
    {
      eval_id: 'eval_case_id',
      conversation: [
        {
          invocation_id: 'b7982664-0ab6-47cc-ab13-326656afdf75',
          user_content: { parts: [{ text: 'Turn off device_2 in the Bedroom.' }], role: 'user' },
          final_response: { parts: [{ text: 'I have set the device_2 status to off.' }], role: 'model' },
          intermediate_data: {
            tool_uses: [
              { args: { location: 'Bedroom', device_id: 'device_2', status: 'OFF' }, name: 'set_device_info' },
            ],
            intermediate_responses: [],
          },
        },
      ],
      session_input: { app_name: 'home_automation_agent', user_id: 'test_user', state: {} },
    },
  ],
};

function inputError(run: () => unknown): ToolscoreInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

testReader(customFormat, [
  {
    name: "the Python tool's trace_custom.json: {calls: [...]} with results, timestamps and durations, in order",
    input: () => readCorpusJson('comparable-tools', 'toolscore', 'trace_custom.json'),
    // A list of calls holds no agent's text.
    replies: 'absent',
    calls: [
      {
        tool: 'make_file',
        args: { filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] },
        result: { success: true, path: 'poem.txt' },
        timestamp: 1704067200,
        duration: 0.05,
        is_error: false,
      },
      {
        tool: 'read_file',
        args: { filename: 'poem.txt' },
        result: 'Roses are red,\nViolets are blue.',
        timestamp: 1704067200.1,
        duration: 0.02,
        is_error: false,
      },
    ],
  },
  {
    name: 'an error fails its call; is_error is kept as given',
    input: [
      { tool: 'search', args: { q: 'weather in Oslo' }, error: 'timeout' },
      { tool: 'fetch', args: { url: 'https://example.com' }, result: 'ok', is_error: false },
      { tool: 'fetch', args: { url: 'https://example.org' }, result: 'Error: 404', is_error: true },
    ],
    calls: [
      { tool: 'search', args: { q: 'weather in Oslo' }, is_error: true, error: 'timeout' },
      { tool: 'fetch', args: { url: 'https://example.com' }, result: 'ok', is_error: false },
      { tool: 'fetch', args: { url: 'https://example.org' }, result: 'Error: 404', is_error: true },
    ],
  },
  {
    name: 'one call object with a "tool" is read',
    input: { tool: 'search', args: { q: 'x' } },
    calls: [{ tool: 'search', args: { q: 'x' }, is_error: false }],
  },
  {
    name: 'one call object with a "name" beside its arguments is read',
    input: { name: 'search', arguments: '{"q": "x"}', id: 'c1' },
    detected: false,
    calls: [{ tool: 'search', args: { q: 'x' }, id: 'c1', is_error: false }],
  },
  {
    name: 'one call object with only keys a call has is read',
    input: { name: 'ping', result: 'pong', duration: 0.5 },
    detected: false,
    calls: [{ tool: 'ping', args: null, result: 'pong', duration: 0.5, is_error: false }],
  },
  {
    name: 'a calls member that is not a list names its path',
    input: { calls: { tool: 'a' } },
    error: 't at $.calls: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got an object',
  },
  {
    name: 'a text is not a call',
    input: 'search',
    error: 't at $: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got a string',
  },
]);

describe('custom: an explicit format still checks the shape it reads', () => {
  test('an object that is not a call (an ADK eval set) is one error line at $, never a call named after it', () => {
    const error = inputError(() => readWithFormat(ADK_EVAL_SET, 'custom', 'set.evalset.json'));
    expect(error.message).toBe(
      'set.evalset.json at $: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got an object with keys eval_set_id, name, description, eval_cases',
    );
  });
});

test('a list of calls records no reply: a response check fails as "no reply recorded", never a pass', () => {
  const expected = { calls: [{ tool: 'make_file' }], allow_extra_calls: true, response: { not_contains: ['sorry'] } };
  const actual = readCorpusJson('comparable-tools', 'toolscore', 'trace_custom.json');
  const outcome = evaluate({ expected, actual }).metrics.outcome_metrics!;
  // A not_contains check would pass on an empty text: with no reply it fails.
  expect(outcome.reply_checks).toEqual({ checks: 1, passed: 0 });
  expect(outcome.failures.map((failure) => failure.message)).toEqual(['no reply recorded']);
});
