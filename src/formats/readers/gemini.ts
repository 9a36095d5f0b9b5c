import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { isGeminiChunkStream, reassembleGeminiChunks } from '../support/gemini-stream.js';
import {
  CallCollector,
  describeKeys,
  errorText,
  outcomeOf,
  readContent,
  readInMemory,
  type FromOptions,
} from '../support/call-collector.js';
import { assistantText, userInputText, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Google Gemini traces:
 * - a `generateContent` response (`candidates[0].content.parts`), a request history
 *   (`{contents: [{role, parts}]}`), a list of contents, or one content `{role, parts}`;
 *   `functionCall` / `function_call` parts are calls (`name`, `args`, optional `id`);
 *   `functionResponse` / `function_response` parts fill results, joined by `id`, else by name (the
 *   first unanswered call of that name). A `response` with an `error` member marks the call failed.
 * - a recorded `streamGenerateContent` stream (a list of response chunks), rebuilt by
 *   `gemini-stream.ts` into the `functionCall` parts above and read the same way.
 * - an Interactions API interaction (`{object: "interaction", steps: [...]}`): `function_call` steps
 *   are calls, `function_result` steps (by `call_id`, `is_error`) their results.
 * - one `functionCall` part on its own, or a Live API `toolCall` server message (`functionCalls`), or a
 *   Live session's messages (`toolResponse` results, `toolCallCancellation` marking calls failed).
 */

const FORMAT = 'gemini';

const PART_KEYS = ['functionCall', 'function_call', 'functionResponse', 'function_response'];

function readPart(part: unknown, path: string, calls: CallCollector, context: ParseContext): void {
  if (!isObject(part)) return;
  const callKey =
    part.functionCall !== undefined ? 'functionCall' : part.function_call !== undefined ? 'function_call' : undefined;
  if (callKey !== undefined) {
    const call = part[callKey];
    const callPath = childPath(path, callKey);
    if (!isObject(call)) {
      calls.markUnreadable(callPath, `a ${callKey} that is ${describeType(call)}, not an object`);
      return;
    }
    const rawArgs = call.args !== undefined ? call.args : call.arguments;
    const args =
      rawArgs === undefined || rawArgs === null
        ? {}
        : readArguments(rawArgs, childPath(callPath, call.args !== undefined ? 'args' : 'arguments'), context);
    calls.add(call.name, args, callPath, { id: call.id, metadata: { format: callKey } });
    return;
  }
  const responseKey =
    part.functionResponse !== undefined
      ? 'functionResponse'
      : part.function_response !== undefined
        ? 'function_response'
        : undefined;
  if (responseKey !== undefined) {
    const response = part[responseKey];
    const responsePath = childPath(path, responseKey);
    if (!isObject(response)) {
      context.warn(responsePath, `ignored a ${responseKey} that is ${describeType(response)}, not an object`);
      return;
    }
    calls.addResult({ id: response.id, name: response.name }, outcomeOf(response.response), responsePath);
  } else if (!GEMINI_PART_KEYS.some((key) => key in part)) {
    context.unrecognised(path, `a part that is not a Gemini part (${describeKeys(part)})`);
  }
}

/** Keys of the Gemini parts that are not calls or results (text, media, code, thoughts): read as nothing, quietly. */
const GEMINI_PART_KEYS = [
  'text',
  'inlineData',
  'inline_data',
  'fileData',
  'file_data',
  'executableCode',
  'executable_code',
  'codeExecutionResult',
  'code_execution_result',
  'thought',
  'thoughtSignature',
  'thought_signature',
  'videoMetadata',
  'video_metadata',
];

/** Reads the function call and response parts of one content `{role, parts}` (also ADK's events' contents). */
export function readContentObject(
  content: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const parts = content.parts;
  if (content.role === 'user') {
    const text = userInputText(parts, isResponsePart);
    if (text !== undefined) calls.turns.user(path, text);
  } else calls.turns.assistant(path, assistantText(parts));
  if (parts === undefined || parts === null) return;
  if (!Array.isArray(parts)) {
    calls.markUnreadable(childPath(path, 'parts'), `"parts" that is ${describeType(parts)}, not a list`);
    return;
  }
  parts.forEach((part: unknown, i) => readPart(part, childPath(childPath(path, 'parts'), i), calls, context));
}

/** A `functionResponse` part: a user content holding one returns results, it is no turn. */
function isResponsePart(part: unknown): boolean {
  return isObject(part) && (part.functionResponse !== undefined || part.function_response !== undefined);
}

function readContents(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (!isObject(item)) context.warn(itemPath, `skipped ${describeType(item)}: expected a content {role, parts}`);
    else if (Array.isArray(item.parts)) readContentObject(item, itemPath, calls, context);
    else if (isObject(item.content)) readContentObject(item.content, childPath(itemPath, 'content'), calls, context);
    else if (PART_KEYS.some((key) => item[key] !== undefined)) readPart(item, itemPath, calls, context);
    else context.warn(itemPath, 'skipped an entry with no "parts" and no function call or response');
  });
}

function firstOfCandidates(count: number): string {
  return `read the first of ${count} candidates; the others are alternatives, not later steps`;
}

function readCandidates(candidates: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  const index = candidates.findIndex((candidate) => isObject(candidate) && isObject(candidate.content));
  if (index < 0) return; // e.g. a response blocked by safety settings: no content, no calls
  const others = candidates.filter((candidate) => isObject(candidate) && isObject(candidate.content)).length - 1;
  if (others > 0) context.warn(path, firstOfCandidates(others + 1));
  const candidate = candidates[index] as Record<string, unknown>;
  const content = candidate.content as Record<string, unknown>;
  const before = calls.count;
  readContentObject(content, childPath(childPath(path, index), 'content'), calls, context);
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const last = parts[parts.length - 1];
  if (isObject(last) && (last.functionCall !== undefined || last.function_call !== undefined))
    calls.endedAtTokenLimit('finishReason', candidate.finishReason, before);
}

/** Function calls of a recorded `streamGenerateContent` stream, read like a response's parts. */
function readStream(chunks: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  const stream = reassembleGeminiChunks(chunks, context, path);
  if (stream.candidates > 1) context.warn(path, firstOfCandidates(stream.candidates));
  let before = calls.count;
  for (const { part, path } of stream.parts) {
    before = calls.count;
    readPart(part, path, calls, context);
  }
  if (stream.text) calls.turns.assistant(stream.text.path, stream.text.text);
  if (stream.endsOnCall) calls.endedAtTokenLimit('finishReason', stream.finishReason, before);
}

/**
 * Calls of one recorded model response at `path`: a `generateContent` response, or the chunk list of a
 * `streamGenerateContent` call (Gemini CLI's recorded responses hold both); anything else is passed over.
 */
export function readGeminiResponse(response: unknown, path: string, calls: CallCollector, context: ParseContext): void {
  if (Array.isArray(response)) readStream(response, path, calls, context);
  else if (isObject(response) && Array.isArray(response.candidates))
    readCandidates(response.candidates, childPath(path, 'candidates'), calls, context);
  else context.unrecognised(path, `a response that is ${describeType(response)}, not a GenerateContentResponse`);
}

function readSteps(steps: unknown[], calls: CallCollector, context: ParseContext): void {
  steps.forEach((step: unknown, i) => {
    const path = childPath('$.steps', i);
    if (!isObject(step)) return;
    if (step.type === 'function_call') {
      calls.add(
        step.name,
        step.arguments === undefined || step.arguments === null
          ? {}
          : readArguments(step.arguments, childPath(path, 'arguments'), context),
        path,
        {
          id: step.id,
          metadata: { format: 'interaction' },
        },
      );
    } else if (step.type === 'function_result') {
      const result = readContent(step.result);
      const message = step.is_error === true ? errorText(result) : undefined;
      const outcome =
        step.is_error === true
          ? message === undefined
            ? { result, failed: true }
            : { result, failed: true, error: message }
          : { result };
      calls.addResult({ id: step.call_id, name: step.name }, outcome, path);
    }
  });
}

/**
 * A Live API session's messages in order: `toolCall` server messages are calls, `toolResponse` client
 * messages (`tool_response` as the Python SDK sends it) their results by `id`, else by name;
 * `toolCallCancellation` marks its `ids` failed ("cancelled"). Audio, text and session messages hold no calls.
 */
function readLiveMessages(messages: unknown[], calls: CallCollector, context: ParseContext): void {
  messages.forEach((message: unknown, i) => {
    const path = childPath('$', i);
    if (!isObject(message)) {
      context.warn(path, `skipped ${describeType(message)}: expected a Live API message`);
      return;
    }
    if (isObject(message.clientContent))
      readLiveClientContent(message.clientContent, childPath(path, 'clientContent'), calls);
    if (isObject(message.toolCall)) readLiveToolCall(message.toolCall, childPath(path, 'toolCall'), calls, context);
    const responseKey = LIVE_RESPONSE_KEYS.find((key) => isObject(message[key]));
    if (responseKey !== undefined)
      readLiveToolResponse(
        message[responseKey] as Record<string, unknown>,
        childPath(path, responseKey),
        calls,
        context,
      );
    const cancellation = message.toolCallCancellation;
    if (isObject(cancellation) && Array.isArray(cancellation.ids)) {
      for (const id of cancellation.ids)
        calls.addResult({ id }, { failed: true, error: 'cancelled' }, childPath(path, 'toolCallCancellation'));
    }
  });
}

/** A Live API `clientContent` client message: its user `turns` are the conversation's user messages. */
function readLiveClientContent(clientContent: Record<string, unknown>, path: string, calls: CallCollector): void {
  const turns = clientContent.turns;
  if (!Array.isArray(turns)) return;
  turns.forEach((turn: unknown, i) => {
    if (isObject(turn) && turn.role === 'user')
      calls.turns.user(childPath(childPath(path, 'turns'), i), userText(turn.parts));
  });
}

const LIVE_RESPONSE_KEYS = ['toolResponse', 'tool_response'];

/** A Live API `toolResponse` client message's `functionResponses` (`{id, name, response}` each), read like `functionResponse` parts. */
function readLiveToolResponse(
  toolResponse: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const responses = toolResponse.functionResponses ?? toolResponse.function_responses;
  if (!Array.isArray(responses)) {
    context.warn(path, `ignored a tool response whose "functionResponses" is ${describeType(responses)}, not a list`);
    return;
  }
  responses.forEach((response: unknown, i) => {
    readPart({ functionResponse: response }, childPath(childPath(path, 'functionResponses'), i), calls, context);
  });
}

/** A Live API `toolCall` server message's `functionCalls` (`{id, name, args}` each), read like `functionCall` parts. */
function readLiveToolCall(
  toolCall: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const functionCalls = toolCall.functionCalls;
  if (!Array.isArray(functionCalls)) {
    calls.markUnreadable(
      childPath(path, 'functionCalls'),
      `"functionCalls" that is ${describeType(functionCalls)}, not a list`,
    );
    return;
  }
  functionCalls.forEach((call: unknown, i) => {
    readPart({ functionCall: call }, childPath(childPath(path, 'functionCalls'), i), calls, context);
  });
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  const error = data.error;
  if (isObject(error) && typeof error.message === 'string' && data.candidates === undefined) {
    const kind = typeof error.status === 'string' ? error.status : textOf(error.code ?? 'error');
    throw new ToolscoreInputError(
      { source: context.source, path: '$.error' },
      `this is a Gemini API error response (${kind}), not a trace: ${error.message}`,
    );
  }
  if (data.object === 'interaction' && Array.isArray(data.steps)) readSteps(data.steps, calls, context);
  else if (Array.isArray(data.candidates)) readCandidates(data.candidates, '$.candidates', calls, context);
  else if (Array.isArray(data.contents)) readContents(data.contents, '$.contents', calls, context);
  else if (Array.isArray(data.parts)) readContentObject(data, '$', calls, context);
  else if (isObject(data.content)) readContentObject(data.content, '$.content', calls, context);
  else if (isObject(data.toolCall)) readLiveToolCall(data.toolCall, '$.toolCall', calls, context);
  else if (isGeminiFunctionPart(data)) readPart(data, '$', calls, context);
  else {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected a Gemini response ("candidates"), {"contents": [...]}, a content {role, parts} or an interaction ("steps"); got ${describeKeys(data)}`,
    );
  }
}

/** Google Gemini traces. */
export const geminiFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    '"candidates", "contents" or a list of {role, parts} with functionCall / function_call parts, or a streamGenerateContent stream (a list of {candidates} chunks)',
  marks: ['candidates', 'contents', 'parts', 'functionCall', 'functionResponse', 'finishReason'],
  detect: looksLikeGemini,
  description:
    'Google Gemini responses and contents (functionCall / function_call parts; functionResponse results), recorded streamGenerateContent chunks, and Interactions API steps',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isGeminiChunkStream(data)) readStream(data, '$', calls, context);
    else if (Array.isArray(data) && isLiveSession(data)) readLiveMessages(data, calls, context);
    else if (Array.isArray(data)) readContents(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a Gemini response or a list of contents, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from a Gemini response or conversation held in memory: a `generateContent` response, a
 * `contents` list, or an interaction. Throws `ToolscoreInputError` for anything else.
 */
export function fromGemini(response: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(geminiFormat, response, options);
}

// ---- Detection ---------------------------------------------------------------------------------

const GEMINI_FUNCTION_KEYS = ['functionCall', 'function_call', 'functionResponse', 'function_response'];

/** A Gemini content: `parts` whose elements are objects without a `type` (Vercel AI and OTel parts have one). */
function isGeminiContent(value: unknown): value is { parts: unknown[] } & Record<string, unknown> {
  return (
    isObject(value) && Array.isArray(value.parts) && value.parts.every((part) => isObject(part) && !('type' in part))
  );
}

/** A part holding a function call or response; a `role` means an OpenAI message with a legacy `function_call`. */
function isGeminiFunctionPart(part: unknown): boolean {
  return isObject(part) && !('role' in part) && GEMINI_FUNCTION_KEYS.some((key) => isObject(part[key]));
}

/** A Live API `toolCall` server message: `{toolCall: {functionCalls: [{id, name, args}]}}`. */
function isLiveToolCall(data: Record<string, unknown>): boolean {
  const toolCall = data.toolCall;
  return (
    isObject(toolCall) &&
    Array.isArray(toolCall.functionCalls) &&
    toolCall.functionCalls.length > 0 &&
    toolCall.functionCalls.every((call) => isObject(call) && typeof call.name === 'string')
  );
}

/** Top-level keys of Live API messages, server's and client's (`BidiGenerateContent*`). */
const LIVE_MESSAGE_KEYS: ReadonlySet<string> = new Set([
  'setup',
  'setupComplete',
  'clientContent',
  'realtimeInput',
  'serverContent',
  'toolCall',
  'toolCallCancellation',
  'toolResponse',
  'tool_response',
  'usageMetadata',
  'goAway',
  'sessionResumptionUpdate',
  'voiceActivity',
  'voiceActivityDetectionSignal',
]);

/** A Live API session: a list of Live messages (each only Live keys), one of them a `toolCall`. */
function isLiveSession(list: readonly unknown[]): boolean {
  return (
    list.every(
      (item) =>
        isObject(item) && Object.keys(item).length > 0 && Object.keys(item).every((key) => LIVE_MESSAGE_KEYS.has(key)),
    ) && list.some((item) => isObject(item) && isLiveToolCall(item))
  );
}

/**
 * One `functionCall` part on its own (`{functionCall: {name, args}}`; snake_case `function_call` only with
 * `args`, since an OpenAI legacy `function_call` has `arguments`).
 */
function isLoneFunctionCallPart(data: Record<string, unknown>): boolean {
  if (!isGeminiFunctionPart(data)) return false;
  if (isObject(data.functionCall)) return typeof data.functionCall.name === 'string';
  return isObject(data.function_call) && typeof data.function_call.name === 'string' && 'args' in data.function_call;
}

/**
 * Gemini: a response (`candidates` of objects with `content` or `finishReason`), a request
 * (`contents`, every element a content), a non-empty list of contents, a list of function parts, a
 * recorded stream (`isGeminiChunkStream`: a list of response chunks), one
 * content with a `role` or a function part, an interaction (`object: "interaction"` with `steps`), one
 * `functionCall` part (`isLoneFunctionCallPart`), a Live API `toolCall` message (`isLiveToolCall`) or a list
 * of Live messages holding one (`isLiveSession`),
 * or a Google API error body (`error` with numeric `code` and string `status`).
 */
function looksLikeGemini(data: unknown): boolean {
  if (Array.isArray(data)) {
    return (
      data.length > 0 &&
      (data.every(isGeminiContent) ||
        data.every(isGeminiFunctionPart) ||
        isGeminiChunkStream(data) ||
        isLiveSession(data))
    );
  }
  if (!isObject(data)) return false;
  if (data.object === 'interaction' && Array.isArray(data.steps)) return true;
  const candidates = data.candidates;
  if (Array.isArray(candidates)) {
    return (
      candidates.length > 0 &&
      candidates.every(isObject) &&
      candidates.some((c) => isObject(c) && ('content' in c || 'finishReason' in c))
    );
  }
  if (Array.isArray(data.contents)) return data.contents.length > 0 && data.contents.every(isGeminiContent);
  if (isGeminiContent(data)) return typeof data.role === 'string' || data.parts.some(isGeminiFunctionPart);
  if (isLiveToolCall(data) || isLoneFunctionCallPart(data)) return true;
  const error = data.error;
  return (
    Object.keys(data).length === 1 &&
    isObject(error) &&
    typeof error.code === 'number' &&
    typeof error.status === 'string'
  );
}
