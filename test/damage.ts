/** A JSON path as steps: object keys and list indexes. */
export type Path = (string | number)[];

/** Every path in a JSON value, the root first. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => here.push(...pathsOf(item, [...prefix, i])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) here.push(...pathsOf(item, [...prefix, key]));
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
