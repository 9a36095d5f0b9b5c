import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from '../corpus.js';
import type { StdioTarget } from '../../src/mcp/target.js';

/** Servers the MCP end-to-end tests start: the built sample server, the npm reference servers, broken fixtures. */

const require = createRequire(import.meta.url);

/** The built sample server of `toolscore demo` (npm test builds dist/ first). */
export const SAMPLE_SERVER = resolve(REPO_ROOT, 'dist/mcp/sample-server-main.js');

export function sampleTarget(): StdioTarget {
  if (!existsSync(SAMPLE_SERVER))
    throw new Error(`${SAMPLE_SERVER} is missing: run "npm run build" first (npm test does)`);
  return { kind: 'stdio', command: process.execPath, args: [SAMPLE_SERVER] };
}

/** The entry script of an npm reference server (a dev dependency), run with this node. */
export function referenceServer(name: 'server-everything' | 'server-memory' | 'server-filesystem'): string {
  const manifest = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const bin = (require(manifest) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

/** A fixture server under test/fixtures/mcp. */
export function fixture(name: string): string {
  return resolve(REPO_ROOT, 'test/fixtures/mcp', name);
}

export function nodeTarget(script: string, args: string[] = [], env?: Record<string, string>): StdioTarget {
  return { kind: 'stdio', command: process.execPath, args: [script, ...args], ...(env ? { env } : {}) };
}

/** server-everything's gzip tool fetches a public URL by default: allow only localhost, so no test leaves this machine. */
export const EVERYTHING_ENV = { GZIP_ALLOWED_DOMAINS: 'localhost' };
