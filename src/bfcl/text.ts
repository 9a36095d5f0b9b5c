/* Every sentence `toolscore bfcl` prints and writes. */

export const BFCL_TEXT = {
  title: 'BFCL verdicts',
  category: 'Category',
  accuracy: 'Leaderboard accuracy',
  correct: 'Correct',
  meanScore: 'toolscore mean score',
  errors: 'Unreadable',
  overall: 'all judged entries',
  none: 'n/a',
  failuresTitle: 'Entries the leaderboard fails, with toolscore’s diagnosis',
  entry: 'Entry',
  errorType: 'Leaderboard error',
  score: 'Score',
  topIssue: 'Top issue',
  noIssue: '(none)',
  skippedTitle: 'Not judged',
  noFailures: 'The leaderboard fails no entry of this run.',
} as const;

/** `0.945 (189/200)`. */
export function accuracyText(correct: number, total: number): string {
  return total === 0 ? BFCL_TEXT.none : `${(correct / total).toFixed(3)} (${correct}/${total})`;
}

/** The line for a category a folder held that toolscore does not judge. */
export function skippedText(category: string, reason: string): string {
  return `skipped ${category}: it ${reason}; toolscore cannot judge it offline`;
}

/** A category whose every result is text: probably a prompting model's run. */
export function textResultsText(category: string, count: number): string {
  return `every result of ${category} (${count}) is text, not a list of {function_name: arguments}: if these are a prompting model's Python calls, toolscore does not parse them, and each was judged as a function-calling model answering in words`;
}

/** Questions the results do not answer. */
export function unansweredText(count: number): string {
  return `${count} question${count === 1 ? '' : 's'} had no result and ${count === 1 ? 'was' : 'were'} not judged`;
}

/** Entries that could not be read, printed after the table. */
export function unreadableText(count: number): string {
  return count === 1
    ? '1 entry could not be judged (its "error" is in the verdicts file):'
    : `${count} entries could not be judged (their "error" is in the verdicts file):`;
}

/** The progress line on stderr. */
export function progressText(done: number, total: number): string {
  return `judged ${done}/${total} entries`;
}

/** After `--to-gold`. */
export function goldWrittenText(count: number, folder: string): string {
  return `wrote ${count} gold file${count === 1 ? '' : 's'} to ${folder}`;
}

/** Two entries whose gold files would have one name: neither is written. */
export function goldNameCollisionText(first: string, second: string, name: string): string {
  return `entries ${JSON.stringify(first)} and ${JSON.stringify(second)} would both be written to ${name} (ids that differ only in characters a file name cannot hold, or in case); nothing was written`;
}

/** An entry whose gold file name no file system holds. */
export function goldNameTooLongText(id: string, max: number): string {
  return `entry ${JSON.stringify(id)} makes a file name longer than the ${max} bytes a gold file's name may have; nothing was written`;
}

/** What each output flag wrote, by flag. */
export const BFCL_FILE_LABELS: Readonly<Record<string, string>> = {
  '--output': 'Verdicts',
  '--summary': 'Summary',
  '--html': 'HTML report',
  '--markdown': 'Markdown report',
};

/** `--to-gold` needs no results; everything else does. */
export const MISSING_RESULTS = 'expected --results (a results file or folder), or --to-gold FOLDER to write gold files';
export const MISSING_QUESTIONS = 'expected --questions (a questions file or folder)';
