import { memberEqual, type EqualityMode } from '../match/equality.js';
import { encodeOperators } from '../match/operators.js';
import { isOptional } from '../match/matchers/matcher.js';
import { copyNumberKind } from '../match/number-kinds.js';
import { expectedArgCount } from '../metrics/arguments.js';
import { ownKeyCount } from '../core/objects.js';
import type { Pairing } from '../pairing/pairing.js';
import {
  ISSUE_KINDS,
  type ArgumentDiff,
  type ArgumentDiffRecord,
  type IssueKind,
  type TopIssueRecord,
} from '../core/issues.js';
import { issueText } from './text.js';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { OutcomeMetrics } from '../metrics/outcome.js';

/** One item of "Top issues to fix". */
export interface TopIssue {
  /** What kind of problem. */
  kind: IssueKind;
  /** The tool the problem is about (the one called, for wrong_tool and extra). */
  tool: string;
  /** 0-based index of the expected call concerned, if any. */
  expectedIndex: number | null;
  /** 0-based index of the actual call concerned, if any. */
  actualIndex: number | null;
  /** What went wrong, in one sentence. */
  problem: string;
  /** A concrete suggestion. */
  fix: string;
  /** Per-argument differences, for argument mismatches. */
  diffs?: ArgumentDiff[];
}

export type { TopIssueRecord } from '../core/issues.js';

/** A top issue under snake_case keys, the one shape every file gives it. */
export function topIssueRecord(issue: TopIssue): TopIssueRecord {
  const record: TopIssueRecord = {
    kind: issue.kind,
    tool: issue.tool,
    expected_index: issue.expectedIndex,
    actual_index: issue.actualIndex,
    problem: issue.problem,
    fix: issue.fix,
  };
  if (issue.diffs) record.diffs = issue.diffs.map(diffRecord);
  return record;
}

function diffRecord(diff: ArgumentDiff): ArgumentDiffRecord {
  const record: ArgumentDiffRecord = { key: diff.key, kind: diff.kind };
  if (diff.kind !== 'unexpected') record.expected = encodeOperators(diff.expected);
  if (diff.kind !== 'missing') record.actual = diff.actual;
  return record;
}

/**
 * Per-key differences between expected arguments and the partner's arguments. An absent `$optional`
 * argument is no difference; neither is an added argument when the call allows extra arguments.
 */
export function diffArguments(expected: ExpectedCall, actual: ToolCall, mode: EqualityMode): ArgumentDiff[] {
  if (expected.args === null) return [];
  const wanted = expected.args;
  const given = actual.args ?? {};
  const diffs: ArgumentDiff[] = [];
  for (const key of Object.keys(wanted)) {
    if (!Object.hasOwn(given, key)) {
      if (!isOptional(wanted[key])) diffs.push({ key, kind: 'missing', expected: wanted[key] });
    } else if (!memberEqual(wanted, given, key, mode)) {
      const diff: ArgumentDiff = { key, kind: 'mismatch', expected: wanted[key], actual: given[key] };
      copyNumberKind(wanted, key, diff, 'expected');
      copyNumberKind(given, key, diff, 'actual');
      diffs.push(diff);
    }
  }
  if (expected.extra_args === 'allow') return diffs;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(wanted, key)) diffs.push({ key, kind: 'unexpected', actual: given[key] });
  }
  return diffs;
}

/**
 * Ranks what to fix, from the core's pairing (never from raw positions, so a reordered pair of calls
 * is not a mismatch). Paired calls in order act as anchors; between two anchors, unpaired expected and
 * actual calls are zipped into "wrong tool" items and the rest are missing or extra. (A batch line, which
 * keeps only the first, asks `firstTopIssue`.)
 */
export function buildTopIssues(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
  unscored: readonly number[] = [],
): TopIssue[] {
  const found: FoundIssue[] = [];
  findIssues(expected, actual, pairing, mode, unscored, {
    wants: () => true,
    argumentsMatch: () => false,
    add: (issue) => found.push(issue),
  });
  found.sort(rankOrder);
  return found.map(written);
}

/**
 * The Top issues with the failed outcome checks among them (docs/outcomes.md): a call that failed where
 * it had to succeed (`refund_order failed: "card expired"`, in place of the plain failed-call issue), a
 * wrong result or a call that succeeded where it had to fail, each failed reply check and each failed
 * state check (an `expected` value, or the changes nobody expected). A call not made is already a
 * missing call. Ranked as `buildTopIssues` ranks, outcomes above argument details.
 */
export function withOutcomeIssues(
  issues: readonly TopIssue[],
  outcomes: OutcomeMetrics | undefined,
  actual: readonly ToolCall[],
): TopIssue[] {
  const { added, covered } = outcomeIssues(outcomes, actual);
  if (added.length === 0 && covered.size === 0) return [...issues];
  const kept = issues.filter((issue) => !(issue.kind === 'failed' && covered.has(issue.expectedIndex ?? -1)));
  return [...kept, ...added].sort(rankOrder);
}

/**
 * The first of the Top issues, `withOutcomeIssues(buildTopIssues(…), outcomes, actual)[0]` (what a batch
 * line carries), found without ranking the rest: an issue ranked after the best one found so far is
 * dropped, an argument diff is taken only while it could still come first (and not at all for a pair
 * the pairing found matching on every argument), and only the first issue's sentences are written.
 * `first-top-issue.property.test.ts` holds it to that plain path.
 */
export function firstTopIssue(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
  unscored: readonly number[],
  outcomes: OutcomeMetrics | undefined,
): TopIssue | null {
  const { added, covered } = outcomeIssues(outcomes, actual);
  let best: FoundIssue | undefined;
  // A failed call that an outcome check reports is replaced by that check's issue (as withOutcomeIssues does).
  const dropped = (issue: FoundIssue): boolean => issue.kind === 'failed' && covered.has(issue.expectedIndex!);
  findIssues(expected, actual, pairing, mode, unscored, {
    wants: (kind, position) =>
      best === undefined || rankOrder({ kind, expectedIndex: position, actualIndex: null }, best) < 0,
    argumentsMatch: (i) => argumentsAllMatch(expected[i]!, actual[pairing.actualFor[i]!]!, pairing.matchedArgs[i]!),
    add: (issue) => {
      if (!dropped(issue) && (best === undefined || rankOrder(issue, best) < 0)) best = issue;
    },
  });
  // On a tie the found issue comes first, as the stable sort of withOutcomeIssues keeps it.
  let first: TopIssue | null = best === undefined ? null : written(best);
  for (const issue of added) if (first === null || rankOrder(issue, first) < 0) first = issue;
  return first;
}

/** The one order of Top issues: by kind as ISSUE_KINDS ranks them, then by the call's position (calls before none). */
function rankOrder(a: RankedIssue, b: RankedIssue): number {
  return ISSUE_KINDS.indexOf(a.kind) - ISSUE_KINDS.indexOf(b.kind) || position(a) - position(b);
}

type RankedIssue = Pick<TopIssue, 'kind' | 'expectedIndex' | 'actualIndex'>;

function position(issue: RankedIssue): number {
  return issue.expectedIndex ?? issue.actualIndex ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Whether a pair's arguments have no difference (`diffArguments` finds none), from the pairing's count
 * of matching expected arguments: all that count are matched and, unless extras are allowed, the partner
 * passed no others.
 */
function argumentsAllMatch(call: ExpectedCall, partner: ToolCall, matched: number): boolean {
  if (call.args === null) return true;
  const given = partner.args ?? EMPTY_ARGS;
  return (
    matched === expectedArgCount(call.args, given) && (call.extra_args === 'allow' || ownKeyCount(given) === matched)
  );
}

const EMPTY_ARGS = Object.freeze({});

/** The issues of the failed outcome checks, and the expected calls whose failed-call issue they replace. */
function outcomeIssues(
  outcomes: OutcomeMetrics | undefined,
  actual: readonly ToolCall[],
): { added: TopIssue[]; covered: Set<number> } {
  const added: TopIssue[] = [];
  const covered = new Set<number>();
  for (const failure of outcomes?.failures ?? []) {
    // A reply or state check is about no call; the state's changes nobody expected are one check, so one issue.
    if (failure.check === 'reply' || failure.check === 'state') {
      added.push(uncalledOutcomeIssue(failure.check, failure.message));
      continue;
    }
    const i = failure.expected_index!;
    const j = failure.actual_index;
    if (j === null || covered.has(i)) continue;
    covered.add(i);
    const kind: IssueKind = actual[j]!.is_error ? 'failed' : 'wrong_result';
    added.push({
      kind,
      tool: failure.tool!,
      expectedIndex: i,
      actualIndex: j,
      ...issueText(kind, failure.tool!, { outcome: failure.message }),
    });
  }
  return { added, covered };
}

/** A found issue with its sentences written. */
function written({ kind, tool, expectedIndex, actualIndex, detail }: FoundIssue): TopIssue {
  const issue: TopIssue = { kind, tool, expectedIndex, actualIndex, ...issueText(kind, tool, detail) };
  if (detail.diffs) issue.diffs = [...detail.diffs];
  return issue;
}

/** The issue of a failed reply or state check: about no call, so it names the check. */
export function uncalledOutcomeIssue(kind: 'reply' | 'state', message: string): TopIssue {
  return { kind, tool: kind, expectedIndex: null, actualIndex: null, ...issueText(kind, kind, { outcome: message }) };
}

/** An issue before its sentences are written. */
interface FoundIssue {
  kind: IssueKind;
  tool: string;
  expectedIndex: number | null;
  actualIndex: number | null;
  detail: Parameters<typeof issueText>[2];
}

/** The unpaired expected and actual calls, grouped by the gap between in-order paired calls that they fall in. */
function unpairedByGap(
  expectedCount: number,
  actualCount: number,
  pairing: Pairing,
  anchors: ReturnType<typeof orderedAnchors>,
  unscored: readonly number[],
): { unpairedExpected: Map<number, number[]>; unpairedActual: Map<number, number[]> } {
  const gapOfExpected = gapIndex(
    anchors.map(([i]) => i),
    expectedCount,
  );
  const gapOfActual = gapIndex(
    anchors.map(([, j]) => j),
    actualCount,
  );
  const unpairedExpected = new Map<number, number[]>();
  const unpairedActual = new Map<number, number[]>();
  for (let i = 0; i < expectedCount; i++) {
    if (pairing.actualFor[i]! < 0) pushTo(unpairedExpected, gapOfExpected[i]!, i);
  }
  // Calls the gold does not care about (ignored tools, extras it allows) are never wrong or extra.
  const notScored = unscored.length === 0 ? undefined : new Set(unscored);
  for (let j = 0; j < actualCount; j++) {
    if (pairing.expectedFor[j]! < 0 && !notScored?.has(j)) pushTo(unpairedActual, gapOfActual[j]!, j);
  }
  return { unpairedExpected, unpairedActual };
}

/**
 * Where `findIssues` puts what it finds. `wants` says whether an issue of a kind at a position (0: the
 * earliest) could still be kept, so work for one that could not is skipped; `argumentsMatch` may say a
 * pair has no argument difference without looking for one.
 */
interface IssueSink {
  wants(kind: IssueKind, position: number): boolean;
  argumentsMatch(expectedIndex: number): boolean;
  add(issue: FoundIssue): void;
}

/** Every issue of a case, unranked, into `sink`. */
function findIssues(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
  unscored: readonly number[],
  sink: IssueSink,
): void {
  const add = (
    kind: IssueKind,
    tool: string,
    expectedIndex: number | null,
    actualIndex: number | null,
    detail: FoundIssue['detail'] = {},
  ): void => {
    sink.add({ kind, tool, expectedIndex, actualIndex, detail });
  };

  const anchors = orderedAnchors(pairing.actualFor);
  const { unpairedExpected, unpairedActual } = unpairedByGap(
    expected.length,
    actual.length,
    pairing,
    anchors,
    unscored,
  );
  for (let gap = 0; gap <= anchors.length; gap++) {
    const missing = unpairedExpected.get(gap) ?? [];
    const extra = unpairedActual.get(gap) ?? [];
    const zipped = Math.min(missing.length, extra.length);
    for (let k = 0; k < zipped; k++) {
      const wanted = expected[missing[k]!]!;
      add('wrong_tool', actual[extra[k]!]!.tool, missing[k]!, extra[k]!, {
        expectedTool: wanted.tool,
        ...(wanted.alternatives ? { alternatives: wanted.alternatives } : {}),
      });
    }
    for (const i of missing.slice(zipped)) {
      const wanted = expected[i]!;
      add('missing', wanted.tool, i, null, wanted.alternatives ? { alternatives: wanted.alternatives } : {});
    }
    for (const j of extra.slice(zipped)) add('extra', actual[j]!.tool, null, j);
  }

  // A required call whose partner failed is an issue only if no other call of that tool succeeded in its place.
  if (sink.wants('failed', 0)) {
    const unmet = unmetByTool(expected, actual);
    expected.forEach((call, i) => {
      const j = pairing.actualFor[i]!;
      if (j < 0) return;
      const partner = actual[j]!;
      const left = unmet.get(call.tool) ?? 0;
      if (partner.is_error && left > 0) {
        unmet.set(call.tool, left - 1);
        add('failed', call.tool, i, j, partner.error === undefined ? {} : { error: partner.error });
      }
    });
  }

  // Paired calls outside the longest in-order chain were made out of order, which lowers the sequence
  // score, so say why; swapping two calls of one tool leaves the tool order (and the score) as it was.
  if (sink.wants('out_of_order', 0) && toolOrderChanged(expected, pairing.actualFor)) {
    const inOrder = new Set(anchors.map(([i]) => i));
    pairing.actualFor.forEach((j, i) => {
      if (j >= 0 && !inOrder.has(i))
        add('out_of_order', expected[i]!.tool, i, j, { expectedNumber: i + 1, actualNumber: j + 1 });
    });
  }

  // Last, as the costliest: the argument differences, while they could still be kept.
  for (let i = 0; i < expected.length && sink.wants('argument_mismatch', i); i++) {
    const j = pairing.actualFor[i]!;
    if (j < 0 || sink.argumentsMatch(i)) continue;
    const diffs = diffArguments(expected[i]!, actual[j]!, mode);
    if (diffs.length > 0) add('argument_mismatch', expected[i]!.tool, i, j, { diffs });
  }
}

/** Whether the paired calls' tools, read in the order they were made, differ from the expected order. */
function toolOrderChanged(expected: readonly ExpectedCall[], actualFor: readonly number[]): boolean {
  // Nearly always the calls were made in the expected order, which needs no sorting to see.
  if (madeInOrder(actualFor)) return false;
  const paired = actualFor.flatMap((j, i) => (j >= 0 ? [i] : []));
  const made = [...paired].sort((a, b) => actualFor[a]! - actualFor[b]!);
  return paired.some((i, k) => expected[i]!.tool !== expected[made[k]!]!.tool);
}

/** Whether the paired actual calls come in the order of their expected partners. */
function madeInOrder(actualFor: readonly number[]): boolean {
  let last = -1;
  for (const j of actualFor) {
    if (j < 0) continue;
    if (j < last) return false;
    last = j;
  }
  return true;
}

function pushTo(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The longest run of pairs that keeps both orders (a longest increasing subsequence), as [expected, actual]. */
function orderedAnchors(actualFor: readonly number[]): [number, number][] {
  const pairs: [number, number][] = [];
  actualFor.forEach((j, i) => {
    if (j >= 0) pairs.push([i, j]);
  });
  // Patience sorting on the actual indices, O(p log p).
  const tails: number[] = [];
  const previous = new Array<number>(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const j = pairs[k]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const chain: [number, number][] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = previous[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}

/** For each position 0..length-1, how many anchor positions lie before it. */
function gapIndex(anchorPositions: readonly number[], length: number): number[] {
  const gaps = new Array<number>(length);
  let next = 0;
  for (let position = 0; position < length; position++) {
    while (next < anchorPositions.length && anchorPositions[next]! < position) next++;
    gaps[position] = next;
  }
  return gaps;
}

/** Per tool, how many expected calls have no successful call to answer them. */
function unmetByTool(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): Map<string, number> {
  const unmet = new Map<string, number>();
  for (const call of expected) unmet.set(call.tool, (unmet.get(call.tool) ?? 0) + 1);
  for (const call of actual) {
    const left = unmet.get(call.tool);
    if (!call.is_error && left !== undefined && left > 0) unmet.set(call.tool, left - 1);
  }
  return unmet;
}
