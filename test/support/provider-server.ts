/**
 * A stand-in for an LLM provider on 127.0.0.1 (a random port) that speaks OpenAI's Chat Completions wire
 * format, plain and streamed (SSE, with `stream_options.include_usage`), so agents built with the real
 * SDKs run against it: the Vercel AI SDK (`createOpenAI({ baseURL }).chat(model)`), the OpenAI Agents JS
 * SDK (with `setOpenAIAPI('chat_completions')`), the openai package. It answers nondeterministically
 * from a seed, so trials of the same case differ, yet every run with the same seed answers the same:
 * each answer draws from a PRNG seeded by the seed, the request's messages and tools, and how many times
 * this same request was asked before. Which tool it calls and with what arguments (values that fit the
 * tool's JSON Schema) are drawn that way; a test can script its own answers with `reply`.
 *
 * It counts the TCP connections it accepts, so a test can prove a replayed run never reached it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalJson } from '../../src/match/canonical.js';
import { seededRandom, type Random } from '../../src/schemas/prng.js';
import { generateValue } from '../../src/schemas/schema-values.js';

/** A function tool offered in a request. */
export interface OfferedTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/** A Chat Completions request as the server read it. */
export interface ChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  model: string;
  messages: Array<Record<string, any>>;
  tools: OfferedTool[];
  stream: boolean;
  /** The whole JSON body. */
  body: Record<string, any>;
}

/** What to answer: text, tool calls (arguments as an object), or an HTTP error. */
export type ChatReply =
  | { text: string }
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }
  | { status: number; message?: string };

/** Chooses an answer; `random` is this request's seeded source. */
export type ReplyPolicy = (request: ChatRequest, random: Random) => ChatReply;

export interface ProviderServerOptions {
  /** The seed every answer is drawn from (default 1). */
  seed?: number | string;
  /** How answers are chosen (default `seededReply`). */
  reply?: ReplyPolicy;
}

export interface ProviderServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The base URL the OpenAI SDKs take: `http://127.0.0.1:PORT/v1`. */
  baseURL: string;
  /** Every request, in the order it came. */
  requests: ChatRequest[];
  /** How many TCP connections the server accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

/** The messages after the last user message. */
function sinceUser(messages: ChatRequest['messages']): ChatRequest['messages'] {
  let at = messages.length;
  while (at > 0 && messages[at - 1]!.role !== 'user') at--;
  return messages.slice(at);
}

/** A tool message's content as text (the SDKs send a string or a list of text parts). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return JSON.stringify(content ?? null);
}

/**
 * The default answers: while the current turn (what followed the user's last message) has made fewer
 * than `rounds` rounds of tool calls and tools are offered, one call of a tool picked at random with
 * arguments drawn from its schema; then the text `Answer: ` and the turn's tool results joined by ` | `.
 */
export function seededReply(rounds = 1): ReplyPolicy {
  return (request, random) => {
    const turn = sinceUser(request.messages);
    const made = turn.filter((message) => message.role === 'assistant' && message.tool_calls?.length).length;
    if (made < rounds && request.tools.length > 0) {
      const tool = random.pick(request.tools);
      const schema = tool.parameters ?? { type: 'object' };
      const args = generateValue(schema, tool.name, { random, root: schema, useDefaults: false }) as Record<
        string,
        unknown
      >;
      return { toolCalls: [{ name: tool.name, arguments: args ?? {} }] };
    }
    const results = turn.filter((message) => message.role === 'tool').map((message) => contentText(message.content));
    return { text: `Answer: ${results.join(' | ')}` };
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** A hex id drawn from the request's random source, so ids repeat with the answers. */
function drawnId(prefix: string, random: Random): string {
  let hex = '';
  for (let i = 0; i < 4; i++) hex += random.int(0, 0xffff).toString(16).padStart(4, '0');
  return `${prefix}${hex}`;
}

/** Fixed, so answers with the same seed are byte for byte the same. */
const CREATED = 1_700_000_000;

function usage(request: ChatRequest, completion: string) {
  const prompt_tokens = Math.ceil(JSON.stringify(request.messages).length / 4);
  const completion_tokens = Math.ceil(completion.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function answer(
  request: ChatRequest,
  reply: Exclude<ChatReply, { status: number }>,
  random: Random,
  res: ServerResponse,
) {
  const id = drawnId('chatcmpl-', random);
  const toolCalls =
    'toolCalls' in reply
      ? reply.toolCalls.map((call) => ({
          id: drawnId('call_', random),
          type: 'function' as const,
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        }))
      : undefined;
  const content = 'text' in reply ? reply.text : null;
  const finish_reason = toolCalls ? 'tool_calls' : 'stop';
  const counted = usage(request, content ?? JSON.stringify(toolCalls));
  const base = { id, created: CREATED, model: request.model };
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
            finish_reason,
          },
        ],
        usage: counted,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' });
  if (content !== null) {
    // Two pieces, so a streaming client really assembles the text.
    const half = Math.ceil(content.length / 2);
    chunk({ content: content.slice(0, half) });
    chunk({ content: content.slice(half) });
  }
  toolCalls?.forEach((call, index) => chunk({ tool_calls: [{ index, ...call }] }));
  chunk({}, finish_reason);
  if (request.body.stream_options?.include_usage)
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: counted })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Starts a provider server on 127.0.0.1 and a free port. */
export async function startProviderServer(options: ProviderServerOptions = {}): Promise<ProviderServer> {
  const seed = String(options.seed ?? 1);
  const policy = options.reply ?? seededReply();
  const requests: ChatRequest[] = [];
  const asked = new Map<string, number>();
  let connections = 0;
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, any>;
    const request: ChatRequest = {
      path,
      headers: req.headers,
      model: body.model,
      messages: body.messages ?? [],
      tools: (body.tools ?? []).map((tool: { function: OfferedTool }) => tool.function),
      stream: body.stream === true,
      body,
    };
    requests.push(request);
    const text = canonicalJson({ messages: request.messages, tools: request.tools });
    const occurrence = asked.get(text) ?? 0;
    asked.set(text, occurrence + 1);
    const random = seededRandom(`${seed}\n${occurrence}\n${text}`);
    const reply = policy(request, random);
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reply.message ?? 'error', type: 'server_error' } }));
      return;
    }
    answer(request, reply, random, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
