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

/** The warning a reading of a whole document of several runs gives: the runs it read as one trace. */
export function runsReadAsOneText(runs: readonly TraceRun[]): string {
  const shown = runs.slice(0, 5).map((run) => JSON.stringify(run.id));
  const more = runs.length > shown.length ? `, … (${runs.length - shown.length} more)` : '';
  return `holds ${runs.length} runs (${shown.join(', ')}${more}), read as one trace in order; toolscore batch scores each run as its own case`;
}
