import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ToolCall } from '../core/types.js';
import { fail, pass, type SideEffectContext, type SideEffectOutcome } from './types.js';

/** Argument names that usually hold the path a call wrote. */
const PATH_ARGS = ['path', 'file', 'filename', 'filepath', 'file_path', 'output'] as const;

/** What `file_exists` checks: the path, and optionally content and size. */
interface FileExpectation {
  path: string | undefined;
  contains?: string[];
  minSize?: number;
}

function readExpectation(call: ToolCall, expected: unknown): FileExpectation | string {
  if (typeof expected === 'string') return { path: expected };
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const spec = expected as Record<string, unknown>;
    const contains = spec.contains === undefined ? undefined : Array.isArray(spec.contains) ? spec.contains : [spec.contains];
    if (contains && !contains.every((item) => typeof item === 'string')) return 'expected "contains" to be a string or a list of strings';
    if (spec.min_size !== undefined && (typeof spec.min_size !== 'number' || spec.min_size < 0)) return 'expected "min_size" to be a number of bytes';
    if (spec.path !== undefined && typeof spec.path !== 'string') return 'expected "path" to be a string';
    const path = (spec.path as string | undefined) ?? pathFromCall(call);
    return { path, ...(contains ? { contains: contains as string[] } : {}), ...(spec.min_size !== undefined ? { minSize: spec.min_size as number } : {}) };
  }
  return { path: pathFromCall(call) };
}

/** The path a call names: a path-like argument, a string result, or `result.path`. */
function pathFromCall(call: ToolCall): string | undefined {
  for (const key of PATH_ARGS) {
    const value = call.args?.[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  if (typeof call.result === 'string' && call.result !== '' && !call.result.includes('\n')) return call.result;
  const fromResult = (call.result as Record<string, unknown> | null | undefined)?.path;
  return typeof fromResult === 'string' ? fromResult : undefined;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * `file_exists`: the file exists under the evaluation root (default: the gold file's directory).
 * Paths that leave the root, by `..`, by being absolute elsewhere, or through a symlink, fail
 * without being read. `{path, contains, min_size}` also checks content and size.
 */
export async function fileExists(call: ToolCall, expected: unknown, context: SideEffectContext): Promise<SideEffectOutcome> {
  const expectation = readExpectation(call, expected);
  if (typeof expectation === 'string') return fail(expectation);
  if (expectation.path === undefined) return fail(`no path to check: give one in the gold file or pass one of ${PATH_ARGS.join(', ')}`);
  const root = await realpath(context.root).catch(() => resolve(context.root));
  const target = resolve(root, expectation.path);
  if (!inside(root, target)) return fail(`refused ${JSON.stringify(expectation.path)}: it is outside the root ${root}`);
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    return fail(`${JSON.stringify(expectation.path)} does not exist under ${root}`);
  }
  if (!inside(root, real)) return fail(`refused ${JSON.stringify(expectation.path)}: it links outside the root ${root}`);
  const info = await stat(real);
  if (!info.isFile()) return fail(`${JSON.stringify(expectation.path)} exists but is not a file`);
  if (expectation.minSize !== undefined && info.size < expectation.minSize) {
    return fail(`${JSON.stringify(expectation.path)} has ${info.size} bytes, expected at least ${expectation.minSize}`);
  }
  if (expectation.contains) {
    const text = await readFile(real, 'utf8');
    const absent = expectation.contains.filter((item) => !text.includes(item));
    if (absent.length > 0) return fail(`${JSON.stringify(expectation.path)} does not contain ${absent.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  return pass(`${JSON.stringify(expectation.path)} exists (${info.size} bytes)`);
}
