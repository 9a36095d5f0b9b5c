import { ToolscoreInputError } from '../core/errors.js';
import { readTextFile } from './files.js';
import { parseJson, type ParseJsonOptions } from './json.js';

/**
 * Raw Server-Sent Events captures, as curl or a proxy saves a streamed response (OpenAI, Anthropic,
 * Gemini, Cohere, ...): `event:` / `data:` lines, events separated by blank lines. Each event's data
 * (its `data:` lines joined by newlines, per the SSE standard) is one JSON value; `[DONE]` (OpenAI's
 * end marker) and events without data are skipped; `event:` names are dropped, since every provider
 * repeats the event type inside the data. The JSON values, in order, are the recorded stream the
 * provider formats read.
 */

/** SSE field names a capture's lines start with. */
const SSE_LINE = /^(?:data|event|id|retry)(?::|$)|^:/;

/** Whether a text is a Server-Sent Events capture: its first non-blank line is an SSE field or comment (`:`). */
export function looksLikeServerSentEvents(text: string): boolean {
  const first = /[^\s\uFEFF]/.exec(text);
  if (first === null) return false;
  const end = text.indexOf('\n', first.index);
  return SSE_LINE.test(text.slice(first.index, end < 0 ? undefined : end));
}

/** The JSON values of an SSE capture's events, in order. Data that is not JSON is an error naming its line. */
export function parseServerSentEvents(text: string, source: string, options?: ParseJsonOptions): unknown[] {
  const events: unknown[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let data: string[] = [];
  let dataLine = 0;
  const dispatch = (): void => {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === '[DONE]') return;
    try {
      events.push(parseJson(payload, source, options));
    } catch (error) {
      if (!(error instanceof ToolscoreInputError)) throw error;
      throw new ToolscoreInputError(
        { source, line: dataLine },
        `expected JSON in the data of this Server-Sent Event, got ${JSON.stringify(payload.slice(0, 60))}`,
      );
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = i === 0 && lines[0]!.charCodeAt(0) === 0xfeff ? lines[0]!.slice(1) : lines[i]!;
    if (line === '') {
      dispatch();
      continue;
    }
    if (!line.startsWith('data')) continue; // event, id, retry, comments: nothing to read.
    const colon = line.indexOf(':');
    if (colon !== 4) continue; // a field such as "database:" is not data
    if (data.length === 0) dataLine = i + 1;
    // One space after the colon belongs to the syntax, not the value.
    data.push(line.charCodeAt(5) === 0x20 ? line.slice(6) : line.slice(5));
  }
  dispatch();
  if (events.length === 0)
    throw new ToolscoreInputError(
      { source },
      'these Server-Sent Events hold no JSON data; expected "data: {...}" lines',
    );
  return events;
}

/**
 * Reads a trace file that is one JSON document or a Server-Sent Events capture: the parsed document,
 * or the list of the capture's JSON events.
 */
export async function readJsonOrServerSentEvents(path: string, options?: ParseJsonOptions): Promise<unknown> {
  const text = await readTextFile(path);
  return looksLikeServerSentEvents(text) ? parseServerSentEvents(text, path, options) : parseJson(text, path, options);
}
