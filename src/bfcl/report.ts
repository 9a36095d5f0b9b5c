import { escapeMarkdown as md, escapeXml as xml } from '../reports/escape.js';
import { pageEnd, pageStart, section, table as htmlTable } from '../reports/html.js';
import { table as markdownTable } from '../reports/markdown.js';
import { displayText } from '../reports/text.js';
import { BFCL_TEXT, accuracyText, skippedText, textResultsText, unansweredText } from './text.js';
import type { BfclCategorySummary, BfclLine, BfclSummary, BfclTurnsLine, BfclVerdictLine } from './types.js';

/*
 * The views of a BFCL run: the console table, Markdown (a job summary) and an HTML page. Every text
 * from the files (ids, error messages, top issues) has its credentials masked (before any escaping
 * could split a key) and is escaped in each format.
 */

/** Failing entries listed in the Markdown and HTML reports, lowest toolscore score first. */
const SHOWN_FAILURES = 200;

const score = (value: number | null): string => (value === null ? BFCL_TEXT.none : value.toFixed(3));

function categoryRows(summary: BfclSummary): string[][] {
  const row = (name: string, c: Omit<BfclCategorySummary, 'category'>) => [
    name,
    accuracyText(c.correct_count, c.total_count),
    score(c.mean_score),
    String(c.errors),
  ];
  return [...summary.categories.map((c) => row(c.category, c)), row(BFCL_TEXT.overall, summary.overall)];
}

const HEAD = [BFCL_TEXT.category, BFCL_TEXT.accuracy, BFCL_TEXT.meanScore, BFCL_TEXT.errors];

/** The console table: per category, the leaderboard's accuracy and toolscore's mean score. */
export function renderBfclConsole(summary: BfclSummary): string {
  const rows = categoryRows(summary).map((cells) => cells.map(displayText));
  const widths = HEAD.map((_, k) => Math.max(HEAD[k]!.length, ...rows.map((cells) => cells[k]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((text, k) => (k === 0 ? text.padEnd(widths[k]!) : text.padStart(widths[k]!)))
      .join('  ')
      .trimEnd();
  const lines = [line(HEAD), ...rows.slice(0, -1).map(line), '-'.repeat(line(HEAD).length), line(rows.at(-1)!)];
  for (const skipped of summary.skipped) lines.push(displayText(skippedText(skipped.category, skipped.reason)));
  if (summary.unanswered > 0) lines.push(unansweredText(summary.unanswered));
  for (const { category, count } of summary.text_results) lines.push(displayText(textResultsText(category, count)));
  return `${lines.join('\n')}\n`;
}

/** A judged entry: single-turn or multi-turn. */
type JudgedLine = BfclVerdictLine | BfclTurnsLine;

function failures(lines: readonly BfclLine[]): JudgedLine[] {
  return lines
    .filter((line): line is JudgedLine => 'valid' in line && !line.valid)
    .sort((a, b) => a.score - b.score || a.index - b.index);
}

const issueText = (line: JudgedLine): string =>
  line.top_issue === null ? BFCL_TEXT.noIssue : `${line.top_issue.tool}: ${line.top_issue.problem}`;

/** Markdown: the category table, then the failing entries with toolscore's top issue. */
export function renderBfclMarkdown(summary: BfclSummary, lines: readonly BfclLine[]): string {
  const out = [
    `## ${BFCL_TEXT.title}`,
    '',
    ...markdownTable(
      HEAD,
      categoryRows(summary).map((cells) => cells.map(md)),
      ['l', 'r', 'r', 'r'],
    ),
  ];
  if (summary.skipped.length > 0) {
    out.push('', `### ${BFCL_TEXT.skippedTitle}`, '');
    for (const skipped of summary.skipped) out.push(`- ${md(skippedText(skipped.category, skipped.reason))}`);
  }
  const failed = failures(lines);
  out.push('', `### ${BFCL_TEXT.failuresTitle}`, '');
  if (failed.length === 0) out.push(BFCL_TEXT.noFailures);
  else
    out.push(
      ...markdownTable(
        [BFCL_TEXT.entry, BFCL_TEXT.category, BFCL_TEXT.errorType, BFCL_TEXT.score, BFCL_TEXT.topIssue],
        failed
          .slice(0, SHOWN_FAILURES)
          .map((line) => [
            md(displayText(line.id)),
            md(displayText(line.category)),
            md(displayText(line.error_type ?? '')),
            `${line.score.toFixed(3)} ${line.grade}`,
            md(displayText(issueText(line))),
          ]),
        ['l', 'l', 'l', 'r', 'l'],
      ),
    );
  return `${out.join('\n')}\n`;
}

/** A self-contained HTML page of the same. */
export function renderBfclHtml(summary: BfclSummary, lines: readonly BfclLine[], generatedAt: string): string {
  const tr = (cells: readonly string[], numeric: readonly number[]) =>
    `<tr>${cells.map((text, k) => `<td${numeric.includes(k) ? ' class="num"' : ''}>${xml(text)}</td>`).join('')}</tr>`;
  const categories = htmlTable(
    'metrics',
    HEAD,
    categoryRows(summary).map((cells) => tr(cells, [1, 2, 3])),
    [1, 2, 3],
  );
  const failed = failures(lines);
  const failureBody =
    failed.length === 0
      ? `<p>${xml(BFCL_TEXT.noFailures)}</p>`
      : htmlTable(
          'calls',
          [BFCL_TEXT.entry, BFCL_TEXT.category, BFCL_TEXT.errorType, BFCL_TEXT.score, BFCL_TEXT.topIssue],
          failed
            .slice(0, SHOWN_FAILURES)
            .map((line) =>
              tr(
                [
                  displayText(line.id),
                  displayText(line.category),
                  displayText(line.error_type ?? ''),
                  `${line.score.toFixed(3)} ${line.grade}`,
                  displayText(issueText(line)),
                ],
                [3],
              ),
            ),
          [3],
        );
  const skipped =
    summary.skipped.length === 0
      ? ''
      : section(
          'skipped',
          BFCL_TEXT.skippedTitle,
          `<ul>${summary.skipped.map((s) => `<li>${xml(skippedText(s.category, s.reason))}</li>`).join('')}</ul>`,
        );
  return [
    pageStart(BFCL_TEXT.title, summary.toolscore_version),
    `<h1>${xml(BFCL_TEXT.title)}</h1>`,
    section('categories', BFCL_TEXT.category, categories),
    skipped,
    section('failures', BFCL_TEXT.failuresTitle, failureBody),
    pageEnd(summary.toolscore_version, generatedAt),
  ].join('\n');
}
