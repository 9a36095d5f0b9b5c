import { closestName } from '../core/spelling.js';
import { FORMATS } from './registry.js';
import type { TraceFormat, TraceRun } from './types.js';

/**
 * Documents that hold several runs (an ADK eval set's cases, an eval log's samples; see
 * `TraceFormat.runs`). A document of one run, or none, is read as one trace as any other: only two or
 * more runs are split.
 */

/**
 * The runs of a document, when the format splits it into two or more, each with an id unique in the
 * document: its own, or `#n` (its position counted from 1, as `batch` names a case without an id)
 * when it has none or repeats an earlier one.
 */
export function runsOf(format: TraceFormat, data: unknown): TraceRun[] | undefined {
  const runs = format.runs?.split(data);
  if (runs === undefined || runs.length < 2) return undefined;
  const seen = new Set<string>();
  return runs.map((run, i) => {
    const id = run.id === '' || seen.has(run.id) ? `#${i + 1}` : run.id;
    seen.add(id);
    return { id, data: run.data };
  });
}

/** What a run is called in results and messages: the file (or source) and the run's id, `evalset.json#case-a`. */
export function runSource(source: string, id: string): string {
  return `${source}#${id}`;
}

/** The quoted keys some format's runs are held under (`"eval_cases"`), found once. */
let runKeys: readonly string[] | undefined;

/** Whether a document's text may hold several runs of some format: it holds one of their keys, quoted. */
export function mayHoldRuns(text: string): boolean {
  runKeys ??= [...FORMATS.values()].flatMap((format) => (format.runs?.keys ?? []).map((key) => `"${key}"`));
  return runKeys.some((key) => text.includes(key));
}

/** `2 runs ("a", "b")`, the first five ids named. */
function runsText(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map((id) => JSON.stringify(id));
  const more = ids.length > shown.length ? `, … (${ids.length - shown.length} more)` : '';
  return `${ids.length} runs (${shown.join(', ')}${more})`;
}

/** The warning a reading of a whole document of several runs gives: the runs it read as one trace. */
export function runsReadAsOneText(runs: readonly TraceRun[]): string {
  return `holds ${runsText(runs.map((run) => run.id))}, read as one trace in order; toolscore batch scores each run as its own case`;
}

/** Why a document of several runs is not scored against one gold file: which to pick, and how. */
export function severalRunsText(ids: readonly string[]): string {
  return `holds ${runsText(ids)}; pass --run ID to score one (run: in evaluateTrace), or score each with toolscore batch --traces`;
}

/** Why `--run` names no run of a document: the runs it has, and the nearest id. */
export function unknownRunText(id: string, ids: readonly string[]): string {
  const nearest = closestName(id, ids);
  const guess = nearest === undefined ? '' : ` (did you mean ${JSON.stringify(nearest)}?)`;
  return `no run ${JSON.stringify(id)}${guess}; it holds ${runsText(ids)}`;
}
