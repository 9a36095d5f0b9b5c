/**
 * The batch reports: HTML, Markdown, JUnit and CSV of a whole dataset, rendered only from its summary
 * and results lines, so a merged run reports exactly what one run would.
 */
export { renderBatchHtml } from './html.js';
export { renderBatchMarkdown } from './markdown.js';
export { renderBatchJunit } from './junit.js';
export { renderBatchCsv } from './csv.js';
