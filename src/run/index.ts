/**
 * `toolscore/run`: an agent run on a dataset, k trials per case, scored as batch scores a case. A separate
 * entry point, so `import 'toolscore'` does not load it.
 */
export { runAgent, type AgentRun, type RunAgentOptions, type RunProgress } from './run-agent.js';
export { loadAgent } from './agent-module.js';
export type { Agent, AgentContext, RunCase, RunLine, RunSignal } from './types.js';
