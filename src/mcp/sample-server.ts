import { createServer as createHttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../core/version.js';

/**
 * The sample MCP server of `toolscore demo`: a small notes-and-weather server written with the SDK's
 * server API, with a few deliberate flaws of the kinds real servers have, so the scorecard has
 * something to find:
 *
 * - `searchNotes` has a camelCase name and a three-word-short description (lint warnings);
 * - `create_note` declares `due_date` as an ISO date (`format: date`) but only accepts DD/MM/YYYY, so
 *   it fails on valid input;
 * - `convert_currency` leaves `amount` untyped (a lint error), tells the model to call a `fetch_rates`
 *   tool that does not exist (a warning), and crashes the whole process when `amount` is missing;
 * - `delete_note` hides a zero-width space in its description (a warning); it is annotated destructive,
 *   so generated scenarios leave it alone;
 * - the instructions point at `search_notes`, a tool that is really called `searchNotes` (a warning).
 *
 * `get_weather` is the control: a clean tool with an output schema.
 */

export const SAMPLE_SERVER_NAME = 'toolscore-sample-notes';

const INSTRUCTIONS =
  'Notes and weather for the toolscore demo. Use `search_notes` to find notes before creating a new one.';

const NOTES = [
  { id: 'n1', title: 'Quarterly report', body: 'Draft due next week.' },
  { id: 'n2', title: 'Team meeting', body: 'Agenda: roadmap, hiring.' },
];

const RATES: Readonly<Record<string, number>> = { USD: 1, EUR: 0.92, JPY: 151.2, GBP: 0.79 };

const TOOLS: Tool[] = [
  {
    name: 'get_weather',
    description:
      'Current weather for a city: temperature and conditions. Use it when the user asks about the weather now.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name, e.g. "Paris"' },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature units' },
      },
      required: ['city'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        temperature: { type: 'number' },
        units: { type: 'string' },
        conditions: { type: 'string' },
      },
      required: ['city', 'temperature', 'units', 'conditions'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'searchNotes',
    description: 'Search.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for in note titles and bodies' },
        limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Most notes to return' },
      },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'create_note',
    description: 'Creates a note with a title, a body and a due date. Returns the id of the new note.',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 80, description: 'Short title' },
        body: { type: 'string', description: 'Text of the note' },
        due_date: { type: 'string', format: 'date', description: 'Due date (YYYY-MM-DD)' },
      },
      required: ['title', 'body', 'due_date'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  {
    name: 'convert_currency',
    description:
      'Converts an amount of money from one currency to another at the latest rates. Call `fetch_rates` first to refresh the rates.',
    inputSchema: {
      type: 'object',
      properties: {
        amount: { description: 'Amount to convert' },
        from: { type: 'string', enum: Object.keys(RATES), description: 'Currency to convert from' },
        to: { type: 'string', enum: Object.keys(RATES), description: 'Currency to convert to' },
      },
      required: ['amount', 'from', 'to'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'delete_note',
    description: 'Deletes a note permanently.\u200B Use only when the user asks to delete a specific note.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'Id of the note' } },
      required: ['id'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
];

function text(value: string, isError = false): CallToolResult {
  return isError
    ? { content: [{ type: 'text', text: value }], isError: true }
    : { content: [{ type: 'text', text: value }] };
}

function callTool(name: string, args: Record<string, unknown>): CallToolResult | Promise<CallToolResult> {
  switch (name) {
    case 'get_weather': {
      if (typeof args.city !== 'string' || args.city.trim() === '')
        return text('city is required: pass a city name such as "Paris"', true);
      const units = args.units === 'fahrenheit' ? 'fahrenheit' : 'celsius';
      const celsius = 8 + (args.city.length % 15);
      const weather = {
        city: args.city,
        temperature: units === 'celsius' ? celsius : Math.round(celsius * 1.8 + 32),
        units,
        conditions: 'partly cloudy',
      };
      return { content: [{ type: 'text', text: JSON.stringify(weather) }], structuredContent: weather };
    }
    case 'searchNotes': {
      if (typeof args.query !== 'string') return text('query must be a string', true);
      const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
      const limit = typeof args.limit === 'number' ? args.limit : 10;
      const found = NOTES.filter((note) =>
        words.some((word) => `${note.title} ${note.body}`.toLowerCase().includes(word)),
      ).slice(0, limit);
      return text(found.length === 0 ? 'No notes found.' : found.map((note) => `${note.id}: ${note.title}`).join('\n'));
    }
    case 'create_note': {
      if (typeof args.title !== 'string' || typeof args.body !== 'string')
        return text('title and body are required strings', true);
      // Deliberate flaw: the schema promises ISO dates, the code only reads DD/MM/YYYY.
      if (args.due_date !== undefined && !/^\d{2}\/\d{2}\/\d{4}$/.test(String(args.due_date)))
        return text(`invalid due_date ${JSON.stringify(args.due_date)}: expected DD/MM/YYYY`, true);
      return text(`created note n${NOTES.length + 1}`);
    }
    case 'convert_currency': {
      // Deliberate flaw: an "audit log" written from a timer callback dereferences amount without a
      // check, so a call without it throws outside any handler and kills the process.
      if (args.amount === undefined) {
        setImmediate(() => {
          const amount = (args.amount as { valueOf(): unknown }).valueOf();
          process.stderr.write(`audit: converted ${String(amount)}\n`);
        });
        return new Promise<CallToolResult>(() => undefined);
      }
      const from = RATES[String(args.from)];
      const to = RATES[String(args.to)];
      if (from === undefined || to === undefined)
        return text(`unknown currency: use one of ${Object.keys(RATES).join(', ')}`, true);
      const amount = Number(args.amount);
      return text(`${amount} ${String(args.from)} = ${((amount / from) * to).toFixed(2)} ${String(args.to)}`);
    }
    case 'delete_note':
      return text(`deleted note ${String(args.id)}`);
    default:
      return text(`unknown tool ${name}`, true);
  }
}

/** A new instance of the sample server (not yet connected to a transport). */
export function createSampleServer(): Server {
  const server = new Server(
    { name: SAMPLE_SERVER_NAME, version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>),
  );
  return server;
}

/** Serves the sample server over stdio (its process then lives as long as stdin is open). */
export async function serveStdio(): Promise<void> {
  await createSampleServer().connect(new StdioServerTransport());
}

/**
 * Serves the sample server over Streamable HTTP at `http://127.0.0.1:PORT/mcp` (stateless: a new server
 * per request). Port 0 picks a free port; the returned URL says which. `server` is Node's `http.Server`,
 * typed by what callers do with it so the declarations need no Node types.
 */
export async function serveHttp(
  port = 0,
  host = '127.0.0.1',
): Promise<{ url: string; server: { close(callback?: (error?: Error) => void): unknown } }> {
  const http = createHttpServer((request, response) => {
    if (!request.url?.startsWith('/mcp')) {
      response.writeHead(404).end('not found');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          response.writeHead(400).end('invalid JSON');
          return;
        }
        const server = createSampleServer();
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        response.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(request, response, body);
      })().catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(port, host, () => done());
  });
  const address = http.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { url: `http://${host}:${actualPort}/mcp`, server: http };
}
