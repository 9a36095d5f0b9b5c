import { describe, expect, test } from 'vitest';
import { agenticVerdict } from './agentic.js';
import { UncheckableEntry } from './checker.js';
import { pyValue } from './python-values.js';
import { parseJson } from '../io/json.js';

/** The entry's `result` and `ground_truth` as the judge reads them (number kinds kept: `1.0` is a float). */
const judge = (result: string, answers: string) =>
  agenticVerdict(
    pyValue(parseJson(result, 'result', { keepNumberKinds: true })),
    pyValue(parseJson(answers, 'answer', { keepNumberKinds: true })),
  );

const found = { valid: true, error: [] };
const notFound = {
  valid: false,
  error: ['None of the expected answers were found in the model response.'],
  error_type: 'agentic:answer_not_found',
};
const noLastMessage = {
  valid: false,
  error: ['Cannot find the last chat message that is not a function call.'],
  error_type: 'agentic:no_last_message',
};
const inferenceError = {
  valid: false,
  error: ['Error during inference phase. Model did not output a list of model responses.'],
  error_type: 'agentic:inference_error',
};

/*
 * Every verdict below is the leaderboard's, worked out from its Python at 6ea5797: `_evaluate_single_agentic_entry`
 * (eval_runner.py) with ClaudeHandler's function-calling `decode_execute` (utils.convert_to_function_call) and
 * `agentic_checker`, copied verbatim into a script and run on each case with python3 3.11.
 */
describe("the leaderboard's agentic runner and checker", () => {
  test.each([
    [
      'one text step that says the answer',
      '[["Your name is Michael."]]',
      '["Michael"]',
      found,
      'Your name is Michael.',
    ],
    [
      'calls on the way do not count; the last text is the answer',
      '[["I will look.", [{"search": "{\\"q\\": \\"name\\"}"}], "It is Michael"]]',
      '["Michael"]',
      found,
      'It is Michael',
    ],
    [
      'a call after the answer: the last message that is not a call is read',
      '[["It is Michael", [{"search": "{\\"q\\": \\"name\\"}"}]]]',
      '["Michael"]',
      found,
      'It is Michael',
    ],
    [
      'arguments already an object are a call',
      '[["It is Michael", {"search": {"q": 1}}]]',
      '["Michael"]',
      found,
      'It is Michael',
    ],
    [
      'arguments that are not JSON make the step a message, read as str() of its first item',
      '[[[{"search": "{\\"q\\": 1"}]]]',
      '["search"]',
      found,
      "{'search': '{\"q\": 1'}",
    ],
    ['arguments that decode to a list make a message', '[[[{"search": "[1]"}]]]', '["1"]', found, "{'search': '[1]'}"],
    ['arguments that are a list make a message', '[[{"search": [1]}]]', '["search"]', found, "{'search': [1]}"],
    ['[{}] decodes to no call: a message, str() of {}', '[["It is Michael", [{}]]]', '["Michael"]', notFound, '{}'],
    ['a list of one string is read as the string', '[[["Michael"]]]', '["Michael"]', found, 'Michael'],
    ['a float step is read as str(1.0)', '[[1.0]]', '["1.0", "10"]', found, '1.0'],
    ['an int step is read as str(3)', '[[3]]', '["3"]', found, '3'],
    ['a bool step is read as str(True)', '[[true]]', '["true"]', found, 'True'],
    ['a string turn is iterated by character: the last one is read', '["Michael"]', '["l"]', found, 'l'],
    ['a dict turn is iterated by key', '[{"Michael": 1, "Bob": 2}]', '["bob"]', found, 'Bob'],
    ['a string possible answer is iterated by character', '[["Seattle"]]', '"Seattle"', notFound, 'Seattle'],
    ['a no-break space is whitespace to \\b', '[["it is\u00a0ok"]]', '["ok"]', found, 'it is\u00a0ok'],
  ] as const)('%s', (_, result, answers, verdict, reply) => {
    expect(judge(result, answers)).toEqual({ verdict, reply });
  });

  test.each([
    ['an empty last message is no message (`if not last`)', '[["It is Michael", ""]]'],
    ['[] decodes to no call and is empty', '[["It is Michael", []]]'],
    ['a null step', '[[null]]'],
    ['no step', '[[]]'],
    ["Python's json.loads reads NaN: the step is a call", '[[[{"search": "{\\"q\\": NaN}"}]]]'],
    ['-Infinity too', '[[[{"search": "{\\"q\\": -Infinity}"}]]]'],
  ])('%s: agentic:no_last_message', (_, result) => {
    expect(judge(result, '["x"]')).toEqual({ verdict: noLastMessage, reply: null });
  });

  test.each([
    ['no turn', '[]'],
    ['two turns', '[["a"], ["b"]]'],
    ['a string', '"Michael"'],
  ])('%s: agentic:inference_error', (_, result) => {
    expect(judge(result, '["Michael"]')).toEqual({ verdict: inferenceError, reply: null });
  });

  test('where the Python raises, the entry cannot be judged', () => {
    expect(() => judge('[5]', '["x"]')).toThrow(
      new UncheckableEntry("the result's turn is 5, which the leaderboard's Python cannot iterate"),
    );
    expect(() => judge('[["x"]]', '["y", 1]')).toThrow(
      new UncheckableEntry("possible answer 1 is 1, not a string; the leaderboard's standardize_string cannot read it"),
    );
  });
});
