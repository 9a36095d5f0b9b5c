import { ToolscoreInputError, describeType } from '../core/errors.js';
import { bfclAnswerText, bfclFoundStandardized } from '../match/bfcl-answer.js';
import { UncheckableEntry } from './checker.js';
import { PyFloat, type PyValue, pyRepr } from './python-values.js';
import type { CheckResult } from './types.js';

/*
 * The leaderboard's agentic categories (memory_kv, memory_vector, memory_rec_sum, web_search_base,
 * web_search_no_snippet), ported rule for rule from ShishirPatil/gorilla at 6ea5797 (unchanged since the
 * V4 release, 58f57e9): `_evaluate_single_agentic_entry` in bfcl_eval/eval_checker/eval_runner.py and
 * `agentic_checker` in eval_checker/agentic_eval/agentic_checker.py. The calls made on the way do not
 * matter: the last step that is not a function call is the answer, and it must say one of the possible
 * answers. Steps are decoded as a function-calling model's (`convert_to_function_call`), as the rest of
 * `toolscore bfcl` reads results.
 */

/** The verdict of an agentic entry, and the text the checker read (null when it found none). */
export interface AgenticJudgement {
  verdict: CheckResult;
  reply: string | null;
}

const NOT_A_LIST = 'Error during inference phase. Model did not output a list of model responses.';
const NO_LAST_MESSAGE = 'Cannot find the last chat message that is not a function call.';
const NOT_FOUND = 'None of the expected answers were found in the model response.';

/**
 * Judges an entry's `result` (parsed, number kinds kept) against its possible answer's `ground_truth`.
 * Where the Python would raise (steps that cannot be iterated, an answer that is not a string), the entry
 * cannot be judged: `UncheckableEntry`.
 */
export function agenticVerdict(result: PyValue, groundTruth: PyValue): AgenticJudgement {
  // A single-turn, multi-step entry: a list of one turn, the turn a list of steps.
  if (!Array.isArray(result) || result.length !== 1)
    return { verdict: { valid: false, error: [NOT_A_LIST], error_type: 'agentic:inference_error' }, reply: null };
  let last: PyValue | undefined;
  for (const step of pyIter(result[0]!, "the result's turn")) if (!isCall(step)) last = step;
  // `if not last_unsuccessful_decoding_message`: an empty last message counts as none.
  if (last === undefined || !pyTruthy(last))
    return { verdict: { valid: false, error: [NO_LAST_MESSAGE], error_type: 'agentic:no_last_message' }, reply: null };
  const answers = pyIter(groundTruth, 'the possible answer').map((answer, i) => {
    if (typeof answer !== 'string')
      throw new UncheckableEntry(
        `possible answer ${i} is ${pyRepr(answer)}, not a string; the leaderboard's standardize_string cannot read it`,
      );
    return bfclAnswerText(answer);
  });
  // "Sometimes the model response is a list of one string"; anything else is read as str() of it.
  const response = Array.isArray(last) ? last[0]! : last;
  const reply = typeof response === 'string' ? response : pyRepr(response);
  const standardized = bfclAnswerText(reply);
  const found = answers.some((answer) => bfclFoundStandardized(standardized, answer));
  return {
    verdict: found
      ? { valid: true, error: [] }
      : { valid: false, error: [NOT_FOUND], error_type: 'agentic:answer_not_found' },
    reply,
  };
}

/**
 * The possible answers of an agentic entry as texts, for its gold file: `ground_truth` must be a list of
 * non-empty strings (what every entry of the leaderboard's data holds).
 */
export function agenticAnswerTexts(answer: Record<string, unknown>, source: string): string[] {
  const truth = answer.ground_truth;
  if (!Array.isArray(truth))
    throw new ToolscoreInputError(
      { source, path: '$.ground_truth' },
      `expected a list of the possible answers, got ${describeType(truth)}`,
    );
  return truth.map((text, i) => {
    if (typeof text !== 'string' || text === '')
      throw new ToolscoreInputError(
        { source, path: `$.ground_truth[${i}]` },
        `expected a non-empty text, got ${describeType(text)}`,
      );
    return text;
  });
}

const isDict = (value: PyValue): value is { [key: string]: PyValue } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof PyFloat);

/** Python's `for item in value`: a list's items, a str's characters, a dict's keys; anything else raises. */
function pyIter(value: PyValue, what: string): PyValue[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  if (isDict(value)) return Object.keys(value);
  throw new UncheckableEntry(`${what} is ${pyRepr(value)}, which the leaderboard's Python cannot iterate`);
}

/** Python's truth value. */
function pyTruthy(value: PyValue): boolean {
  if (value === null) return false;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value) || typeof value === 'string') return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return value !== 0 && value !== false;
}

/**
 * Whether `convert_to_function_call` turns a step into at least one call: a dict is a list of one; each
 * item must be a dict whose every value is a dict or a JSON string of one. A step it raises on, or that
 * gives no call (`""`, `[]`, `[{}]`), is a message.
 */
function isCall(step: PyValue): boolean {
  let items: PyValue[];
  if (isDict(step)) items = [step];
  else if (Array.isArray(step)) items = step;
  else if (typeof step === 'string') items = [...step];
  else return false;
  let calls = 0;
  for (const item of items) {
    if (!isDict(item)) return false;
    for (const value of Object.values(item)) {
      const args = typeof value === 'string' ? pythonJsonLoads(value) : value;
      if (args === undefined || !isDict(args)) return false;
      calls++;
    }
  }
  return calls > 0;
}

/**
 * `json.loads`, for whether it gives a dict: Python also reads the bare constants `NaN`, `Infinity` and
 * `-Infinity`, which JSON.parse refuses, so they are read as numbers first. Undefined when it raises.
 */
function pythonJsonLoads(text: string): PyValue | undefined {
  try {
    return JSON.parse(
      text.replace(PYTHON_CONSTANTS, (_constant, string: string | undefined) => string ?? '0'),
    ) as PyValue;
  } catch {
    return undefined;
  }
}

// A JSON string (kept as it is) or one of Python's bare constants outside strings.
const PYTHON_CONSTANTS = /("(?:[^"\\]|\\.)*")|\b(?:NaN|-?Infinity)\b/g;
