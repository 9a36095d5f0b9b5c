import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Agent, OpenAIProvider, run, setTracingDisabled, tool as agentsTool } from '@openai/agents';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSampleServer } from '../../src/mcp/sample-server.js';
import {
  type Cassette,
  cassettePath,
  openCassette,
  ReplayMissError,
  replayAgentsTool,
  replayMcpClient,
  replayMiddleware,
  replayTools,
} from '../../src/replay/index.js';
import { type ProviderServer, startProviderServer } from '../support/provider-server.js';

/*
 * Agents built with the real SDKs, recorded against the seeded provider server on 127.0.0.1 and replayed
 * from their cassettes. "No socket" is proved two ways: while a replay runs, `net.Socket.prototype.connect`
 * (what every TCP, TLS and IPC client of Node goes through: the global fetch, the SDKs' HTTP clients)
 * throws and counts, so a connection to any host, not only ours, would fail the run and show in the
 * count; and the provider server's own count of accepted connections does not move. The guard is first
 * checked to see a plain fetch, so a Node that bypassed it could not make the proof pass vacuously.
 */

// Assembled at run time, so no credential-shaped literal sits in the repository (push-protection scanners).
const TOKEN = ['gh', 'p_', 'A1b2'.repeat(9)].join('');

/** Makes every socket connection of this process fail while it is on, counting the attempts. */
function forbidSockets() {
  const original = net.Socket.prototype.connect;
  const attempts: unknown[] = [];
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    attempts.push(args[0]);
    throw new Error('replay opened a socket');
  } as typeof original;
  return { attempts, restore: () => void (net.Socket.prototype.connect = original) };
}

let dir: string;
let server: ProviderServer;
beforeAll(() => setTracingDisabled(true));
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolscore-replay-e2e-'));
  server = await startProviderServer({ seed: 33 });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the socket guard', () => {
  it('sees the connection a plain fetch opens', async () => {
    const guard = forbidSockets();
    try {
      await expect(fetch(`${server.url}/v1/models`)).rejects.toThrow();
    } finally {
      guard.restore();
    }
    expect(guard.attempts.length).toBe(1);
    expect(server.connections).toBe(0);
  });
});

describe('Vercel AI SDK: generateText and streamText with tools, model middleware', () => {
  const runs = { get_weather: 0, lookup_account: 0 };
  beforeEach(() => {
    runs.get_weather = 0;
    runs.lookup_account = 0;
  });

  /** A weather-and-accounts agent: two tools, at most three steps. */
  function agent(cassette: Cassette) {
    const model = wrapLanguageModel({
      model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('gpt-4o-mini'),
      middleware: replayMiddleware(cassette),
    });
    const tools = replayTools(cassette, {
      get_weather: tool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string(), units: z.enum(['celsius', 'fahrenheit']) }),
        execute: async ({ city, units }) => {
          runs.get_weather++;
          return { city, units, temperature: 8 + (city.length % 15) };
        },
      }),
      lookup_account: tool({
        description: 'The account of a user, with its API token',
        inputSchema: z.object({ user: z.string() }),
        execute: async ({ user }) => {
          runs.lookup_account++;
          return { user, token: TOKEN };
        },
      }),
    });
    return { model, tools, prompt: 'Weather in the capital, and my account?', stopWhen: stepCountIs(3) };
  }

  it('records a run, then replays it in strict mode with no socket opened and the same answers', async () => {
    const recorded = await generateText(agent(openCassette('weather', { mode: 'record', dir })));
    expect(server.requests.length).toBe(2);
    const calls = recorded.steps.flatMap((step) => step.toolCalls.map((call) => [call.toolName, call.input]));
    expect(calls).toHaveLength(1);
    const [name, input] = calls[0]! as [string, Record<string, unknown>];
    expect(runs).toEqual({
      get_weather: name === 'get_weather' ? 1 : 0,
      lookup_account: name === 'lookup_account' ? 1 : 0,
    });
    // The server answers with the tool results it was sent; the token is masked in the cassette only.
    const result =
      name === 'get_weather'
        ? { city: input.city, units: input.units, temperature: 8 + ((input.city as string).length % 15) }
        : { user: input.user, token: TOKEN };
    expect(recorded.text).toBe(`Answer: ${JSON.stringify(result)}`);

    const connections = server.connections;
    const guard = forbidSockets();
    let replayed: Awaited<typeof recorded>;
    try {
      replayed = await generateText(agent(openCassette('weather', { mode: 'strict', dir })));
    } finally {
      guard.restore();
    }
    expect(guard.attempts).toEqual([]);
    expect(server.connections).toBe(connections);
    expect(runs).toEqual({
      get_weather: name === 'get_weather' ? 1 : 0,
      lookup_account: name === 'lookup_account' ? 1 : 0,
    });
    expect(replayed.steps.flatMap((step) => step.toolCalls.map((call) => [call.toolName, call.input]))).toEqual(calls);
    expect(replayed.text).toBe(recorded.text);
    expect(replayed.usage).toEqual(recorded.usage);
  });

  it('masks a credential a tool returned, and the masked run replays: keys are masked before they are made', async () => {
    // Scripted: the model looks the account up, then answers with what the tool returned.
    await server.close();
    server = await startProviderServer({
      reply: (request) =>
        request.messages.at(-1)!.role === 'tool'
          ? { text: `Answer: ${request.messages.at(-1)!.content}` }
          : { toolCalls: [{ name: 'lookup_account', arguments: { user: 'ada' } }] },
    });
    const recorded = await generateText(agent(openCassette('account', { mode: 'record', dir })));
    expect(recorded.text).toBe(`Answer: {"user":"ada","token":"${TOKEN}"}`);
    const text = readFileSync(cassettePath(dir, 'account'), 'utf8');
    expect(text).not.toContain(TOKEN);
    const cassette = JSON.parse(text);
    expect(cassette.tools).toEqual([
      { tool: 'lookup_account', args: { user: 'ada' }, result: { user: 'ada', token: '[REDACTED github_token]' } },
    ]);
    expect(cassette.model).toHaveLength(2);

    const guard = forbidSockets();
    try {
      const replayed = await generateText(agent(openCassette('account', { mode: 'strict', dir })));
      // The replayed tool result is the masked one, so is the answer the model gave to it.
      expect(replayed.text).toBe('Answer: {"user":"ada","token":"[REDACTED github_token]"}');
    } finally {
      guard.restore();
    }
    expect(guard.attempts).toEqual([]);
    expect(runs.lookup_account).toBe(1);
  });

  it('records and replays a streamed run part by part', async () => {
    const recording = streamText(agent(openCassette('stream', { mode: 'record', dir })));
    const recordedText = await recording.text;
    const recordedCalls = (await recording.steps).flatMap((step) => step.toolCalls.map((call) => call.toolName));
    expect(recordedText).toMatch(/^Answer: \{/);
    expect(recordedCalls).toHaveLength(1);
    expect(
      JSON.parse(readFileSync(cassettePath(dir, 'stream'), 'utf8')).model.map((entry: any) => entry.request.kind),
    ).toEqual(['stream', 'stream']);

    const guard = forbidSockets();
    try {
      const replaying = streamText(agent(openCassette('stream', { mode: 'strict', dir })));
      expect(await replaying.text).toBe(recordedText);
      expect((await replaying.steps).flatMap((step) => step.toolCalls.map((call) => call.toolName))).toEqual(
        recordedCalls,
      );
    } finally {
      guard.restore();
    }
    expect(guard.attempts).toEqual([]);
  });

  it('in strict mode fails a model request the cassette does not hold', async () => {
    const cassette = openCassette('empty', { mode: 'strict', dir });
    const error = await generateText(agent(cassette)).catch((e) => e);
    expect(error).toBeInstanceOf(ReplayMissError);
    expect(error.message).toBe(
      `strict replay: no recorded response of model "openai.chat/gpt-4o-mini" to a request of 1 prompt message ending with {"content":[{"text":"Weather in the capital, and my account?","type":"text"}],"role":"user"}: cassette ${cassettePath(dir, 'empty')} does not exist (record it with TOOLSCORE_REPLAY=record)`,
    );
    expect(server.requests).toEqual([]);
  });
});

describe('OpenAI Agents JS: function tools on a chat-completions model', () => {
  let runsOf = 0;

  async function agent(cassette: Cassette, baseURL: string) {
    // Chat Completions, not the Responses API the SDK uses by default: the provider server speaks the former.
    const provider = new OpenAIProvider({ baseURL, apiKey: 'test-key', useResponses: false });
    const getWeather = agentsTool({
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: z.object({ city: z.string(), units: z.enum(['celsius', 'fahrenheit']) }),
      execute: async ({ city, units }) => {
        runsOf++;
        return `${city}: ${8 + (city.length % 15)} degrees ${units}`;
      },
    });
    return new Agent({
      name: 'weather',
      instructions: 'Answer with the weather.',
      model: await provider.getModel('gpt-4o-mini'),
      tools: [replayAgentsTool(cassette, getWeather)],
    });
  }

  it('records the tool, replays it without running it, and a strict miss names the tool and arguments', async () => {
    runsOf = 0;
    const recorded = await run(
      await agent(openCassette('agents', { mode: 'record', dir }), server.baseURL),
      'Weather?',
    );
    expect(runsOf).toBe(1);
    const [entry] = JSON.parse(readFileSync(cassettePath(dir, 'agents'), 'utf8')).tools;
    const { city, units } = entry.args as { city: string; units: string };
    const output = `${city}: ${8 + (city.length % 15)} degrees ${units}`;
    expect(entry).toEqual({ tool: 'get_weather', args: { city, units }, result: output });
    expect(recorded.finalOutput).toBe(`Answer: ${output}`);

    // The same seed on a new server asks the same call again: the cassette answers it.
    const again = await startProviderServer({ seed: 33 });
    try {
      const replayed = await run(
        await agent(openCassette('agents', { mode: 'strict', dir }), again.baseURL),
        'Weather?',
      );
      expect(replayed.finalOutput).toBe(recorded.finalOutput);
      expect(runsOf).toBe(1);
    } finally {
      await again.close();
    }

    // A model that asks for Oslo in kelvin-free celsius gets a call the cassette never saw.
    const oslo = await startProviderServer({
      reply: () => ({ toolCalls: [{ name: 'get_weather', arguments: { units: 'celsius', city: 'Oslo' } }] }),
    });
    try {
      const error = await run(
        await agent(openCassette('agents', { mode: 'strict', dir }), oslo.baseURL),
        'Weather?',
      ).catch((e) => e);
      expect(String(error.message ?? error)).toContain(
        `strict replay: no recorded call of tool "get_weather" with arguments {"city":"Oslo","units":"celsius"} in cassette ${cassettePath(dir, 'agents')}`,
      );
    } finally {
      await oslo.close();
    }
    expect(runsOf).toBe(1);
  });
});

describe('MCP: the SDK client against the sample server', () => {
  let client: Client;
  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createSampleServer().connect(serverSide);
    client = new Client({ name: 'replay-test', version: '1.0.0' });
    await client.connect(clientSide);
  });
  afterAll(() => client.close());

  it('records callTool, replays it on a client that was never connected, and keeps the other members', async () => {
    const recording = replayMcpClient(openCassette('mcp', { mode: 'record', dir }), client);
    expect((await recording.listTools()).tools.map((t) => t.name)).toContain('get_weather');
    const weather = {
      city: 'Paris',
      temperature: 13,
      units: 'celsius',
      conditions: 'partly cloudy',
    };
    const expected = { content: [{ type: 'text', text: JSON.stringify(weather) }], structuredContent: weather };
    expect(await recording.callTool({ name: 'get_weather', arguments: { city: 'Paris' } })).toEqual(expected);

    const offline = replayMcpClient(
      openCassette('mcp', { mode: 'strict', dir }),
      new Client({ name: 'never-connected', version: '1.0.0' }),
    );
    expect(await offline.callTool({ name: 'get_weather', arguments: { city: 'Paris' } })).toEqual(expected);
    await expect(offline.callTool({ name: 'get_weather', arguments: { city: 'Lyon' } })).rejects.toThrow(
      `strict replay: no recorded call of tool "get_weather" with arguments {"city":"Lyon"} in cassette ${cassettePath(dir, 'mcp')}`,
    );
  });
});
