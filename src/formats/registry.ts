import { ToolscoreInputError, describeType } from '../core/errors.js';
import { anthropicFormat } from './anthropic.js';
import { bedrockFormat } from './bedrock.js';
import { claudeAgentSDKFormat } from './claude-agent-sdk.js';
import { claudeCodeFormat } from './claude-code.js';
import { codexFormat } from './codex.js';
import { crewAIFormat } from './crewai.js';
import { cohereFormat } from './cohere.js';
import { customFormat } from './custom.js';
import { geminiFormat } from './gemini.js';
import { geminiCLIFormat } from './gemini-cli.js';
import { langchainFormat } from './langchain.js';
import { mcpFormat } from './mcp.js';
import { ollamaFormat } from './ollama.js';
import { openaiFormat } from './openai.js';
import { openaiAgentsFormat } from './openai-agents.js';
import { otelFormat } from './otel.js';
import { pydanticAIFormat } from './pydantic-ai.js';
import type { TraceFormat } from './types.js';
import { vercelAIFormat } from './vercel-ai.js';

/**
 * Every trace format, in the order `auto` asks them whether data has their shape: most specific
 * shapes first, so that envelopes holding provider messages (Agents SDK items, Claude Agent SDK
 * messages, Vercel AI steps) are claimed before the provider whose messages they wrap, and `custom`
 * last. Adding a format means writing its file and listing it here; help texts list them in this order too.
 */
const DETECTION_ORDER: readonly TraceFormat[] = [
  mcpFormat,
  otelFormat,
  vercelAIFormat,
  openaiAgentsFormat,
  codexFormat,
  geminiCLIFormat,
  claudeCodeFormat,
  claudeAgentSDKFormat,
  // Pydantic AI messages hold a `parts` list, which Gemini would claim.
  pydanticAIFormat,
  geminiFormat,
  anthropicFormat,
  bedrockFormat,
  // Cohere and Ollama histories are OpenAI-like: they claim only what OpenAI never writes (tool_plan, object arguments).
  cohereFormat,
  ollamaFormat,
  openaiFormat,
  langchainFormat,
  crewAIFormat,
  customFormat,
];

/** Every trace format, by name. */
export const FORMATS: ReadonlyMap<string, TraceFormat> = new Map(DETECTION_ORDER.map((format) => [format.name, format]));

/** Names accepted by `--format` / `format`, `auto` first. */
export const FORMAT_NAMES: readonly string[] = ['auto', ...FORMATS.keys()];

/** The adapter for a format name, or undefined. */
export function getFormat(name: string): TraceFormat | undefined {
  return FORMATS.get(name);
}

function unknownFormatError(format: string, source: string): ToolscoreInputError {
  return new ToolscoreInputError({ source }, `unknown format ${JSON.stringify(format)}; valid formats: ${FORMAT_NAMES.join(', ')}`);
}

/** Checks a format name (`auto` or a format) where a command line takes it, before any file is read. */
export function checkFormatName(format: string, source = 'format'): string {
  if (!FORMAT_NAMES.includes(format)) throw unknownFormatError(format, source);
  return format;
}

/** The adapter of a format name; an unknown name is the same error `checkFormatName` gives. */
export function formatNamed(format: string, source = 'format'): TraceFormat {
  const adapter = FORMATS.get(format);
  if (adapter === undefined) throw unknownFormatError(format, source);
  return adapter;
}

/** The format a parsed trace looks like, judged on its whole structure, or undefined. */
export function detectFormat(data: unknown): string | undefined {
  return DETECTION_ORDER.find((format) => format.detect(data))?.name;
}

/**
 * The error for data no format recognises: what it is and what each format looks for. `what` names the
 * data when it is not the whole input (the first line of a JSON Lines file).
 */
export function undetectedFormatError(where: { source: string; path?: string; line?: number }, data: unknown, what = describeType(data)): ToolscoreInputError {
  const hints = DETECTION_ORDER.map((format) => `${format.name} (${format.looksFor})`).join('; ');
  return new ToolscoreInputError(where, `could not detect the trace format of ${what}; looked for ${hints}. Pass the format explicitly if it is one of these.`);
}
