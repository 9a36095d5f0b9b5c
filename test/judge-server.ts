/**
 * A local stand-in for the judge's providers: one HTTP server on 127.0.0.1 that speaks OpenAI chat
 * completions (also as an OpenAI-compatible server), Anthropic messages and Gemini generateContent,
 * so tests run the real SDKs against it. Each request is recorded and answered by the test's `reply`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which API a request came in through. */
export type Wire = 'openai' | 'anthropic' | 'gemini';

/** A request as the server saw it. */
export interface RecordedRequest {
  wire: Wire;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, any>;
  model: string;
  system: string;
  /** The question text. */
  user: string;
  /** How many `Pair N` blocks the question holds (0 for a single-pair question). */
  pairCount: number;
}

/** What to answer: the model's text, an HTTP error, or nothing ever (a hung server). */
export type Reply =
  | { text: string }
  | { status: number; message?: string; headers?: Record<string, string> }
  | { hang: true };

export interface JudgeServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The base URL each SDK takes for this server. */
  baseURL(wire: Wire): string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The model's answer to a batch: `{"scores": [{index, score, explanation}]}` for scores in pair order. */
export function batchAnswer(scores: readonly number[]): string {
  return JSON.stringify({
    scores: scores.map((score, index) => ({ index, score, explanation: `pair ${index} scored ${score}` })),
  });
}

/** The model's answer about one pair. */
export function singleAnswer(score: number, explanation = `scored ${score}`): string {
  return JSON.stringify({ score, explanation });
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

function record(wire: Wire, path: string, request: IncomingMessage, body: Record<string, any>): RecordedRequest {
  let model: string;
  let system: string;
  let user: string;
  if (wire === 'openai') {
    model = body.model;
    system = body.messages.find((m: any) => m.role === 'system')?.content ?? '';
    user = body.messages.find((m: any) => m.role === 'user')?.content ?? '';
  } else if (wire === 'anthropic') {
    model = body.model;
    system = typeof body.system === 'string' ? body.system : '';
    const content = body.messages[0]?.content;
    user = typeof content === 'string' ? content : (content ?? []).map((block: any) => block.text ?? '').join('');
  } else {
    model = decodeURIComponent(/models\/([^:]+):generateContent/.exec(path)?.[1] ?? '');
    system = (body.systemInstruction?.parts ?? []).map((part: any) => part.text ?? '').join('');
    user = (body.contents ?? [])
      .flatMap((content: any) => content.parts ?? [])
      .map((part: any) => part.text ?? '')
      .join('');
  }
  return {
    wire,
    path,
    headers: request.headers,
    body,
    model,
    system,
    user,
    pairCount: (user.match(/^Pair \d+$/gm) ?? []).length,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function success(wire: Wire, model: string, text: string): unknown {
  if (wire === 'openai') {
    return {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  }
  if (wire === 'anthropic') {
    return {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
  }
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: model,
  };
}

function failure(wire: Wire, status: number, message: string): unknown {
  if (wire === 'openai')
    return {
      error: {
        message,
        type: status === 401 ? 'invalid_request_error' : 'error',
        param: null,
        code: status === 401 ? 'invalid_api_key' : null,
      },
    };
  if (wire === 'anthropic')
    return {
      type: 'error',
      error: {
        type: status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : 'api_error',
        message,
      },
    };
  return {
    error: {
      code: status,
      message,
      status: status === 401 ? 'UNAUTHENTICATED' : status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
    },
  };
}

function wireOf(method: string | undefined, path: string): Wire | undefined {
  if (method !== 'POST') return undefined;
  if (path === '/v1/chat/completions') return 'openai';
  if (path === '/v1/messages') return 'anthropic';
  if (/^\/v1beta\/models\/[^/]+:generateContent$/.test(path)) return 'gemini';
  return undefined;
}

/** Starts the server; `reply` answers each request (it may look at the request and how many came before). */
export async function startJudgeServer(
  reply: (request: RecordedRequest, index: number) => Reply,
): Promise<JudgeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const wire = wireOf(request.method, path);
    const text = await readBody(request);
    if (wire === undefined) {
      sendJson(response, 404, { error: { message: `no route ${request.method} ${path}` } });
      return;
    }
    const recorded = record(wire, path, request, JSON.parse(text) as Record<string, any>);
    requests.push(recorded);
    const answer = reply(recorded, requests.length - 1);
    if ('hang' in answer) return; // never answered; the socket is destroyed when the server closes
    if ('text' in answer) sendJson(response, 200, success(wire, recorded.model, answer.text));
    else
      sendJson(
        response,
        answer.status,
        failure(wire, answer.status, answer.message ?? `status ${answer.status}`),
        answer.headers,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseURL: (wire) => (wire === 'openai' ? `${url}/v1` : url),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
