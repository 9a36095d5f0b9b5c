import { isAnthropicEventStream } from './anthropic-stream.js';
import { isGeminiChunkStream } from './gemini-stream.js';
import { isChatChunk, isChatChunkStream, isResponsesEventStream } from './openai-stream.js';

/**
 * Recognition tests for the provider formats (gemini, anthropic, openai), used by the rules in
 * `detect.ts`. Each judges the whole structure — every message of a list, not only the first — and
 * asks for evidence specific to its provider, so that shapes of other formats (LangChain `{name,
 * args}` tool calls, Vercel AI `tool-call` parts, Claude Agent SDK `{type, message}` envelopes, Agents
 * SDK `callId` items) are left to their own rules.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// ---- Gemini -----------------------------------------------------------------------------------

const GEMINI_FUNCTION_KEYS = ['functionCall', 'function_call', 'functionResponse', 'function_response'];

/** A Gemini content: `parts` whose elements are objects without a `type` (Vercel AI and OTel parts have one). */
function isGeminiContent(value: unknown): value is { parts: unknown[] } & Record<string, unknown> {
  return isObject(value) && Array.isArray(value.parts) && value.parts.every((part) => isObject(part) && !('type' in part));
}

/** A part holding a function call or response; a `role` means an OpenAI message with a legacy `function_call`. */
function isGeminiFunctionPart(part: unknown): boolean {
  return isObject(part) && !('role' in part) && GEMINI_FUNCTION_KEYS.some((key) => isObject(part[key]));
}

/**
 * Gemini: a response (`candidates` of objects with `content` or `finishReason`), a request
 * (`contents`, every element a content), a non-empty list of contents, a list of function parts, a
 * recorded stream (`isGeminiChunkStream`: a list of response chunks), one
 * content with a `role` or a function part, an interaction (`object: "interaction"` with `steps`),
 * or a Google API error body (`error` with numeric `code` and string `status`).
 */
export function looksLikeGemini(data: unknown): boolean {
  if (Array.isArray(data)) {
    return data.length > 0 && (data.every(isGeminiContent) || data.every(isGeminiFunctionPart) || isGeminiChunkStream(data));
  }
  if (!isObject(data)) return false;
  if (data.object === 'interaction' && Array.isArray(data.steps)) return true;
  const candidates = data.candidates;
  if (Array.isArray(candidates)) {
    return candidates.length > 0 && candidates.every(isObject) && candidates.some((c) => isObject(c) && ('content' in c || 'finishReason' in c));
  }
  if (Array.isArray(data.contents)) return data.contents.length > 0 && data.contents.every(isGeminiContent);
  if (isGeminiContent(data)) return typeof data.role === 'string' || data.parts.some(isGeminiFunctionPart);
  const error = data.error;
  return Object.keys(data).length === 1 && isObject(error) && typeof error.code === 'number' && typeof error.status === 'string';
}

// ---- Anthropic --------------------------------------------------------------------------------

const ANTHROPIC_TOOL_BLOCKS = new Set(['tool_use', 'tool_result', 'mcp_tool_use', 'mcp_tool_result', 'server_tool_use']);

function isRoleMessage(value: unknown): value is Record<string, unknown> & { role: string } {
  return isObject(value) && typeof value.role === 'string';
}

function hasAnthropicToolBlock(message: Record<string, unknown>): boolean {
  const content = message.content;
  return Array.isArray(content) && content.some((block) => isObject(block) && typeof block.type === 'string' && ANTHROPIC_TOOL_BLOCKS.has(block.type));
}

function isAnthropicMessageList(list: unknown[]): boolean {
  return list.length > 0 && list.every(isRoleMessage) && list.some((message) => hasAnthropicToolBlock(message as Record<string, unknown>));
}

/**
 * Anthropic: a Messages API response (`type: "message"`, `role: "assistant"`, `content` list), an
 * Anthropic error body (`type: "error"` with an `error` object), one message with a tool block, a
 * list (or `{messages}`) in which every element has a `role` and some message has a `tool_use` /
 * `tool_result` / `mcp_tool_use` / `mcp_tool_result` / `server_tool_use` block, or a bare list of
 * content blocks (every element has a `type`) holding a `tool_use` block with a `name`, or a recorded
 * stream (`isAnthropicEventStream`: a list of Messages stream events).
 */
export function looksLikeAnthropic(data: unknown): boolean {
  if (Array.isArray(data)) {
    if (isAnthropicMessageList(data) || isAnthropicEventStream(data)) return true;
    return (
      data.length > 0 &&
      data.every((block) => isObject(block) && typeof block.type === 'string') &&
      data.some((block) => isObject(block) && block.type === 'tool_use' && typeof block.name === 'string')
    );
  }
  if (!isObject(data)) return false;
  if (data.type === 'message' && data.role === 'assistant' && Array.isArray(data.content)) return true;
  if (data.type === 'error' && isObject(data.error) && typeof data.error.type === 'string') return true;
  if (isRoleMessage(data) && hasAnthropicToolBlock(data)) return true;
  return Array.isArray(data.messages) && isAnthropicMessageList(data.messages);
}

// ---- OpenAI -----------------------------------------------------------------------------------

/** A Chat Completions `tool_calls` entry: `{function: {...}}` (with or without `type`) or a custom tool call. */
function isOpenAIToolCallEntry(entry: unknown): boolean {
  return isObject(entry) && (isObject(entry.function) || (entry.type === 'custom' && isObject(entry.custom)));
}

/** A chat message that calls a tool the OpenAI way, or a legacy `role: "function"` result. */
function isOpenAICallMessage(message: unknown): boolean {
  if (!isRoleMessage(message)) return false;
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls) && toolCalls.length > 0 && toolCalls.every(isOpenAIToolCallEntry)) return true;
  if (isObject(message.function_call) && typeof message.function_call.name === 'string') return true;
  return message.role === 'function' && typeof message.name === 'string';
}

const RESPONSES_ITEMS = new Set(['function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output']);

/** A Responses API call or call-output item (snake_case `call_id`; the Agents JS SDK writes `callId`). */
function isResponsesCallItem(item: unknown): boolean {
  return isObject(item) && typeof item.type === 'string' && RESPONSES_ITEMS.has(item.type) && typeof item.call_id === 'string';
}

/** Tool-call entries that are not OpenAI's (LangChain `{name, args, id}`): the list is someone else's. */
function hasForeignToolCalls(message: unknown): boolean {
  return isObject(message) && Array.isArray(message.tool_calls) && !message.tool_calls.every(isOpenAIToolCallEntry);
}

function isOpenAIList(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every((item) => isRoleMessage(item) || (isObject(item) && typeof item.type === 'string')) &&
    list.some((item) => isOpenAICallMessage(item) || isResponsesCallItem(item)) &&
    !list.some(hasForeignToolCalls)
  );
}

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant']);
const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text', 'refusal', 'image_url', 'input_image', 'input_audio', 'file']);

/**
 * A chat history in which no tool was called: every element a system/developer/user/assistant
 * message whose content is text, null or text/image parts, and nothing else. Real agent runs end
 * like this when the agent answered without tools (tau-bench has such runs); it is read as OpenAI —
 * it has zero calls under any format, so the zero is the trace's, not a misread.
 */
function isPlainChatList(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every((item) => {
      if (!isRoleMessage(item) || !CHAT_ROLES.has(item.role)) return false;
      if (Object.keys(item).some((key) => key !== 'role' && key !== 'content' && key !== 'name' && key !== 'refusal')) return false;
      const content = item.content;
      if (content === null || content === undefined || typeof content === 'string') return true;
      return Array.isArray(content) && content.every((part) => isObject(part) && typeof part.type === 'string' && TEXT_PART_TYPES.has(part.type));
    })
  );
}

/**
 * OpenAI: a Responses API response (`object: "response"` with an `output` list), a Chat Completions
 * response (`choices` of objects, some with a `message` object), an OpenAI error body (only an
 * `error` object with a `message` and a `type`), one message that calls a tool, or a list (or
 * `{messages}` / `{input}`) in which every element has a `role` or a `type`, some element is a
 * message with OpenAI `tool_calls` (`function` objects) / a legacy `function_call` / a `role:
 * "function"` result, or a Responses `function_call` / `function_call_output` item with a `call_id`,
 * and no `tool_calls` entry lacks a `function` object; or a plain chat history without tool calls
 * (`isPlainChatList`); or a recorded stream (`isChatChunkStream`: `chat.completion.chunk`s, one or a
 * list; `isResponsesEventStream`: a list of Responses API events).
 */
export function looksLikeOpenAI(data: unknown): boolean {
  if (Array.isArray(data)) return isOpenAIList(data) || isPlainChatList(data) || isChatChunkStream(data) || isResponsesEventStream(data);
  if (!isObject(data)) return false;
  if (data.object === 'response' && Array.isArray(data.output)) return true;
  if (isChatChunk(data)) return true;
  const choices = data.choices;
  if (Array.isArray(choices)) return choices.length > 0 && choices.every(isObject) && choices.some((c) => isObject(c) && isObject(c.message));
  const error = data.error;
  if (Object.keys(data).length === 1 && isObject(error) && typeof error.message === 'string' && 'type' in error) return true;
  if (Array.isArray(data.messages)) return isOpenAIList(data.messages) || isPlainChatList(data.messages);
  if (Array.isArray(data.input)) return isOpenAIList(data.input);
  return isOpenAICallMessage(data) && !hasForeignToolCalls(data);
}
