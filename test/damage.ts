import fc from 'fast-check';
import { expect } from 'vitest';
import { ToolscoreInputError } from '../src/core/errors.js';
import { detectFormat } from '../src/formats/registry.js';
import { collectingContext, type TraceFormat } from '../src/formats/types.js';

/** A JSON path as steps: object keys and list indexes. */
export type Path = (string | number)[];

/** Every path in a JSON value, the root first. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => here.push(...pathsOf(item, [...prefix, i])));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) here.push(...pathsOf(item, [...prefix, key]));
  return here;
}

/** A copy of `value` with the value at `path` replaced (damaged real material for property tests). */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}

/**
 * The damaged-material property: with any one value anywhere in `sample` replaced by arbitrary JSON,
 * detection never throws and the adapter reads calls or throws a ToolscoreInputError, never crashes;
 * every call it returns has a non-empty tool name, object-or-null arguments and a boolean is_error.
 */
export function assertDamagedSampleReadsSafely(format: TraceFormat, sample: unknown, numRuns = 300): void {
  const paths = pathsOf(sample);
  fc.assert(
    fc.property(fc.nat(), fc.jsonValue({ maxDepth: 2 }), (index, replacement) => {
      const data = replaceAt(sample, paths[index % paths.length]!, replacement);
      expect(() => detectFormat(data)).not.toThrow();
      try {
        for (const call of format.parse(data, collectingContext('fuzz', []))) {
          expect(typeof call.tool === 'string' && call.tool.trim() !== '').toBe(true);
          expect(call.args === null || (typeof call.args === 'object' && !Array.isArray(call.args))).toBe(true);
          expect(typeof call.is_error).toBe('boolean');
        }
      } catch (error) {
        if (!(error instanceof ToolscoreInputError)) throw error;
      }
    }),
    { numRuns },
  );
}
