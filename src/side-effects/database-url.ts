import { ToolscoreInputError } from '../core/errors.js';

/** A `--db` URL, read before any file is: which engine, where, and how to name it in messages. */
export type DatabaseTarget =
  | { kind: 'sqlite'; path: string; label: string }
  | { kind: 'postgres'; url: string; label: string; secrets: readonly string[] };

const USAGE = 'use sqlite:path/to.db or postgres://user:password@host/db';

/** Query parameters that hold credentials (libpq's password, sslpassword, …). */
const SECRET_PARAM = /pass/i;

/**
 * Reads a `--db` URL: `sqlite:path/to.db` (or a path ending in .db/.sqlite/.sqlite3), or
 * `postgres://…` / `postgresql://…`. Anything else is an input error whose message never shows a
 * password: the URL is parsed (WHATWG, as pg parses it) and masked, or not shown at all.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new ToolscoreInputError({ source: 'db' }, `expected a file after sqlite: (${USAGE})`);
    return { kind: 'sqlite', path, label: `sqlite:${path}` };
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed && /^postgres(ql)?:$/.test(parsed.protocol)) {
    const secrets = [parsed.password, safeDecode(parsed.password)];
    for (const [key, value] of parsed.searchParams) if (SECRET_PARAM.test(key)) secrets.push(value);
    return {
      kind: 'postgres',
      url,
      label: maskUrl(parsed),
      secrets: [...new Set(secrets.filter((secret) => secret !== ''))],
    };
  }
  if (!parsed && /\.(db|sqlite3?)$/.test(url)) return { kind: 'sqlite', path: url, label: `sqlite:${url}` };
  // Only the scheme is shown: past it, an unknown kind of URL may hold a password anywhere.
  const shown = parsed ? `a ${parsed.protocol} URL` : 'a value that is neither a URL nor a .db/.sqlite path';
  throw new ToolscoreInputError({ source: 'db' }, `cannot tell the database from ${shown}: ${USAGE}`);
}

/** The URL with its password and password parameters replaced by `***`. */
function maskUrl(url: URL): string {
  const masked = new URL(url.href);
  if (masked.password !== '') masked.password = '***';
  for (const key of [...masked.searchParams.keys()]) if (SECRET_PARAM.test(key)) masked.searchParams.set(key, '***');
  return masked.href.replace(/\*\*\*/g, '***').replace(/%2A%2A%2A/gi, '***');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A driver's message with every credential of the URL replaced by `***` (a host name can hold part of one). */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) result = result.split(secret).join('***');
  return result;
}
