import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { Args, ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { failIfArgumentsUnreadable } from '../support/calls.js';
import { nanosToSeconds, pickAttributes, readAttributeSlots, toUnixNanos } from '../support/otlp-values.js';
import { readInMemory, type FromOptions } from '../support/call-collector.js';
import type { ParseContext, TraceFormat, TraceStreamReader } from '../types.js';
import { isObject } from '../../core/objects.js';
import { assistantText } from '../support/turns.js';

/**
 * OpenTelemetry traces: OTLP/JSON exports (`resourceSpans[].scopeSpans[].spans[]`, attributes as
 * KeyValue lists of AnyValues), plain span lists (attributes as KeyValue lists or plain objects; SDK
 * `to_json()` and JS `ReadableSpan` shapes), MLflow traces (`Trace.to_json()`: `{info, data: {spans}}`,
 * MLflow 2 spans with `context` ids and `status_code`, MLflow 3 spans with snake_case OTLP fields), and
 * JSON Lines with a span, a span list or a whole export on each line.
 *
 * A call is a tool span of one of four vocabularies, the first that has a field winning:
 * - GenAI semantic conventions: `execute_tool` spans, or spans with `gen_ai.tool.name` (also MCP
 *   `tools/call` spans): `gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.call.arguments`,
 *   `gen_ai.tool.call.result`, `error.type`;
 * - Vercel AI SDK `ai.toolCall` spans: `ai.toolCall.name`, `.id`, `.args`/`.input`, `.result`/`.output`;
 * - OpenInference `TOOL` spans: `tool.name` (else `tool_call.function.name`), `tool_call.id`,
 *   `tool_call.function.arguments` (else `input.value`), `output.value`;
 * - MLflow `TOOL` spans (`mlflow.spanType`): the span's name (else `mlflow.spanFunctionName`),
 *   `mlflow.spanInputs`, `mlflow.spanOutputs`, attribute values JSON-encoded as MLflow writes them.
 *
 * Arguments missing from a tool span are taken from the `tool_call` part with the same id in a model
 * span's `gen_ai.output.messages` (or the AI SDK's `ai.response.toolCalls`). A trace with model spans
 * but no tool spans at all gives the calls those parts announce. Calls are ordered by start time; calls
 * that started in the same instant keep the order in which the model announced them, then file order.
 * Duration is end minus start, computed on exact nanoseconds.
 *
 * The reply is the text of the last model response (by start time) that has some: a model span's
 * `gen_ai.output.messages` text parts of its first choice (on the span, or on an event of it when
 * content is captured on events), else `gen_ai.completion.0.content`, OpenInference LLM spans'
 * `llm.output_messages.0.message` content, the AI SDK's `ai.response.text` of its doGenerate /
 * doStream spans, an MLflow `CHAT_MODEL` / `LLM` span's outputs (a chat completion's or a Responses
 * API response's text); reasoning and tool_call parts are no text. An agent span's output (`invoke_agent`,
 * the AI SDK's generateText / streamText, an MLflow `AGENT` span) stands in only when no model span has text. A trace that
 * captured no such text records no reply (a `response` check says so), rather than an empty one.
 */

/** Attributes the adapter reads, each in a fixed slot; nothing else is decoded. */
const ATTRIBUTE_KEYS = [
  'gen_ai.operation.name',
  'gen_ai.tool.name',
  'gen_ai.tool.call.id',
  'gen_ai.tool.call.arguments',
  'gen_ai.tool.call.result',
  'gen_ai.execute_tool.duration',
  'gen_ai.output.messages',
  'error.type',
  'mcp.method.name',
  'jsonrpc.request.id',
  'ai.operationId',
  'ai.toolCall.name',
  'ai.toolCall.id',
  'ai.toolCall.args',
  'ai.toolCall.input',
  'ai.toolCall.result',
  'ai.toolCall.output',
  'ai.response.toolCalls',
  'openinference.span.kind',
  'tool.name',
  'tool_call.id',
  'input.value',
  'input.mime_type',
  'output.value',
  'tool_call.function.name',
  'tool_call.function.arguments',
  'mlflow.spanType',
  'mlflow.spanFunctionName',
  'mlflow.spanInputs',
  'mlflow.spanOutputs',
  'ai.response.text',
  'gen_ai.completion.0.content',
  'llm.output_messages.0.message.content',
  'llm.output_messages.0.message.contents.0.message_content.text',
] as const;
const SLOTS: ReadonlyMap<string, number> = new Map(ATTRIBUTE_KEYS.map((key, i) => [key, i]));
const A_GEN_AI_OPERATION_NAME = 0;
const A_GEN_AI_TOOL_NAME = 1;
const A_GEN_AI_TOOL_CALL_ID = 2;
const A_GEN_AI_TOOL_CALL_ARGUMENTS = 3;
const A_GEN_AI_TOOL_CALL_RESULT = 4;
const A_GEN_AI_EXECUTE_TOOL_DURATION = 5;
const A_GEN_AI_OUTPUT_MESSAGES = 6;
const A_ERROR_TYPE = 7;
const A_MCP_METHOD_NAME = 8;
const A_JSONRPC_REQUEST_ID = 9;
const A_AI_OPERATIONID = 10;
const A_AI_TOOLCALL_NAME = 11;
const A_AI_TOOLCALL_ID = 12;
const A_AI_TOOLCALL_ARGS = 13;
const A_AI_TOOLCALL_INPUT = 14;
const A_AI_TOOLCALL_RESULT = 15;
const A_AI_TOOLCALL_OUTPUT = 16;
const A_AI_RESPONSE_TOOLCALLS = 17;
const A_OPENINFERENCE_SPAN_KIND = 18;
const A_TOOL_NAME = 19;
const A_TOOL_CALL_ID = 20;
const A_INPUT_VALUE = 21;
const A_INPUT_MIME_TYPE = 22;
const A_OUTPUT_VALUE = 23;
const A_TOOL_CALL_FUNCTION_NAME = 24;
const A_TOOL_CALL_FUNCTION_ARGUMENTS = 25;
const A_MLFLOW_SPAN_TYPE = 26;
const A_MLFLOW_SPAN_FUNCTION_NAME = 27;
const A_MLFLOW_SPAN_INPUTS = 28;
const A_MLFLOW_SPAN_OUTPUTS = 29;
const A_AI_RESPONSE_TEXT = 30;
const A_GEN_AI_COMPLETION_0_CONTENT = 31;
const A_LLM_OUTPUT_MESSAGE_CONTENT = 32;
const A_LLM_OUTPUT_MESSAGE_CONTENTS_TEXT = 33;

/** GenAI operations that are not tool executions even if a span carries `gen_ai.tool.name`. */
const NON_TOOL_OPERATIONS = new Set([
  'chat',
  'text_completion',
  'generate_content',
  'embeddings',
  'invoke_agent',
  'create_agent',
]);

/** Operations whose `gen_ai.output.messages` are one model response (not an agent's aggregate). */
const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/** Attribute prefixes that show a span belongs to an LLM application. */
const GENAI_PREFIXES = ['gen_ai.', 'ai.', 'llm.', 'openinference.', 'tool.', 'tool_call.', 'mcp.', 'traceloop.'];

function nonEmpty(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function idOf(value: unknown): string | undefined {
  return nonEmpty(value);
}

function isErrorCode(code: unknown): boolean {
  return code === 2 || code === '2' || code === 'STATUS_CODE_ERROR' || code === 'ERROR';
}

/**
 * A result recorded as JSON text is decoded, other text is kept (exporters label JSON-encoded results
 * `text/plain`, so the MIME type is not trusted).
 */
function decodeResult(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const first = value.trimStart().charCodeAt(0);
  // { [ " - 0-9 t f n
  const maybeJson =
    first === 0x7b ||
    first === 0x5b ||
    first === 0x22 ||
    first === 0x2d ||
    (first >= 0x30 && first <= 0x39) ||
    first === 0x74 ||
    first === 0x66 ||
    first === 0x6e;
  if (!maybeJson) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A tool span, read; turned into a call once the whole trace is known. */
interface Candidate {
  position: number;
  /** Where the span is: built only when a warning needs it. */
  at: SpanAt;
  tool: string;
  id?: string;
  parentId?: string;
  start?: bigint;
  end?: bigint;
  /** Raw arguments as recorded, or undefined when the span has none. */
  rawArgs: unknown;
  /** The attribute the arguments came from. */
  argsKey?: string;
  /** Set when the arguments came from an inner span of the same call. */
  argsAt?: SpanAt;
  /** Arguments taken from a text-typed OpenInference input. */
  textInput?: string;
  hasResult: boolean;
  result?: unknown;
  failed: boolean;
  error?: string;
  errorType?: string;
  durationAttribute?: number;
  traceId?: string;
  spanId?: string;
  /** Sort key for calls that started in the same instant: the order the model announced them in. */
  ordinal?: number;
}

/** A span's place in the input: a list path and an index in it (or the path itself). */
interface SpanAt {
  base: string;
  index: number;
}

function pathOf(at: SpanAt): string {
  return at.index < 0 ? at.base : `${at.base}[${at.index}]`;
}

function announcedPath(entry: Announced): string {
  return childPath(childPath(pathOf(entry.at), 'attributes'), entry.attribute);
}

/** A tool call announced by a model span (a `tool_call` output part). */
interface Announced {
  ordinal: number;
  name?: string;
  arguments: unknown;
  hasArguments: boolean;
  /** The model span and the attribute that announced it, for warnings. */
  at: SpanAt;
  attribute: string;
  start?: bigint;
  position: number;
}

/**
 * A tool span's vocabulary: GenAI or AI SDK attributes (`tool`), OpenInference (`openinference`,
 * whose input and output may stand for arguments and result), or MLflow (`mlflow`: the span's name
 * is the tool, `mlflow.spanInputs` its arguments, `mlflow.spanOutputs` its result).
 */
type SpanKind = 'tool' | 'openinference' | 'mlflow';

/** An MLflow attribute's text: MLflow stores attribute values JSON-encoded (`"\"TOOL\""`). */
function mlflowText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.charCodeAt(0) !== 0x22) return value;
  const decoded = parseJsonOrUndefined(value);
  return typeof decoded === 'string' ? decoded : undefined;
}

/**
 * Which kind of tool span a span is: a GenAI `execute_tool` span (or one with `gen_ai.tool.name`,
 * or an MCP `tools/call` span), a Vercel AI SDK `ai.toolCall` span, an OpenInference `TOOL` span
 * (`openinference`, whose input and output may stand for arguments and result), or none.
 */
function toolSpanKind(attrs: unknown[], operation: unknown, name: string): SpanKind | undefined {
  const kind = attrs[A_OPENINFERENCE_SPAN_KIND];
  if (typeof kind === 'string' && kind.toUpperCase() === 'TOOL') return 'openinference';
  if (mlflowText(attrs[A_MLFLOW_SPAN_TYPE]) === 'TOOL') return 'mlflow';
  const isGenAi =
    operation === 'execute_tool' ||
    (nonEmpty(attrs[A_GEN_AI_TOOL_NAME]) !== undefined &&
      !(typeof operation === 'string' && NON_TOOL_OPERATIONS.has(operation))) ||
    attrs[A_MCP_METHOD_NAME] === 'tools/call' ||
    (operation === undefined && name.startsWith('execute_tool '));
  const isAiSdk = name === 'ai.toolCall' || attrs[A_AI_OPERATIONID] === 'ai.toolCall';
  return isGenAi || isAiSdk ? 'tool' : undefined;
}

/** The tool a tool span ran: from its attributes, else from its name (`execute_tool search`). */
function toolNameOf(attrs: unknown[], name: string, kind: SpanKind): string | undefined {
  if (kind === 'mlflow') return nonEmpty(name) ?? nonEmpty(mlflowText(attrs[A_MLFLOW_SPAN_FUNCTION_NAME]));
  return (
    nonEmpty(attrs[A_GEN_AI_TOOL_NAME]) ??
    nonEmpty(attrs[A_AI_TOOLCALL_NAME]) ??
    nonEmpty(attrs[A_TOOL_NAME]) ??
    nonEmpty(attrs[A_TOOL_CALL_FUNCTION_NAME]) ??
    nonEmpty(/^(?:execute_tool|tools\/call) (.+)$/.exec(name)?.[1])
  );
}

/** A candidate with every field present from the start: one object shape for all candidates. */
function newCandidate(position: number, at: SpanAt, tool: string): Candidate {
  return {
    position,
    at,
    tool,
    id: undefined,
    parentId: undefined,
    start: undefined,
    end: undefined,
    rawArgs: undefined,
    argsKey: undefined,
    argsAt: undefined,
    textInput: undefined,
    hasResult: false,
    result: undefined,
    failed: false,
    error: undefined,
    errorType: undefined,
    durationAttribute: undefined,
    traceId: undefined,
    spanId: undefined,
    ordinal: undefined,
  };
}

/** The result of a tool span: the first result attribute, else an OpenInference or MLflow output. */
function readResult(candidate: Candidate, attrs: unknown[], kind: SpanKind): void {
  for (const slot of RESULT_SLOTS) {
    if (attrs[slot] !== undefined) {
      candidate.hasResult = true;
      candidate.result = decodeResult(attrs[slot]);
      return;
    }
  }
  const output =
    kind === 'openinference' ? attrs[A_OUTPUT_VALUE] : kind === 'mlflow' ? attrs[A_MLFLOW_SPAN_OUTPUTS] : undefined;
  if (output !== undefined) {
    candidate.hasResult = true;
    candidate.result = decodeResult(output);
  }
}

class OtelReader implements TraceStreamReader {
  private readonly candidates: Candidate[] = [];
  /** Tool spans by span id (the first one of each id), for duplicates and nested spans. */
  private readonly bySpanId = new Map<string, Candidate>();
  private readonly scratch = new Array<unknown>(SLOTS.size);
  private readonly announced = new Map<string, Announced>();
  /** The model (and agent) spans' recorded outputs: the reply is read from the last at the end. */
  private readonly outputs: RecordedOutput[] = [];
  private spans = 0;
  private genAi = false;
  private readonly noticeKey = (key: string): void => {
    if (!this.genAi && GENAI_PREFIXES.some((prefix) => key.startsWith(prefix))) this.genAi = true;
  };

  constructor(private readonly context: ParseContext) {}

  push(item: unknown, path: string): void {
    this.visit(item, path, 0);
  }

  private visit(item: unknown, path: string, depth: number): void {
    if (Array.isArray(item)) {
      if (depth > 4) {
        this.context.warn(path, 'skipped a list nested too deeply');
        return;
      }
      for (let i = 0; i < item.length; i++) this.visit(item[i], `${path}[${i}]`, depth + 1);
      return;
    }
    if (!isObject(item)) {
      this.context.warn(path, `skipped ${describeType(item)}: expected a span or an OTLP export`);
      return;
    }
    if (Array.isArray(item.resourceSpans)) {
      const base = `${path}.resourceSpans`;
      item.resourceSpans.forEach((resource: unknown, i) => this.resource(resource, `${base}[${i}]`));
      return;
    }
    if (Array.isArray(item.scopeSpans) || Array.isArray(item.instrumentationLibrarySpans)) {
      this.resource(item, path);
      return;
    }
    if (isMlflowTrace(item)) {
      this.spanList(item.data.spans, `${path}.data.spans`);
      return;
    }
    if (Array.isArray(item.spans) && item.attributes === undefined) {
      this.spanList(item.spans, `${path}.spans`);
      return;
    }
    this.span(item, path, -1);
  }

  private resource(resource: unknown, path: string): void {
    if (!isObject(resource)) return;
    const [key, scopes] = Array.isArray(resource.scopeSpans)
      ? ['scopeSpans', resource.scopeSpans]
      : Array.isArray(resource.instrumentationLibrarySpans)
        ? ['instrumentationLibrarySpans', resource.instrumentationLibrarySpans]
        : ['', []];
    scopes.forEach((scope: unknown, i) => {
      if (isObject(scope) && Array.isArray(scope.spans)) this.spanList(scope.spans, `${path}.${key}[${i}].spans`);
    });
  }

  private spanList(spans: unknown[], path: string): void {
    for (let i = 0; i < spans.length; i++) this.span(spans[i], path, i);
  }

  private span(span: unknown, base: string, index: number): void {
    if (!isObject(span)) {
      this.context.warn(pathOf({ base, index }), `skipped ${describeType(span)}: expected a span object`);
      return;
    }
    const position = this.spans++;
    // One scratch array for every span: nothing read from it is kept by reference to it.
    const attrs = readAttributeSlots(span.attributes, SLOTS, this.genAi ? undefined : this.noticeKey, this.scratch);
    const name = typeof span.name === 'string' ? span.name : '';
    const operation = attrs[A_GEN_AI_OPERATION_NAME];
    if (attrs[A_GEN_AI_OUTPUT_MESSAGES] !== undefined || attrs[A_AI_RESPONSE_TOOLCALLS] !== undefined) {
      this.announce(attrs, operation, startOf(span), { base, index }, position);
    }
    if (this.context.assistantText !== undefined) this.noteOutput(span, attrs, operation, { base, index }, position);
    const kind = toolSpanKind(attrs, operation, name);
    if (kind === undefined) return;
    this.genAi = true;
    const at: SpanAt = { base, index };
    const tool = toolNameOf(attrs, name, kind);
    if (tool === undefined) {
      this.context.warn(pathOf(at), `skipped a tool span${name ? ` (${JSON.stringify(name)})` : ''} with no tool name`);
      return;
    }
    const candidate = newCandidate(position, at, tool.trim());
    if (!this.identify(candidate, span, attrs)) return;
    this.readArguments(candidate, attrs, kind);
    readResult(candidate, attrs, kind);
    this.failure(candidate, span, attrs, at);
    this.candidates.push(candidate);
  }

  /**
   * The ids and times of a tool span, set on its candidate; false for a span already read (the same
   * span id in the same trace), which is skipped with a warning.
   */
  private identify(candidate: Candidate, span: Record<string, unknown>, attrs: unknown[]): boolean {
    let spanId = idOf(span.spanId);
    let traceId = idOf(span.traceId);
    if (spanId === undefined || traceId === undefined) {
      const context = isObject(span.context) ? span.context : isObject(span.spanContext) ? span.spanContext : undefined;
      spanId ??= idOf(span.span_id ?? context?.span_id ?? context?.spanId);
      traceId ??= idOf(span.trace_id ?? context?.trace_id ?? context?.traceId);
    }
    if (spanId !== undefined) {
      const earlier = this.bySpanId.get(spanId);
      if (earlier !== undefined && earlier.traceId === traceId) {
        this.context.warn(pathOf(candidate.at), `skipped span ${spanId} seen earlier in the trace`);
        return false;
      }
      if (earlier === undefined) this.bySpanId.set(spanId, candidate);
      candidate.spanId = spanId;
    }
    if (traceId !== undefined) candidate.traceId = traceId;
    const parentId = idOf(
      span.parentSpanId ??
        span.parent_span_id ??
        span.parent_id ??
        (isObject(span.parentSpanContext) ? span.parentSpanContext.spanId : undefined),
    );
    if (parentId !== undefined) candidate.parentId = parentId;
    const id =
      idOf(attrs[A_GEN_AI_TOOL_CALL_ID]) ??
      idOf(attrs[A_AI_TOOLCALL_ID]) ??
      idOf(attrs[A_TOOL_CALL_ID]) ??
      idOf(attrs[A_JSONRPC_REQUEST_ID]);
    if (id !== undefined) candidate.id = id;
    const start = startOf(span);
    if (start !== undefined) candidate.start = start;
    const end = toUnixNanos(span.endTimeUnixNano ?? span.end_time_unix_nano ?? span.end_time ?? span.endTime);
    if (end !== undefined) candidate.end = end;
    const durationAttribute = attrs[A_GEN_AI_EXECUTE_TOOL_DURATION];
    if (typeof durationAttribute === 'number' && Number.isFinite(durationAttribute))
      candidate.durationAttribute = durationAttribute;
    return true;
  }

  /** The arguments of a tool span: the first argument attribute, else an OpenInference input (text kept as text). */
  private readArguments(candidate: Candidate, attrs: unknown[], kind: SpanKind): void {
    for (const [slot, key] of ARGUMENT_SLOTS) {
      if (attrs[slot] !== undefined) {
        candidate.rawArgs = attrs[slot];
        candidate.argsKey = key;
        break;
      }
    }
    if (candidate.rawArgs !== undefined && candidate.id !== undefined) {
      // The announced copy of these arguments is no longer needed (memory follows the calls once).
      const announced = this.announced.get(candidate.id);
      if (announced !== undefined) {
        announced.arguments = undefined;
        announced.hasArguments = false;
      }
    }
    if (candidate.rawArgs === undefined && kind === 'mlflow' && attrs[A_MLFLOW_SPAN_INPUTS] !== undefined) {
      candidate.argsKey = 'mlflow.spanInputs';
      candidate.rawArgs = attrs[A_MLFLOW_SPAN_INPUTS];
    }
    if (candidate.rawArgs === undefined && kind === 'openinference' && attrs[A_INPUT_VALUE] !== undefined) {
      candidate.argsKey = 'input.value';
      if (attrs[A_INPUT_MIME_TYPE] === 'text/plain' && typeof attrs[A_INPUT_VALUE] === 'string')
        candidate.textInput = attrs[A_INPUT_VALUE];
      else candidate.rawArgs = attrs[A_INPUT_VALUE];
    }
  }

  /** Failure: an `error.type` attribute, or an ERROR status (unless contradicted by a recorded result). */
  private failure(candidate: Candidate, span: Record<string, unknown>, attrs: unknown[], at: SpanAt): void {
    const errorType = nonEmpty(attrs[A_ERROR_TYPE]);
    if (errorType !== undefined) candidate.errorType = errorType;
    const status = isObject(span.status) ? span.status : undefined;
    // MLflow 2 spans keep their status beside the attributes: `status_code`, `status_message`.
    const statusError =
      (status !== undefined && isErrorCode(status.code ?? status.status_code)) || isErrorCode(span.status_code);
    if (errorType === undefined && !statusError) return;
    const exception = exceptionMessage(span.events);
    if (errorType === undefined && candidate.hasResult && exception === undefined) {
      // A tool span records its result only when the tool succeeded; a bare ERROR status beside a
      // result and no exception is most likely a status copied from elsewhere (seen in exports).
      this.context.warn(
        childPath(pathOf(at), 'status'),
        'span status is ERROR, but the tool recorded a result and no exception; kept the call as successful',
      );
      return;
    }
    candidate.failed = true;
    candidate.error =
      nonEmpty(status?.message) ??
      nonEmpty(status?.description) ??
      nonEmpty(span.status_message) ??
      exception ??
      errorType ??
      'the tool span ended with an error status';
  }

  /**
   * Keeps what a model or agent span recorded of its response (the raw attribute, decoded at the end
   * only for the spans that can be the reply).
   */
  private noteOutput(
    span: Record<string, unknown>,
    attrs: unknown[],
    operation: unknown,
    at: SpanAt,
    position: number,
  ): void {
    const found = outputOf(span, attrs, operation);
    if (found === undefined) return;
    this.outputs.push({ ...found, start: startOf(span), position, at });
  }

  /** Reports the reply: the text of the last model output that has one, else of the last agent output. */
  private reportReply(): void {
    const outputs = this.outputs.sort((a, b) => {
      const sa = a.start ?? 0n;
      const sb = b.start ?? 0n;
      return sa !== sb ? (sa < sb ? 1 : -1) : b.position - a.position;
    });
    for (const agent of [false, true]) {
      for (const output of outputs) {
        if (output.agent !== agent) continue;
        const text = outputText(output.slot, output.value);
        if (text.trim() === '') continue;
        this.context.assistantText?.(childPath(childPath(pathOf(output.at), 'attributes'), output.key), text);
        return;
      }
    }
  }

  /** Records `tool_call` parts announced by a model span, for argument fallback and ordering. */
  private announce(
    attrs: unknown[],
    operation: unknown,
    start: bigint | undefined,
    at: SpanAt,
    position: number,
  ): void {
    const messages = attrs[A_GEN_AI_OUTPUT_MESSAGES];
    if (
      messages !== undefined &&
      (operation === undefined || (typeof operation === 'string' && MODEL_OPERATIONS.has(operation)))
    ) {
      const parsed =
        typeof messages === 'string'
          ? messages.includes('"tool_call"')
            ? parseJsonOrUndefined(messages)
            : undefined
          : messages;
      if (Array.isArray(parsed)) {
        let ordinal = 0;
        for (const message of parsed) {
          if (!isObject(message) || !Array.isArray(message.parts)) continue;
          for (const part of message.parts) {
            if (!isObject(part) || part.type !== 'tool_call') continue;
            this.addAnnounced(
              part.id,
              part.name,
              part.arguments,
              'arguments' in part,
              ordinal++,
              at,
              'gen_ai.output.messages',
              start,
              position,
            );
          }
        }
      }
    }
    const toolCalls = attrs[A_AI_RESPONSE_TOOLCALLS];
    const operationId = attrs[A_AI_OPERATIONID];
    if (
      toolCalls !== undefined &&
      (typeof operationId !== 'string' || operationId.endsWith('.doGenerate') || operationId.endsWith('.doStream'))
    ) {
      const parsed = typeof toolCalls === 'string' ? parseJsonOrUndefined(toolCalls) : toolCalls;
      if (Array.isArray(parsed)) {
        parsed.forEach((call: unknown, ordinal) => {
          if (!isObject(call)) return;
          const hasInput = call.input !== undefined || call.args !== undefined;
          this.addAnnounced(
            call.toolCallId,
            call.toolName,
            call.input ?? call.args,
            hasInput,
            ordinal,
            at,
            'ai.response.toolCalls',
            start,
            position,
          );
        });
      }
    }
  }

  private addAnnounced(
    rawId: unknown,
    name: unknown,
    args: unknown,
    hasArguments: boolean,
    ordinal: number,
    at: SpanAt,
    attribute: string,
    start: bigint | undefined,
    position: number,
  ): void {
    this.genAi = true;
    const id = idOf(rawId) ?? `#${position}:${ordinal}`;
    if (this.announced.has(id)) return;
    const entry: Announced = {
      ordinal,
      name: nonEmpty(name),
      arguments: args,
      hasArguments,
      at,
      attribute,
      start,
      position,
    };
    this.announced.set(id, entry);
  }

  finish(): ToolCall[] {
    this.reportReply();
    this.outputs.length = 0;
    if (this.spans === 0) {
      throw new ToolscoreInputError(
        { source: this.context.source, path: '$' },
        'found no spans; the otel format reads OTLP/JSON exports ({"resourceSpans": [...]}), span lists, and JSON Lines of spans',
      );
    }
    if (this.candidates.length === 0) {
      if (this.announced.size > 0) return this.fromAnnounced();
      if (!this.genAi) {
        throw new ToolscoreInputError(
          { source: this.context.source, path: '$' },
          `none of the ${this.spans} spans is a GenAI span: looked for execute_tool spans (gen_ai.tool.name), Vercel AI SDK ai.toolCall spans, OpenInference TOOL spans, and tool_call parts in gen_ai.output.messages`,
        );
      }
      return [];
    }
    const kept = this.mergeNested();
    for (const candidate of kept) {
      const ordinal = candidate.id !== undefined ? this.announced.get(candidate.id)?.ordinal : undefined;
      if (ordinal !== undefined) candidate.ordinal = ordinal;
    }
    kept.sort((a, b) => {
      const sa = a.start ?? 0n;
      const sb = b.start ?? 0n;
      if (sa !== sb) return sa < sb ? -1 : 1;
      const oa = a.ordinal ?? Number.MAX_SAFE_INTEGER;
      const ob = b.ordinal ?? Number.MAX_SAFE_INTEGER;
      return oa !== ob ? oa - ob : a.position - b.position;
    });
    const calls = new Array<ToolCall>(kept.length);
    for (let i = 0; i < kept.length; i++) {
      calls[i] = this.toCall(kept[i]!);
      kept[i] = undefined as unknown as Candidate; // let each candidate go as soon as its call exists
    }
    this.candidates.length = 0;
    this.bySpanId.clear();
    this.announced.clear();
    return calls;
  }

  /**
   * A tool span inside another tool span for the same tool and call id (an MCP client span and its
   * server span, a wrapper around the execution) is one call: the outermost span is kept and fills
   * what it lacks from the inner one.
   */
  private mergeNested(): Candidate[] {
    const kept: Candidate[] = [];
    for (const candidate of this.candidates) {
      let outer: Candidate | undefined;
      let current = candidate;
      for (let hops = 0; hops < 64 && current.parentId !== undefined; hops++) {
        const parent = this.bySpanId.get(current.parentId);
        if (
          !parent ||
          parent === current ||
          parent.traceId !== current.traceId ||
          parent.tool !== candidate.tool ||
          parent.id !== candidate.id
        )
          break;
        outer = parent;
        current = parent;
      }
      if (!outer) {
        kept.push(candidate);
        continue;
      }
      if (
        outer.rawArgs === undefined &&
        outer.textInput === undefined &&
        (candidate.rawArgs !== undefined || candidate.textInput !== undefined)
      ) {
        outer.rawArgs = candidate.rawArgs;
        if (candidate.argsKey !== undefined) outer.argsKey = candidate.argsKey;
        outer.argsAt = candidate.argsAt ?? candidate.at;
        if (candidate.textInput !== undefined) outer.textInput = candidate.textInput;
      }
      if (!outer.hasResult && candidate.hasResult) {
        outer.hasResult = true;
        outer.result = candidate.result;
      }
      if (!outer.failed && candidate.failed) {
        outer.failed = true;
        if (candidate.error !== undefined) outer.error = candidate.error;
        if (candidate.errorType !== undefined) outer.errorType = candidate.errorType;
      }
    }
    return kept;
  }

  private argsOf(candidate: Candidate): Args | null {
    if (candidate.textInput !== undefined) return { input: candidate.textInput };
    if (candidate.rawArgs !== undefined) {
      const fast = plainArguments(candidate.rawArgs);
      if (fast !== undefined) return fast;
      const attributes = childPath(pathOf(candidate.argsAt ?? candidate.at), 'attributes');
      return readArguments(
        candidate.rawArgs,
        candidate.argsKey === undefined ? attributes : childPath(attributes, candidate.argsKey),
        this.context,
      );
    }
    const announced = candidate.id !== undefined ? this.announced.get(candidate.id) : undefined;
    if (announced?.hasArguments) return readArguments(announced.arguments, announcedPath(announced), this.context);
    return null;
  }

  private toCall(candidate: Candidate): ToolCall {
    const call: ToolCall = { tool: candidate.tool, args: this.argsOf(candidate), is_error: candidate.failed };
    if (candidate.hasResult && !candidate.failed) call.result = candidate.result;
    if (candidate.failed && candidate.error !== undefined) call.error = candidate.error;
    failIfArgumentsUnreadable(call);
    if (candidate.start !== undefined && candidate.end !== undefined && candidate.end >= candidate.start) {
      call.duration = nanosToSeconds(candidate.end - candidate.start);
    } else if (candidate.durationAttribute !== undefined) {
      call.duration = candidate.durationAttribute;
    }
    if (candidate.id !== undefined) call.id = candidate.id;
    if (candidate.start !== undefined) call.timestamp = nanosToSeconds(candidate.start);
    const metadata: Record<string, unknown> = { format: 'otel' };
    if (candidate.spanId !== undefined) metadata.span_id = candidate.spanId;
    if (candidate.traceId !== undefined) metadata.trace_id = candidate.traceId;
    if (candidate.errorType !== undefined) metadata.error_type = candidate.errorType;
    call.metadata = metadata;
    return call;
  }

  /** Calls announced by model spans when the trace has no tool spans (instrumented model client only). */
  private fromAnnounced(): ToolCall[] {
    const entries = [...this.announced.entries()].filter(([, entry]) => entry.name !== undefined);
    this.context.warn(
      '$',
      `the trace has no tool execution spans; took ${entries.length} call${entries.length === 1 ? '' : 's'} from the tool_call parts the model spans announced (results and failures are not recorded there)`,
    );
    entries.sort(([, a], [, b]) => {
      const sa = a.start ?? 0n;
      const sb = b.start ?? 0n;
      if (sa !== sb) return sa < sb ? -1 : 1;
      return a.position !== b.position ? a.position - b.position : a.ordinal - b.ordinal;
    });
    return entries.map(([id, entry]) => {
      const call: ToolCall = {
        tool: entry.name!.trim(),
        args: entry.hasArguments ? readArguments(entry.arguments, announcedPath(entry), this.context) : null,
        is_error: false,
      };
      failIfArgumentsUnreadable(call);
      if (!id.startsWith('#')) call.id = id;
      call.metadata = { format: 'otel', announced_only: true };
      return call;
    });
  }
}

/** Where arguments and results may be, first present wins: [slot, attribute name]. */
const ARGUMENT_SLOTS: readonly (readonly [number, string])[] = [
  [A_GEN_AI_TOOL_CALL_ARGUMENTS, 'gen_ai.tool.call.arguments'],
  [A_AI_TOOLCALL_ARGS, 'ai.toolCall.args'],
  [A_AI_TOOLCALL_INPUT, 'ai.toolCall.input'],
  [A_TOOL_CALL_FUNCTION_ARGUMENTS, 'tool_call.function.arguments'],
];
const RESULT_SLOTS: readonly number[] = [A_GEN_AI_TOOL_CALL_RESULT, A_AI_TOOLCALL_RESULT, A_AI_TOOLCALL_OUTPUT];

/** A span's recorded response: the attribute holding it (slot and name) and whether an agent span gave it. */
interface RecordedOutput {
  slot: number;
  key: string;
  value: unknown;
  agent: boolean;
  start?: bigint;
  position: number;
  at: SpanAt;
}

/** Agent operations whose output is the run's answer, used when no model span recorded text. */
const AGENT_OPERATIONS = new Set(['invoke_agent']);

/** The AI SDK's top-level calls (their spans aggregate the steps' doGenerate / doStream spans). */
const AI_SDK_RUNS = new Set(['ai.generateText', 'ai.streamText']);

/** MLflow span types of a model call, whose `mlflow.spanOutputs` is its response. */
const MLFLOW_MODEL_TYPES = new Set(['CHAT_MODEL', 'LLM']);

const OUTPUT_MESSAGES_SLOT: ReadonlyMap<string, number> = new Map([['gen_ai.output.messages', 0]]);

/** What a span recorded of a model's (or an agent's) response, first present wins; undefined for none. */
function outputOf(
  span: Record<string, unknown>,
  attrs: unknown[],
  operation: unknown,
): Pick<RecordedOutput, 'slot' | 'key' | 'value' | 'agent'> | undefined {
  const model = operation === undefined || (typeof operation === 'string' && MODEL_OPERATIONS.has(operation));
  const agent = typeof operation === 'string' && AGENT_OPERATIONS.has(operation);
  if (model || agent) {
    // Events are searched only on spans that name their operation, as spans capturing content on events do.
    const messages =
      attrs[A_GEN_AI_OUTPUT_MESSAGES] ?? (operation === undefined ? undefined : outputMessagesOfEvents(span.events));
    if (messages !== undefined)
      return { slot: A_GEN_AI_OUTPUT_MESSAGES, key: 'gen_ai.output.messages', value: messages, agent };
  }
  if (model && attrs[A_GEN_AI_COMPLETION_0_CONTENT] !== undefined)
    return {
      slot: A_GEN_AI_COMPLETION_0_CONTENT,
      key: 'gen_ai.completion.0.content',
      value: attrs[A_GEN_AI_COMPLETION_0_CONTENT],
      agent: false,
    };
  const kind = attrs[A_OPENINFERENCE_SPAN_KIND];
  if (typeof kind === 'string' && kind.toUpperCase() === 'LLM') {
    for (const [slot, key] of [
      [A_LLM_OUTPUT_MESSAGE_CONTENT, 'llm.output_messages.0.message.content'],
      [A_LLM_OUTPUT_MESSAGE_CONTENTS_TEXT, 'llm.output_messages.0.message.contents.0.message_content.text'],
    ] as const)
      if (attrs[slot] !== undefined) return { slot, key, value: attrs[slot], agent: false };
  }
  const mlflowType = mlflowText(attrs[A_MLFLOW_SPAN_TYPE]);
  if (mlflowType !== undefined && attrs[A_MLFLOW_SPAN_OUTPUTS] !== undefined) {
    const agentSpan = mlflowType === 'AGENT';
    if (agentSpan || MLFLOW_MODEL_TYPES.has(mlflowType))
      return {
        slot: A_MLFLOW_SPAN_OUTPUTS,
        key: 'mlflow.spanOutputs',
        value: attrs[A_MLFLOW_SPAN_OUTPUTS],
        agent: agentSpan,
      };
  }
  const text = attrs[A_AI_RESPONSE_TEXT];
  const operationId = attrs[A_AI_OPERATIONID];
  if (text !== undefined && typeof operationId === 'string') {
    if (operationId.endsWith('.doGenerate') || operationId.endsWith('.doStream'))
      return { slot: A_AI_RESPONSE_TEXT, key: 'ai.response.text', value: text, agent: false };
    if (AI_SDK_RUNS.has(operationId))
      return { slot: A_AI_RESPONSE_TEXT, key: 'ai.response.text', value: text, agent: true };
  }
  return undefined;
}

/**
 * The text of an MLflow span's outputs (JSON-encoded, as MLflow writes them): a text as it is, an
 * OpenAI chat completion's first choice's message content, a Responses API response's assistant
 * `output_text` parts; anything else has none.
 */
function mlflowOutputText(value: unknown): string {
  const outputs = typeof value === 'string' ? (parseJsonOrUndefined(value) ?? value) : value;
  if (typeof outputs === 'string') return outputs;
  if (!isObject(outputs)) return '';
  if (Array.isArray(outputs.choices)) {
    const message = isObject(outputs.choices[0]) ? outputs.choices[0].message : undefined;
    return isObject(message) ? assistantText(message.content) : '';
  }
  if (Array.isArray(outputs.output))
    return outputs.output
      .filter(
        (item): item is Record<string, unknown> =>
          isObject(item) && item.type === 'message' && item.role === 'assistant',
      )
      .map((item) => assistantText(item.content))
      .filter((text) => text !== '')
      .join('\n');
  return '';
}

/** `gen_ai.output.messages` captured on an event of the span (content capture on events), if any. */
function outputMessagesOfEvents(events: unknown): unknown {
  if (!Array.isArray(events)) return undefined;
  for (const event of events) {
    if (!isObject(event)) continue;
    const [messages] = readAttributeSlots(event.attributes, OUTPUT_MESSAGES_SLOT);
    if (messages !== undefined) return messages;
  }
  return undefined;
}

/**
 * The text of a recorded response: for `gen_ai.output.messages`, the `text` parts of its first
 * message (the first choice; reasoning and tool calls are no text) joined with "\n"; a text attribute as it is.
 */
function outputText(slot: number, value: unknown): string {
  if (slot === A_MLFLOW_SPAN_OUTPUTS) return mlflowOutputText(value);
  if (slot !== A_GEN_AI_OUTPUT_MESSAGES) return typeof value === 'string' ? value : '';
  const messages = typeof value === 'string' ? parseJsonOrUndefined(value) : value;
  const first = Array.isArray(messages) ? messages[0] : undefined;
  if (!isObject(first) || !Array.isArray(first.parts)) return '';
  const texts: string[] = [];
  for (const part of first.parts)
    if (isObject(part) && part.type === 'text' && typeof part.content === 'string') texts.push(part.content);
  return texts.join('\n');
}

function startOf(span: Record<string, unknown>): bigint | undefined {
  return toUnixNanos(span.startTimeUnixNano ?? span.start_time_unix_nano ?? span.start_time ?? span.startTime);
}

/**
 * Arguments that need no repair (an object, or JSON text of one) without building the path that
 * `readArguments` names in its warnings; anything else is left to `readArguments`.
 */
function plainArguments(raw: unknown): Args | undefined {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string' || raw.charCodeAt(0) !== 0x7b) return undefined;
  const parsed = parseJsonOrUndefined(raw);
  return isObject(parsed) ? parsed : undefined;
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The message of the first `exception` event of a span, if any. */
function exceptionMessage(events: unknown): string | undefined {
  if (!Array.isArray(events)) return undefined;
  for (const event of events) {
    if (!isObject(event) || event.name !== 'exception') continue;
    const attrs = pickAttributes(event.attributes, EXCEPTION_KEYS);
    return nonEmpty(attrs['exception.message']) ?? nonEmpty(attrs['exception.type']) ?? 'exception';
  }
  return undefined;
}

const EXCEPTION_KEYS = new Set(['exception.message', 'exception.type']);

/** OpenTelemetry traces with GenAI, Vercel AI SDK or OpenInference tool spans. */
export const otelFormat: TraceFormat = {
  name: 'otel',
  looksFor:
    'an OTLP/JSON export ({"resourceSpans": [...]}), an MLflow trace ({"info", "data": {"spans"}}) or a list of spans (traceId + spanId, or name + attributes + start time)',
  marks: ['resourceSpans', 'scopeSpans', 'spans', 'traceId', 'spanId', 'attributes', 'startTimeUnixNano'],
  detect: looksLikeOtel,
  description:
    'OpenTelemetry spans: OTLP/JSON exports, MLflow traces, span lists or JSON Lines; GenAI execute_tool, Vercel AI SDK ai.toolCall, OpenInference and MLflow TOOL spans',
  parse(data, context) {
    if (data === null || typeof data !== 'object') {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected an OTLP/JSON export ({"resourceSpans": [...]}) or a list of spans, got ${describeType(data)}`,
      );
    }
    const reader = new OtelReader(context);
    reader.push(data, '$');
    return reader.finish();
  },
  createStreamReader(context) {
    return new OtelReader(context);
  },
};

/**
 * Calls from in-memory OpenTelemetry data: an OTLP/JSON export object, a list of spans (OTLP, SDK
 * `to_json()` or JS `ReadableSpan` shapes), or a list of exports.
 */
export function fromOtel(exportOrSpans: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(otelFormat, exportOrSpans, options);
}

// ---- Detection ---------------------------------------------------------------------------------

/** A span: OTLP ids, SDK or MLflow `context` ids, MLflow 3 snake_case ids, or a name, attributes and a start time. */
function isSpanLike(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.traceId !== undefined && value.spanId !== undefined) return true;
  if (typeof value.name === 'string' && value.trace_id !== undefined && value.span_id !== undefined) return true;
  if (isObject(value.context) && value.context.span_id !== undefined && value.context.trace_id !== undefined)
    return true;
  return (
    typeof value.name === 'string' &&
    value.attributes !== null &&
    typeof value.attributes === 'object' &&
    (value.startTimeUnixNano !== undefined ||
      value.start_time_unix_nano !== undefined ||
      value.start_time !== undefined ||
      value.startTime !== undefined)
  );
}

/** An MLflow trace as `Trace.to_json()` writes it: `{info, data: {spans: [...]}}`. */
function isMlflowTrace(value: unknown): value is { info: unknown; data: { spans: unknown[] } } {
  if (!isObject(value) || !isObject(value.info) || !isObject(value.data)) return false;
  const spans = value.data.spans;
  return Array.isArray(spans) && spans.length > 0 && spans.every(isSpanLike);
}

function isExport(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.resourceSpans);
}

/**
 * OpenTelemetry: an OTLP/JSON export (`resourceSpans`), one `ResourceSpans` (`scopeSpans`), an MLflow
 * trace, a single span, or a non-empty list whose every item is a span, an export or an MLflow trace.
 */
function looksLikeOtel(data: unknown): boolean {
  if (isObject(data)) {
    return (
      isExport(data) ||
      isMlflowTrace(data) ||
      Array.isArray(data.scopeSpans) ||
      Array.isArray(data.instrumentationLibrarySpans) ||
      (Array.isArray(data.spans) && data.spans.length > 0 && data.spans.every(isSpanLike)) ||
      isSpanLike(data)
    );
  }
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every((item) => isSpanLike(item) || isExport(item) || isMlflowTrace(item))
  );
}
