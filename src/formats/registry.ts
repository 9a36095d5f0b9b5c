import { ToolscoreInputError } from '../core/errors.js';
import { closestName } from '../core/spelling.js';
import { describeKeys, marksOf } from './support/call-collector.js';
import { adkFormat } from './readers/adk.js';
import { anthropicFormat } from './readers/anthropic.js';
import { bedrockFormat } from './readers/bedrock.js';
import { claudeAgentSDKFormat } from './readers/claude-agent-sdk.js';
import { claudeCodeFormat } from './readers/claude-code.js';
import { codexFormat } from './readers/codex.js';
import { crewAIFormat } from './readers/crewai.js';
import { cohereFormat } from './readers/cohere.js';
import { customFormat } from './readers/custom.js';
import { geminiFormat } from './readers/gemini.js';
import { geminiCLIFormat } from './readers/gemini-cli.js';
import { langchainFormat } from './readers/langchain.js';
import { mcpFormat } from './readers/mcp.js';
import { ollamaFormat } from './readers/ollama.js';
import { openaiFormat } from './readers/openai.js';
import { openaiAgentsFormat } from './readers/openai-agents.js';
import { otelFormat } from './readers/otel.js';
import { pydanticAIFormat } from './readers/pydantic-ai.js';
import type { TraceFormat } from './types.js';
import { vercelAIFormat } from './readers/vercel-ai.js';

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
  adkFormat,
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
export const FORMATS: ReadonlyMap<string, TraceFormat> = new Map(
  DETECTION_ORDER.map((format) => [format.name, format]),
);

/** Names accepted by `--format` / `format`, `auto` first. */
export const FORMAT_NAMES: readonly string[] = ['auto', ...FORMATS.keys()];

/** The adapter for a format name, or undefined. */
export function getFormat(name: string): TraceFormat | undefined {
  return FORMATS.get(name);
}

function unknownFormatError(format: string, source: string): ToolscoreInputError {
  // Common other names first (`claude` for anthropic), then the nearest spelling (`opnai`).
  const nearest = closestName(format, FORMAT_NAMES, FORMAT_SYNONYMS);
  return new ToolscoreInputError(
    { source },
    `unknown format ${JSON.stringify(format)}; ${nearest === undefined ? '' : `did you mean "${nearest}"? `}valid formats: ${FORMAT_NAMES.join(', ')}`,
  );
}

/** Names people give a format, by the format they mean (looked up lower-cased). */
const FORMAT_SYNONYMS: Readonly<Record<string, string>> = {
  claude: 'anthropic',
  google: 'gemini',
  vertex: 'gemini',
  'vercel-ai-sdk': 'vercel-ai',
  langgraph: 'langchain',
  opentelemetry: 'otel',
  'agents-sdk': 'openai-agents',
  'claude-sdk': 'claude-agent-sdk',
  pydantic: 'pydantic-ai',
};

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

/** The format whose marks the data holds most of (ties: detection order), with what it found and missed. */
function nearestFormat(data: unknown): { format: TraceFormat; found: string[]; missing: string[] } | undefined {
  const marks = marksOf(data);
  let best: { format: TraceFormat; found: string[]; missing: string[] } | undefined;
  for (const format of DETECTION_ORDER) {
    const found = (format.marks ?? []).filter((mark) => marks.has(mark));
    if (found.length > 0 && found.length > (best?.found.length ?? 0))
      best = { format, found, missing: format.marks!.filter((mark) => !marks.has(mark)) };
  }
  return best;
}

const SSE_TEXT = /^\s*(?:event|data|id|retry):/m;
const HTML_TEXT = /^\s*<(?:!doctype\s+html|html|head|body)\b/i;

/**
 * Well-known shapes that are not traces, by name: API error bodies, Server-Sent Events or HTML saved
 * instead of JSON, an empty object. Checked before the nearest format is guessed.
 */
export function knownNonTrace(data: unknown): string | undefined {
  if (typeof data === 'string') {
    if (HTML_TEXT.test(data)) return 'this is an HTML page, not a recorded trace';
    if (SSE_TEXT.test(data)) return 'this looks like Server-Sent Events text (event: / data: lines), not JSON';
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const body = data as Record<string, unknown>;
  if (Object.keys(body).length === 0) return 'this is an empty object';
  const error = body.error;
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return undefined;
  const detail = error as Record<string, unknown>;
  if (body.type === 'error' && typeof detail.type === 'string')
    return 'this is an Anthropic API error body (type: "error"), not a response';
  if (typeof detail.message !== 'string') return undefined;
  if ('failed_generation' in detail) return 'this is a Groq API error body (error.failed_generation), not a response';
  if (typeof detail.status === 'string' && typeof detail.code === 'number')
    return 'this is a Google API error body (error.code, error.status), not a response';
  return 'this is an API error body ({"error": {"message": ...}}), not a response';
}

/** The "could not detect" error; the full list of formats rides along for `--verbose` (see `withEveryFormat`). */
class UndetectedFormatError extends ToolscoreInputError {
  constructor(
    where: { source: string; path?: string; line?: number },
    reason: string,
    /** Every format and what it looks for, in detection order. */
    readonly everyFormat: string,
  ) {
    super(where, reason);
  }
}

/**
 * The error for data no format recognises, in one line: what the data is when it is a well-known
 * non-trace, else the nearest format and what it missed. `what` names the data when it is not the
 * whole input (the first lines of a JSON Lines file).
 */
export function undetectedFormatError(
  where: { source: string; path?: string; line?: number },
  data: unknown,
  what = describeKeys(data),
): ToolscoreInputError {
  const everyFormat = DETECTION_ORDER.map((format) => `${format.name} (${format.looksFor})`).join('; ');
  const known = knownNonTrace(data);
  const nearest = known === undefined ? nearestFormat(data) : undefined;
  const why =
    known ??
    (nearest
      ? `the nearest format is ${nearest.format.name}: found ${nearest.found.join(', ')} but not ${nearest.missing.slice(0, 4).join(', ') || 'the whole shape'} (it looks for ${nearest.format.looksFor})`
      : 'no format found any key it knows');
  return new UndetectedFormatError(
    where,
    `could not detect the trace format of ${what}: ${why}. Pass --format if it is one of the formats (--verbose lists them).`,
    everyFormat,
  );
}

/** A "could not detect" error with every format and what it looks for appended (`--verbose`); other errors as they are. */
export function withEveryFormat(error: ToolscoreInputError): ToolscoreInputError {
  if (!(error instanceof UndetectedFormatError)) return error;
  return new ToolscoreInputError(error.location, `${error.reason} Formats: ${error.everyFormat}`);
}

/**
 * For a named format that recognised nothing in the data (see `checkZeroCalls`): the format that claims
 * it, else the nearest one. `samples` are what detection is asked about, in turn (the data; for JSON
 * Lines the first lines, then the first line).
 */
export function claimHint(format: TraceFormat, samples: readonly unknown[]): string {
  let claimant: string | undefined;
  for (const sample of samples) claimant ??= detectFormat(sample);
  if (claimant !== undefined) return `; it looks like ${claimant}: use --format ${claimant}`;
  const nearest = nearestFormat(samples[0])?.format.name;
  return nearest !== undefined && nearest !== format.name ? `; the nearest format is ${nearest}` : '';
}
