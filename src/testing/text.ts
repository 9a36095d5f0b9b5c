import { displayText } from '../reports/text.js';

/** Every sentence the test integrations print: assertion messages, score lines, snapshot outcomes. */
/**
 * `score 0.47 < 0.90 required · selection 0.50 · args 0.33 · sequence 0.67`, or without the comparison
 * when no score was required. `scoreText` and `minText` are already formatted so they differ when the
 * numbers differ.
 */
export function scoreLineText(
  scoreText: string,
  passed: boolean,
  minText: string | undefined,
  parts: { selection: string; args: string; sequence: string },
): string {
  const required = minText === undefined ? '' : ` ${passed ? '≥' : '<'} ${minText} required`;
  return `score ${scoreText}${required} · selection ${parts.selection} · args ${parts.args} · sequence ${parts.sequence}`;
}

/** `forbidden call made: call 2 (cancel_booking) cancel_booking(id="B1")`; the fluent expect's `doesNotCall` failure. */
export function forbiddenCallsText(
  calls: readonly { index: number; tool: string; text: string }[],
  actualTools: readonly string[],
): string {
  const lines = calls.map((call) => `  call ${call.index + 1} (${call.tool}): ${call.text}`);
  const noun = calls.length === 1 ? 'a forbidden call' : `${calls.length} forbidden calls`;
  return [
    `the agent made ${noun}:`,
    ...lines,
    `tools called: ${actualTools.length > 0 ? actualTools.join(', ') : 'none'}`,
  ].join('\n');
}

/** How a snapshot check ended, as counted in the run summary. */
export type SnapshotOutcome = 'created' | 'recorded' | 'updated' | 'pending' | 'passed' | 'failed';

/** The warning or error sentence of one snapshot check that did not simply pass or fail on drift. */
export function snapshotText(
  kind: 'created' | 'recorded' | 'updated' | 'pending' | 'exists' | 'ci_missing' | 'ci_pending' | 'ci_update',
  name: string,
  file: string,
): string {
  switch (kind) {
    case 'created':
      return `snapshot "${name}" created at ${file}: review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'recorded':
      return `snapshot "${name}" re-recorded at ${file} and waiting for approval: review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'updated':
      return `snapshot "${name}" recorded and approved at ${file}`;
    case 'pending':
      return `snapshot "${name}" is pending approval (${file}): review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'exists':
      return `snapshot "${name}" already exists (${file}); nothing written: pass --update to re-record it and approve it`;
    case 'ci_missing':
      return `snapshot "${name}" does not exist (${file}); in CI snapshots are never created: record and approve it locally and commit it`;
    case 'ci_pending':
      return `snapshot "${name}" is pending approval (${file}); in CI only approved snapshots pass: approve it locally (toolscore approve ${JSON.stringify(name)}) and commit it`;
    case 'ci_update':
      return `snapshot "${name}": an update or record flag is set, but in CI snapshots are never written; snapshots must be recorded and approved locally and committed`;
  }
}

/** `snapshot "books a flight" drifted from its approved calls (…)`: the first line of a drift failure. */
export function snapshotDriftText(name: string, file: string): string {
  return `snapshot "${name}" no longer matches its approved calls (${file})`;
}

/** `toolscore: 2 snapshots created (pending approval), 5 passed`; empty when nothing happened. */
export function snapshotSummaryText(counts: Readonly<Partial<Record<SnapshotOutcome, number>>>): string {
  const parts: [SnapshotOutcome, string][] = [
    ['created', 'created (pending approval)'],
    ['recorded', 're-recorded (pending approval)'],
    ['updated', 'updated'],
    ['pending', 'pending approval'],
    ['passed', 'passed'],
    ['failed', 'failed'],
  ];
  const shown = parts
    .filter(([outcome]) => (counts[outcome] ?? 0) > 0)
    .map(([outcome, text], k) => {
      const count = counts[outcome]!;
      return k === 0 ? `${count} ${count === 1 ? 'snapshot' : 'snapshots'} ${text}` : `${count} ${text}`;
    });
  if (shown.length === 0) return '';
  return `toolscore: ${shown.join(', ')}`;
}

/** The `toCallTool` matcher's failure: `expected a call to book(id=ANY); calls made: search(q="x")`, or the negated form. */
export function toolCallExpectationText(
  wanted: string,
  negated: boolean,
  made: readonly { index: number; text: string }[],
): string {
  if (negated)
    return `expected no call to ${wanted}, but ${made.map((call) => `call ${call.index + 1} was ${call.text}`).join('; ')}`;
  return `expected a call to ${wanted}; calls made: ${made.length > 0 ? made.map((call) => call.text).join(', ') : 'none'}`;
}

/** `pass^3 0.00 < 1.00 required`, or for `.not`, `pass^3 1.00 ≥ 1.00, expected below 1.00`. */
export function passHatKLineText(
  k: number,
  valueText: string,
  minText: string,
  met: boolean,
  negated: boolean,
): string {
  if (negated) return `pass^${k} ${valueText} ${met ? '≥' : '<'} ${minText}, expected below ${minText}`;
  return `pass^${k} ${valueText} ${met ? '≥' : '<'} ${minText} required`;
}

/** `2 of 3 trials passed (a success is a PASS verdict)`, or `(… a score ≥ 0.80)` when a minimum score decides. */
export function trialsCountText(c: number, n: number, minScore: number | undefined): string {
  const success = minScore === undefined ? 'a PASS verdict' : `a score ≥ ${minScore.toFixed(2)}`;
  return `${c} of ${n} ${n === 1 ? 'trial' : 'trials'} passed (a success is ${success})`;
}

/** One trial as a pass^k failure lists it: scored, with its top issue and the fix, or failed with an error. */
export type TrialLineOutcome =
  | { score: number; verdict: string; issue?: { problem: string; fix: string } | undefined }
  | { error: string };

/**
 * `  trial 2  ✗  score 0.70  WARN  get_weather called with different arguments: …` and its fix on the
 * next line, or `  trial 3  ✗  error: model unavailable`. Texts from the agent are shown masked and escaped.
 */
export function trialLineText(trial: number, width: number, success: boolean, outcome: TrialLineOutcome): string {
  const head = `  trial ${String(trial).padEnd(width)}  ${success ? '✓' : '✗'}  `;
  if ('error' in outcome) return `${head}error: ${displayText(outcome.error)}`;
  const line = `${head}score ${outcome.score.toFixed(2)}  ${outcome.verdict}`;
  if (outcome.issue === undefined) return line;
  return `${line}  ${displayText(outcome.issue.problem)}\n${' '.repeat(head.length)}fix: ${displayText(outcome.issue.fix)}`;
}

/** `pass^k 0.667 0.333 0.000 · pass@k 0.667 1.000 1.000 (k = 1…3)`. */
export function trialsCurvesText(passHatK: readonly number[], passAtK: readonly number[]): string {
  const values = (list: readonly number[]): string => list.map((value) => value.toFixed(3)).join(' ');
  const ks = passHatK.length === 1 ? 'k = 1' : `k = 1…${passHatK.length}`;
  return `pass^k ${values(passHatK)} · pass@k ${values(passAtK)} (${ks})`;
}
