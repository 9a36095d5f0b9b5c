import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { ToolscoreInputError } from '../../core/errors.js';
import { readWithFormat } from '../auto.js';
import { customFormat } from './custom.js';

const read = readerFor(customFormat);

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

describe('custom: an explicit format still checks the shape it reads', () => {
  test('an object that is not a call (an ADK eval set) is one error line at $, never a call named after it', () => {
    const error = inputError(() => readWithFormat(ADK_EVAL_SET, 'custom', 'set.evalset.json'));
    expect(error.message).toBe(
      'set.evalset.json at $: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got an object with keys eval_set_id, name, description, eval_cases',
    );
  });

  test('a list or a calls member that is not a list names its path', () => {
    expect(inputError(() => read({ calls: { tool: 'a' } })).message).toBe(
      't at $.calls: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got an object',
    );
    expect(inputError(() => read('search')).message).toBe(
      't at $: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got a string',
    );
  });

  test('one call object is still read: with a "tool", or a "name" beside its arguments, or only keys a call has', () => {
    expect(read({ tool: 'search', args: { q: 'x' } }).calls).toEqual([
      { tool: 'search', args: { q: 'x' }, is_error: false },
    ]);
    expect(read({ name: 'search', arguments: '{"q": "x"}', id: 'c1' }).calls).toEqual([
      { tool: 'search', args: { q: 'x' }, id: 'c1', is_error: false },
    ]);
    expect(read({ name: 'ping', result: 'pong', duration: 0.5 }).calls).toEqual([
      { tool: 'ping', args: null, result: 'pong', duration: 0.5, is_error: false },
    ]);
  });
});
