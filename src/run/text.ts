/**
 * Every sentence `toolscore run` and `runAgent()` say: why a trial failed, how a resumed run disagrees
 * with its results file, the progress line, the interruption. Values from the input arrive already made safe.
 */

/** `12,345`. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** Seconds as a user typed them: `0.5 s`, `60 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export function timedOutText(timeoutMs: number): string {
  return `the agent did not answer within ${seconds(timeoutMs)} (--timeout); the trial was abandoned`;
}

export function threwText(message: string): string {
  return `the agent threw: ${message}`;
}

export function returnedNothingText(what: string): string {
  return `the agent returned ${what}; expected a response (a provider response, a framework result, messages or calls)`;
}

export function notJsonText(message: string): string {
  return `the agent's response cannot be written as JSON (${message}); return plain data`;
}

/** Where a trial's response is read from, in the messages of the trace readers. */
export function responseSource(id: string, trial: number): string {
  return `case ${JSON.stringify(id)} trial ${trial}: the agent's response`;
}

export const RUN_CASE_SHAPE = '{id, input, expected, options?}';

export function notACaseText(got: string): string {
  return `expected a case ${RUN_CASE_SHAPE}, got ${got}`;
}

export function missingInputText(id: string): string {
  return `case ${JSON.stringify(id)} has no "input"; expected ${RUN_CASE_SHAPE}`;
}

export function hasActualText(id: string): string {
  return `case ${JSON.stringify(id)} has an "actual"; a run's cases have none (the agent's response is the actual): expected ${RUN_CASE_SHAPE}`;
}

/** A results line of an earlier run that is not the trial due at its place. */
export function notThisRunText(found: string, due: string): string {
  return `${found} where ${due} was due; the results file is not this run's (was the dataset, --trials or --shard changed?)`;
}

export function pastTheRunText(found: string): string {
  return `${found} is past this run's trials; the results file is not this run's (was the dataset, --trials or --shard changed?)`;
}

/** `trial 2 of case "a" (line 3)`. */
export function trialName(id: string, trial: number | undefined, index: number): string {
  return `${trial === undefined ? 'a line without a trial' : `trial ${trial}`} of case ${JSON.stringify(id)} (index ${index})`;
}

/** The progress line on a terminal: `12 / 150 trials · 3 failed · 1.4/s · 98 s left`. */
export function runProgressText(
  done: number,
  total: number | undefined,
  failed: number,
  rate: number,
  secondsLeft: number | undefined,
): string {
  const trials = total === undefined ? count(done) : `${count(done)} / ${count(total)}`;
  return `${trials} trials${failed > 0 ? ` · ${count(failed)} failed` : ''} · ${rate.toFixed(1)}/s${secondsLeft === undefined ? '' : ` · ${Math.ceil(secondsLeft)} s left`}`;
}

/** The one line printed at the end. */
export function runFinishedText(done: number, ms: number, concurrency: number): string {
  return `toolscore run: ${count(done)} trials in ${seconds(Math.round(ms))} (concurrency ${concurrency})`;
}

/** When the run is written but trials it abandoned at --timeout still run: the command ends without them. */
export function abandonedText(running: number): string {
  return `toolscore run: ${running === 1 ? '1 abandoned trial is' : `${count(running)} abandoned trials are`} still running (--timeout); exiting without waiting for ${running === 1 ? 'it' : 'them'}`;
}

export const STOPPING_TEXT =
  'toolscore run: stopping: no new trials; waiting for the running ones (up to --timeout; Ctrl-C again to quit now)';

/** After an interrupted run: what was kept, and the command that completes it. */
export function interruptedText(done: number, total: number | undefined, command: string): string {
  return `toolscore run: interrupted after ${count(done)}${total === undefined ? '' : ` of ${count(total)}`} trials; the results hold them. To complete the run: ${command}`;
}

export function resumeNeedsOutputText(): string {
  return 'needs -o results.jsonl: the results file of the run to complete';
}

/** A line a trial's agent logged, on stderr. */
export function logLineText(id: string, trial: number, text: string): string {
  return `[${id} #${trial}] ${text}`;
}
