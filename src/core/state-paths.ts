import { childPath } from './errors.js';

/*
 * Paths into a state document (docs/outcomes.md, "The state"): `$`, then `.name`, `["any key"]`, `[3]`,
 * and in `allowed_changes` patterns the wildcards `[*]` and `.*` (either stands for any key or index).
 * The diff names what changed with them; a pattern covers a path when it matches the path or a path
 * that holds it.
 */

/** One step of a path: an object key, an array index, or (patterns only) `null` for any key or index. */
export type PathStep = string | number | null;

/** `$.orders[0].status` from steps, written as error paths are (core/errors childPath). */
export function formatPath(steps: readonly PathStep[]): string {
  let path = '$';
  for (const step of steps) path = step === null ? `${path}[*]` : childPath(path, step);
  return path;
}

const NAME = /^[A-Za-z_$][\w$]*/;
const INDEX = /^\[(\d+)\]/;

/**
 * The steps of a path pattern, or the sentence saying what is wrong with it. `[*]` and `.*` are
 * wildcards; `["..."]` holds any key as a JSON string.
 */
export function parsePathPattern(text: string): PathStep[] | string {
  if (!text.startsWith('$')) return 'expected a path starting with "$", like "$.orders[*].status"';
  const steps: PathStep[] = [];
  let rest = text.slice(1);
  while (rest !== '') {
    const at = text.length - rest.length;
    if (rest.startsWith('[*]') || rest.startsWith('.*')) {
      steps.push(null);
      rest = rest.slice(rest.startsWith('[*]') ? 3 : 2);
      continue;
    }
    if (rest.startsWith('.')) {
      const name = NAME.exec(rest.slice(1));
      if (name === null) return `expected a key name after "." at character ${at + 2}`;
      steps.push(name[0]);
      rest = rest.slice(1 + name[0].length);
      continue;
    }
    const index = INDEX.exec(rest);
    if (index !== null) {
      steps.push(Number(index[1]));
      rest = rest.slice(index[0].length);
      continue;
    }
    const quoted = rest.startsWith('["') ? quotedKey(rest) : null;
    if (quoted === null)
      return `expected ".name", "[index]", '["key"]', "[*]" or ".*" at character ${at + 1}, got ${JSON.stringify(rest.slice(0, 12))}`;
    steps.push(quoted.key);
    rest = rest.slice(quoted.length);
  }
  return steps;
}

/** `["a key"]` at the start of `text`: the key and how many characters it took, or null. */
function quotedKey(text: string): { key: string; length: number } | null {
  for (let end = text.indexOf('"]', 2); end >= 0; end = text.indexOf('"]', end + 1)) {
    try {
      const key: unknown = JSON.parse(text.slice(1, end + 1));
      if (typeof key === 'string') return { key, length: end + 2 };
    } catch {
      // An escaped quote before "]": look further.
    }
  }
  return null;
}

/** Whether `pattern` matches `path` or a path that holds it (`$.orders[*]` covers `$.orders[2].status`). */
export function patternCovers(pattern: readonly PathStep[], path: readonly (string | number)[]): boolean {
  if (pattern.length > path.length) return false;
  return pattern.every((step, k) => (step === null ? true : step === path[k]));
}
