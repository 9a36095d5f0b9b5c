import type { JudgeProvider } from '../metrics/semantic.js';

/** What went wrong with a judge request. */
export type JudgeErrorKind = 'http' | 'timeout' | 'network' | 'response' | 'max_calls';

/** Longest piece of a server's message or answer quoted in an error. */
const MAX_QUOTE = 200;

/**
 * A judge request that failed: an HTTP error status (auth, rate limit, server), a timeout, no
 * connection, an answer that is not a verdict, or the `maxCalls` cap. Never turned into a zero score.
 */
export class JudgeError extends Error {
  override readonly name = 'JudgeError';
  readonly provider: JudgeProvider;
  readonly kind: JudgeErrorKind;
  /** The HTTP status, for `http` errors. */
  readonly status: number | undefined;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(fields: {
    provider: JudgeProvider;
    kind: JudgeErrorKind;
    message: string;
    status?: number;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(
      `LLM judge (${fields.provider}): ${fields.message}`,
      fields.cause === undefined ? undefined : { cause: fields.cause },
    );
    this.provider = fields.provider;
    this.kind = fields.kind;
    this.status = fields.status;
    this.retryAfterMs = fields.retryAfterMs;
  }

  /** Whether trying again may help: timeouts, lost connections, 408, 409, 429 and 5xx. Never auth errors. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network') return true;
    if (this.kind !== 'http' || this.status === undefined) return false;
    return this.status === 408 || this.status === 409 || this.status === 429 || this.status >= 500;
  }
}

/** What an HTTP status means for the judge, in a few words. */
function statusMeaning(status: number): string {
  if (status === 401) return 'authentication failed: check the API key';
  if (status === 403) return 'permission denied: check the API key and its access to the model';
  if (status === 404) return 'not found: check the model name and base URL';
  if (status === 429) return 'rate limited';
  if (status >= 500) return 'server error';
  return 'request rejected';
}

/** A piece of a server's message or a model's answer, on one line and cut to a readable length. */
export function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line;
}

/**
 * Milliseconds the server asked for in `retry-after-ms` or `Retry-After` (seconds or an HTTP date).
 * @internal Exported for its tests only.
 */
export function retryAfterFrom(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's own words from an SDK error: the status the SDKs put first dropped, a JSON body's `error.message` taken. */
function serverMessage(error: Error, status: number): string {
  let text = error.message.replace(new RegExp(`^${status}\\s*`), '');
  const brace = text.indexOf('{');
  if (brace >= 0) {
    try {
      const body = JSON.parse(text.slice(brace)) as { error?: { message?: unknown }; message?: unknown } | null;
      const inner = body?.error?.message ?? body?.message;
      if (typeof inner === 'string') text = inner;
    } catch {
      // not JSON: keep the text as it is
    }
  }
  return quote(text);
}

/**
 * Turns whatever a provider SDK threw into a JudgeError: its HTTP status and Retry-After when it has
 * them, a timeout when our signal ran out, else a network error. `headers` stands in for SDKs whose
 * errors do not carry the response headers. `signal` is the attempt's AbortSignal, typed by use so the
 * declarations need neither DOM nor Node types.
 */
export function toJudgeError(
  provider: JudgeProvider,
  error: unknown,
  signal: { readonly aborted: boolean },
  timeoutMs: number,
  headers?: { get(name: string): string | null },
): JudgeError {
  if (error instanceof JudgeError) return error;
  if (signal.aborted) {
    return new JudgeError({
      provider,
      kind: 'timeout',
      message: `no answer within ${timeoutMs} ms, the time each attempt may take (timeoutMs; --llm-timeout on the command line)`,
      cause: error,
    });
  }
  const fields = (error ?? {}) as { status?: unknown; headers?: unknown; message?: unknown };
  if (typeof fields.status === 'number' && fields.status >= 400) {
    const status = fields.status;
    const errorHeaders = isHeaders(fields.headers) ? fields.headers : headers;
    const retryAfterMs = retryAfterFrom(errorHeaders);
    const detail = error instanceof Error ? serverMessage(error, status) : '';
    return new JudgeError({
      provider,
      kind: 'http',
      status,
      message: `HTTP ${status} (${statusMeaning(status)})${detail ? `: ${detail}` : ''}`,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      cause: error,
    });
  }
  return new JudgeError({
    provider,
    kind: 'network',
    message: `request failed: ${quote(describeCause(error))}`,
    cause: error,
  });
}

function isHeaders(value: unknown): value is { get(name: string): string | null } {
  return typeof value === 'object' && value !== null && typeof (value as { get?: unknown }).get === 'function';
}

/** An error's message with its causes, which is where fetch puts ECONNREFUSED and the like. */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !parts.includes(message)) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'unknown error';
}
