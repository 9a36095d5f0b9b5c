import { resolve } from 'node:path';
import type { EvaluationResult } from '../evaluation/result.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { FlatMetric } from './flatten.js';
import { buildReportView, type ReportOptions, type ReportView } from './view-model.js';

/** First characters that make a spreadsheet read a cell as a formula (or that Excel strips before one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula gets a leading `'` (numbers are
 * written as numbers, so a negative number stays one); cells with commas, quotes or line breaks are quoted.
 * @internal Exported for its tests only.
 */
export function csvCell(value: FlatMetric['value']): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV report: a `category,metric,value` header, then every metric flattened, one row each (CRLF line
 * ends); a conversation's turns are the rows of categories `turn_1`, `turn_2`, … (see `flattenMetrics`).
 */
export function renderReportCsv(view: ReportView): string {
  const rows = [
    ['category', 'metric', 'value'].join(','),
    ...view.flat.map((row) => [row.category, row.metric, row.value].map(csvCell).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** Writes the CSV report to `path` atomically (folders created as needed); returns the absolute path. */
export async function generateCsvReport(
  result: EvaluationResult,
  path: string,
  options: ReportOptions = {},
): Promise<string> {
  await writeFileAtomic(path, renderReportCsv(buildReportView(result, options)));
  return resolve(path);
}
