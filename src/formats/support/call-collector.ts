import { argumentsError, type LazyPath, pathText, toActualCall } from './calls.js';
import { childPath, describeType, ToolscoreInputError } from '../../core/errors.js';
import { isObject, ownKeyCount } from '../../core/objects.js';
import type { Args, ToolCall } from '../../core/types.js';
import {
  collectingContext,
  passedOverText,
  passedOverWarnings,
  type ParseContext,
  type TraceFormat,
} from '../types.js';
import type { UnrecognisedItems } from '../types.js';
import { TurnCounter } from './turns.js';

/**
 * What provider adapters share: collecting calls in order, joining tool results to them (by id, else
 * by name), reading result content, and the one "does this tool result report an error" heuristic.
 */

/** A chat message: an object with a string `role`. */
export function isRoleMessage(value: unknown): value is Record<string, unknown> & { role: string } {
  return isObject(value) && typeof value.role === 'string';
}

/** What came back for a call. */
export interface Outcome {
  /** What the tool returned (already read with `readContent`); undefined when nothing was recorded. */
  result?: unknown;
  /** Whether the call failed. */
  failed?: boolean;
  /** The error message, when the call failed with one. */
  error?: string;
}

interface PendingCall {
  tool: string;
  args: Args | null;
  id: string | undefined;
  metadata: Record<string, unknown> | undefined;
  path: LazyPath;
  outcome: Outcome | undefined;
  /** The next call in document order with the same id (ids should be unique; some traces reuse them). */
  sameId: PendingCall | undefined;
  /** The conversation turn it was made in (kept on the call only in a conversation). */
  turn: number;
}

interface PendingResult {
  id: string | undefined;
  name: string | undefined;
  outcome: Outcome;
  path: LazyPath;
}

/**
 * Stop reasons that mean the model ran out of output tokens: OpenAI Chat Completions `length`, the
 * Responses API's `max_output_tokens`, Anthropic `max_tokens`, Gemini `MAX_TOKENS`.
 */
const TOKEN_LIMIT_STOPS = new Set(['length', 'max_output_tokens', 'max_tokens', 'MAX_TOKENS']);

/** Warning for the call a response was writing when it hit its token limit. */
function cutAtTokenLimitText(field: string, stop: string): string {
  return `the response stopped at its output token limit (${field} ${JSON.stringify(stop)}) while writing this call; its arguments may be incomplete`;
}

/** Options of `CallCollector.add`. */
export interface CallOptions {
  id?: unknown;
  metadata?: Record<string, unknown>;
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Collects the calls an adapter reads, in document order, and the tool results it finds, then joins
 * them: a result goes to the call with its id, else (no id, or an id no call has) to the first
 * unanswered call of its tool name. Results are joined at the end, so their position does not matter.
 */
export class CallCollector {
  private readonly calls: PendingCall[] = [];
  private readonly results: PendingResult[] = [];
  /** Ids of calls skipped on purpose (empty names, hosted tools): their results are dropped quietly. */
  private readonly skippedIds = new Set<string>();
  private readonly unreadable: { path: string; what: string }[] = [];
  /** The user messages met so far: a reader tells it each one, in document order (see turns.ts). */
  readonly turns: TurnCounter;

  constructor(
    private readonly context: ParseContext,
    /** Format name, for error messages. */
    private readonly format: string,
  ) {
    this.turns = new TurnCounter(context);
  }

  /** Adds a call; an empty or missing tool name skips it with a warning (it does not abort the file). */
  add(name: unknown, args: Args | null, path: LazyPath, options: CallOptions = {}): void {
    const id = idOf(options.id);
    if (typeof name !== 'string' || name.trim() === '') {
      this.context.warn(
        pathText(path),
        typeof name === 'string'
          ? 'skipped a call with an empty tool name'
          : `skipped a call with no tool name (got ${describeType(name)})`,
      );
      if (id !== undefined) this.skippedIds.add(id);
      return;
    }
    this.calls.push({
      tool: name.trim(),
      args,
      id,
      metadata: options.metadata,
      path,
      outcome: undefined,
      sameId: undefined,
      turn: this.turns.current,
    });
  }

  /** How many calls were added so far (a reader notes it before a response, for `endedAtTokenLimit`). */
  get count(): number {
    return this.calls.length;
  }

  /**
   * Warns on the last call of a response that stopped at its output token limit while writing it:
   * `stop` is the response's stop reason (`field` names it), `before` the count before its calls were
   * added. A reader calls this only when the response ends on a call (no text after it).
   */
  endedAtTokenLimit(field: string, stop: unknown, before: number): void {
    if (typeof stop !== 'string' || !TOKEN_LIMIT_STOPS.has(stop) || this.calls.length <= before) return;
    this.context.warn(pathText(this.calls[this.calls.length - 1]!.path), cutAtTokenLimitText(field, stop));
  }

  /** Records a call that is deliberately not scored (a provider-hosted tool), with a warning. */
  skip(path: LazyPath, message: string, id?: unknown): void {
    this.context.warn(pathText(path), message);
    const known = idOf(id);
    if (known !== undefined) this.skippedIds.add(known);
  }

  /** Records an entry that looks like a tool call but could not be read, with a warning. */
  markUnreadable(where: LazyPath, what: string): void {
    const path = pathText(where);
    this.context.warn(path, `skipped ${what}`);
    this.unreadable.push({ path, what });
  }

  /** Records a tool result for the call with `id`, else the first unanswered call named `name`. */
  addResult(key: { id?: unknown; name?: unknown }, outcome: Outcome, path: LazyPath): void {
    const name = typeof key.name === 'string' && key.name.trim() !== '' ? key.name.trim() : undefined;
    this.results.push({ id: idOf(key.id), name, outcome, path });
  }

  /**
   * The calls with their results. Throws when the input held tool-call-looking entries but none of
   * them could be read: a recognised shape with zero calls is then a wrong shape, not a zero score.
   */
  finish(): ToolCall[] {
    const index: CallIndex = { byId: this.indexIds(), byName: undefined };
    for (const result of this.results) this.join(result, index);
    if (this.calls.length === 0 && this.unreadable.length > 0) {
      const first = this.unreadable[0]!;
      const more = this.unreadable.length > 1 ? ` (and ${this.unreadable.length - 1} more like it)` : '';
      throw new ToolscoreInputError(
        { source: this.context.source, path: first.path },
        `read as ${this.format} but found no tool calls: ${first.what}${more}. Check the format, or pass another one with --format.`,
      );
    }
    const conversation = this.turns.conversation;
    return this.calls.map((call) => {
      const collected = collectedCall(call, this.context.source);
      if (conversation) collected.turn = call.turn;
      return collected;
    });
  }

  /** The first call of each id, the others chained after it, so joining stays linear on long histories. */
  private indexIds(): Map<string, PendingCall> {
    const byId = new Map<string, PendingCall>();
    // Backwards, each call in front of the later ones: the chains end up in document order.
    for (let i = this.calls.length - 1; i >= 0; i--) {
      const call = this.calls[i]!;
      if (call.id === undefined) continue;
      call.sameId = byId.get(call.id);
      byId.set(call.id, call);
    }
    return byId;
  }

  /** Calls by tool name (each in document order), built only when a result has no id that a call has. */
  private indexNames(): Map<string, NamedCalls> {
    const byName = new Map<string, NamedCalls>();
    for (const call of this.calls) {
      const named = byName.get(call.tool);
      if (named) named.calls.push(call);
      else byName.set(call.tool, { calls: [call], next: 0 });
    }
    return byName;
  }

  private join(result: PendingResult, index: CallIndex): void {
    let call: PendingCall | undefined;
    const withId = result.id === undefined ? undefined : index.byId.get(result.id);
    if (result.id !== undefined) {
      if (this.skippedIds.has(result.id)) return;
      // The first unanswered call with that id, else the first one (which then reports a second result).
      call = withId;
      while (call !== undefined && call.outcome !== undefined) call = call.sameId;
      call ??= withId;
    }
    if (call === undefined && result.name !== undefined && withId === undefined) {
      // The first unanswered call of that tool; the cursor only moves forward past answered calls.
      const named = (index.byName ??= this.indexNames()).get(result.name);
      if (named) {
        while (named.next < named.calls.length && named.calls[named.next]!.outcome !== undefined) named.next++;
        call = named.calls[named.next];
      }
    }
    if (call === undefined) {
      const what =
        result.id !== undefined
          ? `call id ${JSON.stringify(result.id)}`
          : result.name !== undefined
            ? `tool ${JSON.stringify(result.name)}`
            : 'no call id or tool name';
      this.context.warn(pathText(result.path), `ignored a tool result for ${what}: no call it answers`);
      return;
    }
    if (call.outcome !== undefined) {
      this.context.warn(pathText(result.path), `ignored a second tool result for call id ${JSON.stringify(call.id)}`);
      return;
    }
    call.outcome = result.outcome;
  }
}

/** What `collectedCall` makes a call of: a collected call and what came back for it. */
export interface CollectedCall {
  tool: string;
  args: Args | null;
  id: string | undefined;
  metadata: Record<string, unknown> | undefined;
  path: LazyPath;
  outcome: Outcome | undefined;
}

/**
 * The call `finish` returns for a collected call: the object `referenceCollectedCall` builds, made
 * directly (long histories have a call every few messages). What the collector guarantees (a
 * trimmed, non-empty tool name, a string id, an error only with `failed`) is not checked again; any
 * other input goes through the reference, whose checks throw.
 * @internal Exported for its property test.
 */
export function collectedCall(call: CollectedCall, source: string): ToolCall {
  const { args, outcome } = call;
  if (args !== null && !isObject(args)) return referenceCollectedCall(call, source);
  const unreadable = argumentsError(args);
  // Fields in the order toActualCall writes them, so reports print them alike.
  const normalized: ToolCall = {
    tool: call.tool,
    args,
    is_error: unreadable !== undefined || outcome?.failed === true,
  };
  if (outcome?.result !== undefined) normalized.result = outcome.result;
  if (unreadable !== undefined) normalized.error = unreadable;
  else if (normalized.is_error && outcome!.error !== undefined && outcome!.error !== '')
    normalized.error = outcome!.error;
  if (call.id !== undefined) normalized.id = call.id;
  if (call.metadata && ownKeyCount(call.metadata) > 0) normalized.metadata = { ...call.metadata };
  return normalized;
}

/**
 * The plain version of `collectedCall`: the call's fields through `toActualCall`, the one
 * normalization of actual calls (and its checks).
 * @internal Exported for its property test.
 */
export function referenceCollectedCall(call: CollectedCall, source: string): ToolCall {
  const failed = call.outcome?.failed === true;
  const error = call.outcome?.error;
  return toActualCall(
    {
      tool: call.tool,
      args: call.args,
      id: call.id,
      result: call.outcome?.result,
      is_error: failed || undefined,
      error: failed && error !== '' ? error : undefined,
      metadata: call.metadata && ownKeyCount(call.metadata) > 0 ? call.metadata : undefined,
    },
    call.path,
    source,
  );
}

/** Lookup tables of `CallCollector.finish`. */
interface CallIndex {
  /** The first call of each id; later ones follow `sameId`. */
  byId: Map<string, PendingCall>;
  /** Built on the first result that has to be joined by name. */
  byName: Map<string, NamedCalls> | undefined;
}

/** The calls of one tool name, and the first that may still be unanswered. */
interface NamedCalls {
  calls: PendingCall[];
  next: number;
}

const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text']);

/**
 * A tool result as providers send it, made readable: a JSON text that holds an object or an array is
 * parsed, other text is kept as text; a list of text parts (`[{type: "text", text}]`) is joined into
 * one text first (newline-separated) and read the same way; anything else is kept as it is.
 * `null`/missing content is "nothing recorded" (undefined).
 */
export function readContent(content: unknown): unknown {
  if (content === undefined || content === null) return undefined;
  if (typeof content === 'string') return parseJsonContainer(content);
  if (Array.isArray(content) && content.length > 0 && content.every(isTextPart)) {
    return parseJsonContainer(content.map((part) => part.text).join('\n'));
  }
  return content;
}

function isTextPart(part: unknown): part is { text: string } {
  return (
    isObject(part) &&
    typeof part.text === 'string' &&
    (part.type === undefined || (typeof part.type === 'string' && TEXT_PART_TYPES.has(part.type)))
  );
}

function parseJsonContainer(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return parsed !== null && typeof parsed === 'object' ? parsed : text;
  } catch {
    return text;
  }
}

/** A result value as an error message: text as is, anything else as JSON. */
export function errorText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.message === 'string' && value.message !== '') return value.message;
  return JSON.stringify(value);
}

const ERROR_PREFIX = /^\s*error\s*:/i;

/**
 * Whether a tool result reports an error, for protocols that have no error flag of their own (OpenAI
 * `role: "tool"` messages and `function_call_output`s, Gemini `functionResponse`s). Deliberately
 * conservative, so ordinary results are never mistaken for failures:
 * - an object with a non-empty `error` member (`{"error": "..."}`, `{"error": {"message": ...}}`), or
 *   with `isError: true` / `is_error: true` (an MCP CallToolResult passed through);
 * - a text that starts with `Error:` (any case, leading spaces allowed).
 * Returns the outcome to record, or undefined when the result looks like a success.
 * @internal Exported for its tests only.
 */
export function reportedError(result: unknown): Outcome | undefined {
  if (typeof result === 'string') return ERROR_PREFIX.test(result) ? { failed: true, error: result.trim() } : undefined;
  if (!isObject(result)) return undefined;
  const error = result.error;
  const hasError =
    error !== undefined &&
    error !== null &&
    error !== false &&
    error !== '' &&
    !(isObject(error) && Object.keys(error).length === 0) &&
    !(Array.isArray(error) && error.length === 0);
  if (hasError) {
    const message = error === true ? errorText(result.message) : errorText(error);
    return message === undefined ? { failed: true } : { failed: true, error: message };
  }
  if (result.isError === true || result.is_error === true) {
    const text = readContent(result.content);
    const message = typeof text === 'string' ? text : undefined;
    return message === undefined ? { failed: true } : { failed: true, error: message };
  }
  return undefined;
}

/** The outcome of a tool result without an error flag: the content, failed when `reportedError` says so. */
export function outcomeOf(content: unknown): Outcome {
  const result = readContent(content);
  const error = reportedError(result);
  return error ? { result, ...error } : { result };
}

/** How many values the mark scans look at, at most: enough for any shape, bounded on huge input. */
const SCANNED_VALUES = 4096;
/** Members whose string value names a kind of item (or a JSON-RPC method), taken as marks beside the keys. */
const KIND_KEYS = new Set(['type', 'object', 'role', 'event', 'part_kind', 'kind', 'method']);

/** The keys and kind values (`type: "tool_use"` gives `tool_use`) of data, breadth first, bounded. */
export function marksOf(data: unknown, limit = SCANNED_VALUES): Set<string> {
  const marks = new Set<string>();
  const queue: unknown[] = [data];
  for (let i = 0; i < queue.length && i < limit; i++) {
    const value = queue[i];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) queue.push(item);
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const member = (value as Record<string, unknown>)[key];
      marks.add(key);
      if (KIND_KEYS.has(key) && typeof member === 'string') marks.add(member);
      else queue.push(member);
    }
  }
  return marks;
}

/** Kinds and keys that only a tool call or a tool result carries, in any format this package knows. */
const CALL_MARKS = [
  'tool_calls',
  'tool_call',
  'toolCalls',
  'toolCall',
  'tool_use',
  'toolUse',
  'tool-call',
  'function_call',
  'functionCall',
  'tool_call_id',
  'tool_use_id',
  'toolCallId',
  'tool_result',
  'toolResult',
  'tool-return',
  'functionResponse',
  'function_response',
];

/**
 * Tells `context` of each call key of `item` (`CALL_MARKS`: `function_call`, `toolCalls`, `tool_use`,
 * ...) that its reader does not read (`read`), so a zero-call reading names the member it passed over.
 */
export function passOverForeignCallKeys(
  item: Record<string, unknown>,
  read: ReadonlySet<string>,
  path: string,
  context: ParseContext,
): void {
  for (const key of CALL_MARKS)
    if (!read.has(key) && Object.hasOwn(item, key) && item[key] !== null && item[key] !== undefined)
      context.unrecognised(childPath(path, key), `a "${key}" member it does not read`);
}

/** The first call mark in data (bounded scan), or undefined. */
export function callMarkIn(data: unknown): string | undefined {
  const marks = marksOf(data);
  return CALL_MARKS.find((mark) => marks.has(mark));
}

/** A reading that ended with no call. */
export interface ZeroReading {
  adapter: TraceFormat;
  /** Whether the format was named (`-f`), not detected. */
  explicit: boolean;
  source: string;
  /** What the reader passed over without knowing it. */
  passedOver: UnrecognisedItems;
  warnings: string[];
}

/** What every "found no tool calls it could use" warning says, so the console can tell it from the rest. */
const NOTHING_READ = 'found no tool calls it could use';

/** Whether a warning says the reader found nothing it could use (the agent is not to blame for the zero). */
export function isNothingReadWarning(warning: string): boolean {
  return warning.includes(NOTHING_READ);
}

/**
 * The one rule against a silent "0 calls": a named format that does not recognise non-empty data is an
 * error; a reading that passed over unknown items, or whose data holds call marks, gets a warning. A
 * chat with no tool call in it stays a zero without either. `samples` are what `detect` is asked
 * about, in turn (the data; for JSON Lines the first lines as a list, then the first line).
 */
export function checkZeroCalls(
  reading: ZeroReading,
  samples: readonly unknown[],
  what: string,
  findMark: () => string | undefined,
  where: { path?: string; line?: number } = { path: '$' },
  /** Names the format that claims the data, for the error (`registry.ts` knows them all). */
  claimHint: (samples: readonly unknown[]) => string = () => '',
): void {
  if (isEmptyInput(samples[0])) return;
  const { adapter, source } = reading;
  if (
    reading.explicit &&
    !samples.some((sample) => adapter.detect(sample) || adapter.holdsNoCalls?.(sample) === true || isPlainChat(sample))
  )
    throw new ToolscoreInputError(
      { source, ...where },
      `read as ${adapter.name} but found no tool calls in ${what}, which ${adapter.name} does not recognise (it looks for ${adapter.looksFor})${claimHint(samples)}`,
    );
  const first = reading.passedOver.first;
  const mark = first === undefined ? findMark() : undefined;
  if (first === undefined && mark === undefined) return;
  const because =
    first !== undefined
      ? `it passed over ${passedOverText(first.what, reading.passedOver.kinds?.get(first.what)?.count ?? reading.passedOver.count)}`
      : `the input holds "${mark}" entries`;
  const at = first?.path ?? where.path;
  reading.warnings.push(
    `${source}${at ? ` at ${at}` : ''}: read as ${adapter.name} but ${NOTHING_READ}, though ${because}; check the format (--format) before reading the score`,
  );
}

/**
 * A chat with no tool call in it (a `{role, ...}` message, a list of them, or `{messages}` / `{contents}`
 * of them, with no call mark): every chat format may read it, and none finds a call there.
 */
function isPlainChat(data: unknown): boolean {
  const messages = isRoleMessage(data) ? [data] : isObject(data) ? (data.messages ?? data.contents) : data;
  return (
    Array.isArray(messages) && messages.length > 0 && messages.every(isRoleMessage) && callMarkIn(data) === undefined
  );
}

/** `[]`: no calls in any format (a run that made none), whatever shape the format expects of a list. */
export function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

function isEmptyInput(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && Object.keys(data).length === 0;
}

/** Options of the in-memory helpers (`fromOpenAI`, `fromAnthropic`, `fromGemini`). */
export interface FromOptions {
  /** Name used in error messages and warnings; defaults to the format name. */
  source?: string;
  /** Receives each warning (skipped entries, repaired arguments). */
  onWarning?: (warning: string) => void;
}

/**
 * Reads an in-memory value (an SDK response object, a message list) with a format. Objects with a
 * `toJSON()` method are converted first, as `JSON.stringify` would.
 */
export function readInMemory(format: TraceFormat, value: unknown, options: FromOptions = {}): ToolCall[] {
  const warnings: string[] = [];
  const data = plainValue(value);
  const source = options.source ?? format.name;
  const passedOver: UnrecognisedItems = { count: 0 };
  const calls = isEmptyList(data) ? [] : format.parse(data, collectingContext(source, warnings, passedOver));
  warnings.push(...passedOverWarnings(source, passedOver, calls.length === 0));
  if (calls.length === 0)
    checkZeroCalls({ adapter: format, explicit: true, source, passedOver, warnings }, [data], describeKeys(data), () =>
      callMarkIn(data),
    );
  if (options.onWarning) for (const warning of warnings) options.onWarning(warning);
  return calls;
}

function plainValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
  return value;
}

/** A short description of an object's keys, for "not this shape" errors. */
export function describeKeys(value: unknown): string {
  if (!isObject(value)) return describeType(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 6).join(', ');
  return `an object with keys ${shown}${keys.length > 6 ? ', …' : ''}`;
}
