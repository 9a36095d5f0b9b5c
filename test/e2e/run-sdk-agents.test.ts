import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cassettePath } from '../../src/replay/index.js';
import { seededRandom } from '../../src/schemas/prng.js';
import { REPO_ROOT } from '../corpus.js';
import {
  type ChatReply,
  type ProviderServer,
  type ReplyPolicy,
  startProviderServer,
} from '../support/provider-server.js';
import { SAMPLE_SERVER } from './mcp-servers.js';
import { CLI, childEnv, type Run, runCli, runProgram, useScratchFolder } from './run-cli.js';

/*
 * `toolscore run` on real agents: one built with the Vercel AI SDK (`generateText` and tools), one with the
 * OpenAI Agents JS SDK (`Agent`, `run`, `tool`), one with the MCP client of @modelcontextprotocol/sdk
 * calling the repository's sample server over stdio. Their model is the seeded provider server on
 * 127.0.0.1, which here answers each trial from the seed, the case and the trial number (the agent puts
 * both in the base URL's path), so the test knows which trials go wrong before they run.
 *
 * The agents live in a scratch folder whose node_modules links the SDKs (and toolscore itself) from the
 * repository, so they import them by name as a user's agent does. The CLI runs with a preloaded guard
 * that makes every socket connection to a host other than 127.0.0.1 throw: no SDK reaches the network.
 */

const SEED = 8;

/** The cases: what the user asks, the call that answers it, and the call a confused model makes instead. */
const CASES = {
  'weather-paris': {
    input: 'What is the weather in Paris?',
    right: { name: 'get_weather', arguments: { city: 'Paris' } },
    wrong: { name: 'searchNotes', arguments: { query: 'Paris' } },
  },
  'notes-report': {
    input: 'Find my notes about the report.',
    right: { name: 'searchNotes', arguments: { query: 'report' } },
    wrong: { name: 'get_weather', arguments: { city: 'report' } },
  },
  'weather-oslo': {
    input: 'How warm is it in Oslo?',
    right: { name: 'get_weather', arguments: { city: 'Oslo' } },
    wrong: { name: 'searchNotes', arguments: { query: 'Oslo' } },
  },
} as const;
type CaseId = keyof typeof CASES;
const IDS = Object.keys(CASES) as CaseId[];

/** Whether trial `trial` of a case calls the wrong tool: a fair coin drawn from the seed, the case and the trial. */
function wrongTrial(seed: number, caseId: string, trial: number): boolean {
  return seededRandom(`${seed}\n${caseId}\n${trial}`).chance(0.5);
}

/**
 * The model: on the user's turn, the case's right call, or its wrong one on the trials `wrongTrial` picks;
 * once a tool has answered, the text `Answer: ` and what it returned. The case and trial come from the
 * path `/c/CASE/TRIAL/v1/chat/completions`.
 */
function trialReplies(seed: number): ReplyPolicy {
  return (request): ChatReply => {
    const match = /^\/c\/([^/]+)\/(\d+)\/v1\/chat\/completions$/.exec(request.path);
    if (match === null) return { status: 404, message: `no case and trial in ${request.path}` };
    const caseId = decodeURIComponent(match[1]!) as CaseId;
    const last = request.messages.at(-1)!;
    if (last.role === 'tool')
      return { text: `Answer: ${typeof last.content === 'string' ? last.content : JSON.stringify(last.content)}` };
    const call = wrongTrial(seed, caseId, Number(match[2])) ? CASES[caseId].wrong : CASES[caseId].right;
    return { toolCalls: [{ name: call.name, arguments: { ...call.arguments } }] };
  };
}

/** The Vercel AI SDK agent, TypeScript (loaded by jiti); its model and tools go through toolscore/replay's cassettes. */
const AI_SDK_AGENT = `import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { openCassette, replayMiddleware, replayTools } from 'toolscore/replay';
import { z } from 'zod';

interface Context { caseId: string; trial: number; signal: AbortSignal }

export default async function agent(input: string, { caseId, trial, signal }: Context) {
  const provider = createOpenAI({
    baseURL: \`\${process.env.PROVIDER_URL}/c/\${encodeURIComponent(caseId)}/\${trial}/v1\`,
    apiKey: process.env.OPENAI_API_KEY,
  });
  const cassette = openCassette(caseId);
  return generateText({
    model: wrapLanguageModel({ model: provider.chat('gpt-4o-mini'), middleware: replayMiddleware(cassette) }),
    tools: replayTools(cassette, {
      get_weather: tool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, temperature: 8 + (city.length % 15) }),
      }),
      searchNotes: tool({
        description: 'Search the notes',
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => \`No notes about \${query}.\`,
      }),
    }),
    prompt: input,
    stopWhen: stepCountIs(3),
    abortSignal: signal,
  });
}
`;

/** The OpenAI Agents JS agent: function tools (through toolscore/replay's cassettes) on a Chat Completions model. */
const AGENTS_SDK_AGENT = `import { Agent, OpenAIProvider, run, setTracingDisabled, tool } from '@openai/agents';
import { openCassette, replayAgentsTool } from 'toolscore/replay';
import { z } from 'zod';

setTracingDisabled(true);

const tools = [
  tool({
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => \`\${city}: \${8 + (city.length % 15)} degrees\`,
  }),
  tool({
    name: 'searchNotes',
    description: 'Search the notes',
    parameters: z.object({ query: z.string() }),
    execute: async ({ query }) => \`No notes about \${query}.\`,
  }),
];

export default async function agent(input, { caseId, trial, signal }) {
  const provider = new OpenAIProvider({
    baseURL: \`\${process.env.PROVIDER_URL}/c/\${encodeURIComponent(caseId)}/\${trial}/v1\`,
    apiKey: process.env.OPENAI_API_KEY,
    useResponses: false,
  });
  const cassette = openCassette(caseId);
  const assistant = new Agent({
    name: 'assistant',
    instructions: 'Answer with the tools.',
    model: await provider.getModel('gpt-4o-mini'),
    tools: tools.map((t) => replayAgentsTool(cassette, t)),
  });
  return run(assistant, input, { signal });
}
`;

/** An agent loop written by hand: the model over fetch, the tools of an MCP server over stdio; it returns the messages. */
const MCP_AGENT = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export default async function agent(input, { caseId, trial, signal }) {
  const client = new Client({ name: 'trial-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [process.env.MCP_SERVER] }));
  try {
    const tools = (await client.listTools()).tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    }));
    const url = \`\${process.env.PROVIDER_URL}/c/\${encodeURIComponent(caseId)}/\${trial}/v1/chat/completions\`;
    const messages = [{ role: 'user', content: input }];
    for (let step = 0; step < 3; step++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: \`Bearer \${process.env.OPENAI_API_KEY}\` },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages, tools }),
        signal,
      });
      const message = (await response.json()).choices[0].message;
      messages.push(message);
      if (!message.tool_calls?.length) break;
      for (const call of message.tool_calls) {
        const result = await client.callTool({ name: call.function.name, arguments: JSON.parse(call.function.arguments) });
        messages.push({ role: 'tool', tool_call_id: call.id, content: result.content.map((part) => part.text ?? '').join('') });
      }
    }
    return messages;
  } finally {
    await client.close();
  }
}
`;

/**
 * Preloaded into the CLI: a socket to anything but 127.0.0.1 (or a local pipe) throws, naming where it was
 * going; with NO_SOCKETS=1, any TCP socket at all does (a replayed run).
 */
const NETWORK_GUARD = `import net from 'node:net';
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  if (options.path === undefined && (options.host !== '127.0.0.1' || process.env.NO_SOCKETS === '1'))
    throw new Error(\`the agent reached for \${options.host}:\${options.port}\`);
  return connect.apply(this, args);
};
`;

const scratch = useScratchFolder('toolscore-run-sdks-');
let dir: string;
let server: ProviderServer;
let env: Record<string, string>;

beforeAll(async () => {
  dir = scratch.fresh();
  mkdirSync(join(dir, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  const link = (name: string, target = join(REPO_ROOT, 'node_modules', name)) =>
    symlinkSync(target, join(dir, 'node_modules', name), 'dir');
  for (const name of ['ai', '@ai-sdk', '@openai', 'zod']) link(name);
  link('@modelcontextprotocol/sdk');
  link('toolscore', REPO_ROOT);
  writeFileSync(join(dir, 'ai-sdk.ts'), AI_SDK_AGENT);
  writeFileSync(join(dir, 'agents-sdk.mjs'), AGENTS_SDK_AGENT);
  writeFileSync(join(dir, 'mcp.mjs'), MCP_AGENT);
  writeFileSync(join(dir, 'guard.mjs'), NETWORK_GUARD);
  const cases = IDS.map((id) => ({
    id,
    input: CASES[id].input,
    expected: [{ tool: CASES[id].right.name, args: CASES[id].right.arguments }],
  }));
  writeFileSync(join(dir, 'cases.jsonl'), `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`);
  server = await startProviderServer({ seed: SEED, reply: trialReplies(SEED) });
  env = {
    PROVIDER_URL: server.url,
    // Dummy credentials and base URLs, so nothing the SDKs do by default could reach OpenAI.
    OPENAI_API_KEY: 'sk-dummy',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_AGENTS_DISABLE_TRACING: '1',
    MCP_SERVER: SAMPLE_SERVER,
    NODE_OPTIONS: `--import ${pathToFileURL(join(dir, 'guard.mjs')).href}`,
  };
});
afterAll(() => server?.close());

function linesOf(path: string): Record<string, any>[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** `toolscore run AGENT` on the cases, in the scratch folder, with the guard and the provider's address. */
function runAgentCli(
  agent: string,
  name: string,
  extra: string[] = [],
  moreEnv: Record<string, string> = {},
): Promise<Run> {
  return runCli(
    [
      'run',
      agent,
      '--dataset',
      'cases.jsonl',
      '--concurrency',
      '4',
      '--timeout',
      '60',
      '--no-progress',
      '-o',
      `${name}.jsonl`,
      '--summary',
      `${name}.summary.json`,
      ...extra,
    ],
    { cwd: dir, env: { ...env, ...moreEnv } },
  );
}

/*
 * By hand, from the table below (trial 1, 2, 3 of each case; x = the wrong tool):
 *   weather-paris ..x  c = 2 of 3 (flaky)   notes-report ...  c = 3   weather-oslo xxx  c = 0
 * A right call is the expected call exactly: score 1, PASS. A wrong one calls a tool that is not expected
 * and misses the one that is: score 0, FAIL (as `refund` → `cancel` in docs/trials.md).
 *   pass^1 = (2 + 3 + 0) / 9 = 5/9
 *   pass^2 = (C(2,2)/C(3,2) + 1 + 0) / 3 = (1/3 + 1) / 3 = 4/9
 *   pass^3 = (0 + 1 + 0) / 3 = 1/3
 *   pass@1 = 5/9;  pass@2 = ((1 − C(1,2)/C(3,2)) + 1 + 0) / 3 = 2/3;  pass@3 = 2/3
 * The score's mean is 5/9 too (each trial scores 0 or 1); weather-paris has mean 2/3 and population
 * standard deviation sqrt(((1/3)² · 2 + (2/3)²) / 3) = sqrt(2)/3.
 */
const TABLE = ['..x', '...', 'xxx'];
const LIVE_LINES = IDS.flatMap((id, c) =>
  [1, 2, 3].map((trial) => {
    const right = TABLE[c]![trial - 1] === '.';
    return [id, c * 3 + trial - 1, trial, right ? 1 : 0, right ? 'PASS' : 'FAIL'];
  }),
);

describe('toolscore run on agents built with the real SDKs, against the seeded provider server', () => {
  test('the seed gives the table the hand derivations start from', () => {
    expect(IDS.map((id) => [1, 2, 3].map((trial) => (wrongTrial(SEED, id, trial) ? 'x' : '.')).join(''))).toEqual(
      TABLE,
    );
  });

  test('the guard refuses a connection to anything but 127.0.0.1, and with NO_SOCKETS=1 to anything', async () => {
    // 203.0.113.1 is TEST-NET-3: never routed, so even without the guard nothing would leave the machine.
    const probe = await runProgram(
      process.execPath,
      ['-e', "fetch('http://203.0.113.1/').catch((e) => console.log(e.cause?.message ?? e.message))"],
      { env: { ...process.env, NODE_OPTIONS: env.NODE_OPTIONS } },
    );
    expect(probe.stdout).toBe('the agent reached for 203.0.113.1:80\n');
    const local = await runProgram(
      process.execPath,
      ['-e', `fetch('${server.url}/').catch((e) => console.log(e.cause?.message ?? e.message))`],
      { env: { ...process.env, NODE_OPTIONS: env.NODE_OPTIONS, NO_SOCKETS: '1' } },
    );
    expect(local.stdout).toBe(`the agent reached for 127.0.0.1:${new URL(server.url).port}\n`);
  });

  test.each([
    ['ai-sdk.ts', 'the Vercel AI SDK (generateText and tools, TypeScript)'],
    ['agents-sdk.mjs', 'the OpenAI Agents JS SDK'],
    ['mcp.mjs', 'an MCP client of the sample server over stdio'],
  ])('%s: %s, 3 trials: the results lines, pass^k, pass@k and the flaky case', async (agent) => {
    const name = agent.replace(/\.\w+$/, '');
    const before = server.requests.length;
    // Gates on pass^2 = 4/9 ≈ 0.444 and pass^3 = 1/3: 0.4 holds, 0.5 fails the run (exit 1), naming pass^3 only.
    const gates = ['--min-pass-hat-k', '2=0.4', '--min-pass-hat-k', '3=0.5'];
    const run = await runAgentCli(agent, name, ['--trials', '3', '--traces-dir', `${name}-traces`, ...gates]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe('toolscore: pass^3 0.3333333333333333 is below --min-pass-hat-k 3=0.5\n');
    // Two model requests a trial: the tool call, then the answer to the tool's result.
    expect(server.requests.length - before).toBe(18);

    const lines = linesOf(join(dir, `${name}.jsonl`));
    expect(lines.map((line) => [line.id, line.index, line.trial, line.score, line.verdict])).toEqual(LIVE_LINES);
    // The calls read from each trial's response are the ones the model asked for, with the tools' results.
    const traces = linesOf(join(dir, `${name}-traces`, 'cases.jsonl'));
    expect(traces.map((trace) => trace.calls.map((call: { tool: string }) => call.tool))).toEqual(
      IDS.flatMap((id, c) => [0, 1, 2].map((t) => [(TABLE[c]![t] === 'x' ? CASES[id].wrong : CASES[id].right).name])),
    );
    expect(traces.every((trace) => trace.calls[0].result !== undefined)).toBe(true);
    // The traces are a batch dataset: re-scored without the agent, they give the run's lines.
    const rescore = await runCli(
      ['batch', `${name}-traces/cases.jsonl`, '--jobs', '1', '--no-progress', '-o', `${name}-rescored.jsonl`],
      { cwd: dir },
    );
    expect(rescore.code, rescore.stderr).toBe(0);
    expect(linesOf(join(dir, `${name}-rescored.jsonl`))).toEqual(lines);

    const summary = JSON.parse(readFileSync(join(dir, `${name}.summary.json`), 'utf8'));
    expect(summary.score.mean).toBeCloseTo(5 / 9, 12);
    const trials = summary.trials;
    expect([trials.cases, trials.trials, trials.min_trials, trials.max_trials]).toEqual([3, 9, 3, 3]);
    expect([trials.always, trials.never, trials.flaky, trials.success]).toEqual([1, 1, 1, 'verdict']);
    expect(Object.keys(trials.pass_hat_k)).toEqual(['1', '2', '3']);
    expect(trials.pass_hat_k['1']).toBeCloseTo(5 / 9, 12);
    expect(trials.pass_hat_k['2']).toBeCloseTo(4 / 9, 12);
    expect(trials.pass_hat_k['3']).toBeCloseTo(1 / 3, 12);
    expect(trials.pass_at_k['1']).toBeCloseTo(5 / 9, 12);
    expect(trials.pass_at_k['2']).toBeCloseTo(2 / 3, 12);
    expect(trials.pass_at_k['3']).toBeCloseTo(2 / 3, 12);
    expect(trials.flaky_cases).toHaveLength(1);
    const [flaky] = trials.flaky_cases;
    expect([flaky.id, flaky.n, flaky.c]).toEqual(['weather-paris', 3, 2]);
    expect(flaky.success_rate).toBeCloseTo(2 / 3, 12);
    expect(flaky.mean_score).toBeCloseTo(2 / 3, 12);
    expect(flaky.score_std_dev).toBeCloseTo(Math.sqrt(2) / 3, 12);
    expect(
      flaky.trials.map((t: { trial: number; score: number; success: boolean }) => [t.trial, t.score, t.success]),
    ).toEqual([
      [1, 1, true],
      [2, 1, true],
      [3, 0, false],
    ]);
  });

  test('a malformed --min-pass-hat-k is a usage error before the agent runs', async () => {
    const requests = server.requests.length;
    const run = await runAgentCli('ai-sdk.ts', 'malformed', ['--trials', '3', '--min-pass-hat-k', '2:0.5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolscore: --min-pass-hat-k: .*2:0\.5.*\n$/);
    expect(server.requests.length).toBe(requests);
  });

  test('--replay record, then --replay (strict): every trial is trial 1 again, and the provider is never asked', async () => {
    const record = await runAgentCli('ai-sdk.ts', 'recorded', ['--replay', 'record', '--cassettes', 'tapes']);
    expect(record.code, record.stderr).toBe(0);
    // Trial 1 of each case, from the table's first column: right, right, wrong.
    expect(linesOf(join(dir, 'recorded.jsonl')).map((line) => [line.id, line.trial, line.score])).toEqual([
      ['weather-paris', 1, 1],
      ['notes-report', 1, 1],
      ['weather-oslo', 1, 0],
    ]);

    const connections = server.connections;
    const requests = server.requests.length;
    // No socket at all, not even to 127.0.0.1: a request would fail its trial, and the lines below would differ.
    const replay = await runAgentCli('ai-sdk.ts', 'replayed', ['--replay', '--cassettes', 'tapes', '--trials', '3'], {
      NO_SOCKETS: '1',
    });
    expect(replay.code, replay.stderr).toBe(0);
    expect(server.connections).toBe(connections);
    expect(server.requests.length).toBe(requests);
    // Every trial answers as trial 1 did: c = 3, 3, 0, so pass^k = pass@k = 2/3 for every k and nothing is flaky.
    expect(linesOf(join(dir, 'replayed.jsonl')).map((line) => [line.id, line.trial, line.score])).toEqual(
      IDS.flatMap((id, c) => [1, 2, 3].map((trial) => [id, trial, c < 2 ? 1 : 0])),
    );
    const { trials } = JSON.parse(readFileSync(join(dir, 'replayed.summary.json'), 'utf8'));
    for (const k of ['1', '2', '3']) {
      expect(trials.pass_hat_k[k]).toBeCloseTo(2 / 3, 12);
      expect(trials.pass_at_k[k]).toBeCloseTo(2 / 3, 12);
    }
    expect([trials.always, trials.never, trials.flaky, trials.flaky_cases]).toEqual([2, 1, 0, []]);
  });
});

describe("toolscore run and an agent's abandoned work", () => {
  test('a trial abandoned at --timeout does not hold the process once the run is written', async () => {
    const folder = scratch.fresh();
    // Trial 2 waits ten minutes on a timer: the runner abandons it after 1 s, but the timer would keep Node alive.
    writeFileSync(
      join(folder, 'agent.mjs'),
      `export default async (input, { trial }) => {
  if (trial === 2) await new Promise((done) => setTimeout(done, 600_000));
  return [{ tool: 'a', args: {} }];
};\n`,
    );
    writeFileSync(join(folder, 'cases.jsonl'), '{"id":"x","input":1,"expected":[{"tool":"a","args":{}}]}\n');
    const args = ['run', 'agent.mjs', '--dataset', 'cases.jsonl', '--trials', '2', '--timeout', '1', '-o', 'r.jsonl'];
    // 60 s only stops the process that the bug left waiting; a run that exits takes a second or two.
    const run = await runProgram(process.execPath, [CLI, ...args, '--no-progress'], {
      cwd: folder,
      env: childEnv(),
      timeout: 60_000,
    });
    // Exit 1: the timed-out trial is a lost case and --max-errors is 0.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe(
      'toolscore: 1 of 2 cases could not be read or scored; --max-errors 0 allows none (their lines in the results say why)\n' +
        'toolscore run: 1 abandoned trial is still running (--timeout); exiting without waiting for it\n',
    );
    expect(linesOf(join(folder, 'r.jsonl')).map((line) => [line.trial, line.score ?? line.error])).toEqual([
      [1, 1],
      [2, 'the agent did not answer within 1 s (--timeout); the trial was abandoned'],
    ]);
  });
});

describe('toolscore run --replay with the OpenAI Agents JS SDK: tools from the cassette, the model live', () => {
  test('a call the cassette does not hold fails its trial, naming the tool and its arguments', async () => {
    const record = await runAgentCli('agents-sdk.mjs', 'agents-recorded', [
      '--replay',
      'record',
      '--cassettes',
      'agent-tapes',
    ]);
    expect(record.code, record.stderr).toBe(0);
    const replay = await runAgentCli('agents-sdk.mjs', 'agents-replayed', [
      '--replay',
      '--cassettes',
      'agent-tapes',
      '--trials',
      '3',
    ]);
    // Exit 1: one trial could not be scored, and --max-errors is 0.
    expect(replay.code, replay.stderr).toBe(1);
    /*
     * The model still answers each trial from the table; only the tools replay what trial 1 recorded:
     * weather-paris get_weather(Paris); notes-report searchNotes(report); weather-oslo searchNotes(Oslo),
     * the wrong call trial 1 made. So weather-paris's trial 3 (wrong: searchNotes(Paris)) is a miss and
     * fails; weather-oslo's trials are all wrong and all recorded: scored 0.
     */
    const lines = linesOf(join(dir, 'agents-replayed.jsonl'));
    expect(lines.map((line) => [line.id, line.trial, line.score ?? 'error'])).toEqual([
      ['weather-paris', 1, 1],
      ['weather-paris', 2, 1],
      ['weather-paris', 3, 'error'],
      ['notes-report', 1, 1],
      ['notes-report', 2, 1],
      ['notes-report', 3, 1],
      ['weather-oslo', 1, 0],
      ['weather-oslo', 2, 0],
      ['weather-oslo', 3, 0],
    ]);
    // The SDK wraps the tool's error in its own words; the reason keeps the replay's.
    expect(lines[2]!.error).toBe(
      `the agent threw: Failed to run function tools: ReplayMissError: strict replay: no recorded call of tool "searchNotes" with arguments {"query":"Paris"} in cassette ${cassettePath(join(dir, 'agent-tapes'), 'weather-paris')}`,
    );
    // A failed trial is a failure: c = 2, 3, 0 as in the live run, so the same pass^k.
    const { trials } = JSON.parse(readFileSync(join(dir, 'agents-replayed.summary.json'), 'utf8'));
    expect(trials.pass_hat_k['1']).toBeCloseTo(5 / 9, 12);
    expect(trials.pass_hat_k['2']).toBeCloseTo(4 / 9, 12);
    expect(trials.pass_hat_k['3']).toBeCloseTo(1 / 3, 12);
  });
});
