/** Baselines of a run (a trace or a batch) and the comparison of a later run with one. */
export { baselineFromBatch, baselineOf, goldHash, type BaselineOptions } from './make.js';
export { parseBaseline, type LoadedBaseline } from './read.js';
export { readResults } from './results.js';
export {
  REGRESSION_SCHEMA_VERSION,
  compareWithBaseline,
  type CaseChange,
  type CaseComparison,
  type CompareOptions,
  type CurrentRun,
  type ItemStatus,
  type Regression,
  type RegressionItem,
} from './compare.js';
export { DEFAULT_THRESHOLD, parseThresholds, type Thresholds } from './thresholds.js';
export { MEASURES, traceValues, type Measure, type MeasureRule, type Values } from './measures.js';
export {
  renderRegressionConsole,
  renderRegressionJson,
  renderRegressionJunit,
  renderRegressionMarkdown,
} from './report.js';
export {
  BASELINE_SCHEMA_VERSION,
  type Baseline,
  type BaselineCase,
  type BaselineCounts,
  type BaselineSettings,
  type BatchBaseline,
  type TraceBaseline,
} from './types.js';
