import { resolveSettings } from '../../evaluation/evaluate.js';
import { scoreGold } from '../../evaluation/turns.js';
import { snapshotDriftText, snapshotText, type SnapshotOutcome } from '../text.js';
import { checkMinScore, meetsMinScore } from '../../core/grade.js';
import type { EvaluationResult } from '../../evaluation/result.js';
import type { WeightsInput } from '../../core/weights.js';
import { autoExtract } from '../../formats/auto.js';
import { ToolscoreAssertionError } from '../assertion-error.js';
import { testColorEnabled } from '../color.js';
import { renderFailureReport } from '../failure-report.js';
import { logSnapshotOutcome } from './ledger.js';
import { snapshotMode, type SnapshotMode } from './mode.js';
import { maskNames, recordedSnapshot } from './recorded-calls.js';
import { SnapshotStore, newSnapshotData, withRecording } from './store.js';

/** Options of `checkSnapshot()`. */
export interface SnapshotCheckOptions {
  /** The snapshot's name (runner integrations use the test's full name). */
  name: string;
  /** Where snapshots live (default `.toolscore/snapshots` in the working folder). */
  store?: SnapshotStore | string;
  /** Lowest replay score that passes (default 1: the calls must match exactly). */
  minScore?: number;
  /** Weights of the replay score. */
  weights?: WeightsInput;
  /** Compare arguments strictly on replay. */
  strict?: boolean;
  /** What records it, written into new snapshots (default `test`). */
  source?: string;
  /** How to behave; read from the environment (CI, TOOLSCORE_UPDATE, …) when not given. */
  mode?: SnapshotMode;
}

/** How a snapshot check ended without failing. */
export interface SnapshotCheck {
  outcome: Exclude<SnapshotOutcome, 'failed'>;
  /** The snapshot file. */
  file: string;
  /** The replay, when the snapshot was compared with the calls. */
  result?: EvaluationResult;
}

/**
 * Record → approve → replay. A missing snapshot is recorded unapproved (with a warning); a pending one
 * warns; an approved one is the gold standard the calls are scored against, and a score under `minScore`
 * fails with the full expected-vs-actual table. In CI missing and pending snapshots fail, and an update
 * or record flag fails without writing anything: snapshots are approved locally and committed.
 * Outcomes are logged for the run's summary line; warnings go to `console.warn`.
 */
export function checkSnapshot(actual: unknown, options: SnapshotCheckOptions): SnapshotCheck {
  const { name } = options;
  const minScore = checkMinScore(options.minScore ?? 1);
  const store = options.store instanceof SnapshotStore ? options.store : new SnapshotStore(options.store);
  const mode = options.mode ?? snapshotMode();
  const extracted = autoExtract(actual, 'actual');
  // A conversation (two or more turns) is recorded by turns, and replayed turn by turn.
  const recording = recordedSnapshot(extracted);
  const file = store.pathOf(name);
  const existing = store.read(name);

  const fail = (message: string, result?: EvaluationResult): never => {
    logSnapshotOutcome('failed');
    throw new ToolscoreAssertionError(message, result);
  };
  const done = (
    outcome: SnapshotCheck['outcome'],
    result?: EvaluationResult,
    warning?: Parameters<typeof snapshotText>[0],
  ): SnapshotCheck => {
    if (warning) console.warn(`toolscore: ${snapshotText(warning, name, file)}`);
    logSnapshotOutcome(outcome);
    return result ? { outcome, file, result } : { outcome, file };
  };
  const source = mode.record ? 'record' : (options.source ?? 'test');

  if (mode.ci && (mode.update || mode.record)) return fail(snapshotText('ci_update', name, file));
  if (!existing) {
    if (mode.ci && !mode.allowPending) return fail(snapshotText('ci_missing', name, file));
    store.save(newSnapshotData(name, recording, { approved: mode.update, source }));
    return mode.update ? done('updated', undefined, 'updated') : done('created', undefined, 'created');
  }

  // The snapshot's calls are already decoded, so they are scored as they are (evaluate() would decode them
  // again); a conversation's turn by turn, so a call made in another turn than recorded is drift.
  const settings = resolveSettings({ weights: options.weights, strict: options.strict });
  const trace = { calls: [...maskNames(extracted.calls)], userMessages: extracted.userMessages };
  const result = scoreGold(existing.gold, trace, { ...settings, warnings: extracted.warnings }).result();
  const passes = meetsMinScore(result.score, minScore);
  const { data } = existing;
  if (mode.update) {
    if (passes && data.approved) return done('passed', result);
    // A pending snapshot that already passes keeps its calls (and any hand-written matchers).
    store.save(passes ? { ...data, approved: true } : { ...withRecording(data, recording), approved: true, source });
    return done('updated', result, 'updated');
  }
  if (mode.record && !passes) {
    store.save({ ...withRecording(data, recording), approved: false, source });
    return done('recorded', result, 'recorded');
  }
  if (!data.approved) {
    if (mode.ci && !mode.allowPending) return fail(snapshotText('ci_pending', name, file));
    return done('pending', result, 'pending');
  }
  if (passes) return done('passed', result);
  return fail(
    `${snapshotDriftText(name, file)}\n${renderFailureReport(result, { minScore, color: testColorEnabled() })}`,
    result,
  );
}
