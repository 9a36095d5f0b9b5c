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
