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
