/**
 * toolscore/replay: record an agent's tool executions and model responses in a cassette per case, and
 * replay them, so a test or a `toolscore run` is deterministic, offline and free. The SDKs it wraps
 * (Vercel AI SDK, OpenAI Agents JS, the MCP client) are matched by shape, never imported.
 */
export {
  Cassette,
  cassettePath,
  openCassette,
  ReplayMissError,
  type CassetteOptions,
  type ModelEntry,
  type ToolEntry,
} from './cassette.js';
export {
  CASSETTES_VARIABLE,
  DEFAULT_CASSETTES_DIR,
  REPLAY_MODE_VARIABLE,
  REPLAY_MODES,
  replayFromEnv,
  type ReplayMode,
  type ReplaySettings,
} from './mode.js';
export { replayMiddleware, type ModelIdentity, type ReplayMiddleware } from './model.js';
export {
  replayAgentsTool,
  replayMcpClient,
  replayTools,
  type AgentsFunctionTool,
  type AiSdkTool,
  type McpCallToolParams,
  type McpToolCaller,
} from './tools.js';
