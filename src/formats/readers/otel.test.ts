import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { readCorpusJson } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import type { ToolCall } from '../../core/types.js';
import { autoExtract, readWithAdapter } from '../auto.js';
import { detectFormat } from '../registry.js';
import { fromOtel, otelFormat } from './otel.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCENARIOS = [
  'anthropic-messages-streaming-tool-use-no-args',
  'anthropic-messages-tool-use',
  'gemini-function-call',
  'openai-chat-parallel-tool-calls',
  'openai-chat-parallel-tool-calls-one-tool-error',
  'openai-chat-streaming-parallel-tool-calls',
  'openai-responses-function-call',
] as const;

const parse = readerFor(otelFormat, 't.json');

/** What a call boils down to for the cross-checks. */
interface Outcome {
  tool: string;
  args: unknown;
  id: string | undefined;
  result: unknown;
  is_error: boolean;
  error: string | undefined;
}

function outcome(call: ToolCall): Outcome {
  return {
    tool: call.tool,
    args: call.args,
    id: call.id,
    result: call.result,
    is_error: call.is_error,
    error: call.error,
  };
}

/** The calls an AI SDK `result.json` holds: tool-call parts in order, joined with their tool-result / tool-error parts. */
function expectedFromResult(version: 'v5' | 'v7', scenario: string): Outcome[] {
  const file = readCorpusJson('vercel-ai-sdk', version, `${scenario}.result.json`) as Json;
  const parts: Json[] = file.result.steps.flatMap((step: Json) => step.content);
  return parts
    .filter((part) => part.type === 'tool-call')
    .map((call) => {
      const result = parts.find((part) => part.type === 'tool-result' && part.toolCallId === call.toolCallId);
      const error = parts.find((part) => part.type === 'tool-error' && part.toolCallId === call.toolCallId);
      return {
        tool: call.toolName,
        args: call.input,
        id: call.toolCallId,
        result: result?.output,
        is_error: error !== undefined,
        error: error?.error?.message,
      };
    });
}

/** All spans of an OTLP export, flattened. */
function spansOf(data: Json): Json[] {
  return data.resourceSpans.flatMap((resource: Json) => resource.scopeSpans.flatMap((scope: Json) => scope.spans));
}

function attribute(span: Json, key: string): Json | undefined {
  return span.attributes.find((kv: Json) => kv.key === key)?.value;
}

const TRACE_ID = '4b5cc1cc240854b0b25a33ba12b9b509';

/** The parallel-tool-calls export with its execute_tool spans removed: only the model spans' announcements are left. */
function modelSpansOnly(): unknown {
  const data = readCorpusJson('otel/ai-sdk-v7-gen_ai', 'openai-chat-parallel-tool-calls.gen_ai.otlp.json') as Json;
  for (const scope of data.resourceSpans[0].scopeSpans)
    scope.spans = scope.spans.filter(
      (span: Json) => attribute(span, 'gen_ai.operation.name')?.stringValue !== 'execute_tool',
    );
  return data;
}

testReader(otelFormat, [
  {
    name: 'one-tool-error (@ai-sdk/otel export): exact calls; both started in the same millisecond, so the model order decides',
    input: () =>
      readCorpusJson('otel/ai-sdk-v7-gen_ai', 'openai-chat-parallel-tool-calls-one-tool-error.gen_ai.otlp.json'),
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle, WA' },
        result: '50 degrees and raining',
        is_error: false,
        duration: 0.001264536,
        id: 'call_JpNb8OiAkbIbHzDggfpdDHpi',
        timestamp: 1796215994.492,
        metadata: { format: 'otel', span_id: '9edd5af316b2a3ca', trace_id: TRACE_ID },
      },
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco, CA' },
        is_error: true,
        error: 'weather service unavailable for San Francisco, CA',
        duration: 0.000936978,
        id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
        timestamp: 1796215994.492,
        metadata: { format: 'otel', span_id: 'd40760b8883fa295', trace_id: TRACE_ID },
      },
    ],
  },
  {
    name: 'Python SDK to_json() spans: context ids, ISO times, status_code names, plain attributes',
    input: [
      {
        name: 'execute_tool lookup',
        context: { trace_id: '0xabc', span_id: '0xdef' },
        parent_id: null,
        start_time: '2026-01-01T00:00:00.000000Z',
        end_time: '2026-01-01T00:00:00.250000Z',
        status: { status_code: 'ERROR', description: 'lookup failed' },
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'lookup',
          'gen_ai.tool.call.arguments': { id: 7 },
        },
      },
    ],
    calls: [
      {
        tool: 'lookup',
        args: { id: 7 },
        is_error: true,
        error: 'lookup failed',
        duration: 0.25,
        timestamp: Date.parse('2026-01-01T00:00:00Z') / 1000,
        metadata: { format: 'otel', span_id: '0xdef', trace_id: '0xabc' },
      },
    ],
  },
  {
    name: 'model spans without tool spans: the calls the model announced, with a warning',
    input: modelSpansOnly,
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle, WA' },
        is_error: false,
        id: 'call_JpNb8OiAkbIbHzDggfpdDHpi',
        metadata: { format: 'otel', announced_only: true },
      },
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco, CA' },
        is_error: false,
        id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
        metadata: { format: 'otel', announced_only: true },
      },
    ],
    warnings: [
      't at $: the trace has no tool execution spans; took 2 calls from the tool_call parts the model spans announced (results and failures are not recorded there)',
    ],
  },
  {
    name: 'GenAI spans without any tool call are zero calls, not an error',
    input: [
      {
        traceId: 'a',
        spanId: 'b',
        name: 'chat gpt-4',
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"hi"}]}]',
        },
      },
    ],
    calls: [],
  },
  {
    name: "MLflow's own MLflow 3 trace of an OpenInference tool span (tool_call.function.name and .arguments)",
    input: () => readCorpusJson('otel/mlflow', 'model-trace-explorer-mock-otel-trace.mlflow-trace.json'),
    calls: [
      {
        tool: 'calculate',
        args: { expression: '25 * 3' },
        is_error: false,
        result: 'Result: 75',
        duration: 0.000461,
        timestamp: 1757912312.585773,
        metadata: { format: 'otel', span_id: 'yuhZxKf3p8w=', trace_id: 'tLdfEcjATdf92uVsKMbM/Q==' },
      },
    ],
  },
  {
    name: 'an MLflow 2 trace (Trace.to_json()): TOOL spans by mlflow.spanType, JSON-encoded inputs and outputs, an ERROR status_code',
    input: {
      info: { request_id: 'tr-1', experiment_id: '0', timestamp_ms: 1000, execution_time_ms: 3000, status: 'ERROR' },
      data: {
        spans: [
          {
            name: 'agent',
            context: { span_id: '0x01', trace_id: '0xaa' },
            parent_id: null,
            start_time: 1000000000,
            end_time: 4000000000,
            status_code: 'ERROR',
            status_message: '',
            attributes: {
              'mlflow.traceRequestId': '"tr-1"',
              'mlflow.spanType': '"AGENT"',
              'mlflow.spanInputs': '{"q": "x"}',
            },
            events: [],
          },
          {
            name: 'get_weather',
            context: { span_id: '0x02', trace_id: '0xaa' },
            parent_id: '0x01',
            start_time: 2000000000,
            end_time: 2500000000,
            status_code: 'OK',
            status_message: '',
            attributes: {
              'mlflow.spanType': '"TOOL"',
              'mlflow.spanFunctionName': '"get_weather"',
              'mlflow.spanInputs': '{"city": "Paris"}',
              'mlflow.spanOutputs': '"sunny"',
            },
            events: [],
          },
          {
            name: 'divide',
            context: { span_id: '0x03', trace_id: '0xaa' },
            parent_id: '0x01',
            start_time: 3000000000,
            end_time: 3000001000,
            status_code: 'ERROR',
            status_message: 'ZeroDivisionError: division by zero',
            attributes: { 'mlflow.spanType': '"TOOL"', 'mlflow.spanInputs': '{"a": 1, "b": 0}' },
            events: [
              {
                name: 'exception',
                timestamp: 3000001000,
                attributes: { 'exception.type': 'ZeroDivisionError', 'exception.message': 'division by zero' },
              },
            ],
          },
        ],
        request: '{"q": "x"}',
        response: null,
      },
    },
    calls: [
      {
        tool: 'get_weather',
        args: { city: 'Paris' },
        is_error: false,
        result: 'sunny',
        duration: 0.5,
        timestamp: 2,
        metadata: { format: 'otel', span_id: '0x02', trace_id: '0xaa' },
      },
      {
        tool: 'divide',
        args: { a: 1, b: 0 },
        is_error: true,
        error: 'ZeroDivisionError: division by zero',
        duration: 0.000001,
        timestamp: 3,
        metadata: { format: 'otel', span_id: '0x03', trace_id: '0xaa' },
      },
    ],
  },
  {
    name: 'an MLflow 3 trace: snake_case span ids, a TOOL span failed by status STATUS_CODE_ERROR',
    input: {
      info: { trace_id: 'tr-2', state: 'ERROR' },
      data: {
        spans: [
          {
            trace_id: 'AAAA',
            span_id: 'BBBB',
            parent_span_id: '',
            name: 'search_docs',
            start_time_unix_nano: '5000000000',
            end_time_unix_nano: '7000000000',
            attributes: { 'mlflow.spanType': '"TOOL"', 'mlflow.spanInputs': '{"query": "mlflow"}' },
            status: { code: 'STATUS_CODE_ERROR', message: 'TimeoutError: index unavailable' },
          },
        ],
      },
    },
    calls: [
      {
        tool: 'search_docs',
        args: { query: 'mlflow' },
        is_error: true,
        error: 'TimeoutError: index unavailable',
        duration: 2,
        timestamp: 5,
        metadata: { format: 'otel', span_id: 'BBBB', trace_id: 'AAAA' },
      },
    ],
  },
  { name: 'no spans is an error saying what was looked for', input: { resourceSpans: [] }, error: /found no spans/ },
  {
    name: 'spans with no GenAI attribute at all are an error saying what was looked for',
    input: [{ traceId: 'a', spanId: 'b', name: 'GET /users', attributes: { 'http.method': 'GET' } }],
    error:
      /none of the 1 spans is a GenAI span: looked for execute_tool spans \(gen_ai.tool.name\), Vercel AI SDK ai.toolCall spans, OpenInference TOOL spans/,
  },
  { name: 'a text is not an export', input: 'spans', error: /expected an OTLP\/JSON export/ },
]);

describe('otel: GenAI execute_tool spans (@ai-sdk/otel exports)', () => {
  test.each(SCENARIOS)('%s: same calls, arguments, ids, results and errors as the AI SDK result', (scenario) => {
    const { calls } = parse(readCorpusJson('otel/ai-sdk-v7-gen_ai', `${scenario}.gen_ai.otlp.json`));
    expect(calls.map(outcome)).toEqual(expectedFromResult('v7', scenario));
  });

  test('one-tool-error: the failed span is listed first (both started in the same millisecond)', () => {
    const data = readCorpusJson(
      'otel/ai-sdk-v7-gen_ai',
      'openai-chat-parallel-tool-calls-one-tool-error.gen_ai.otlp.json',
    ) as Json;
    expect(
      spansOf(data)
        .map((span) => span.name)
        .slice(1, 3),
    ).toEqual(['execute_tool get_current_weather', 'execute_tool get_current_weather']);
  });

  test('auto-detection and evaluate() take an OTLP export as it is', () => {
    const data = readCorpusJson('otel/ai-sdk-v7-gen_ai', 'openai-chat-parallel-tool-calls.gen_ai.otlp.json') as Json;
    expect(detectFormat(data)).toBe('otel');
    expect(detectFormat(spansOf(data))).toBe('otel');
    expect(detectFormat([data, data])).toBe('otel');
    expect(autoExtract(data).format).toBe('otel');
    const result = evaluate({
      expected: [
        { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
        { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
      ],
      actual: data,
    });
    expect(result.score).toBe(1);
  });

  test('fromOtel takes an export or a span list', () => {
    const data = readCorpusJson('otel/ai-sdk-v7-gen_ai', 'anthropic-messages-tool-use.gen_ai.otlp.json') as Json;
    const warnings: string[] = [];
    const calls = fromOtel(data, { onWarning: (warning) => warnings.push(warning) });
    expect(calls.map(outcome)).toEqual([
      {
        tool: 'get_weather',
        args: { city: 'San Francisco' },
        id: 'toolu_01UAcA2APHENDob6qJ8kmoaC',
        result: 'Sunny in San Francisco',
        is_error: false,
        error: undefined,
      },
    ]);
    expect(fromOtel(spansOf(data))).toEqual(calls);
    expect(warnings).toEqual([]);
  });
});

describe('otel: OpenInference spans (@arizeai/openinference-vercel)', () => {
  test.each(SCENARIOS.filter((s) => s !== 'gemini-function-call'))(
    '%s: same calls as the AI SDK result',
    (scenario) => {
      const { calls } = parse(readCorpusJson('otel/openinference-vercel', `${scenario}.openinference.otlp.json`));
      expect(calls.map(outcome)).toEqual(expectedFromResult('v7', scenario));
    },
  );

  test('gemini-function-call: Gemini call ids are made up by the SDK on each run, so only the id differs from the result file', () => {
    const { calls } = parse(
      readCorpusJson('otel/openinference-vercel', 'gemini-function-call.openinference.otlp.json'),
    );
    expect(calls.map(outcome)).toEqual(
      expectedFromResult('v7', 'gemini-function-call').map((call) => ({ ...call, id: 'C2L5Y4AFkXugwh7t' })),
    );
  });

  test('a successful span that carries a copied ERROR status (and no exception) stays successful, with a warning', () => {
    const data = readCorpusJson(
      'otel/openinference-vercel',
      'openai-chat-parallel-tool-calls-one-tool-error.openinference.otlp.json',
    ) as Json;
    const seattle = spansOf(data).find((span) => span.spanId === 'afe94a9d9634d3d9')!;
    expect(seattle.status).toEqual({ code: 2, message: 'weather service unavailable for San Francisco, CA' });
    const { calls, warnings } = parse(data);
    expect(calls.map((call) => [call.args, call.is_error])).toEqual([
      [{ location: 'Seattle, WA' }, false],
      [{ location: 'San Francisco, CA' }, true],
    ]);
    expect(warnings).toEqual([
      't.json at $.resourceSpans[0].scopeSpans[0].spans[2].status: span status is ERROR, but the tool recorded a result and no exception; kept the call as successful',
    ]);
  });

  test('OpenInference attributes alone (gen_ai.* removed): tool.name, tool_call.id, input.value, output.value', () => {
    const data = readCorpusJson(
      'otel/openinference-vercel',
      'anthropic-messages-tool-use.openinference.otlp.json',
    ) as Json;
    for (const span of spansOf(data))
      span.attributes = span.attributes.filter((kv: Json) => !kv.key.startsWith('gen_ai.'));
    const { calls } = parse(data);
    expect(calls.map(outcome)).toEqual(expectedFromResult('v7', 'anthropic-messages-tool-use'));
  });

  test('a text/plain OpenInference input is kept as {input: text}', () => {
    const { calls } = parse([
      {
        name: 'search',
        traceId: 't1',
        spanId: 's1',
        attributes: {
          'openinference.span.kind': 'TOOL',
          'tool.name': 'search',
          'input.value': 'weather in Paris',
          'input.mime_type': 'text/plain',
          'output.value': 'rainy',
        },
      },
    ]);
    expect(calls.map(outcome)).toEqual([
      {
        tool: 'search',
        args: { input: 'weather in Paris' },
        id: undefined,
        result: 'rainy',
        is_error: false,
        error: undefined,
      },
    ]);
  });
});

describe('otel: Vercel AI SDK ai.toolCall spans (classic telemetry)', () => {
  test.each(SCENARIOS.filter((s) => s !== 'gemini-function-call'))(
    'v7 %s: same calls as the AI SDK result',
    (scenario) => {
      const { calls } = parse(readCorpusJson('vercel-ai-sdk/v7', `${scenario}.legacy_ai.otlp.json`));
      expect(calls.map(outcome)).toEqual(expectedFromResult('v7', scenario));
    },
  );

  test('v7 gemini-function-call: the legacy export is another run, so only the generated id differs', () => {
    const { calls } = parse(readCorpusJson('vercel-ai-sdk/v7', 'gemini-function-call.legacy_ai.otlp.json'));
    expect(calls.map(outcome)).toEqual(
      expectedFromResult('v7', 'gemini-function-call').map((call) => ({ ...call, id: 'bpXLpP9RIcImBAK9' })),
    );
  });

  test.each(SCENARIOS.filter((s) => s !== 'gemini-function-call'))(
    'v5 %s: same calls as the AI SDK v5 result',
    (scenario) => {
      const { calls, warnings } = parse(readCorpusJson('vercel-ai-sdk/v5', `${scenario}.ai_sdk_v5.otlp.json`));
      expect(calls.map(outcome)).toEqual(expectedFromResult('v5', scenario));
      expect(warnings).toEqual([]);
    },
  );

  test('the failed ai.toolCall span: ERROR status with an exception event', () => {
    const { calls } = parse(
      readCorpusJson('vercel-ai-sdk/v5', 'openai-chat-parallel-tool-calls-one-tool-error.ai_sdk_v5.otlp.json'),
    );
    expect(calls[1]).toEqual({
      tool: 'get_current_weather',
      args: { location: 'San Francisco, CA' },
      is_error: true,
      error: 'weather service unavailable for San Francisco, CA',
      duration: 0.00100477,
      id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
      timestamp: 1796216008.31,
      metadata: { format: 'otel', span_id: 'c5e5eb6f3680d892', trace_id: expect.any(String) },
    });
  });
});

describe('otel: semantic-convention examples (transcribed tables)', () => {
  type Table = { headings: Record<string, string>; label: string | null; properties: Record<string, unknown> };

  /** A transcribed table as a plain span: the span name, the attributes as a plain object. */
  function spanOf(table: Table, ids: { spanId: string; parentSpanId?: string; start: number }): Json {
    const {
      'Span name': name,
      'Span kind': _kind,
      'Span status': _status,
      'Span parent': _parent,
      'Span links': _links,
      'Trace id': _trace,
      'Span id': _span,
      ...attributes
    } = table.properties;
    return {
      name,
      traceId: 'semconv',
      ...ids,
      startTimeUnixNano: String(ids.start),
      endTimeUnixNano: String(ids.start + 1_000_000),
      attributes,
    };
  }

  test('tool call flow with content on span attributes: the execute_tool span has no arguments, the chat span tool_call part gives them', () => {
    const tables = (
      readCorpusJson('otel/semconv/examples-llm-calls.transcribed.json') as { tables: Table[] }
    ).tables.filter(
      (table) =>
        table.headings['2'] === 'Tool calls (functions)' && table.headings['3']!.includes('enabled on span attributes'),
    );
    expect(tables.map((table) => table.label)).toEqual(['GenAI client span 1', 'Tool call', 'GenAI client span 2']);
    const spans = tables.map((table, i) => spanOf(table, { spanId: `s${i}`, start: 1_000_000_000 * (i + 1) }));
    const { calls, warnings } = parse(spans);
    expect(calls).toEqual([
      {
        tool: 'get_weather',
        args: { location: 'Paris' },
        is_error: false,
        duration: 0.001,
        id: 'call_VSPygqKTWdrhaFErNvMV18Yl',
        timestamp: 2,
        metadata: { format: 'otel', span_id: 's1', trace_id: 'semconv' },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  test('content capture disabled: the call is still there, without arguments', () => {
    const tables = (
      readCorpusJson('otel/semconv/examples-llm-calls.transcribed.json') as { tables: Table[] }
    ).tables.filter(
      (table) => table.headings['2'] === 'Tool calls (functions)' && table.headings['3']!.includes('disabled'),
    );
    const { calls } = parse(
      tables.map((table, i) => spanOf(table, { spanId: `s${i}`, start: 1_000_000_000 * (i + 1) })),
    );
    expect(calls.map(outcome)).toEqual([
      {
        tool: 'get_weather',
        args: null,
        id: 'call_VSPygqKTWdrhaFErNvMV18Yl',
        result: undefined,
        is_error: false,
        error: undefined,
      },
    ]);
  });

  test('MCP tools/call: the client span and its server child span are one call (id from jsonrpc.request.id)', () => {
    const tables = (readCorpusJson('otel/semconv/mcp-examples.transcribed.json') as { tables: Table[] }).tables.filter(
      (table) => table.headings['3'] === 'Stdio transport',
    );
    expect(tables.map((table) => table.label)).toEqual([
      'MCP client span (`s1`)',
      'MCP server span (`s2`)',
      'MCP client span (`s3`)',
      'MCP server span (`s4`)',
    ]);
    const spans = [
      spanOf(tables[0]!, { spanId: 's1', start: 1_000_000_000 }),
      spanOf(tables[1]!, { spanId: 's2', parentSpanId: 's1', start: 1_100_000_000 }),
      spanOf(tables[2]!, { spanId: 's3', start: 2_000_000_000 }),
      spanOf(tables[3]!, { spanId: 's4', parentSpanId: 's3', start: 2_100_000_000 }),
    ];
    const { calls } = parse(spans);
    expect(calls.map(outcome)).toEqual([
      {
        tool: 'get-weather',
        args: { location: 'San Francisco?', date: '2025-10-01' },
        id: '3',
        result: { temperature_range: { high: 75, low: 60 } },
        is_error: false,
        error: undefined,
      },
    ]);
    expect(calls[0]!.metadata).toEqual({ format: 'otel', span_id: 's3', trace_id: 'semconv' });
  });
});

describe('otel: replies, from the model spans that recorded their output', () => {
  type Table = { headings: Record<string, string>; label: string | null; properties: Record<string, unknown> };
  const WEATHER =
    "Today, the weather in Seattle is 50 degrees and raining, while in San Francisco, it's 70 degrees and sunny.";
  /**
   * Read off the exports: the runs that ended in text (their last chat / doGenerate / doStream span's
   * output); the others' model spans hold only tool_call parts (or no ai.response.text), so no reply is recorded.
   */
  const REPLIES: Record<string, string> = {
    'anthropic-messages-streaming-tool-use-no-args': "I'll update the issue list for you.",
    'openai-chat-parallel-tool-calls': WEATHER,
    'openai-chat-parallel-tool-calls-one-tool-error': WEATHER,
  };
  const replies = (data: unknown) => readWithAdapter(otelFormat, data, 't', true).replies;

  test.each(SCENARIOS)('%s: the same reply from the gen_ai, OpenInference and AI SDK exports', (scenario) => {
    const expected = REPLIES[scenario] === undefined ? undefined : [REPLIES[scenario]];
    expect(replies(readCorpusJson('otel/ai-sdk-v7-gen_ai', `${scenario}.gen_ai.otlp.json`))).toEqual(expected);
    expect(replies(readCorpusJson('otel/openinference-vercel', `${scenario}.openinference.otlp.json`))).toEqual(
      expected,
    );
    expect(replies(readCorpusJson('vercel-ai-sdk/v7', `${scenario}.legacy_ai.otlp.json`))).toEqual(expected);
    if (scenario !== 'gemini-function-call')
      expect(replies(readCorpusJson('vercel-ai-sdk/v5', `${scenario}.ai_sdk_v5.otlp.json`))).toEqual(expected);
  });

  test('the last chat span by start time: the file lists the invoke_agent span (which repeats the text) last', () => {
    const data = readCorpusJson('otel/ai-sdk-v7-gen_ai', 'openai-chat-parallel-tool-calls.gen_ai.otlp.json') as Json;
    const spans: Json[] = data.resourceSpans[0].scopeSpans[0].spans;
    expect(spans.map((span) => span.name)).toEqual([
      'chat gpt-4o-mini',
      'execute_tool get_current_weather',
      'execute_tool get_current_weather',
      'step 1',
      'chat gpt-4o-mini',
      'step 2',
      'invoke_agent gpt-4o-mini',
    ]);
    // Reversed, the first chat span (only tool_call parts) comes last in the file: the start times still order them.
    expect(replies([...spans].reverse())).toEqual([WEATHER]);
    // Without the second chat span, the agent span's text part stands in.
    expect(replies(spans.filter((_, i) => i !== 4))).toEqual([WEATHER]);
  });

  test("OpenInference LLM spans alone (gen_ai.* removed): llm.output_messages' text; an AGENT span's message content is not read", () => {
    const data = readCorpusJson(
      'otel/openinference-vercel',
      'openai-chat-parallel-tool-calls.openinference.otlp.json',
    ) as Json;
    for (const span of data.resourceSpans[0].scopeSpans[0].spans as Json[])
      span.attributes = span.attributes.filter((kv: Json) => !kv.key.startsWith('gen_ai.'));
    expect(replies(data)).toEqual([WEATHER]);
  });

  describe('semantic-convention examples (transcribed tables)', () => {
    const tables = () =>
      (readCorpusJson('otel/semconv/examples-llm-calls.transcribed.json') as { tables: Table[] }).tables;
    const span = (table: Table, start = 1, events?: Json[]): Json => {
      const { 'Span name': name, 'Trace id': _t, 'Span id': _s, ...attributes } = table.properties;
      return {
        name: name ?? 'chat gpt-4',
        traceId: 'semconv',
        spanId: `s${start}`,
        startTimeUnixNano: String(start * 1_000_000_000),
        attributes,
        ...(events ? { events } : {}),
      };
    };
    const JOKE =
      ' Why did the developer bring OpenTelemetry to the party? Because it always knows how to trace the fun!';

    test('tool calls with content on span attributes: the second client span (no operation name) has the answer', () => {
      const spans = tables()
        .filter((t) => t.headings['2'] === 'Tool calls (functions)' && t.headings['3']!.includes('span attributes'))
        .map((table, i) => span(table, i + 1));
      expect(replies(spans)).toEqual(['The weather in Paris is currently rainy with a temperature of 57°F.']);
    });

    test('content capture disabled: no reply recorded', () => {
      const spans = tables()
        .filter((t) => t.headings['2'] === 'Tool calls (functions)' && t.headings['3']!.includes('disabled'))
        .map((table, i) => span(table, i + 1));
      expect(replies(spans)).toBeUndefined();
    });

    test('a reasoning part is no text; of several choices the first is the reply', () => {
      const reasoning = tables().find((t) => t.headings['2'] === 'Chat completion with reasoning (content enabled)')!;
      const choices = tables().find(
        (t) =>
          t.headings['2'] === 'Chat completion with multiple choices' && t.headings['3']!.includes('span attributes'),
      )!;
      const tool = { name: 'execute_tool f', traceId: 'semconv', spanId: 't', attributes: { 'gen_ai.tool.name': 'f' } };
      expect(replies([span(reasoning), tool])).toEqual([JOKE]);
      expect(replies([span(choices), tool])).toEqual([JOKE]);
    });

    test('content captured on event attributes: the span event holds the output messages', () => {
      const [spanTable, eventTable] = tables().filter((t) => t.headings['3']?.includes('enabled on event attributes'));
      expect([spanTable!.label, eventTable!.label]).toEqual(['Span', 'Event']);
      const event = {
        name: 'gen_ai.client.inference.operation.details',
        attributes: { 'gen_ai.output.messages': eventTable!.properties['gen_ai.output.messages'] },
      };
      const tool = { name: 'execute_tool f', traceId: 'semconv', spanId: 't', attributes: { 'gen_ai.tool.name': 'f' } };
      expect(replies([span(spanTable!, 1, [event]), tool])).toEqual([JOKE]);
    });
  });

  test("OpenLLMetry's gen_ai.completion.0.content (hand-written after its attribute names); a later tool-only response keeps the earlier text", () => {
    const chat = (start: number, attributes: Json): Json => ({
      name: 'openai.chat',
      traceId: 'a',
      spanId: `c${start}`,
      startTimeUnixNano: String(start),
      attributes: { 'llm.request.type': 'chat', ...attributes },
    });
    const tool = {
      name: 'execute_tool f',
      traceId: 'a',
      spanId: 't',
      startTimeUnixNano: '2',
      attributes: { 'gen_ai.tool.name': 'f' },
    };
    const spans = [
      chat(1, { 'gen_ai.completion.0.role': 'assistant', 'gen_ai.completion.0.content': 'Let me look.' }),
      tool,
      chat(3, { 'gen_ai.completion.0.role': 'assistant', 'gen_ai.completion.0.finish_reason': 'tool_calls' }),
    ];
    expect(replies(spans)).toEqual(['Let me look.']);
    expect(replies([...spans, chat(4, { 'gen_ai.completion.0.content': 'Done.' })])).toEqual(['Done.']);
  });
});

test("MLflow spans (hand-written after MLflow 3 traces): a CHAT_MODEL span's chat completion, else the AGENT span's Responses output", () => {
  const span = (id: string, start: number, type: string, attributes: Json): Json => ({
    trace_id: 'tr-1',
    span_id: id,
    name: id,
    start_time_unix_nano: start,
    end_time_unix_nano: start + 10,
    attributes: { 'mlflow.spanType': JSON.stringify(type), ...attributes },
  });
  const encoded = (value: unknown) => JSON.stringify(value);
  const agent = span('predict', 1, 'AGENT', {
    'mlflow.spanOutputs': encoded({
      object: 'response',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Bake it at 200°C.' }] }],
    }),
  });
  const tool = span('lookup_recipe', 2, 'TOOL', {
    'mlflow.spanInputs': encoded({ dish: 'apple pie' }),
    'mlflow.spanOutputs': encoded('found'),
  });
  const model = span('Completions', 3, 'CHAT_MODEL', {
    'mlflow.spanOutputs': encoded({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Bake it at 200°C for an hour.' } }],
    }),
  });
  const trace = (spans: Json[]) => ({ info: { trace_id: 'tr-1' }, data: { spans } });
  const read = (spans: Json[]) => readWithAdapter(otelFormat, trace(spans), 't', true);
  expect(read([agent, tool, model]).calls.map((call) => call.tool)).toEqual(['lookup_recipe']);
  expect(read([agent, tool, model]).replies).toEqual(['Bake it at 200°C for an hour.']);
  expect(read([agent, tool]).replies).toEqual(['Bake it at 200°C.']);
});

describe('otel: span shapes and rules the corpus lacks', () => {
  const toolSpan = (over: Json = {}): Json => ({
    traceId: 'a1',
    spanId: 'b1',
    name: 'execute_tool search',
    startTimeUnixNano: '1000000000',
    endTimeUnixNano: '1500000000',
    attributes: [
      { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
      { key: 'gen_ai.tool.name', value: { stringValue: 'search' } },
      { key: 'gen_ai.tool.call.arguments', value: { stringValue: '{"q":"x"}' } },
    ],
    ...over,
  });

  test('JS ReadableSpan-like objects: HrTime pairs, kvlist arguments', () => {
    const { calls } = parse([
      toolSpan({
        startTimeUnixNano: undefined,
        endTimeUnixNano: undefined,
        startTime: [1700000000, 0],
        endTime: [1700000000, 500000000],
        attributes: [
          { key: 'gen_ai.tool.name', value: { stringValue: 'search' } },
          {
            key: 'gen_ai.tool.call.arguments',
            value: { kvlistValue: { values: [{ key: 'q', value: { stringValue: 'x' } }] } },
          },
        ],
      }),
    ]);
    expect(calls[0]).toMatchObject({ tool: 'search', args: { q: 'x' }, duration: 0.5, timestamp: 1700000000 });
  });

  test('error.type alone marks failure; the error is the status message, the exception, or the type', () => {
    const withType = (extra: Json) =>
      toolSpan({
        attributes: [...toolSpan().attributes, { key: 'error.type', value: { stringValue: 'TimeoutError' } }],
        ...extra,
      });
    expect(parse([withType({})]).calls[0]).toMatchObject({
      is_error: true,
      error: 'TimeoutError',
      metadata: { error_type: 'TimeoutError' },
    });
    expect(
      parse([
        withType({
          events: [
            { name: 'exception', attributes: [{ key: 'exception.message', value: { stringValue: 'took 30s' } }] },
          ],
        }),
      ]).calls[0],
    ).toMatchObject({
      is_error: true,
      error: 'took 30s',
    });
    expect(
      parse([withType({ status: { code: 'STATUS_CODE_ERROR', message: 'deadline exceeded' } })]).calls[0],
    ).toMatchObject({ error: 'deadline exceeded' });
  });

  test('an ERROR status without a result fails the call; OK and UNSET do not', () => {
    expect(parse([toolSpan({ status: { code: 2 } })]).calls[0]).toMatchObject({
      is_error: true,
      error: 'the tool span ended with an error status',
    });
    expect(parse([toolSpan({ status: { code: 'ERROR', message: 'boom' } })]).calls[0]).toMatchObject({
      is_error: true,
      error: 'boom',
    });
    expect(parse([toolSpan({ status: { code: 1 } })]).calls[0]!.is_error).toBe(false);
    expect(parse([toolSpan({ status: {} })]).calls[0]!.is_error).toBe(false);
  });

  test('ordered by start time, then input order; duration from exact nanoseconds', () => {
    const { calls } = parse([
      toolSpan({
        spanId: 'late',
        startTimeUnixNano: '3000000000000000001',
        endTimeUnixNano: '3000000000000000002',
        attributes: [{ key: 'gen_ai.tool.name', value: { stringValue: 'c' } }],
      }),
      toolSpan({
        spanId: 'early1',
        startTimeUnixNano: 1000,
        endTimeUnixNano: 2000,
        attributes: [{ key: 'gen_ai.tool.name', value: { stringValue: 'a' } }],
      }),
      toolSpan({
        spanId: 'early2',
        startTimeUnixNano: '1000',
        endTimeUnixNano: '1000',
        attributes: [{ key: 'gen_ai.tool.name', value: { stringValue: 'b' } }],
      }),
    ]);
    expect(calls.map((call) => [call.tool, call.duration])).toEqual([
      ['a', 0.000001],
      ['b', 0],
      ['c', 1e-9],
    ]);
  });

  test('arguments that are not JSON fail the call (no arguments), with a warning naming the attribute', () => {
    const { calls, warnings } = parse([
      toolSpan({
        attributes: [
          { key: 'gen_ai.tool.name', value: { stringValue: 'search' } },
          { key: 'gen_ai.tool.call.arguments', value: { stringValue: 'q=x' } },
        ],
      }),
    ]);
    expect(calls[0]).toMatchObject({ args: {}, is_error: true, error: 'arguments are not valid JSON: q=x' });
    expect(warnings).toEqual([
      't.json at $[0].attributes["gen_ai.tool.call.arguments"]: arguments are not valid JSON; the call is read as failed, with no arguments',
    ]);
  });

  test('a tool span with no tool name is skipped with a warning; the span name can supply one', () => {
    const { calls, warnings } = parse([
      toolSpan({
        name: 'work',
        attributes: [
          { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
          { key: 'gen_ai.tool.name', value: { stringValue: ' ' } },
        ],
      }),
      toolSpan({
        spanId: 'b2',
        name: 'execute_tool fetch_page',
        attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } }],
      }),
    ]);
    expect(calls.map((call) => call.tool)).toEqual(['fetch_page']);
    expect(warnings).toEqual(['t.json at $[0]: skipped a tool span ("work") with no tool name']);
  });

  test('the same span exported twice is one call', () => {
    const { calls, warnings } = parse([toolSpan(), toolSpan()]);
    expect(calls).toHaveLength(1);
    expect(warnings).toEqual(['t.json at $[1]: skipped span b1 seen earlier in the trace']);
  });

  test('detection: single spans and span lists with ids or times; not chat messages', () => {
    expect(detectFormat(toolSpan())).toBe('otel');
    expect(detectFormat([{ name: 'x', attributes: {}, start_time: '2026-01-01T00:00:00Z' }])).toBe('otel');
    expect(detectFormat({ scopeSpans: [] })).toBe('otel');
    expect(detectFormat([{ role: 'user', content: 'hi' }])).not.toBe('otel');
  });
});
