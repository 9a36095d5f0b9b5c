import { readFile } from 'node:fs/promises';
import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { mcpText } from './text.js';
import { isObject } from '../core/objects.js';

/** How to reach an MCP server: a command over stdio, or a URL (Streamable HTTP, or legacy SSE). */
export type ServerTarget = StdioTarget | HttpTarget;

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface StdioTarget {
  kind: 'stdio';
  command: string;
  args: string[];
  /** Variables added to (or overriding) the parent environment. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A server already listening on a URL. */
export interface HttpTarget {
  kind: 'http';
  url: string;
  /** `streamable-http` (default) or the older `sse` transport. */
  transport?: 'streamable-http' | 'sse';
  headers?: Record<string, string>;
}

/** A short name of a target, for headings and messages: `node server.js`, `http://127.0.0.1:3000/mcp`. */
export function describeTarget(target: ServerTarget): string {
  if (target.kind === 'http') return target.url;
  return [target.command, ...target.args]
    .map((part) => (/[\s"'\\]/.test(part) || part === '' ? JSON.stringify(part) : part))
    .join(' ');
}

/**
 * Splits a command line the way a POSIX shell splits words: whitespace separates, single quotes keep
 * everything, double quotes keep everything but `\"` and `\\`, a backslash outside quotes escapes the
 * next character. No expansion of variables, globs or `~` happens.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (
        char === '\\' &&
        (line[i + 1] === '"' || line[i + 1] === '\\' || line[i + 1] === '$' || line[i + 1] === '`')
      )
        word += line[++i];
      else word += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) throw new ToolscoreInputError({ source: 'command' }, mcpText.unclosedQuote(quote));
  if (inWord) words.push(word);
  return words;
}

function stringMap(value: unknown, source: string, path: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value))
    throw new ToolscoreInputError({ source, path }, `expected an object of strings, got ${describeType(value)}`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw new ToolscoreInputError(
        { source, path: childPath(path, key) },
        `expected a string, got ${describeType(item)}`,
      );
    }
    out[key] = String(item);
  }
  return out;
}

/**
 * The server named `name` in a client configuration file: Claude Desktop and Cursor
 * (`{"mcpServers": {NAME: {command, args, env}}}` or `{url, headers}`), or VS Code (`{"servers": {...}}`
 * with `type: "stdio" | "http" | "sse"`). `name` may be left out when the file holds one server.
 */
export async function readServerConfig(file: string, name?: string): Promise<{ name: string; target: ServerTarget }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ToolscoreInputError(
      { source: file },
      code === 'ENOENT' ? 'file not found' : `cannot read file (${(error as Error).message})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ToolscoreInputError({ source: file }, `not valid JSON: ${(error as Error).message}`);
  }
  return serverFromConfig(data, file, name);
}

/** The same as `readServerConfig`, on parsed data. */
export function serverFromConfig(data: unknown, source: string, name?: string): { name: string; target: ServerTarget } {
  if (!isObject(data))
    throw new ToolscoreInputError(
      { source, path: '$' },
      `expected a configuration object with "mcpServers", got ${describeType(data)}`,
    );
  const key = isObject(data.mcpServers) ? 'mcpServers' : isObject(data.servers) ? 'servers' : undefined;
  if (!key) throw new ToolscoreInputError({ source, path: '$' }, mcpText.configWithoutServers());
  const servers = data[key] as Record<string, unknown>;
  const names = Object.keys(servers);
  if (names.length === 0) throw new ToolscoreInputError({ source, path: `$.${key}` }, mcpText.configWithoutServers());
  let chosen = name;
  if (chosen === undefined) {
    if (names.length > 1) throw new ToolscoreInputError({ source, path: `$.${key}` }, mcpText.configNeedsServer(names));
    chosen = names[0]!;
  }
  if (!Object.hasOwn(servers, chosen))
    throw new ToolscoreInputError({ source, path: `$.${key}` }, mcpText.configUnknownServer(chosen, names));
  const entry = servers[chosen];
  const path = childPath(`$.${key}`, chosen);
  if (!isObject(entry))
    throw new ToolscoreInputError({ source, path }, `expected a server object, got ${describeType(entry)}`);
  const type = typeof entry.type === 'string' ? entry.type.toLowerCase() : undefined;
  const url = entry.url ?? entry.serverUrl;
  if (url !== undefined && entry.command === undefined) {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'url') },
        `expected an http(s) URL, got ${describeType(url)}`,
      );
    const target: HttpTarget = { kind: 'http', url, transport: type === 'sse' ? 'sse' : 'streamable-http' };
    const headers = stringMap(entry.headers, source, childPath(path, 'headers'));
    if (headers) target.headers = headers;
    return { name: chosen, target };
  }
  if (typeof entry.command !== 'string' || entry.command.trim() === '') {
    throw new ToolscoreInputError(
      { source, path: childPath(path, 'command') },
      `expected the command that starts the server (a string), got ${describeType(entry.command)}`,
    );
  }
  const args = entry.args ?? [];
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) {
    throw new ToolscoreInputError({ source, path: childPath(path, 'args') }, 'expected a list of strings');
  }
  const target: StdioTarget = { kind: 'stdio', command: entry.command, args: args as string[] };
  const env = stringMap(entry.env, source, childPath(path, 'env'));
  if (env) target.env = env;
  if (typeof entry.cwd === 'string') target.cwd = entry.cwd;
  return { name: chosen, target };
}

/** A stdio target from a command: one string is split like a shell would, several words are used as given. */
export function commandTarget(words: readonly string[]): StdioTarget {
  const parts = words.length === 1 ? splitCommand(words[0]!) : [...words];
  if (parts.length === 0 || parts[0] === '')
    throw new ToolscoreInputError({ source: 'command' }, mcpText.emptyCommand());
  return { kind: 'stdio', command: parts[0]!, args: parts.slice(1) };
}
