import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { EqualityMode } from '../match/equality.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { indexTools, type ToolIndex } from './tool-index.js';
import { pairCalls, type Pairing } from './pairing.js';

/*
 * What the gold language changes, applied once before any metric: every metric, Top issues and the
 * reports then see a plain gold list and the calls scored against it. The steps, in order (and in
 * docs/gold-language.md):
 *   1. calls of ignored tools are set aside (never paired, never extra);
 *   2. each `$one_of` call is settled on one of its tools;
 *   3. the calls are paired (required calls before optional ones, pairing.ts);
 *   4. optional calls left unpaired are dropped, and with `allow_extra_calls` so are unpaired actual calls;
 *   5. the members of each any-order group are put in the order their partners were made.
 */

/** How a gold file's file-level options apply to one scoring run. */
export interface GoldViewOptions {
  /** Tools whose calls are set aside (the file's `ignore_tools` and `--ignore-tools`). */
  ignoreTools: ReadonlySet<string>;
  /** Unpaired actual calls cost nothing. */
  allowExtraCalls: boolean;
  maxPairingCells?: number;
}

/** The gold and calls every metric is computed on, with the pairing between them. */
export interface GoldView {
  /** The effective gold: alternatives settled, optional calls not made left out, groups in the agent's order. */
  readonly expected: readonly ExpectedCall[];
  /** The calls scored against it. */
  readonly actual: readonly ToolCall[];
  /** The pairing of `expected` with `actual` (positions in the view). */
  readonly pairing: Pairing;
  readonly index: ToolIndex;
  /** For each scored call, its position among all actual calls; null when every call is scored. */
  readonly scoredPositions: readonly number[] | null;
  /** Optional expected calls that were not made (left out of `expected`). */
  readonly skippedOptional: number;
}

/** Applies the gold language's options to one pair of call lists (see the steps above). */
export function goldView(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  mode: EqualityMode,
  options: GoldViewOptions,
): GoldView {
  // 1. Ignored tools.
  let candidates = actual;
  let positions: number[] | null = null;
  if (options.ignoreTools.size > 0) {
    positions = [];
    for (let j = 0; j < actual.length; j++) if (!options.ignoreTools.has(actual[j]!.tool)) positions.push(j);
    if (positions.length === actual.length) positions = null;
    else candidates = positions.map((j) => actual[j]!);
  }
  // 2–3. Alternatives, pairing.
  const settled = settleAlternatives(expected, candidates);
  const index = indexTools(settled, candidates);
  const pairing = pairCalls(
    settled,
    candidates,
    mode,
    index,
    options.maxPairingCells ?? DEFAULT_LIMITS.maxPairingCells,
  );
  // 4–5. What is left out, and the order of the groups.
  const keptExpected = settledOrder(settled, pairing);
  let keptActual: number[] | null = null;
  if (options.allowExtraCalls && pairing.expectedFor.includes(-1)) {
    keptActual = [];
    for (let j = 0; j < candidates.length; j++) if (pairing.expectedFor[j]! >= 0) keptActual.push(j);
  }
  const skippedOptional = settled.length - (keptExpected?.length ?? settled.length);
  if (keptExpected === null && keptActual === null) {
    return { expected: settled, actual: candidates, pairing, index, scoredPositions: positions, skippedOptional };
  }
  const order = keptExpected ?? settled.map((_, i) => i);
  const kept = keptActual ?? candidates.map((_, j) => j);
  const viewExpected = order.map((i) => settled[i]!);
  const viewActual = keptActual === null ? candidates : kept.map((j) => candidates[j]!);
  const newActualPosition = new Array<number>(candidates.length).fill(-1);
  kept.forEach((j, k) => {
    newActualPosition[j] = k;
  });
  const actualFor = order.map((i) => {
    const j = pairing.actualFor[i]!;
    return j < 0 ? -1 : newActualPosition[j]!;
  });
  const expectedFor = new Array<number>(viewActual.length).fill(-1);
  actualFor.forEach((j, i) => {
    if (j >= 0) expectedFor[j] = i;
  });
  const matchedArgs = order.map((i) => pairing.matchedArgs[i]!);
  const base = positions;
  const scoredPositions = keptActual === null ? base : kept.map((j) => (base === null ? j : base[j]!));
  return {
    expected: viewExpected,
    actual: viewActual,
    pairing: { actualFor, expectedFor, matchedArgs },
    index: indexTools(viewExpected, viewActual),
    scoredPositions,
    skippedOptional,
  };
}

/**
 * The positions of the expected calls kept, in comparison order: optional calls without a partner left
 * out, and each any-order group's members in the order their partners were made (members without a
 * partner after them, in the group's canonical order). Null when that is every call in gold order.
 */
function settledOrder(expected: readonly ExpectedCall[], pairing: Pairing): number[] | null {
  // Most gold files have neither groups nor optional calls: nothing to reorder, nothing to allocate.
  let marked = false;
  for (const call of expected) if (call.any_order_group !== undefined || call.optional) marked = true;
  if (!marked) return null;
  let changed = false;
  const order: number[] = [];
  for (let i = 0; i < expected.length; ) {
    const group = expected[i]!.any_order_group;
    let end = i + 1;
    if (group !== undefined) while (end < expected.length && expected[end]!.any_order_group === group) end++;
    const members: number[] = [];
    for (let k = i; k < end; k++) {
      if (expected[k]!.optional && pairing.actualFor[k]! < 0) changed = true;
      else members.push(k);
    }
    if (group !== undefined) {
      const made = members.filter((k) => pairing.actualFor[k]! >= 0);
      made.sort((a, b) => pairing.actualFor[a]! - pairing.actualFor[b]!);
      const rest = members.filter((k) => pairing.actualFor[k]! < 0);
      const sorted = [...made, ...rest];
      if (sorted.some((k, n) => k !== members[n])) changed = true;
      order.push(...sorted);
    } else {
      order.push(...members);
    }
    i = end;
  }
  return changed ? order : null;
}

/**
 * Settles each `$one_of` call on one of its tools: as many of them as possible on a tool the agent
 * called with a call no other expected call of that tool needs, trying each call's tools in the
 * gold's order (augmenting paths, so a later call can move an earlier one to its next tool). A call
 * left over keeps its first tool (and will read as missing). Returns `expected` itself when no call
 * has alternatives.
 */
function settleAlternatives(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): readonly ExpectedCall[] {
  const choosers: number[] = [];
  for (let i = 0; i < expected.length; i++) if (expected[i]!.alternatives) choosers.push(i);
  if (choosers.length === 0) return expected;
  // Supply: calls of each tool the concrete expected calls leave over.
  const spare = new Map<string, number>();
  for (const call of actual) spare.set(call.tool, (spare.get(call.tool) ?? 0) + 1);
  for (const call of expected) {
    if (call.alternatives) continue;
    const left = spare.get(call.tool);
    if (left !== undefined) spare.set(call.tool, left - 1);
  }
  // Each spare call of a tool is a slot; Kuhn's augmenting paths match choosers to slots.
  const holders = new Map<string, number[]>(); // tool → choosers holding its slots
  const chosen = new Map<number, string>();
  const tryAssign = (chooser: number, visited: Set<string>): boolean => {
    for (const tool of expected[chooser]!.alternatives!) {
      if (visited.has(tool)) continue;
      visited.add(tool);
      const capacity = spare.get(tool) ?? 0;
      if (capacity <= 0) continue;
      const held = holders.get(tool) ?? [];
      if (held.length < capacity) {
        held.push(chooser);
        holders.set(tool, held);
        chosen.set(chooser, tool);
        return true;
      }
      for (let h = 0; h < held.length; h++) {
        const other = held[h]!;
        if (tryAssign(other, visited)) {
          held[h] = chooser;
          chosen.set(chooser, tool);
          return true;
        }
      }
    }
    return false;
  };
  for (const chooser of choosers) tryAssign(chooser, new Set());
  return expected.map((call, i) => {
    if (!call.alternatives) return call;
    const tool = chosen.get(i) ?? call.alternatives[0]!;
    return tool === call.tool ? call : { ...call, tool };
  });
}
