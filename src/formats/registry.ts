import { childPath, ToolscoreInputError } from '../core/errors.js';
import { closestName } from '../core/spelling.js';
import { describeKeys, isEmptyList, marksOf } from './support/call-collector.js';
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
import { inspectFormat } from './readers/inspect.js';
import { smolagentsFormat } from './readers/smolagents.js';
import { langchainFormat } from './readers/langchain.js';
import { mcpFormat } from './readers/mcp.js';
import { ollamaFormat } from './readers/ollama.js';
import { openaiFormat } from './readers/openai.js';
import { openaiAgentsFormat } from './readers/openai-agents.js';
import { openHandsFormat } from './readers/openhands.js';
import { otelFormat } from './readers/otel.js';
import { pydanticAIFormat } from './readers/pydantic-ai.js';
import { sweAgentFormat } from './readers/swe-agent.js';
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
  inspectFormat,
  smolagentsFormat,
  vercelAIFormat,
  openaiAgentsFormat,
  codexFormat,
  openHandsFormat,
  sweAgentFormat,
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

/**
 * Most characters the one-line "could not detect" reason takes: with the CLI's `toolscore: ` and a
 * location whose path has up to 22 characters (`traces/session-42.json at $: `), the printed line
 * keeps to 160. The location is not cut, since it is what names the file.
 */
export const UNDETECTED_REASON_LIMIT = 120;
const UNDETECTED_HEAD = 'could not detect the trace format: ';
const UNDETECTED_TAIL = ' (--explain)';
/** How many values below the top are asked whether they are a format's data, at most (breadth first). */
const NESTED_SCAN = 256;

/** The "could not detect" error; `explanation` is the long list `--explain` prints. */
export class UndetectedFormatError extends ToolscoreInputError {
  constructor(
    where: { source: string; path?: string; line?: number },
    reason: string,
    /**
     * Several lines: what the data is, then every format in detection order with what it looks for and
     * which of its marks this data lacked.
     */
    readonly explanation: string,
  ) {
    super(where, reason);
  }
}

/** The shallowest value below the top that a format detects as its own (`$.events[0].content` is gemini). */
function nestedFormat(data: unknown): { format: string; path: string } | undefined {
  const queue: { value: unknown; path: string }[] = [{ value: data, path: '$' }];
  for (let i = 0; i < queue.length && i < NESTED_SCAN; i++) {
    const { value, path } = queue[i]!;
    if (value === null || typeof value !== 'object') continue;
    // An empty list is no calls in any format, so every format would take it: no hint.
    if (i > 0 && !isEmptyList(value)) {
      const format = detectFormat(value);
      if (format !== undefined) return { format, path };
    }
    if (Array.isArray(value)) value.forEach((item, index) => queue.push({ value: item, path: childPath(path, index) }));
    else
      for (const key of Object.keys(value))
        queue.push({ value: (value as Record<string, unknown>)[key], path: childPath(path, key) });
  }
  return undefined;
}

/** Text cut to `limit` characters, an ellipsis marking the cut. */
function cutToLength(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** Why no format took the data, in a few words: what it is, else the nearest format and the one thing it lacked. */
function undetectedWhy(data: unknown): string {
  const known = knownNonTrace(data);
  if (known !== undefined) return known;
  if (data === null || typeof data !== 'object') return `this is ${describeKeys(data)}, not an object or a list`;
  const nested = nestedFormat(data);
  if (nested !== undefined) {
    return `the nearest is ${nested.format}, found at ${nested.path}, not at the top`;
  }
  const nearest = nearestFormat(data);
  if (nearest === undefined) return 'no format found any key it knows';
  const lacked = nearest.missing[0];
  return lacked === undefined
    ? `the nearest is ${nearest.format.name}: it has every key it knows, not its structure`
    : `the nearest is ${nearest.format.name}, which lacked ${lacked}`;
}

/** Every format, what it looks for and which of its marks the data lacked, one a line. */
function everyFormatLines(data: unknown): string[] {
  const marks = marksOf(data);
  return DETECTION_ORDER.map((format) => {
    const missing = (format.marks ?? []).filter((mark) => !marks.has(mark));
    const lacked =
      format.marks === undefined
        ? '(it lists no keys)'
        : missing.length === 0
          ? 'no key, only the structure'
          : missing.join(', ');
    return `  ${format.name}: looks for ${format.looksFor}; lacked: ${lacked}`;
  });
}

/**
 * The error for data no format recognises, in one line of at most `UNDETECTED_REASON_LIMIT`
 * characters after the location: what the data is when it is a well-known non-trace, else the nearest
 * format and the one thing it lacked. `explanation` holds the long list. `what` names the data when it
 * is not the whole input (the first lines of a JSON Lines file).
 */
export function undetectedFormatError(
  where: { source: string; path?: string; line?: number },
  data: unknown,
  what = describeKeys(data),
): UndetectedFormatError {
  const why = undetectedWhy(data);
  const room = UNDETECTED_REASON_LIMIT - UNDETECTED_HEAD.length - UNDETECTED_TAIL.length;
  const reason = `${UNDETECTED_HEAD}${cutToLength(why, room)}${UNDETECTED_TAIL}`;
  const explanation = [
    `could not detect the trace format of ${what}: ${why}.`,
    'Every format, in the order detection asks them, what it looks for and which of its keys this data lacked:',
    ...everyFormatLines(data),
    'Pass --format if the data is one of them in an unusual wrapping.',
  ].join('\n');
  return new UndetectedFormatError(where, reason, explanation);
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
