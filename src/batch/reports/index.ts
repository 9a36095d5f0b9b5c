/**
 * The batch reports: HTML, Markdown, JUnit and CSV of a whole dataset, rendered only from its summary
 * and results lines, so a merged run reports exactly what one run would.
 */
export type { BatchReportInput } from './view.js';
export { HTML_CASES, renderBatchHtml } from './html.js';
export { renderBatchMarkdown } from './markdown.js';
export { renderBatchJunit } from './junit.js';
export { BATCH_CSV_COLUMNS, renderBatchCsv } from './csv.js';
