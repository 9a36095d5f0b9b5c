// Deterministic trace documents for the parse benchmarks (bench/parse-throughput.mjs, bench/parse-ab.mjs).

export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'weather',
  'Seattle',
  'forecast',
  'rain',
  'tool',
  'result',
  'temperature',
  'search',
  'deploy',
  'status',
  'user',
  'agent',
  'the',
  'a',
  'of',
  'and',
];
export function sentence(random, words) {
  let out = '';
  for (let i = 0; i < words; i++) out += (i ? ' ' : '') + WORDS[Math.floor(random() * WORDS.length)];
  return out;
}
export const hex = (random, n) => {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(random() * 16).toString(16);
  return out;
};

/**
 * An OpenAI Chat Completions history of about `bytes` of JSON: per turn a user message, an assistant
 * message with two \`tool_calls\`, their two \`role: "tool"\` results and a final answer.
 */
export function openaiDocument(bytes) {
  const random = prng(7);
  const messages = [{ role: 'system', content: "You're a helpful assistant." }];
  let size = 0;
  let calls = 0;
  while (size < bytes) {
    const user = { role: 'user', content: sentence(random, 200) };
    const toolCalls = [0, 1].map((i) => ({
      id: `call_${hex(random, 24)}`,
      type: 'function',
      function: {
        name: i ? 'get_forecast' : 'get_current_weather',
        arguments: JSON.stringify({ location: sentence(random, 2), days: 1 + Math.floor(random() * 7) }),
      },
    }));
    const assistant = { role: 'assistant', content: null, tool_calls: toolCalls };
    const results = toolCalls.map((call) => ({
      role: 'tool',
      tool_call_id: call.id,
      content: JSON.stringify({ forecast: sentence(random, 12), degrees: Math.floor(random() * 100) }),
    }));
    const answer = { role: 'assistant', content: sentence(random, 60) };
    for (const message of [user, assistant, ...results, answer]) {
      size += JSON.stringify(message).length + 1;
      messages.push(message);
    }
    calls += 2;
  }
  return { text: JSON.stringify({ messages }), calls };
}

const str = (key, value) => ({ key, value: { stringValue: value } });
const int = (key, value) => ({ key, value: { intValue: String(value) } });
const dbl = (key, value) => ({ key, value: { doubleValue: value } });

/**
 * The spans of one agent step as @ai-sdk/otel exports them: a chat span (input messages of `historyBytes`,
 * output messages announcing two tool calls), and two execute_tool spans (one in ten fails).
 */
function stepSpans(random, traceId, parentId, step, startNs, historyBytes) {
  const chatId = hex(random, 16);
  const history = [];
  let size = 0;
  while (size < historyBytes) {
    const message = {
      role: history.length % 2 ? 'assistant' : 'user',
      parts: [{ type: 'text', content: sentence(random, 40) }],
    };
    size += JSON.stringify(message).length;
    history.push(message);
  }
  const calls = [0, 1].map((i) => ({
    id: `call_${hex(random, 24)}`,
    name: i ? 'get_forecast' : 'get_current_weather',
    arguments: { location: sentence(random, 2), days: 1 + Math.floor(random() * 7) },
  }));
  const output = [
    { role: 'assistant', parts: calls.map((call) => ({ type: 'tool_call', ...call })), finish_reason: 'tool_call' },
  ];
  const t = BigInt(startNs);
  const chat = {
    traceId,
    spanId: chatId,
    parentSpanId: parentId,
    name: 'chat gpt-4o-mini',
    kind: 3,
    startTimeUnixNano: String(t),
    endTimeUnixNano: String(t + 1_500_000n),
    attributes: [
      str('gen_ai.operation.name', 'chat'),
      str('gen_ai.provider.name', 'openai'),
      str('gen_ai.request.model', 'gpt-4o-mini'),
      str('gen_ai.input.messages', JSON.stringify(history)),
      str('gen_ai.output.messages', JSON.stringify(output)),
      int('gen_ai.usage.input_tokens', 100 + step),
      int('gen_ai.usage.output_tokens', 51),
      { key: 'gen_ai.response.finish_reasons', value: { arrayValue: { values: [{ stringValue: 'tool-calls' }] } } },
      dbl('gen_ai.client.operation.duration', 0.0015),
    ],
    droppedAttributesCount: 0,
    events: [],
    droppedEventsCount: 0,
    status: { code: 0 },
    links: [],
    droppedLinksCount: 0,
  };
  const tools = calls.map((call, i) => {
    const failed = random() < 0.1;
    const start = t + 2_000_000n;
    return {
      traceId,
      spanId: hex(random, 16),
      parentSpanId: parentId,
      name: `execute_tool ${call.name}`,
      kind: 1,
      startTimeUnixNano: String(start),
      endTimeUnixNano: String(start + BigInt(100_000 + i * 7919)),
      attributes: [
        str('gen_ai.operation.name', 'execute_tool'),
        str('gen_ai.tool.name', call.name),
        str('gen_ai.tool.call.id', call.id),
        str('gen_ai.tool.type', 'function'),
        str('gen_ai.tool.call.arguments', JSON.stringify(call.arguments)),
        dbl('gen_ai.execute_tool.duration', 0.0001),
        ...(failed
          ? []
          : [
              str(
                'gen_ai.tool.call.result',
                JSON.stringify(`${sentence(random, 6)}, ${Math.floor(random() * 100)} degrees`),
              ),
            ]),
      ],
      droppedAttributesCount: 0,
      events: failed
        ? [
            {
              name: 'exception',
              timeUnixNano: String(start + 50_000n),
              attributes: [str('exception.type', 'Error'), str('exception.message', 'service unavailable')],
              droppedAttributesCount: 0,
            },
          ]
        : [],
      droppedEventsCount: 0,
      status: failed ? { code: 2, message: 'service unavailable' } : { code: 0 },
      links: [],
      droppedLinksCount: 0,
    };
  });
  return [chat, ...tools];
}

/** Spans until roughly `bytes` of JSON, handed to `emit` one at a time; returns the number of tool spans. */
export function generateSpans(bytes, historyBytes, emit) {
  const random = prng(42);
  let written = 0;
  let calls = 0;
  let step = 0;
  let startNs = 1_796_215_994_000_000_000n;
  let traceId = hex(random, 32);
  let root = hex(random, 16);
  while (written < bytes) {
    if (step % 20 === 0) {
      traceId = hex(random, 32);
      root = hex(random, 16);
    }
    for (const span of stepSpans(random, traceId, root, step, startNs, historyBytes)) {
      const text = JSON.stringify(span);
      written += text.length + 1;
      emit(span, text);
    }
    calls += 2;
    step++;
    startNs += 5_000_000n;
  }
  return calls;
}

/** An OTLP/JSON export of about `bytes`, as text. */
export function otlpDocument(bytes) {
  const spans = [];
  const calls = generateSpans(bytes, 2048, (span) => spans.push(span));
  const text = JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [str('service.name', 'bench-agent')], droppedAttributesCount: 0 },
        scopeSpans: [{ scope: { name: 'ai' }, spans }],
      },
    ],
  });
  return { text, calls };
}
