import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { failIfArgumentsUnreadable } from '../support/calls.js';
import { contentToText } from '../support/mcp-content.js';
import { readInMemory, type FromOptions } from '../support/call-collector.js';
import type { ParseContext, TraceFormat, TraceStreamReader } from '../types.js';
import { isObject } from '../../core/objects.js';

/**
 * MCP (JSON-RPC 2.0) traces: raw messages, batches (arrays, nested or not), transcripts whose items
 * wrap a message (`{dir|direction, timestamp?, duration?, message}`, one per line in JSON Lines), and
 * sessions recorded by `toolscore mcp record` (`{"format": "mcp", "messages": [...]}`, raw or wrapped
 * messages; a response may carry the measured round trip as `duration`), and the MCP Inspector's
 * logs: its message log (`{direction, origin, message, response, duration}` entries, the response
 * beside its request, duration in milliseconds) and its network log (`{requestBody, responseBody}`
 * HTTP bodies as text, JSON or Server-Sent Events), and JSON-RPC messages wrapped as `{"calls": [...]}`
 * or `{"tools": [...]}`.
 *
 * Only `tools/call` requests become calls, in request order; `initialize`, `tools/list`, other
 * methods and notifications never do. A response joins its request by id, ids compared as JSON-RPC
 * says: the string "1" and the number 1 are different ids, and null is no id. When directions are
 * recorded, a response joins a request sent the other way, so server-to-client requests (sampling,
 * pings) never answer a tool call.
 */

type Direction = 'c2s' | 's2c';

/** Where a message came from in a transcript, when the transcript says. */
interface Envelope {
  direction?: Direction;
  /** Unix seconds. */
  timestamp?: number;
  /** Seconds, as recorded beside the message. */
  duration?: number;
}

/** A request waiting for its response: a tool call, or another method whose answer is ignored. */
interface Pending {
  call?: ToolCall;
  method: string;
  timestamp?: number;
  path: string;
}

/** A JSON-RPC id usable for matching (a string or a number), as a map key that keeps the two apart. */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `s:${id}`;
  if (typeof id === 'number' && Number.isFinite(id)) return `n:${id}`;
  return undefined;
}

function readDirection(value: unknown): Direction | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text.startsWith('client') || text === 'c2s' || text === 'request' || text === 'outgoing') return 'c2s';
  if (text.startsWith('server') || text === 's2c' || text === 'response' || text === 'incoming') return 's2c';
  return undefined;
}

/** Unix seconds from a number (seconds, or milliseconds when larger than 1e11) or an ISO 8601 string. */
function readTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 1e11 ? value / 1000 : value;
  if (typeof value === 'string' && value.trim() !== '') {
    const millis = Date.parse(value);
    if (!Number.isNaN(millis)) {
      // Keep sub-millisecond digits that Date.parse drops.
      const fraction = /\.\d{4,}/.exec(value)?.[0];
      return fraction ? Math.floor(millis / 1000) + Number(`0${fraction}`) : millis / 1000;
    }
  }
  return undefined;
}

function readDuration(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function millisecondsAsSeconds(value: unknown): number | undefined {
  const ms = readDuration(value);
  return ms === undefined ? undefined : ms / 1000;
}

/** The envelope of the answer to a message: sent the other way, the round trip's duration on it. */
function answerEnvelope(sent: Envelope): Envelope {
  const answer: Envelope = {};
  if (sent.direction) answer.direction = sent.direction === 'c2s' ? 's2c' : 'c2s';
  if (sent.duration !== undefined) answer.duration = sent.duration;
  return answer;
}

/**
 * The key of a `{"calls": [...]}` or `{"tools": [...]}` wrapper around JSON-RPC messages, which the
 * Python tool reads as MCP traffic; a `tools` list of tool definitions (a tools/list result) is no such wrapper.
 */
function jsonRpcListKey(item: Record<string, unknown>): 'calls' | 'tools' | undefined {
  if ('jsonrpc' in item || 'method' in item) return undefined;
  if (Array.isArray(item.calls) && hasJsonRpc(item.calls, 0)) return 'calls';
  if (Array.isArray(item.tools) && hasJsonRpc(item.tools, 0)) return 'tools';
  return undefined;
}

/**
 * An entry of the Inspector's network log: HTTP bodies as text (its `method` is the HTTP method). The GET
 * that opens the server's event stream is logged with headers and no body, and is no JSON-RPC request.
 */
function isNetworkEntry(item: Record<string, unknown>): boolean {
  if ('jsonrpc' in item) return false;
  return typeof item.requestBody === 'string' || (typeof item.url === 'string' && isObject(item.requestHeaders));
}

function parseBody(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The messages of a response body: one JSON document, or the `data:` of each Server-Sent Event. */
function responseMessages(text: string): unknown[] {
  if (text.trim() === '') return [];
  const whole = parseBody(text);
  if (whole !== undefined) return [whole.value];
  const messages: unknown[] = [];
  // Events are separated by a blank line; an event's data is its `data:` lines joined by newlines.
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    const parsed = data === '' ? undefined : parseBody(data);
    if (parsed !== undefined) messages.push(parsed.value);
  }
  return messages;
}

/** Whether an object wraps a message (`{dir, message}`) rather than being one. */
function isWrapper(item: Record<string, unknown>): boolean {
  return (
    item.message !== null &&
    typeof item.message === 'object' &&
    !('jsonrpc' in item) &&
    !('method' in item) &&
    !('result' in item) &&
    !('error' in item)
  );
}

class McpReader implements TraceStreamReader {
  private readonly calls: ToolCall[] = [];
  private readonly pending = new Map<string, Pending>();
  private messages = 0;
  private session = false;

  constructor(private readonly context: ParseContext) {}

  push(item: unknown, path: string): void {
    this.visit(item, path, {}, 0);
  }

  finish(): ToolCall[] {
    if (this.messages === 0 && !this.session) {
      throw new ToolscoreInputError(
        { source: this.context.source, path: '$' },
        'found no JSON-RPC messages; the mcp format reads JSON-RPC 2.0 requests and responses ({"jsonrpc": "2.0", "method": "tools/call", ...}), batches of them, transcripts of {"dir", "message"} lines, or a session recorded by `toolscore mcp record` ({"format": "mcp", "messages": [...]})',
      );
    }
    for (const entry of this.pending.values()) {
      if (entry.call)
        this.context.warn(
          entry.path,
          `no response recorded for the tools/call of ${JSON.stringify(entry.call.tool)}; kept the call without a result`,
        );
    }
    this.pending.clear();
    for (const call of this.calls) failIfArgumentsUnreadable(call);
    if (this.calls.length === 0)
      this.context.warn('$', `no tools/call requests among ${this.messages} JSON-RPC messages`);
    return this.calls;
  }

  private visit(item: unknown, path: string, envelope: Envelope, depth: number): void {
    if (Array.isArray(item)) {
      if (depth > 8) {
        this.context.warn(path, 'skipped a batch nested too deeply');
        return;
      }
      item.forEach((element: unknown, i) => this.visit(element, childPath(path, i), envelope, depth + 1));
      return;
    }
    if (!isObject(item)) {
      this.context.warn(path, `skipped ${describeType(item)}: expected a JSON-RPC message`);
      return;
    }
    if (!('jsonrpc' in item) && !('method' in item) && Array.isArray(item.messages)) {
      if (item.format === 'mcp') this.session = true;
      this.visit(item.messages, childPath(path, 'messages'), envelope, depth + 1);
      return;
    }
    const wrapperKey = jsonRpcListKey(item);
    if (wrapperKey !== undefined) {
      this.visit(item[wrapperKey], childPath(path, wrapperKey), envelope, depth + 1);
      return;
    }
    if (isNetworkEntry(item)) {
      this.networkEntry(item, path, depth);
      return;
    }
    if (isWrapper(item)) {
      const wrapped: Envelope = {};
      // The Inspector's message log says who sent a message in `origin`, and "request" in `direction` for both sides.
      const direction = readDirection(item.origin ?? item.dir ?? item.direction);
      if (direction) wrapped.direction = direction;
      const timestamp = readTimestamp(item.timestamp ?? item.time ?? item.ts);
      if (timestamp !== undefined) wrapped.timestamp = timestamp;
      const answer = isObject(item.response) ? item.response : undefined;
      // An entry carrying its own response is the Inspector's message log, whose duration is in milliseconds.
      const duration = answer === undefined ? readDuration(item.duration) : millisecondsAsSeconds(item.duration);
      if (duration !== undefined) wrapped.duration = duration;
      this.visit(item.message, childPath(path, 'message'), wrapped, depth + 1);
      if (answer !== undefined) this.visit(answer, childPath(path, 'response'), answerEnvelope(wrapped), depth + 1);
      return;
    }
    this.message(item, path, envelope);
  }

  /**
   * One entry of the Inspector's network log: the JSON-RPC message sent as the `requestBody` text, the
   * answer as the `responseBody` text (JSON, or Server-Sent Events whose `data:` lines hold messages),
   * `duration` in milliseconds; a transport `error` without a response fails the request. Entries of
   * the OAuth flow (`category: "auth"`) and the body-less GET of the event stream carry no JSON-RPC
   * and are passed over.
   */
  private networkEntry(entry: Record<string, unknown>, path: string, depth: number): void {
    if (entry.category === 'auth' || typeof entry.requestBody !== 'string') return;
    const request = parseBody(entry.requestBody);
    if (request === undefined) {
      this.context.warn(childPath(path, 'requestBody'), 'skipped a network entry whose request body is not JSON');
      return;
    }
    const sent: Envelope = { direction: 'c2s' };
    const timestamp = readTimestamp(entry.timestamp);
    if (timestamp !== undefined) sent.timestamp = timestamp;
    const duration = millisecondsAsSeconds(entry.duration);
    if (duration !== undefined) sent.duration = duration;
    this.visit(request.value, childPath(path, 'requestBody'), sent, depth + 1);
    const answers = typeof entry.responseBody === 'string' ? responseMessages(entry.responseBody) : [];
    for (const answer of answers) this.visit(answer, childPath(path, 'responseBody'), answerEnvelope(sent), depth + 1);
    if (
      answers.length === 0 &&
      typeof entry.error === 'string' &&
      entry.error !== '' &&
      isObject(request.value) &&
      request.value.id !== undefined
    ) {
      this.visit(
        { jsonrpc: '2.0', id: request.value.id, error: { message: entry.error } },
        childPath(path, 'error'),
        answerEnvelope(sent),
        depth + 1,
      );
    }
  }

  private message(message: Record<string, unknown>, path: string, envelope: Envelope): void {
    if ('jsonrpc' in message && message.jsonrpc !== '2.0') {
      this.context.warn(
        childPath(path, 'jsonrpc'),
        `skipped a message with jsonrpc ${JSON.stringify(message.jsonrpc)}; expected "2.0"`,
      );
      return;
    }
    if (typeof message.method === 'string') {
      this.messages++;
      this.request(message, message.method, path, envelope);
    } else if ('result' in message || 'error' in message) {
      this.messages++;
      this.response(message, path, envelope);
    } else {
      this.context.warn(path, 'skipped an object that is neither a JSON-RPC request, notification nor response');
    }
  }

  private request(message: Record<string, unknown>, method: string, path: string, envelope: Envelope): void {
    const key = idKey(message.id);
    if (method === 'notifications/cancelled') {
      this.cancelled(message, envelope);
      return;
    }
    let call: ToolCall | undefined;
    // A tools/call skipped with a warning still waits for its answer, which then answers no call.
    if (method === 'tools/call') call = this.toolCall(message, path, envelope);
    if (key === undefined) return; // a notification, or a request whose answer cannot be matched
    const pendingKey = `${envelope.direction ?? '?'}|${key}`;
    const earlier = this.pending.get(pendingKey);
    if (earlier?.call) {
      this.context.warn(
        childPath(path, 'id'),
        `request id ${JSON.stringify(message.id)} reused before the earlier tools/call with that id was answered; the earlier call keeps no result`,
      );
    }
    const entry: Pending = { method, path };
    if (call) entry.call = call;
    if (envelope.timestamp !== undefined) entry.timestamp = envelope.timestamp;
    this.pending.set(pendingKey, entry);
  }

  private toolCall(message: Record<string, unknown>, path: string, envelope: Envelope): ToolCall | undefined {
    const paramsPath = childPath(path, 'params');
    const params = message.params;
    if (!isObject(params)) {
      this.context.warn(
        paramsPath,
        `skipped a tools/call request with ${describeType(params)} params: expected {"name", "arguments"}`,
      );
      return undefined;
    }
    const name = params.name;
    if (typeof name !== 'string' || name.trim() === '') {
      this.context.warn(childPath(paramsPath, 'name'), 'skipped a tools/call with no tool name');
      return undefined;
    }
    const call: ToolCall = {
      tool: name.trim(),
      args: readArguments(params.arguments, childPath(paramsPath, 'arguments'), this.context),
      is_error: false,
    };
    const metadata: Record<string, unknown> = { format: 'mcp' };
    if (message.id !== undefined) {
      metadata.jsonrpc_id = message.id;
      if (idKey(message.id) !== undefined) call.id = String(message.id);
    }
    if (envelope.timestamp !== undefined) call.timestamp = envelope.timestamp;
    call.metadata = metadata;
    this.calls.push(call);
    return call;
  }

  private cancelled(message: Record<string, unknown>, envelope: Envelope): void {
    const params = isObject(message.params) ? message.params : {};
    const key = idKey(params.requestId);
    if (key === undefined) return;
    const entry = this.pending.get(`${envelope.direction ?? '?'}|${key}`);
    if (!entry?.call) return;
    const metadata = (entry.call.metadata ??= {});
    metadata.cancelled = true;
    if (typeof params.reason === 'string' && params.reason !== '') metadata.cancel_reason = params.reason;
  }

  /** The request a response answers: sent the other way when directions are known. */
  private takePending(key: string, envelope: Envelope): [string, Pending] | undefined {
    const candidates =
      envelope.direction === 's2c'
        ? [`c2s|${key}`, `?|${key}`]
        : envelope.direction === 'c2s'
          ? [`s2c|${key}`, `?|${key}`]
          : [`?|${key}`, `c2s|${key}`, `s2c|${key}`];
    for (const candidate of candidates) {
      const entry = this.pending.get(candidate);
      if (entry) return [candidate, entry];
    }
    return undefined;
  }

  private response(message: Record<string, unknown>, path: string, envelope: Envelope): void {
    const key = idKey(message.id);
    if (key === undefined) {
      const error =
        isObject(message.error) && typeof message.error.message === 'string' ? `: ${message.error.message}` : '';
      this.context.warn(
        childPath(path, 'id'),
        `skipped a response with ${describeType(message.id)} as its id (it answers no request)${error}`,
      );
      return;
    }
    const found = this.takePending(key, envelope);
    if (!found) {
      this.context.warn(
        childPath(path, 'id'),
        `skipped a response to id ${JSON.stringify(message.id)}, which matches no earlier request`,
      );
      return;
    }
    const [pendingKey, entry] = found;
    this.pending.delete(pendingKey);
    const call = entry.call;
    if (!call) return; // the answer to initialize, tools/list, ...
    const metadata = (call.metadata ??= {});
    if (message.error !== undefined && message.error !== null) {
      const error = isObject(message.error) ? message.error : { message: message.error };
      call.is_error = true;
      call.error =
        typeof error.message === 'string' && error.message !== ''
          ? error.message
          : typeof error.code === 'number'
            ? `JSON-RPC error ${error.code}`
            : 'JSON-RPC error';
      if (typeof error.code === 'number') metadata.error_code = error.code;
      if (error.data !== undefined) metadata.error_data = error.data;
    } else {
      this.result(call, message.result, childPath(path, 'result'));
    }
    const duration =
      envelope.duration ??
      readDuration(message.duration) ??
      (envelope.timestamp !== undefined && entry.timestamp !== undefined && envelope.timestamp >= entry.timestamp
        ? envelope.timestamp - entry.timestamp
        : undefined);
    if (duration !== undefined) call.duration = duration;
  }

  private result(call: ToolCall, result: unknown, path: string): void {
    if (!isObject(result)) {
      this.context.warn(path, `the result is ${describeType(result)}, not a CallToolResult object; kept it as is`);
      call.result = result;
      return;
    }
    const content = result.content;
    const structured = result.structuredContent;
    const hasStructured = structured !== undefined && structured !== null;
    const hasContent = Array.isArray(content) && content.length > 0;
    const text = hasContent ? contentToText(content) : '';
    if (result.isError === true) {
      call.is_error = true;
      call.error =
        text !== ''
          ? text
          : hasStructured
            ? JSON.stringify(structured)
            : 'the tool reported an error (isError) without content';
      if (hasStructured) call.result = structured;
      return;
    }
    if (hasStructured) {
      call.result = structured;
      if (hasContent) (call.metadata ??= {}).content = content;
    } else if (hasContent) {
      call.result = text;
    } else {
      call.result = result;
    }
  }
}

function pushTopLevel(reader: McpReader, data: unknown, context: ParseContext): void {
  if (
    Array.isArray(data) ||
    (isObject(data) &&
      ('jsonrpc' in data ||
        Array.isArray(data.messages) ||
        isWrapper(data) ||
        isNetworkEntry(data) ||
        jsonRpcListKey(data) !== undefined ||
        'method' in data ||
        'result' in data ||
        'error' in data))
  ) {
    reader.push(data, '$');
    return;
  }
  throw new ToolscoreInputError(
    { source: context.source, path: '$' },
    `expected JSON-RPC 2.0 messages (an object, a batch array, or {"format": "mcp", "messages": [...]}), got ${describeType(data)}`,
  );
}

/** MCP traces: JSON-RPC 2.0 messages, batches, transcripts and recorded sessions. */
export const mcpFormat: TraceFormat = {
  name: 'mcp',
  looksFor:
    'JSON-RPC 2.0 messages ({"jsonrpc": "2.0", ...}), batches, {dir, message} transcripts or {"format": "mcp", "messages": [...]}',
  marks: ['jsonrpc', 'method', 'params', 'tools/call', 'isError', 'structuredContent'],
  detect: looksLikeMCP,
  description:
    'MCP JSON-RPC 2.0 messages, batches, {dir, message} transcripts, or sessions recorded by `toolscore mcp record`; tools/call requests joined with their responses',
  parse(data, context) {
    const reader = new McpReader(context);
    pushTopLevel(reader, data, context);
    return reader.finish();
  },
  createStreamReader(context) {
    return new McpReader(context);
  },
};

/**
 * Calls from in-memory MCP traffic: a message, a list or batch of messages, `{dir, message}` transcript
 * items, or a recorded session object.
 */
export function fromMCP(messages: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(mcpFormat, messages, options);
}

// ---- Detection ---------------------------------------------------------------------------------

/** A JSON-RPC 2.0 message, a `{dir, message}` transcript item, or a batch holding one. */
function hasJsonRpc(value: unknown, depth: number): boolean {
  if (Array.isArray(value)) return depth < 4 && value.some((item) => hasJsonRpc(item, depth + 1));
  if (!isObject(value)) return false;
  if (value.jsonrpc === '2.0') return true;
  // An Inspector network log entry: the message is the request body's text.
  if (typeof value.requestBody === 'string' && value.requestBody.includes('"jsonrpc"')) return true;
  return (
    !('jsonrpc' in value) &&
    value.message !== null &&
    typeof value.message === 'object' &&
    hasJsonRpc(value.message, depth + 1)
  );
}

/**
 * MCP: an object with `jsonrpc`; a recorded session (`{"format": "mcp"}`, or `messages` holding
 * JSON-RPC 2.0 messages); a list (or batch) with any JSON-RPC 2.0 message, raw or in `{dir, message}`.
 */
function looksLikeMCP(data: unknown): boolean {
  if (isObject(data)) {
    return (
      'jsonrpc' in data ||
      data.format === 'mcp' ||
      (Array.isArray(data.messages) && hasJsonRpc(data.messages, 0)) ||
      jsonRpcListKey(data) !== undefined ||
      hasJsonRpc(data, 0)
    );
  }
  return Array.isArray(data) && hasJsonRpc(data, 0);
}
