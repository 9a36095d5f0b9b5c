import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { Pairing } from '../pairing/pairing.js';
import { memberEqual } from '../match/equality.js';
import { isOptional } from '../match/matchers/matcher.js';
import { expectedArgCount } from './arguments.js';

/** One step of `trajectory_metrics.trajectory_details`. */
export interface TrajectoryStep {
  /** 1-based position. */
  step: number;
  expected_tool: string | null;
  actual_tool: string | null;
  matches: boolean;
  expected_args: Record<string, unknown> | null;
  actual_args: Record<string, unknown> | null;
  /** Why a position has no counterpart ("stopped early" / "unnecessary step"). */
  error?: string;
}

/** `metrics.trajectory_metrics`. */
export interface TrajectoryMetrics {
  /** step_match_rate × path_efficiency. */
  trajectory_accuracy: number;
  /** Positions where the same tool was called with the expected arguments, over expected steps. */
  step_match_rate: number;
  /** expected / actual steps when more were taken, else 1. */
  path_efficiency: number;
  /** Steps that matched (always written, as the Python tool does). */
  correct_steps: number;
  /** Expected steps. */
  total_expected_steps: number;
  trajectory_details: TrajectoryStep[];
}

/**
 * Position-by-position comparison of the path taken: a step matches when the tool is the same and
 * every expected argument is present and (leniently) equal; extra actual arguments are allowed. Pass
 * the evaluation's pairing when it was lenient, so steps it already compared are not compared again.
 */
export function trajectoryMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  lenientPairing?: Pairing,
): TrajectoryMetrics {
  if (expected.length === 0) {
    const rate = actual.length === 0 ? 1 : 0;
    return {
      trajectory_accuracy: rate,
      step_match_rate: rate,
      path_efficiency: 1,
      correct_steps: 0,
      total_expected_steps: 0,
      trajectory_details: [],
    };
  }
  const details: TrajectoryStep[] = [];
  let matched = 0;
  const steps = Math.max(expected.length, actual.length);
  for (let i = 0; i < steps; i++) {
    const want = expected[i];
    const made = actual[i];
    const step: TrajectoryStep = {
      step: i + 1,
      expected_tool: want?.tool ?? null,
      actual_tool: made?.tool ?? null,
      matches: false,
      expected_args: want ? want.args : null,
      actual_args: made ? (made.args ?? {}) : null,
    };
    if (want && made) {
      step.matches =
        want.tool === made.tool && (reusesPairing(lenientPairing, want, made, i) ?? argsSatisfied(want, made));
      if (step.matches) matched++;
    } else if (want) {
      step.error =
        made === undefined && actual.length === 0
          ? `Did not execute: expected ${want.tool}`
          : `Agent stopped early: expected ${want.tool}`;
    } else if (made) {
      step.error = `Unnecessary step: ${made.tool}`;
    }
    details.push(step);
  }
  const stepMatchRate = matched / expected.length;
  const pathEfficiency =
    actual.length === 0 ? 0 : actual.length > expected.length ? expected.length / actual.length : 1;
  return {
    trajectory_accuracy: stepMatchRate * pathEfficiency,
    step_match_rate: stepMatchRate,
    path_efficiency: pathEfficiency,
    correct_steps: matched,
    total_expected_steps: expected.length,
    trajectory_details: details,
  };
}

/**
 * When a lenient pairing put step i's actual call beside its expected call, it has already counted the
 * expected arguments that match: all of them means the step matches. Undefined when it did not.
 */
function reusesPairing(
  pairing: Pairing | undefined,
  want: ExpectedCall,
  made: ToolCall,
  i: number,
): boolean | undefined {
  if (pairing === undefined || pairing.actualFor[i] !== i) return undefined;
  return want.args === null || pairing.matchedArgs[i] === expectedArgCount(want.args, made.args ?? {});
}

/** Every expected argument present and equal; an absent `$optional` one is no miss. */
function argsSatisfied(want: ExpectedCall, made: ToolCall): boolean {
  if (want.args === null) return true;
  const given = made.args ?? {};
  return Object.keys(want.args).every((key) =>
    Object.hasOwn(given, key) ? memberEqual(want.args!, given, key, 'lenient') : isOptional(want.args![key]),
  );
}
