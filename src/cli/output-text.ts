/* The lines `toolscore eval`, `batch` and `generate` print about what they read and the files they wrote. */

/** What `toolscore eval` prints after writing each report: `HTML report: out/report.html`. */
export const REPORT_FILE_LABELS = {
  json: 'JSON report',
  html: 'HTML report',
  markdown: 'Markdown report',
  junit: 'JUnit report',
  csv: 'CSV report',
} as const;

/** `Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY`. */
export const JOB_SUMMARY_TEXT = 'Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY';

/** What `toolscore eval` says when the trace reader found nothing it could use: the zero is the reader's, not the agent's. */
export function nothingReadText(traceFile: string): string {
  return `The trace reader found nothing it could use in ${traceFile} (see the warnings): the score says nothing about the agent's calls. Check --format.`;
}

/** Where `-o -` sends the JSON report, as the report-file line names it. */
export const STDOUT_NAME = 'standard output';
