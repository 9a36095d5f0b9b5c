import { appendFile } from 'node:fs/promises';
import { ToolscoreInputError } from '../core/errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { ReportView } from './view-model.js';

/** The report files `toolscore eval` writes besides the JSON report, named as their flags. */
export const REPORT_FORMATS = ['html', 'markdown', 'junit', 'csv'] as const;

/** One of them. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

type Renderer = (view: ReportView) => string;

// Each renderer is loaded only when its report is asked for, so a plain `eval` starts faster.
const RENDERERS: Readonly<Record<ReportFormat, () => Promise<Renderer>>> = {
  html: async () => (await import('./html.js')).renderReportHtml,
  markdown: async () => (await import('./markdown.js')).renderReportMarkdown,
  junit: async () => (await import('./junit.js')).renderReportJunit,
  csv: async () => (await import('./csv.js')).renderReportCsv,
};

/** Writes each report asked for from one view, atomically, in the order of `REPORT_FORMATS`. */
export async function writeReportFiles(
  view: ReportView,
  paths: Readonly<Partial<Record<ReportFormat, string>>>,
): Promise<void> {
  for (const format of REPORT_FORMATS) {
    const path = paths[format];
    if (path !== undefined) await writeFileAtomic(path, (await RENDERERS[format]())(view));
  }
}

/** Appends the Markdown report to a GitHub Actions job summary (`$GITHUB_STEP_SUMMARY`), which other steps append to too. */
export async function appendJobSummary(view: ReportView, path: string): Promise<void> {
  await appendJobSummaryText(`${(await RENDERERS.markdown())(view)}\n`, path);
}

/** Appends Markdown to the job summary file; a failure is an input error naming `$GITHUB_STEP_SUMMARY`. */
export async function appendJobSummaryText(markdown: string, path: string): Promise<void> {
  try {
    await appendFile(path, markdown, 'utf8');
  } catch (error) {
    throw new ToolscoreInputError(
      { source: '$GITHUB_STEP_SUMMARY' },
      `cannot append the job summary to ${JSON.stringify(path)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}
