import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ToolCall } from '../core/types.js';
import { fail, pass, type SideEffectContext, type SideEffectOutcome } from './types.js';

/** Argument names that usually hold the path a call wrote. */
const PATH_ARGS = ['path', 'file', 'filename', 'filepath', 'file_path', 'output'] as const;

/** The kinds of path `{"type": …}` can ask for. */
const PATH_KINDS = ['file', 'directory'] as const;

type PathKind = (typeof PATH_KINDS)[number];

/** What `file_exists` checks: the path, optionally its kind, and content and size (which need a file). */
interface FileExpectation {
  path: string | undefined;
  /** Undefined: any existing path passes. */
  kind?: PathKind;
  contains?: string[];
  minSize?: number;
}

function readExpectation(call: ToolCall, expected: unknown): FileExpectation | string {
  if (typeof expected === 'string') return { path: expected };
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const spec = expected as Record<string, unknown>;
    const contains =
      spec.contains === undefined ? undefined : Array.isArray(spec.contains) ? spec.contains : [spec.contains];
    if (contains && !contains.every((item) => typeof item === 'string'))
      return 'expected "contains" to be a string or a list of strings';
    if (spec.min_size !== undefined && (typeof spec.min_size !== 'number' || spec.min_size < 0))
      return 'expected "min_size" to be a number of bytes';
    if (spec.path !== undefined && typeof spec.path !== 'string') return 'expected "path" to be a string';
    if (spec.type !== undefined && !(PATH_KINDS as readonly unknown[]).includes(spec.type))
      return 'expected "type" to be "file" or "directory"';
    const path = (spec.path as string | undefined) ?? pathFromCall(call);
    // Content and size can only be checked on a file.
    const kind = (spec.type as PathKind | undefined) ?? (contains || spec.min_size !== undefined ? 'file' : undefined);
    return {
      path,
      ...(kind ? { kind } : {}),
      ...(contains ? { contains: contains as string[] } : {}),
      ...(spec.min_size !== undefined ? { minSize: spec.min_size as number } : {}),
    };
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
 * `file_exists`: the path exists under the evaluation root (default: the gold file's directory), as a
 * file, a directory or anything else; `{"type": "file" | "directory"}` asks for one kind. Paths that
 * leave the root, by `..`, by being absolute elsewhere, or through a symlink, fail without being read.
 * `{path, contains, min_size}` also checks the content and size of a file.
 */
export async function fileExists(
  call: ToolCall,
  expected: unknown,
  context: SideEffectContext,
): Promise<SideEffectOutcome> {
  const expectation = readExpectation(call, expected);
  if (typeof expectation === 'string') return fail(expectation);
  if (expectation.path === undefined)
    return fail(`no path to check: give one in the gold file or pass one of ${PATH_ARGS.join(', ')}`);
  const shown = JSON.stringify(expectation.path);
  // Taken here, not imported: node:fs/promises and the streams it loads would cost every import of toolscore.
  const { readFile, realpath, stat } = process.getBuiltinModule('node:fs/promises');
  const root = await realpath(context.root).catch(() => resolve(context.root));
  const target = resolve(root, expectation.path);
  if (!inside(root, target)) return fail(`refused ${shown}: it is outside the root ${root}`);
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    return fail(`${shown} does not exist under ${root}`);
  }
  if (!inside(root, real)) return fail(`refused ${shown}: it links outside the root ${root}`);
  const info = await stat(real);
  const found = info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
  if (expectation.kind !== undefined && found !== expectation.kind) {
    return fail(
      found === 'other'
        ? `${shown} exists but is not a ${expectation.kind}`
        : `${shown} is a ${found}, expected a ${expectation.kind}`,
    );
  }
  if (found !== 'file') return pass(found === 'directory' ? `${shown} exists (a directory)` : `${shown} exists`);
  if (expectation.minSize !== undefined && info.size < expectation.minSize) {
    return fail(`${shown} has ${info.size} bytes, expected at least ${expectation.minSize}`);
  }
  if (expectation.contains) {
    const text = await readFile(real, 'utf8');
    const absent = expectation.contains.filter((item) => !text.includes(item));
    if (absent.length > 0)
      return fail(`${shown} does not contain ${absent.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  return pass(`${shown} exists (${info.size} bytes)`);
}
