import { valuesEqual, type EqualityMode } from '../match/equality.js';
import { encodeOperators } from '../match/operators.js';
import { isMatcher, isOptional } from '../match/matchers/matcher.js';
import { isObject } from '../core/objects.js';
import { formatPath, parsePathPattern, patternCovers, type PathStep } from '../core/state-paths.js';
import type { StateCheck } from '../core/types.js';
import type { OutcomeCheck } from '../metrics/outcome.js';
import type { StateChangeRecord, StateMetrics } from '../metrics/state.js';
import { formatValue } from '../text/values.js';
import { stateChangeText } from './text.js';

/*
 * The gold's `"state"` (docs/outcomes.md, "The state"): what differs between a before-state and an
 * after-state, path by path, and the checks of it: each `expected` value against the after-state, and
 * `"unchanged": true` against every change no `expected` value or `allowed_changes` pattern covers.
 */

/** One path that differs between the before-state and the after-state. */
export interface StateChange {
  /** `$.lines.L2.status`. */
  path: string;
  /** The path's keys and indices. */
  steps: readonly (string | number)[];
  /** added: only in the after-state; removed: only in the before-state; changed: in both, different. */
  change: 'added' | 'removed' | 'changed';
  /** The value before (absent when added). */
  before?: unknown;
  /** The value after (absent when removed). */
  after?: unknown;
}

/**
 * Every path that differs between two JSON documents: objects key by key (keys removed, then keys in
 * the after-state's order), arrays index by index (a longer array adds its tail, a shorter one removes
 * it), and anything else where the values differ. Identical documents give none.
 */
export function diffStates(before: unknown, after: unknown): StateChange[] {
  const changes: StateChange[] = [];
  const walk = (old: unknown, now: unknown, steps: (string | number)[]): void => {
    const at = (step: string | number): (string | number)[] => [...steps, step];
    const note = (change: Omit<StateChange, 'path'>): void => {
      changes.push({ path: formatPath(change.steps), ...change });
    };
    if (Array.isArray(old) && Array.isArray(now)) {
      const shared = Math.min(old.length, now.length);
      for (let k = 0; k < shared; k++) walk(old[k], now[k], at(k));
      for (let k = shared; k < old.length; k++) note({ steps: at(k), change: 'removed', before: old[k] });
      for (let k = shared; k < now.length; k++) note({ steps: at(k), change: 'added', after: now[k] });
      return;
    }
    if (isPlainData(old) && isPlainData(now)) {
      for (const key of Object.keys(old))
        if (!Object.hasOwn(now, key)) note({ steps: at(key), change: 'removed', before: old[key] });
      for (const key of Object.keys(now)) {
        if (Object.hasOwn(old, key)) walk(old[key], now[key], at(key));
        else note({ steps: at(key), change: 'added', after: now[key] });
      }
      return;
    }
    if (!sameJson(old, now)) note({ steps, change: 'changed', before: old, after: now });
  };
  walk(before, after, []);
  return changes;
}

/** A JSON object (not an array). */
function isPlainData(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !Array.isArray(value);
}

/** Whether two JSON values are the same document (object key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, k) => sameJson(item, b[k]));
  if (isPlainData(a) && isPlainData(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
    );
  }
  return false;
}

/** One value `expected` names: where it sits in the after-state and what it must be. */
interface ExpectedValue {
  steps: (string | number)[];
  value: unknown;
}

/** The values of `expected`: its objects are looked into; a matcher, array, scalar or empty object is one value. */
function expectedValues(expected: Record<string, unknown>): ExpectedValue[] {
  const found: ExpectedValue[] = [];
  const walk = (value: unknown, steps: (string | number)[]): void => {
    if (isPlainData(value) && !isMatcher(value) && Object.keys(value).length > 0 && steps.length > 0)
      for (const key of Object.keys(value)) walk(value[key], [...steps, key]);
    else if (steps.length > 0) found.push({ steps, value });
  };
  for (const key of Object.keys(expected)) walk(expected[key], [key]);
  return found;
}

/** The value at `steps` in a document, or `missing`. */
function valueAt(document: unknown, steps: readonly (string | number)[]): { value: unknown } | undefined {
  let value = document;
  for (const step of steps) {
    if (
      typeof step === 'number'
        ? !Array.isArray(value) || step >= value.length
        : !isPlainData(value) || !Object.hasOwn(value, step)
    )
      return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return { value };
}

/** The answer of a gold's state check: its checks (1/0 each), the diff they read, and `metrics.state`. */
export interface StateOutcome {
  checks: OutcomeCheck[];
  changes: StateChange[];
  /** The changes no `expected` value or `allowed_changes` pattern covers (only counted with `unchanged`). */
  unexpected: StateChange[];
  metrics: StateMetrics;
  /** One line for each `allowed_changes` pattern that names no path of either state (a typo, most likely). */
  warnings: string[];
}

/**
 * The checks of a gold's `"state"`: one per `expected` value (at its path in the after-state), and one
 * for `"unchanged": true`, failing with every change nothing covers, each with its old and new value.
 */
export function stateOutcomeChecks(
  check: StateCheck,
  before: unknown,
  after: unknown,
  mode: EqualityMode,
): StateOutcome {
  const checks: OutcomeCheck[] = [];
  const fail = (message: string): OutcomeCheck => ({
    kind: 'state',
    failure: { check: 'state', expected_index: null, actual_index: null, tool: null, turn: null, message },
  });
  const expected = check.expected === undefined ? [] : expectedValues(check.expected);
  for (const { steps, value } of expected) {
    const found = valueAt(after, steps);
    const path = formatPath(steps);
    if (found === undefined)
      checks.push(
        isOptional(value)
          ? { kind: 'state', failure: null }
          : fail(`the after-state has no ${path}, expected ${shown(value)}`),
      );
    else if (valuesEqual(value, found.value, mode)) checks.push({ kind: 'state', failure: null });
    else checks.push(fail(`${path} is ${formatValue(found.value)}, expected ${shown(value)}`));
  }
  const matched = checks.filter((item) => item.failure === null).length;
  const changes = diffStates(before, after);
  const expectedPaths = expected.map((item) => item.steps);
  const allowedPatterns = check.allowed_changes.map((pattern) => parsePathPattern(pattern) as PathStep[]);
  const coveredBy = (change: StateChange): StateChangeRecord['covered_by'] =>
    expectedPaths.some((steps) => patternCovers(steps, change.steps))
      ? 'expected'
      : allowedPatterns.some((pattern) => patternCovers(pattern, change.steps))
        ? 'allowed'
        : null;
  const records = changes.map((change) => changeRecord(change, coveredBy(change)));
  const uncovered = changes.filter((_, k) => records[k]!.covered_by === null);
  const unexpected = check.unchanged ? uncovered : [];
  if (check.unchanged)
    checks.push(
      unexpected.length === 0
        ? { kind: 'state', failure: null }
        : fail(`changes nobody expected: ${unexpected.map(stateChangeText).join('; ')}`),
    );
  const metrics: StateMetrics = {
    paths_expected: expected.length,
    paths_matched: matched,
    unchanged_required: check.unchanged,
    unexpected_changes: uncovered.length,
    changes: records,
  };
  const warnings = check.allowed_changes.flatMap((pattern, k) =>
    pathExists(before, allowedPatterns[k]!) || pathExists(after, allowedPatterns[k]!)
      ? []
      : [
          `state: allowed_changes[${k}] ${JSON.stringify(pattern)} names no path of the before-state or the after-state`,
        ],
  );
  return { checks, changes, unexpected, metrics, warnings };
}

/** Whether a path the pattern matches exists in the document (`[*]`/`.*` stand for any key or index). */
function pathExists(document: unknown, pattern: readonly PathStep[]): boolean {
  let level: unknown[] = [document];
  for (const step of pattern) {
    const next: unknown[] = [];
    for (const value of level) {
      if (step === null) {
        if (Array.isArray(value)) next.push(...value);
        else if (isPlainData(value)) next.push(...Object.values(value));
      } else if (valueAt(value, [step]) !== undefined) next.push(valueAt(value, [step])!.value);
    }
    if (next.length === 0) return false;
    level = next;
  }
  return true;
}

/** A change as `metrics.state.changes[]` writes it: no steps; `before` and `after` only where they exist. */
function changeRecord(change: StateChange, coveredBy: StateChangeRecord['covered_by']): StateChangeRecord {
  return {
    path: change.path,
    change: change.change,
    ...(change.change === 'added' ? {} : { before: change.before }),
    ...(change.change === 'removed' ? {} : { after: change.after }),
    covered_by: coveredBy,
  };
}

/** An expected value as the gold writes it (matchers in `$` operator form). */
function shown(value: unknown): string {
  return formatValue(encodeOperators(value));
}
