import { isObject } from '../core/objects.js';
import { type CompiledGold, compileGold } from '../evaluation/compiled-gold.js';
import { checkedGold } from '../io/gold-check.js';
import type { GoldEntryInput, GoldInput, TrajectoryMode } from '../core/types.js';
import { issueText } from '../evaluation/text.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { TopIssue } from '../evaluation/top-issues.js';

/**
 * How a call expectation reads its calls: agentevals' trajectory `mode`, or by default the calls in the
 * listed order with other calls allowed; listed arguments are checked and other arguments allowed unless
 * `extraArgs` is `deny` (docs/testing.md).
 */
export interface CallExpectationOptions {
  /** `strict`, `unordered`, `subset` or `superset` (docs/gold-language.md); default: in order, other calls allowed. */
  mode?: TrajectoryMode;
  /** `deny`: an argument the agent passed beyond the listed ones fails too (default `allow`). */
  extraArgs?: 'allow' | 'deny';
}

/** The gold a call expectation scores against: its calls with the options above in the gold language. */
export function callExpectationGold(
  calls: readonly GoldEntryInput[],
  options: CallExpectationOptions,
): Exclude<GoldInput, readonly GoldEntryInput[]> {
  const extra_args = options.extraArgs ?? 'allow';
  const read = Array.isArray(calls) ? calls.map(noArgumentsMeansNone) : calls;
  return options.mode === undefined
    ? { calls: read, extra_args, order: 'strict', allow_extra_calls: true }
    : { calls: read, extra_args, mode: options.mode };
}

/** Each compiled list's call expectations, compiled once for each way a test checks it (mode and extra arguments). */
const compiledExpectations = new WeakMap<CompiledGold, Map<string, CompiledGold>>();

/**
 * The compiled gold a call expectation scores against, for a list compiled by `compileGold()`: read
 * (keys checked as a test reads them, so a typo fails) the first time a test checks it with these
 * options, and never again.
 */
export function compiledCallExpectation(calls: CompiledGold, options: CallExpectationOptions): CompiledGold {
  const list = calls.input;
  if (!Array.isArray(list))
    throw new TypeError(
      "toCallTools() takes a list of calls: this compiled gold is a gold file's object form or a conversation (use assertTools or toCallToolsByTurn)",
    );
  const key = `${options.mode ?? ''}/${options.extraArgs ?? 'allow'}`;
  let byOptions = compiledExpectations.get(calls);
  if (byOptions === undefined) compiledExpectations.set(calls, (byOptions = new Map()));
  let compiled = byOptions.get(key);
  if (compiled === undefined) {
    checkedGold(list, 'expected', { strictGold: true }, () => list);
    compiled = compileGold(callExpectationGold(list, options));
    byOptions.set(key, compiled);
  }
  return compiled;
}

/**
 * `args: {}` lists no argument and means "called without arguments", as it does everywhere (the user
 * guide's omitted vs `{}`), though other arguments are allowed: such a call denies them unless it says
 * otherwise itself. Anything else is left as it is, for the gold reader to check.
 */
export function noArgumentsMeansNone<Entry>(entry: Entry): Entry {
  if (!isObject(entry)) return entry;
  if (Array.isArray(entry.$any_order))
    return { ...entry, $any_order: entry.$any_order.map(noArgumentsMeansNone) } as Entry;
  const none = isObject(entry.args) && Object.keys(entry.args).length === 0 && entry.extra_args === undefined;
  return none ? ({ ...entry, extra_args: 'deny' } as Entry) : entry;
}

/**
 * What fails a call expectation whatever the score, as the result's Top issues: a required call not made
 * (missing, or another tool in its place) and a listed argument left out or different; with `all`, also
 * what the gold's options do not allow, which the Top issues name only then: an argument beyond the
 * listed ones (`extra_args` deny), a call beyond the expected ones (extra calls not allowed) and calls out
 * of order (order strict), including two calls of one tool swapped, which leaves the score as it was. A
 * call whose result was an error still counts as made. `issues` are the result's Top issues, or a
 * conversation turn's (where a call made in another turn is a `wrong_turn`, unmet as a missing call is).
 */
export function unmetExpectations(
  result: EvaluationResult,
  scope: 'all' | 'calls and listed arguments',
  issues: readonly TopIssue[] = result.topIssues,
): TopIssue[] {
  const unmet: TopIssue[] = [];
  for (const issue of issues) {
    if (issue.kind === 'missing' || issue.kind === 'wrong_tool' || issue.kind === 'wrong_turn') unmet.push(issue);
    else if (issue.kind === 'argument_mismatch') {
      if (scope === 'all' || issue.diffs?.some((diff) => diff.kind !== 'unexpected')) unmet.push(issue);
    } else if (scope === 'all' && (issue.kind === 'extra' || issue.kind === 'out_of_order')) unmet.push(issue);
  }
  if (scope === 'all' && !unmet.some((issue) => issue.kind === 'out_of_order')) {
    const swapped = firstMadeBeforeItsTurn(result.pairing.actualFor);
    if (swapped !== undefined) {
      const [i, j] = swapped;
      const tool = result.goldCalls[i]!.tool;
      const text = issueText('out_of_order', tool, { expectedNumber: i + 1, actualNumber: j + 1 });
      unmet.push({ kind: 'out_of_order', tool, expectedIndex: i, actualIndex: j, ...text });
    }
  }
  return unmet;
}

/**
 * The first expected call whose partner was made before the partner of an earlier expected call, as
 * [expected, actual]. Members of an any-order group are already in the agent's order (the gold view), so
 * only an order the gold asks for can be broken.
 */
function firstMadeBeforeItsTurn(actualFor: readonly number[]): [number, number] | undefined {
  let last = -1;
  for (let i = 0; i < actualFor.length; i++) {
    const j = actualFor[i]!;
    if (j < 0) continue;
    if (j < last) return [i, j];
    last = j;
  }
  return undefined;
}
