/**
 * toolscore/mcp: test MCP servers. Connect over stdio or HTTP with the official SDK client, lint tool
 * definitions, generate deterministic scenarios from their JSON Schemas, run them, grade the server,
 * and record real sessions for `toolscore eval`. Kept out of the main `toolscore` entry so importing
 * the scorer never loads the MCP SDK.
 */
import { renderScorecardJson } from './report.js';

export {
  connect,
  McpConnection,
  McpServerError,
  type CallOutcome,
  type ConnectOptions,
  type ServerDiagnostics,
  type ServerFailure,
} from './client.js';
export {
  commandTarget,
  describeTarget,
  readServerConfig,
  serverFromConfig,
  splitCommand,
  type HttpTarget,
  type ServerTarget,
  type StdioTarget,
} from './target.js';
export {
  lintTools,
  INSTRUCTIONS_OWNER,
  isTyped,
  LARGE_DEFINITION_TOKENS,
  findHiddenCharacters,
  findDirectives,
  findToolReferences,
  closestTool,
} from './lint/index.js';
export { generateScenarios, isDestructive, type ScenarioOptions } from './scenarios.js';
export { usableSchema } from '../schemas/schema-util.js';
export { generateValue, emptyValue } from '../schemas/schema-values.js';
export { samplePattern } from '../schemas/regex-sample.js';
export { seededRandom, type Random } from '../schemas/prng.js';
export { runScenarios, excerpt, type RunOptions, type RunOutcome } from './runner.js';
export {
  buildScorecard,
  blockingIssues,
  gradeMeets,
  lintScore,
  parseGrade,
  rankFixes,
  SCORECARD_WEIGHTS,
  type Scorecard,
  type ScorecardFix,
  type ScorecardInput,
  type ToolSummary,
} from './scorecard.js';
export {
  renderScorecardConsole,
  renderScorecardMarkdown,
  renderScorecardJson,
  scorecardSummaryLine,
} from './report.js';
/** @deprecated Use `renderScorecardJson` (renderers are named render<Kind><Format>, docs/reports.md). */
export const scorecardJson = renderScorecardJson;
export { estimateTokens, pythonJson, toolDefinitionText, toolTokens } from './tokens.js';
export { testServer, stderrTail, type ServerTestOutcome, type TestServerOptions } from './test-server.js';
export { recordSession, SessionRecorder, type RecordOptions, type RecordedSession } from './recorder.js';
export { createSampleServer, serveHttp, serveStdio, SAMPLE_SERVER_NAME } from './sample-server.js';
export type {
  LintIssue,
  McpTool,
  Outcome,
  Scenario,
  ScenarioResult,
  ServerHandshake,
  ServerIdentity,
} from './types.js';
