import { looksLikeClaudeAgentSDK } from './claude-agent-sdk.js';
import { looksLikeLangChain } from './langchain.js';
import { looksLikeOpenAIAgents } from './openai-agents.js';
import { looksLikeAnthropic, looksLikeGemini, looksLikeOpenAI } from './provider-detect.js';
import { looksLikeMCP, looksLikeOtel } from './telemetry-detect.js';
import { looksLikeVercelAI } from './vercel-ai.js';

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
  {
    format: 'mcp',
    looksFor: 'JSON-RPC 2.0 messages ({"jsonrpc": "2.0", ...}), batches, {dir, message} transcripts or {"format": "mcp", "messages": [...]}',
    test: looksLikeMCP,
  },
  {
    format: 'otel',
    looksFor: 'an OTLP/JSON export ({"resourceSpans": [...]}) or a list of spans (traceId + spanId, or name + attributes + start time)',
    test: looksLikeOtel,
  },
  {
    format: 'vercel-ai',
    looksFor: 'a generateText/streamText result ({"steps": [...]}, toolCalls with toolCallId/toolName, response.messages) or messages / parts of type tool-call / tool-result',
    test: looksLikeVercelAI,
  },
  {
    format: 'openai-agents',
    looksFor: 'an Agents SDK run result or RunState (newItems / generatedItems of tool_call_item, or history items function_call with callId / function_call_result)',
    test: looksLikeOpenAIAgents,
  },
  {
    format: 'claude-agent-sdk',
    looksFor: 'Claude Agent SDK messages ({"type": "assistant" | "user", "message": {"content": [...]}})',
    test: looksLikeClaudeAgentSDK,
  },
  {
    format: 'gemini',
    looksFor: '"candidates", "contents" or a list of {role, parts} with functionCall / function_call parts, or a streamGenerateContent stream (a list of {candidates} chunks)',
    test: looksLikeGemini,
  },
  {
    format: 'anthropic',
    looksFor: 'a Messages response or messages with tool_use / tool_result content blocks, or a Messages stream (message_start / content_block_* events)',
    test: looksLikeAnthropic,
  },
  {
    format: 'openai',
    looksFor: '"choices", messages with tool_calls ({function: {name, arguments}}) / function_call, Responses API "output" / function_call items, or a stream of chat.completion.chunk objects or Responses API events (response.*)',
    test: looksLikeOpenAI,
  },
  {
    format: 'langchain',
    looksFor: 'LangChain messages (serialized {lc, kwargs}, stored {type, data}, {type: "ai", tool_calls}) or {messages} state, intermediate_steps, {tool, tool_input} actions or [{name, args, type: "tool_call"}]',
    test: looksLikeLangChain,
  },
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
