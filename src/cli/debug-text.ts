/* Every sentence `toolscore eval --debug` prints. */
import type { ArgumentDiff } from '../core/issues.js';

export const DEBUG_TEXT = {
  noTerminal:
    '--debug walks through the mismatches one key at a time, so it needs a terminal on stdin and stdout; run it interactively, or use --verbose',
  notWithStdout: 'the walk is written to stdout, so the JSON report cannot be (-o -): write it to a file',
  noIssues: 'Nothing to walk through: no mismatch between the gold and the trace.',
  keys: 'n next · p previous · q quit',
  expected: 'expected',
  actual: 'actual',
  notMade: '(not made)',
  notExpected: '(not in the gold)',
  differences: 'differences',
  fix: 'fix',
  done: 'Debug session ended.',
} as const;

/** `Issue 2 of 5 · argument_mismatch · search_flights`. */
export function issueHeading(position: number, total: number, kind: string, tool: string): string {
  return `Issue ${position} of ${total} · ${kind} · ${tool}`;
}

/** One argument difference. */
export function diffLine(key: string, kind: ArgumentDiff['kind'], expected: string, actual: string): string {
  if (kind === 'missing') return `${key}: expected ${expected}, not passed`;
  if (kind === 'unexpected') return `${key}: passed ${actual}, not expected`;
  return `${key}: expected ${expected}, got ${actual}`;
}
