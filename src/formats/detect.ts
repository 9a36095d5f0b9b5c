import { looksLikeAnthropic, looksLikeGemini, looksLikeOpenAI } from './provider-detect.js';

/** One recognition rule: a format and the test that picks it. Rules run in order; the first match wins. */
interface DetectionRule {
  format: string;
  /** What the rule looks for, named in "could not detect" errors. */
  looksFor: string;
  test(data: unknown): boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const CALL_NAME_KEYS = ['tool', 'name', 'function'];

function isCustomCall(item: unknown): boolean {
  return isObject(item) && CALL_NAME_KEYS.some((key) => item[key] !== undefined);
}

/**
 * Most specific shapes first. A rule judges the whole structure (every message, not only the first),
 * so a chat history that opens with a system or user message is still recognised.
 */
const RULES: readonly DetectionRule[] = [
  // mcp rules
  // otel rules
  // vercel-ai rules
  // openai-agents rules
  // claude-agent-sdk rules
  // gemini rules
  {
    format: 'gemini',
    looksFor: '"candidates", "contents" or a list of {role, parts} with functionCall / function_call parts',
    test: looksLikeGemini,
  },
  // anthropic rules
  {
    format: 'anthropic',
    looksFor: 'a Messages response or messages with tool_use / tool_result content blocks',
    test: looksLikeAnthropic,
  },
  // openai rules
  {
    format: 'openai',
    looksFor: '"choices", messages with tool_calls ({function: {name, arguments}}) / function_call, or Responses API "output" / function_call items',
    test: looksLikeOpenAI,
  },
  // langchain rules
  {
    format: 'custom',
    looksFor: 'a list of {tool, args} calls or {"calls": [...]}',
    test: (data) =>
      (Array.isArray(data) && (data.length === 0 || data.some(isCustomCall))) ||
      (isObject(data) && (Array.isArray(data.calls) || Array.isArray(data.tool_calls) || typeof data.tool === 'string')),
  },
];

/** The format a parsed trace looks like, judged on its whole structure, or undefined. */
export function detectFormat(data: unknown): string | undefined {
  return RULES.find((rule) => rule.test(data))?.format;
}

/** What each format's detection looks for, for "could not detect" errors. */
export function detectionHints(): string {
  return RULES.map((rule) => `${rule.format} (${rule.looksFor})`).join('; ');
}
