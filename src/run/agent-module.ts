import { access } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import type { Agent } from './types.js';

/** The module kinds an agent may be written in: TypeScript through jiti, JavaScript through import(). */
const TYPESCRIPT = new Set(['.ts', '.mts', '.cts']);
const JAVASCRIPT = new Set(['.js', '.mjs', '.cjs']);

/**
 * The agent a module exports: its default export, or `exportName`. TypeScript is compiled on the fly by
 * jiti (loaded only here, so nothing else pays for it); JavaScript is imported as Node would. A module
 * that is missing, fails to load or exports no function is a `ToolscoreInputError` naming the module.
 */
export async function loadAgent(path: string, exportName = 'default'): Promise<Agent> {
  const file = resolve(path);
  const extension = extname(file).toLowerCase();
  if (!TYPESCRIPT.has(extension) && !JAVASCRIPT.has(extension))
    throw new ToolscoreInputError(
      { source: path },
      `expected an agent module (.ts, .mts, .js or .mjs), got ${extension === '' ? 'a file without an extension' : `a ${extension} file`}`,
    );
  try {
    await access(file);
  } catch {
    throw new ToolscoreInputError({ source: path }, 'no such agent module');
  }
  let module: Record<string, unknown>;
  try {
    if (TYPESCRIPT.has(extension)) {
      const { createJiti } = await import('jiti');
      // No cache on disk: running an agent writes nothing but what the user asked for.
      const jiti = createJiti(import.meta.url, { fsCache: false, interopDefault: false });
      module = (await jiti.import(file)) as Record<string, unknown>;
    } else module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ToolscoreInputError({ source: path }, `the agent module failed to load: ${firstLine(error)}`);
  }
  const agent = module[exportName];
  if (typeof agent !== 'function') {
    const exported = Object.keys(module).filter((key) => typeof module[key] === 'function');
    throw new ToolscoreInputError(
      { source: path },
      `expected ${exportName === 'default' ? 'a default export' : `an export "${exportName}"`} that is a function async (input, context) => response, got ${describeType(agent)}${exported.length > 0 ? `; functions exported: ${exported.slice(0, 5).join(', ')} (pick one with --export NAME)` : ''}`,
    );
  }
  return agent as Agent;
}

/** The first line of an error's message. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]!.trim() || (error instanceof Error ? error.name : 'an error');
}
