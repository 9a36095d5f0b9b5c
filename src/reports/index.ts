/**
 * The `toolscore/reports` entry: views of an evaluation result. Kept apart from the main entry so that
 * importing `toolscore` loads only the scoring core.
 */

import { renderReportConsole } from './console.js';
import { renderReportCsv } from './csv.js';
import { renderReportHtml } from './html.js';
import { renderReportJunit } from './junit.js';
import { renderReportMarkdown } from './markdown.js';

export { renderReportConsole, type ConsoleSummaryOptions } from './console.js';
export {
  JSON_REPORT_SCHEMA_VERSION,
  buildJsonReport,
  generateJsonReport,
  type JsonReport,
  type JsonReportDiff,
  type JsonReportGoldCall,
  type JsonReportIssue,
  type JsonReportSources,
  type JsonReportSummary,
  type JsonReportTraceCall,
} from './json.js';
export {
  HEADLINE_METRICS,
  buildReportView,
  type ArgView,
  type Band,
  type CallRowView,
  type CallView,
  type FailedCallView,
  type GateView,
  type IssueView,
  type MetricGroup,
  type MetricRow,
  type ReportOptions,
  type ReportView,
  type RequiredCallsView,
  type SemanticPairView,
  type SemanticView,
  type SideEffectView,
  type ToolView,
} from './view-model.js';
export type { FlatMetric } from './flatten.js';
export { generateHtmlReport, renderReportHtml } from './html.js';
export { generateMarkdownReport, renderReportMarkdown } from './markdown.js';
export { generateJunitReport, renderReportJunit } from './junit.js';
export { generateCsvReport, renderReportCsv } from './csv.js';

/*
 * The names before renderers took one scheme, render<Kind><Format> (docs/reports.md): kept so code
 * written against 0.1 still runs.
 */
/** @deprecated Use `renderReportConsole`. */
export const renderConsoleSummary = renderReportConsole;
/** @deprecated Use `renderReportHtml`. */
export const renderHtmlReport = renderReportHtml;
/** @deprecated Use `renderReportMarkdown`. */
export const renderMarkdownReport = renderReportMarkdown;
/** @deprecated Use `renderReportJunit`. */
export const renderJunitReport = renderReportJunit;
/** @deprecated Use `renderReportCsv`. */
export const renderCsvReport = renderReportCsv;
