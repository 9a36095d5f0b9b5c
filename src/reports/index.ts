/**
 * The `toolscore/reports` entry: views of an evaluation result. Kept apart from the main entry so that
 * importing `toolscore` loads only the scoring core.
 */
export { renderConsoleSummary, type ConsoleSummaryOptions } from './console.js';
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
export { generateHtmlReport, renderHtmlReport } from './html.js';
export { generateMarkdownReport, renderMarkdownReport } from './markdown.js';
export { generateJunitReport, renderJunitReport } from './junit.js';
export { generateCsvReport, renderCsvReport } from './csv.js';
