import { anthropicFormat } from './anthropic.js';
import { claudeAgentSDKFormat } from './claude-agent-sdk.js';
import { customFormat } from './custom.js';
import { geminiFormat } from './gemini.js';
import { mcpFormat } from './mcp.js';
import { langchainFormat } from './langchain.js';
import { openaiFormat } from './openai.js';
import { openaiAgentsFormat } from './openai-agents.js';
import { otelFormat } from './otel.js';
import type { TraceFormat } from './types.js';
import { vercelAIFormat } from './vercel-ai.js';

/**
 * Every trace format, by name. Adding a format means writing its adapter file and listing it here
 * (and, if it can be recognised, adding a rule to `detect.ts`).
 */
export const FORMATS: ReadonlyMap<string, TraceFormat> = new Map(
  [
    // in the order help texts list them
    openaiFormat,
    anthropicFormat,
    geminiFormat,
    mcpFormat,
    otelFormat,
    langchainFormat,
    vercelAIFormat,
    openaiAgentsFormat,
    claudeAgentSDKFormat,
    customFormat,
  ].map((format) => [format.name, format]),
);

/** Names accepted by `--format` / `format`, `auto` first. */
export const FORMAT_NAMES: readonly string[] = ['auto', ...FORMATS.keys()];

/** The adapter for a format name, or undefined. */
export function getFormat(name: string): TraceFormat | undefined {
  return FORMATS.get(name);
}
