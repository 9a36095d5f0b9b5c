import { UndetectedFormatError } from '../formats/registry.js';
import { displayText } from '../reports/text.js';

/**
 * With `--explain`, a "could not detect" error is printed as its line followed by the long list (every
 * format, what it looks for, what the data lacked), each line escaped, and the exit code is 2. Other
 * errors, and any error without `--explain`, are thrown on to the one-line printer. `label` goes before
 * the line (`not a trace: `).
 */
export function explainedExit(error: unknown, explain: boolean | undefined, label = ''): number {
  if (explain !== true || !(error instanceof UndetectedFormatError)) throw error;
  const lines = error.explanation.split('\n').map((line) => `${displayText(line)}\n`);
  process.stderr.write(`toolscore: ${label}${displayText(error.message)}\n${lines.join('')}`);
  return 2;
}
