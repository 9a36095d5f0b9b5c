/**
 * toolscore: deterministic, offline scoring of LLM agent tool calls.
 * This entry loads the pure core, the matchers, the trace formats and the file loaders; reports,
 * the CLI and optional integrations live in their own entry points.
 */
export { evaluate, compositeScore, type EvaluateOptions } from './evaluation/evaluate.js';
export { evaluateTrace, type EvaluateTraceOptions } from './evaluation/evaluate-trace.js';
export { CompiledGold, compileGold, type CompileGoldOptions } from './evaluation/compiled-gold.js';
export {
  EvaluationResult,
  RESULT_SCHEMA_VERSION,
  type EvaluationRecord,
  type GoldApplied,
  type GoldRecord,
  type Conversation,
  type TurnAggregate,
  type TurnResult,
} from './evaluation/result.js';
export type { Metrics, TurnRecord } from './metrics/metrics.js';
export type {
  ActualCallInput,
  AnyOrderInput,
  Args,
  ExpectedCall,
  ExpectedCallInput,
  Gold,
  GoldEntryInput,
  GoldInput,
  GoldOptions,
  GoldOptionsInput,
  GoldTurn,
  GoldTurnInput,
  JsonValue,
  ToolCall,
  TrajectoryMode,
} from './core/types.js';
export { toActualCall, toActualCalls } from './formats/support/calls.js';
export { DEFAULT_GOLD_OPTIONS, TRAJECTORY_MODES, readGold, toExpectedCalls } from './gold/gold.js';
export { ToolscoreInputError, type InputLocation } from './core/errors.js';
export {
  DEFAULT_WEIGHTS,
  WEIGHT_NAMES,
  normalizeWeights,
  type WeightName,
  type Weights,
  type WeightsInput,
} from './core/weights.js';
export {
  GRADES,
  decideVerdict,
  letterGrade,
  meetsMinScore,
  verdictFor,
  type Grade,
  type Verdict,
  type VerdictCause,
  type VerdictDecision,
} from './core/grade.js';
export { ISSUE_KINDS, type ArgumentDiff, type IssueKind } from './core/issues.js';
export type { Finding, Severity } from './evaluation/findings.js';
export { diffArguments, type TopIssue } from './evaluation/top-issues.js';

export { ANY } from './match/matchers/any.js';
export { Regex, RegexSearch, RegexMatcher, type RegexMode } from './match/matchers/regex.js';
export { Approx, ApproxMatcher, type ApproxOptions } from './match/matchers/approx.js';
export { Contains, ContainsMatcher } from './match/matchers/contains.js';
export { OneOf, OneOfMatcher } from './match/matchers/one-of.js';
export { Optional, OptionalMatcher } from './match/matchers/optional.js';
export { IsType, IsTypeMatcher, JSON_TYPE_NAMES, type JsonTypeName } from './match/matchers/is-type.js';
export { Matcher, isMatcher } from './match/matchers/matcher.js';
export { OPERATORS, decodeOperators, encodeOperators, encodeArgs } from './match/operators.js';
export { valuesEqual, type EqualityMode } from './match/equality.js';

export { pairCalls, type Pairing } from './pairing/pairing.js';
export {
  parseForbiddenRules,
  matchesRule,
  type ForbiddenRule,
  type PolicyMetrics,
  type PolicyViolation,
} from './metrics/policy.js';
export {
  SECRET_KINDS,
  findSecretsInText,
  redactSecrets,
  type SecretFinding,
  type SecretKind,
  type SecurityMetrics,
} from './metrics/security.js';
export {
  BUDGET_NAMES,
  parseBudgets,
  type BudgetMetrics,
  type BudgetViolation,
  type Budgets,
} from './metrics/budget.js';
export type { CostMetrics, LatencyMetrics } from './metrics/performance.js';
export type { SchemaErrorDetail, SchemaMetrics } from './metrics/schema.js';
export { readToolCatalogue, type ToolCatalogue } from './schemas/catalogue.js';
export type { JsonSchema } from './schemas/validator.js';
export { registerSideEffect, sideEffectNames } from './side-effects/registry.js';
export type { SideEffectContext, SideEffectOutcome, SideEffectValidator } from './side-effects/types.js';
export type { SideEffectDetail, SideEffectMetrics } from './side-effects/run.js';
export type { Database } from './side-effects/database.js';
export type { ArgumentMetrics } from './metrics/arguments.js';
export type { EfficiencyMetrics } from './metrics/efficiency.js';
export type { SequenceMetrics } from './metrics/sequence.js';
export type { ToolCorrectnessMetrics } from './metrics/tool-correctness.js';
export type { TrajectoryMetrics, TrajectoryStep } from './metrics/trajectory.js';

export { autoExtract, type ExtractedCalls } from './formats/auto.js';
export { FORMAT_NAMES, getFormat, UndetectedFormatError } from './formats/registry.js';
export type { ParseContext, RunSplitter, TraceFormat, TraceRun, TraceStreamReader } from './formats/types.js';
// Trace formats and their explicit helpers.
export { fromMCP, mcpFormat } from './formats/readers/mcp.js';
export { fromOtel, otelFormat } from './formats/readers/otel.js';
export { fromOpenAI, openaiFormat, type FromOptions } from './formats/readers/openai.js';
export { fromAnthropic, anthropicFormat } from './formats/readers/anthropic.js';
export { fromGemini, geminiFormat } from './formats/readers/gemini.js';
export { fromBedrock, bedrockFormat } from './formats/readers/bedrock.js';
export { fromCohere, cohereFormat } from './formats/readers/cohere.js';
export { fromOllama, ollamaFormat } from './formats/readers/ollama.js';
export { fromLangChain, langchainFormat } from './formats/readers/langchain.js';
export { fromPydanticAI, pydanticAIFormat } from './formats/readers/pydantic-ai.js';
export { fromCrewAI, crewAIFormat } from './formats/readers/crewai.js';
export { fromVercelAI, vercelAIFormat } from './formats/readers/vercel-ai.js';
export { fromOpenAIAgents, openaiAgentsFormat } from './formats/readers/openai-agents.js';
export { fromClaudeAgentSDK, claudeAgentSDKFormat } from './formats/readers/claude-agent-sdk.js';
export { fromClaudeCode, claudeCodeFormat } from './formats/readers/claude-code.js';
export { fromCodex, codexFormat } from './formats/readers/codex.js';
export { fromGeminiCLI, geminiCLIFormat } from './formats/readers/gemini-cli.js';
export { fromOpenHands, openHandsFormat } from './formats/readers/openhands.js';
export { fromSWEAgent, sweAgentFormat } from './formats/readers/swe-agent.js';
export { fromADK, adkFormat } from './formats/readers/adk.js';
export { loadGold, loadGoldFile } from './io/gold.js';
export { UnknownGoldKeyError, type GoldCheckOptions } from './io/gold-check.js';
export { GOLD_KEYS, unknownGoldKeys, type UnknownGoldKey } from './io/gold-keys.js';
export { loadTraceFile } from './io/trace.js';
export { loadForbiddenRules } from './io/rules.js';
export { VERSION } from './core/version.js';

// Testing agents in any test runner; the runner matchers and fixtures have entry points of their own.
export { ToolscoreAssertionError } from './testing/assertion-error.js';
export { assertTools, type AssertToolsOptions } from './testing/assert-tools.js';
export { testAgent, type TestAgentOptions, type TestAgentTrialsOptions } from './testing/test-agent.js';
export type {
  Agent,
  AgentTestContext,
  AgentTrial,
  AgentTrials,
  PassHatKRequirement,
} from './testing/trials.js';
export type { TrialStats } from './trials/case-stats.js';
export { cases, type CasesOptions } from './testing/cases.js';
export {
  assertAllMetricsAbove,
  assertArgumentF1,
  assertInvocationAccuracy,
  assertRedundancyBelow,
  assertScore,
  assertSelectionAccuracy,
  assertSequenceAccuracy,
} from './testing/metric-assertions.js';
// `expect` shadows a test runner's `expect` when both are imported; `expectTools` is the same function.
export { expect, expectTools, Expectation, AgentExpectation, call } from './testing/fluent-expect.js';
export { renderFailureReport, type FailureReportOptions } from './testing/failure-report.js';
export { checkSnapshot, type SnapshotCheck, type SnapshotCheckOptions } from './testing/snapshots/check.js';
export { SnapshotStore, DEFAULT_SNAPSHOT_DIR, type Snapshot, type SnapshotData } from './testing/snapshots/store.js';
export { snapshotMode, type SnapshotMode } from './testing/snapshots/mode.js';
