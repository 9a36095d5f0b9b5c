/**
 * The batch reports: HTML, Markdown, JUnit and CSV of a whole dataset, rendered only from its summary
 * and results lines, so a merged run reports exactly what one run would.
 */
export { batchHtmlChunks } from './html.js';
export { batchMarkdown } from './markdown.js';
export { batchJunitChunks } from './junit.js';
export { batchCsvChunks } from './csv.js';
