/**
 * The leaderboard's multi-turn verdict, ported rule for rule: what `eval_runner.py`'s
 * `_evaluate_single_multi_turn_entry` does (a result that is not a list, a result with another number
 * of turns, each step decoded into call texts by the function-calling handlers' `decode_execute`), then
 * `multi_turn_checker` (gorilla `multi_turn_eval/multi_turn_checker.py`): turn by turn, the model's
 * steps and the ground truth's calls run on their own instances of the simulated APIs; after each turn
 * the ground truth expects calls in, an empty model turn fails, then the instances' public attributes
 * must be equal (`state_checker`), then the ground truth's results of the turn must all be among the
 * model's results so far (`response_checker`). Messages and error types are the leaderboard's, word for
 * word. Beside the verdict, toolscore's diagnosis: the first turn after which the two sides' states
 * differ, and in which attributes.
 */
import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import { parseJson } from '../io/json.js';
import { type PyValue, pyRepr, pyType, pyValue } from './python-values.js';
import type { SimulatedApiFactory } from './simulated/api.js';
import { type Scenario, SimulatedSide } from './simulated/executor.js';
import { type PyData, pyEq } from './simulated/py.js';
import { SIMULATED_APIS } from './simulated/registry.js';
import type { CheckResult } from './types.js';

/** The classes whose state differs after a turn, each with its differing public attributes. */
interface StateDifference {
  /** 1-based. */
  turn: number;
  classes: { class_name: string; attributes: string[] }[];
}

export interface MultiTurnJudgement {
  verdict: CheckResult;
  /** The first turn after which the model's and the ground truth's instances differ; null when none does. */
  firstStateDifference: StateDifference | null;
}

/** The leaderboard's verdict on one multi-turn entry, and where the states first part. */
export function judgeMultiTurn(
  id: string,
  question: Record<string, unknown>,
  groundTruth: readonly (readonly string[])[],
  result: unknown,
  where: string,
  apis: ReadonlyMap<string, SimulatedApiFactory> = SIMULATED_APIS,
): MultiTurnJudgement {
  const noDifference = { firstStateDifference: null };
  if (!Array.isArray(result))
    return {
      verdict: fail(
        'multi_turn:inference_error',
        'Error during inference phase. Model did not output a list of model responses.',
      ),
      ...noDifference,
    };
  // Force-terminated during inference: the run gave up before the last turn.
  if (result.length !== groundTruth.length)
    return {
      verdict: fail(
        'multi_turn:force_terminated',
        `Model was force-terminated during inference phase. The length of the model result turns (${result.length}) does not match the length of the ground truth turns (${groundTruth.length}).`,
      ),
      ...noDifference,
    };
  const decoded = result.map((steps, k) => decodeTurn(steps, `${where} at $.result[${k}]`));
  return runTurns(scenario(id, question), groundTruth, decoded, apis);
}

/** `multi_turn_checker`, which also goes on (after the verdict) until the states first differ. */
function runTurns(
  entry: Scenario,
  groundTruth: readonly (readonly string[])[],
  decoded: string[][][],
  apis: ReadonlyMap<string, SimulatedApiFactory>,
): MultiTurnJudgement {
  const model = new SimulatedSide(entry, 'model_eval', apis);
  const truth = new SimulatedSide(entry, 'model_ground_truth_eval', apis);
  const modelResults: string[] = [];
  let verdict: CheckResult | undefined;
  let firstStateDifference: StateDifference | null = null;
  for (let turn = 0; turn < groundTruth.length; turn++) {
    if (verdict !== undefined && firstStateDifference !== null) break;
    const steps = decoded[turn]!;
    const expected = groundTruth[turn]!;
    for (const step of steps) modelResults.push(...model.execute(step));
    const truthResults = truth.execute(expected);
    // Python makes the model's instances on its first step; made earlier, they are the same (same config).
    model.execute([]);
    const differences = stateDifferences(model, truth);
    if (firstStateDifference === null && differences.length > 0)
      firstStateDifference = { turn: turn + 1, classes: differences };
    // A turn where the model should not call anything is not checked: the state check of the next turn is.
    if (verdict !== undefined || expected.length === 0) continue;
    if (steps.length === 0)
      verdict = fail('multi_turn:empty_turn_model_response', `Model response list is empty for turn ${turn}`);
    else if (differences.length > 0)
      verdict = fail(
        'multi_turn:instance_state_mismatch',
        `Model instance for ${differences[0]!.class_name} does not match the state with ground truth instance.`,
      );
    else if (!containsAll(modelResults, truthResults))
      verdict = fail(
        'multi_turn:execution_response_mismatch',
        `Model response execution results so far does not contain all the ground truth response execution results for turn ${turn}.`,
      );
  }
  return { verdict: verdict ?? { valid: true, error: [] }, firstStateDifference };
}

function fail(errorType: string, message: string): CheckResult {
  return { valid: false, error: [message], error_type: errorType };
}

/**
 * `state_checker`'s comparison, class by class in `involved_classes` order: each public attribute of
 * the ground truth's instance against the model's with Python's `!=`.
 */
function stateDifferences(model: SimulatedSide, truth: SimulatedSide): StateDifference['classes'] {
  const out: StateDifference['classes'] = [];
  for (const [className, expected] of truth.instances) {
    const actual = new Map(model.instances.get(className)!.publicAttributes());
    const attributes = expected
      .publicAttributes()
      .filter(([name, value]) => !actual.has(name) || !pyEq(actual.get(name) as PyData, value))
      .map(([name]) => name);
    if (attributes.length > 0) out.push({ class_name: className, attributes });
  }
  return out;
}

/** `_is_subsequence_unordered(ground_truth, model)`: each expected result takes one equal model result. */
function containsAll(model: readonly string[], expected: readonly string[]): boolean {
  const left = [...model];
  for (const item of expected) {
    const at = left.indexOf(item);
    if (at === -1) return false;
    left.splice(at, 1);
  }
  return true;
}

/** The question's `initial_config`, `involved_classes` and id, as the executor needs them. */
function scenario(id: string, question: Record<string, unknown>): Scenario {
  const source = `question ${id}`;
  const config = question.initial_config ?? {};
  const classes = question.involved_classes;
  if (!isObject(config))
    throw new ToolscoreInputError(
      { source, path: '$.initial_config' },
      `expected an object, got ${describeType(config)}`,
    );
  if (!Array.isArray(classes) || !classes.every((name) => typeof name === 'string'))
    throw new ToolscoreInputError({ source, path: '$.involved_classes' }, 'expected a list of class names');
  return {
    id,
    initialConfig: pyValue(config) as Scenario['initialConfig'],
    involvedClasses: classes,
    // `"long_context" in test_category or "composite" in test_category`, the category read from the id.
    longContext: /long_context|composite/.test(id.replace(/_[^_]*$/, '')),
  };
}

/**
 * One turn of a result decoded as the runner does: each step through `decode_execute`, a step that
 * raises (text, arguments that are not JSON or not an object) or decodes to no call is left out.
 */
function decodeTurn(steps: unknown, where: string): string[][] {
  // Python iterates whatever the turn is: a str's characters and a dict's keys decode to nothing.
  if (typeof steps === 'string' || isObject(steps)) return [];
  if (!Array.isArray(steps))
    throw new ToolscoreInputError({ source: where }, `expected a list of steps, got ${describeType(steps)}`);
  const out: string[][] = [];
  for (const step of steps) {
    const texts = stepCallTexts(step, where);
    if (texts !== undefined && texts.length > 0) out.push(texts);
  }
  return out;
}

/**
 * `convert_to_function_call`: each `{name: arguments}` of a step (every key, arguments a JSON string or
 * already an object) as the text `name(k=repr(v),…)`. Undefined where Python raises: a step that is
 * text or a number, an item that is not an object, arguments that are not JSON or not an object.
 */
export function stepCallTexts(step: unknown, where: string): string[] | undefined {
  const items = Array.isArray(step) ? step : isObject(step) ? [step] : undefined;
  // A str iterates its characters, whose `.items()` raises; an empty one is no call at all.
  if (items === undefined) return step === '' ? [] : undefined;
  const texts: string[] = [];
  for (const item of items) {
    if (!isObject(item)) return undefined;
    for (const [name, raw] of Object.entries(item)) {
      let args: PyValue;
      if (typeof raw === 'string') {
        try {
          args = pyValue(parseJson(raw, where, { keepNumberKinds: true }));
        } catch (error) {
          if (error instanceof ToolscoreInputError) return undefined;
          throw error;
        }
      } else args = pyValue(raw, item, name);
      if (pyType(args) !== 'dict') return undefined;
      texts.push(
        `${name}(${Object.entries(args as Record<string, PyValue>)
          .map(([key, value]) => `${key}=${pyRepr(value)}`)
          .join(',')})`,
      );
    }
  }
  return texts;
}
