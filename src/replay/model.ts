import type { Cassette } from './cassette.js';

/** The model as a middleware sees it (`LanguageModelV3` of @ai-sdk/provider): its provider and id name it. */
export interface ModelIdentity {
  readonly provider: string;
  readonly modelId: string;
}

/**
 * A Vercel AI SDK language-model middleware (`LanguageModelV3Middleware`) with the two wrappers replay
 * needs, typed structurally so the SDK stays an optional peer.
 */
export interface ReplayMiddleware {
  readonly specificationVersion: 'v3';
  wrapGenerate<R>(options: { doGenerate: () => PromiseLike<R>; params: object; model: ModelIdentity }): Promise<R>;
  // `stream` is a web ReadableStream; typed `unknown` so the declarations need no DOM or Node types.
  wrapStream<S extends { stream: unknown }>(options: {
    doStream: () => PromiseLike<S>;
    params: object;
    model: ModelIdentity;
  }): Promise<S>;
}

/** Parts of the call options that change from call to call without changing the answer. */
const VOLATILE = new Set(['abortSignal', 'headers']);

/** The model's name and the request a response is keyed by: the call options without the volatile parts. */
function keyed(kind: 'generate' | 'stream', params: object, model: ModelIdentity) {
  const request = { kind, ...Object.fromEntries(Object.entries(params).filter(([key]) => !VOLATILE.has(key))) };
  return { name: modelName(model), request };
}

function modelName(model: ModelIdentity): string {
  return `${model.provider}/${model.modelId}`;
}

/** A generate result as it is kept: without the raw request and response bodies and headers. */
function storedResponse(result: unknown): unknown {
  const { request: _request, response, ...rest } = result as { request?: unknown; response?: Record<string, unknown> };
  if (response === undefined) return rest;
  const { body: _body, headers: _headers, ...metadata } = response;
  return { ...rest, response: metadata };
}

/** A timestamp the JSON form turned into text, a Date again (response metadata holds one). */
function withDate<T>(value: T): T {
  const timestamp = (value as { timestamp?: unknown }).timestamp;
  return typeof timestamp === 'string' ? { ...value, timestamp: new Date(timestamp) } : value;
}

/**
 * Language-model middleware for `wrapLanguageModel({ model, middleware })` that records the model's
 * responses in the cassette and replays them, keyed by the model and the canonical request (prompt,
 * tools, settings; not the abort signal or headers). With tools wrapped by `replayTools`, a whole
 * agent runs offline. Streams are recorded part by part once they end, and replayed at once.
 */
export function replayMiddleware(cassette: Cassette): ReplayMiddleware {
  return {
    specificationVersion: 'v3',
    async wrapGenerate({ doGenerate, params, model }) {
      const { name, request } = keyed('generate', params, model);
      const recorded = cassette.replayModel(name, request);
      if (recorded?.response !== undefined) {
        const response = recorded.response as { response?: object };
        return (
          response.response === undefined ? response : { ...response, response: withDate(response.response) }
        ) as never;
      }
      const result = await doGenerate();
      cassette.recordModel(name, request, { response: storedResponse(result) });
      return result;
    },
    async wrapStream({ doStream, params, model }) {
      const { name, request } = keyed('stream', params, model);
      const recorded = cassette.replayModel(name, request);
      if (recorded?.stream !== undefined) {
        const parts = recorded.stream.map((part) => withDate(part as object));
        const stream = new ReadableStream<unknown>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        });
        return { stream } as never;
      }
      const result = await doStream();
      if (cassette.mode === 'off') return result;
      const parts: unknown[] = [];
      const stream = (result.stream as ReadableStream<unknown>).pipeThrough(
        new TransformStream<unknown, unknown>({
          transform(part, controller) {
            parts.push(part);
            controller.enqueue(part);
          },
          // Only a stream that ended is recorded: one cut short would replay as a complete answer.
          flush() {
            cassette.recordModel(name, request, { stream: parts });
          },
        }),
      );
      return { ...result, stream };
    },
  };
}
