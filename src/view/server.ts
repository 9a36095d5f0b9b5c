import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolscoreInputError } from '../core/errors.js';
import type { RunStore } from '../store/types.js';
import { CLIENT_SCRIPT } from './client.js';
import { SCRIPT_NAME, SERVED_POLICY } from './layout.js';
import { SERVED_LINKS } from './links.js';
import { ViewRequestError } from './query.js';
import { compareTarget, renderNamed } from './site.js';

/*
 * The viewer's server: node:http on 127.0.0.1 only. Every page is under a random token's path, so
 * nothing reaches the store without the URL printed at start (403); the Host header must name this
 * server (127.0.0.1 or localhost at its port), so a DNS-rebinding page cannot read it (403); only GET
 * and HEAD are answered (405): the store is never written. No CORS header is ever sent, and every
 * answer carries a strict Content-Security-Policy.
 */

export interface ViewServerOptions {
  store: RunStore;
  /** The port; 0 (the default) lets the system pick a free one. */
  port?: number;
  /** Serve the watch script and its event stream: pages reload when a run is kept. */
  watch?: boolean;
  /** How often the watch asks the store for its newest run, in ms. */
  pollMs?: number;
}

export interface ViewServer {
  /** The address to open, token included: `http://127.0.0.1:PORT/TOKEN/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const HEADERS = {
  'Content-Security-Policy': SERVED_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
} as const;

/** Answers `status` with a one-line text body (or the given body and type). */
function answer(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): void {
  const bytes = Buffer.from(status >= 400 ? `${body}\n` : body, 'utf8');
  response.writeHead(status, { ...HEADERS, 'Content-Type': type, 'Content-Length': bytes.length, ...extra });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

/** Whether the two texts are equal, in a time that does not tell how much of them matched. */
function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Starts the viewer; resolves once it listens. */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const { store } = options;
  const token = randomBytes(24).toString('base64url');
  const watch = options.watch === true;
  const context = { links: SERVED_LINKS, storeLabel: store.label, watch };
  const listeners = new Set<ServerResponse>();
  let port = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return answer(request, response, 403, `host ${JSON.stringify(host)} is not this viewer: open the URL it printed`);
    const url = new URL(request.url ?? '/', `http://${host}`);
    const prefix = `/${token}/`;
    const path = url.pathname;
    const tokenGiven = path.slice(1, 1 + token.length);
    if (!sameText(tokenGiven, token) || (path.length > token.length + 1 && !path.startsWith(prefix)))
      return answer(request, response, 403, 'this address needs the token of the URL toolscore view printed');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answer(request, response, 405, `${request.method} is not allowed: the viewer only reads`, undefined, {
        Allow: 'GET, HEAD',
      });
    if (path === `/${token}`) return answer(request, response, 308, '', undefined, { Location: prefix });
    const name = path.slice(prefix.length) || 'index.html';
    if (watch && name === SCRIPT_NAME)
      return answer(request, response, 200, CLIENT_SCRIPT, 'text/javascript; charset=utf-8');
    if (watch && name === 'events') {
      response.writeHead(200, { ...HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8' });
      if (request.method === 'HEAD') return void response.end();
      response.write(': watching\n\n');
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    if (name === 'compare.html')
      return answer(request, response, 303, '', undefined, { Location: compareTarget(url.searchParams) });
    const page = await renderNamed(store, context, name, url.searchParams);
    if (page === undefined) return answer(request, response, 404, `no page ${JSON.stringify(name)} in this store`);
    answer(request, response, 200, page, 'text/html; charset=utf-8');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      if (error instanceof ViewRequestError) return answer(request, response, 400, error.message);
      // The store's own failures (a server gone, a file locked) are one line, as the CLI prints them.
      if (error instanceof ToolscoreInputError) return answer(request, response, 503, error.message);
      answer(request, response, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  let newest: number | undefined;
  let polling: NodeJS.Timeout | undefined;
  if (watch) {
    newest = (await store.listRuns({ limit: 1 })).items[0]?.id;
    polling = setInterval(() => {
      store
        .listRuns({ limit: 1 })
        .then((runs) => {
          const id = runs.items[0]?.id;
          if (id === newest) return;
          newest = id;
          for (const listener of listeners) listener.write(`event: run\ndata: ${id ?? ''}\n\n`);
        })
        .catch(() => {}); // a store that stopped answering shows on the next page asked for
    }, options.pollMs ?? 1000);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new ToolscoreInputError(
              { source: '--port' },
              `cannot listen on 127.0.0.1:${options.port}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : 'permission denied'}; give another --port, or none for a free one`,
            )
          : error,
      ),
    );
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    port,
    async close() {
      if (polling !== undefined) clearInterval(polling);
      for (const listener of listeners) listener.end();
      listeners.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
