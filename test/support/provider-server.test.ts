import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProviderServer, startProviderServer } from './provider-server.js';

const TOOLS = ['get_weather', 'search_notes', 'lookup_account'].map((name) => ({
  type: 'function' as const,
  function: {
    name,
    description: `the ${name} tool`,
    parameters: {
      type: 'object',
      properties: {
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        limit: { type: 'integer', minimum: 1, maximum: 5 },
      },
      required: ['units', 'limit'],
    },
  },
}));

const servers: ProviderServer[] = [];
async function start(options?: Parameters<typeof startProviderServer>[0]): Promise<OpenAI> {
  const server = await startProviderServer(options);
  servers.push(server);
  return new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key' });
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function firstCall(client: OpenAI) {
  const completion = await client.chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'go' }],
    tools: TOOLS,
  });
  const call = completion.choices[0]!.message.tool_calls![0]! as {
    id: string;
    function: { name: string; arguments: string };
  };
  return { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) };
}

describe('the provider server', () => {
  it('draws a tool and arguments that fit its schema, the same for the same seed, and differently when asked again', async () => {
    const [a, b] = [await start({ seed: 5 }), await start({ seed: 5 })];
    const picks = [];
    for (let i = 0; i < 8; i++) picks.push(await firstCall(a));
    for (const pick of picks) {
      expect(TOOLS.map((tool) => tool.function.name)).toContain(pick.name);
      expect(['celsius', 'fahrenheit']).toContain(pick.args.units);
      expect(pick.args.limit).toBeGreaterThanOrEqual(1);
      expect(pick.args.limit).toBeLessThanOrEqual(5);
    }
    // Asked again, the same request gets other draws: trials differ.
    expect(new Set(picks.map((pick) => JSON.stringify([pick.name, pick.args]))).size).toBeGreaterThan(1);
    // A server with the same seed answers the same sequence.
    for (const pick of picks) expect(await firstCall(b)).toEqual(pick);
  });

  it('answers with the turn’s tool results once a round of calls was made, plain and streamed', async () => {
    const client = await start();
    const messages = [
      { role: 'user' as const, content: 'go' },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function' as const, function: { name: 'get_weather', arguments: '{}' } },
          { id: 'c2', type: 'function' as const, function: { name: 'search_notes', arguments: '{}' } },
        ],
      },
      { role: 'tool' as const, tool_call_id: 'c1', content: 'sunny' },
      { role: 'tool' as const, tool_call_id: 'c2', content: [{ type: 'text' as const, text: 'two notes' }] },
    ];
    const completion = await client.chat.completions.create({ model: 'm', messages, tools: TOOLS });
    expect(completion.choices[0]!.message.content).toBe('Answer: sunny | two notes');
    expect(completion.choices[0]!.finish_reason).toBe('stop');

    const stream = await client.chat.completions.create({
      model: 'm',
      messages,
      tools: TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage ??= chunk.usage ?? undefined;
    }
    expect(text).toBe('Answer: sunny | two notes');
    expect(usage).toMatchObject({ completion_tokens: Math.ceil('Answer: sunny | two notes'.length / 4) });
  });

  it('follows a scripted reply, counts connections and answers unknown routes with 404', async () => {
    const server = await startProviderServer({ reply: () => ({ status: 429, message: 'slow down' }) });
    servers.push(server);
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect([response.status, await response.json()]).toEqual([
      429,
      { error: { message: 'slow down', type: 'server_error' } },
    ]);
    expect((await fetch(`${server.baseURL}/responses`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect(server.connections).toBeGreaterThanOrEqual(1);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions']);
  });
});
