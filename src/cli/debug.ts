import type { EvaluationResult } from '../evaluation/result.js';
import type { TopIssue } from '../evaluation/top-issues.js';
import { displayText } from '../reports/text.js';
import { DEBUG_TEXT, diffLine, issueHeading } from './debug-text.js';

/*
 * `toolscore eval --debug`: after the verdict, the Top issues one at a time on the terminal (the paired
 * expected and actual calls, the argument differences, the fix), moved through with n / p / q, like
 * the Python tool's `-d`. Everything shown from the files goes through displayText.
 */

/** Whether `--debug` can run: it reads single keys, so both ends must be a terminal. */
export function canDebug(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true;
}

function valueText(value: unknown): string {
  return displayText(JSON.stringify(value) ?? String(value));
}

/** The page of one issue. */
function issuePage(result: EvaluationResult, issues: readonly TopIssue[], k: number): string {
  const issue = issues[k]!;
  const expected = issue.expectedIndex === null ? undefined : result.goldCalls[issue.expectedIndex];
  const actual = issue.actualIndex === null ? undefined : result.traceCalls[issue.actualIndex];
  const lines = [
    displayText(issueHeading(k + 1, issues.length, issue.kind, issue.tool)),
    `  ${displayText(issue.problem)}`,
    '',
    `  ${DEBUG_TEXT.expected}: ${expected === undefined ? DEBUG_TEXT.notExpected : `${displayText(expected.tool)}(${expected.args === null ? '…' : valueText(expected.args)})`}`,
    `  ${DEBUG_TEXT.actual}:   ${actual === undefined ? DEBUG_TEXT.notMade : `${displayText(actual.tool)}(${valueText(actual.args ?? {})})`}`,
  ];
  if (issue.diffs !== undefined && issue.diffs.length > 0) {
    lines.push('', `  ${DEBUG_TEXT.differences}:`);
    for (const diff of issue.diffs)
      lines.push(`    ${displayText(diffLine(diff.key, diff.kind, valueText(diff.expected), valueText(diff.actual)))}`);
  }
  lines.push('', `  ${DEBUG_TEXT.fix}: ${displayText(issue.fix)}`, '', DEBUG_TEXT.keys);
  return `${lines.join('\n')}\n`;
}

/** Walks the result's Top issues until q (or the end of input); resolves when the walk is over. */
export function debugSession(result: EvaluationResult): Promise<void> {
  const issues = result.topIssues;
  const out = process.stdout;
  if (issues.length === 0) {
    out.write(`\n${DEBUG_TEXT.noIssues}\n`);
    return Promise.resolve();
  }
  let k = 0;
  out.write(`\n${issuePage(result, issues, k)}`);
  const input = process.stdin;
  input.setRawMode(true);
  input.resume();
  return new Promise((done) => {
    const finish = () => {
      input.off('data', onKey);
      input.setRawMode(false);
      input.pause();
      out.write(`${DEBUG_TEXT.done}\n`);
      done();
    };
    const onKey = (chunk: Buffer) => {
      for (const key of chunk.toString('utf8')) {
        // q, Escape or Ctrl-C / Ctrl-D end the walk.
        if (key === 'q' || key === '\u001b' || key === '\u0003' || key === '\u0004') return finish();
        if ((key === 'n' || key === ' ' || key === '\r') && k < issues.length - 1) k++;
        else if (key === 'p' && k > 0) k--;
        else continue;
        out.write(`\n${issuePage(result, issues, k)}`);
      }
    };
    input.on('data', onKey);
    input.once('end', finish);
  });
}
