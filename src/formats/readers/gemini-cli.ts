import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import {
  CallCollector,
  type FromOptions,
  errorText,
  outcomeOf,
  passOverForeignCallKeys,
  readContent,
  readInMemory,
} from '../support/call-collector.js';
import { assistantText, TurnCounter, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { unixSeconds } from '../support/call-joiner.js';
import { toActualCall } from '../support/calls.js';
import type { ParseContext, TraceFormat } from '../types.js';
import { readGeminiResponse } from './gemini.js';

/**
 * Gemini CLI chat recordings (`~/.gemini/tmp/<project hash>/chats/session-*.json`): `{sessionId,
 * messages: [...]}` whose `gemini` messages list the turn's `toolCalls`, each carrying its own outcome:
 * `{id, name, args, result: [{functionResponse: {id, name, response}}, ...], status, timestamp}`.
 *
 * The result is the `response` of the call's `functionResponse` (`{output}` as the CLI's tools answer),
 * read like a Gemini `functionResponse` (an `{error}` member marks a failure); when the CLI added parts
 * after it (`read_many_files` adds the files as text parts), the result is the list of all parts, each
 * read the same way. `status: "error"` marks the call failed (message: the response's `error`, else
 * `resultDisplay`), `status: "cancelled"` too (message "cancelled"). The call's `timestamp` is recorded;
 * the CLI records no end time, so there is no duration.
 *
 * Also the CLI's recorded responses (`--record-responses` / `--fake-responses` files, JSON Lines of
 * `{method, response}`): each `generateContent` response and `generateContentStream` chunk list is read
 * as Gemini's; `countTokens` / `embedContent` records hold no calls. The file records only the model's
 * side, so a call has no result and no failure there, even one the CLI blocked or that failed. The
 * replies are the streamed responses' texts: beside a stream, a `generateContent` record is one of the
 * CLI's own requests (model routing, chat compression), not an answer to the user.
 */
export const geminiCLIFormat: TraceFormat = {
  name: 'gemini-cli',
  looksFor:
    'a Gemini CLI session ({"sessionId", "messages": [{"type": "user" | "gemini", "toolCalls": [...]}]}) or recorded responses ({"method", "response"} lines)',
  detect: looksLikeGeminiCLI,
  description:
    'Gemini CLI session files (~/.gemini/tmp/*/chats): messages[].toolCalls[] with status, functionResponse results and timestamps; recorded responses files ({method, response} lines)',
  recordsReplies: true,
  parse(data, context) {
    if (isRecordedResponse(data)) return readRecordedResponses([data], '$', context);
    if (Array.isArray(data) && isRecordedResponseList(data)) return readRecordedResponses(data, undefined, context);
    const messages = isObject(data) && Array.isArray(data.messages) ? data.messages : undefined;
    if (messages === undefined || !isCLIMessageList(messages)) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a Gemini CLI session ({"messages": [{"type": "user" | "gemini", "content", "toolCalls": [...]}]}), got ${describeType(data)}`,
      );
    }
    return readMessages(messages, context);
  },
};

/** Calls from a Gemini CLI session held in memory. */
export function fromGeminiCLI(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(geminiCLIFormat, value, options);
}

/** CLI messages are tagged by `type` and hold text `content`, never a `role` or a nested `message`. */
function isCLIMessage(item: unknown): item is Record<string, unknown> {
  return (
    isObject(item) &&
    typeof item.type === 'string' &&
    item.role === undefined &&
    item.message === undefined &&
    item.parts === undefined
  );
}

function isCLIMessageList(list: readonly unknown[]): boolean {
  return (
    list.every(isCLIMessage) &&
    (list.length === 0 || list.some((message) => (message as Record<string, unknown>).type === 'gemini'))
  );
}

function looksLikeGeminiCLI(data: unknown): boolean {
  if (Array.isArray(data)) return isRecordedResponseList(data);
  if (isRecordedResponse(data)) return MODEL_METHODS.has(data.method as string);
  return isObject(data) && Array.isArray(data.messages) && data.messages.length > 0 && isCLIMessageList(data.messages);
}

/** Methods of recorded responses that are model responses; the others (`countTokens`, `embedContent`) hold no calls. */
const MODEL_METHODS: ReadonlySet<string> = new Set(['generateContent', 'generateContentStream']);
const OTHER_METHODS: ReadonlySet<string> = new Set(['countTokens', 'embedContent']);

/** One record of a recorded responses file: `{method, response}` and nothing else. */
function isRecordedResponse(item: unknown): item is { method: string; response: unknown } {
  return (
    isObject(item) &&
    typeof item.method === 'string' &&
    item.response !== undefined &&
    Object.keys(item).every((key) => key === 'method' || key === 'response')
  );
}

/** A recorded responses file read as a list: every line a record, one of them a model response. */
function isRecordedResponseList(list: readonly unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every(isRecordedResponse) &&
    list.some((item) => MODEL_METHODS.has((item as { method: string }).method))
  );
}

/** Calls of recorded responses (`only`: the path of a lone record, else each is `$[i]`). */
function readRecordedResponses(
  records: readonly unknown[],
  only: string | undefined,
  context: ParseContext,
): ToolCall[] {
  const calls = new CallCollector(context, 'gemini-cli');
  // The CLI streams the conversation: beside a stream, a generateContent record is one of its own
  // requests (the model router's choice, a chat compression's summary, a check), whose text is no reply.
  const streamed = records.some((item) => isRecordedResponse(item) && item.method === 'generateContentStream');
  records.forEach((item, i) => {
    const path = only ?? childPath('$', i);
    if (!isRecordedResponse(item)) {
      context.warn(path, `skipped ${describeType(item)}: expected a recorded response {method, response}`);
      return;
    }
    if (MODEL_METHODS.has(item.method)) {
      const read = () => readGeminiResponse(item.response, childPath(path, 'response'), calls, context);
      if (streamed && item.method === 'generateContent') calls.turns.withoutReplies(read);
      else read();
    } else if (!OTHER_METHODS.has(item.method))
      context.unrecognised(path, `a recorded response of method ${JSON.stringify(item.method)}`);
  });
  return calls.finish();
}

/** Message types a session records (`isCLIMessage` checked each is a string). */
const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);
/** The call keys of a message this reader reads; others (`tool_calls`, `functionCall`, ...) are passed over. */
const READ_KEYS: ReadonlySet<string> = new Set(['toolCalls']);

function readMessages(messages: readonly unknown[], context: ParseContext): ToolCall[] {
  const calls: ToolCall[] = [];
  const turns = new TurnCounter(context);
  messages.forEach((item, i) => {
    const message = item as Record<string, unknown>;
    const messagePath = childPath('$.messages', i);
    if (!MESSAGE_TYPES.has(message.type as string))
      context.unrecognised(messagePath, `a message of type ${JSON.stringify(message.type)}`);
    passOverForeignCallKeys(message, READ_KEYS, messagePath, context);
    if (message.type === 'user') turns.user(messagePath, userText(message.content));
    if (message.type === 'gemini') turns.assistant(messagePath, assistantText(message.content));
    const toolCalls = message.toolCalls;
    if (!Array.isArray(toolCalls)) return;
    const listPath = childPath(messagePath, 'toolCalls');
    toolCalls.forEach((entry: unknown, j) => {
      const path = childPath(listPath, j);
      if (!isObject(entry)) {
        context.warn(path, `skipped ${describeType(entry)}: expected a tool call object`);
        return;
      }
      if (typeof entry.name !== 'string' || entry.name.trim() === '') {
        context.warn(path, 'skipped a call with no tool name');
        return;
      }
      calls.push(turns.mark(toActualCall(readCall(entry, path, context), path, context.source)));
    });
  });
  return turns.finish(calls);
}

function readCall(entry: Record<string, unknown>, path: string, context: ParseContext): Record<string, unknown> {
  const raw: Record<string, unknown> = {
    tool: entry.name,
    args: readArguments(entry.args, childPath(path, 'args'), context) ?? {},
  };
  if (typeof entry.id === 'string' && entry.id !== '') raw.id = entry.id;
  const timestamp = unixSeconds(entry.timestamp);
  if (timestamp !== undefined) raw.timestamp = timestamp;
  const metadata: Record<string, unknown> = { format: 'gemini-cli' };
  if (typeof entry.status === 'string') metadata.status = entry.status;
  raw.metadata = metadata;
  const { result, failed, error } = resultOf(entry.result);
  if (result !== undefined) raw.result = result;
  if (entry.status === 'error') {
    raw.is_error = true;
    raw.error = error ?? errorText(entry.resultDisplay) ?? 'tool error';
  } else if (entry.status === 'cancelled') {
    raw.is_error = true;
    raw.error = 'cancelled';
  } else if (failed) {
    raw.is_error = true;
    if (error !== undefined) raw.error = error;
  }
  return raw;
}

/** What a recorded `result` holds: the one functionResponse's response, or every part when there are more. */
function resultOf(parts: unknown): { result?: unknown; failed?: boolean; error?: string } {
  if (!Array.isArray(parts) || parts.length === 0) return {};
  const read = parts.map((part) =>
    isObject(part) && isObject(part.functionResponse)
      ? outcomeOf(part.functionResponse.response)
      : { result: readContent(isObject(part) && typeof part.text === 'string' ? part.text : part) },
  );
  const failure = read.find((outcome) => outcome.failed === true);
  const result = read.length === 1 ? read[0]!.result : read.map((outcome) => outcome.result);
  return failure === undefined
    ? { result }
    : { result, failed: true, ...(failure.error === undefined ? {} : { error: failure.error }) };
}
