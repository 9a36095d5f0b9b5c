import type { EqualityMode } from './equality.js';
import { isMatcher } from './matchers/matcher.js';
import { isFloatLiteral } from './number-kinds.js';
import { hasOwnProperty } from '../core/objects.js';

/**
 * A text that two values share exactly when they are equal under `mode` (as `valuesEqual` and
 * `memberEqual` decide), so large groups of calls can be compared by hashing instead of pairwise.
 * `container` and `key` say where the value sits, for strict mode's `1` vs `1.0` marks. Returns
 * undefined for values only a comparison can decide: matchers, NaN, functions, symbols, bigints.
 */
export function equalityKey(
  value: unknown,
  mode: EqualityMode,
  container?: object,
  key?: string | number,
): string | undefined {
  return keyOf(value, mode === 'strict', container, key);
}

function keyOf(
  value: unknown,
  strict: boolean,
  container: object | undefined,
  key: string | number | undefined,
): string | undefined {
  switch (typeof value) {
    case 'string':
      // Lenient equality trims at every depth; JSON quoting keeps strings apart from every other token.
      return JSON.stringify(strict ? value : value.trim());
    case 'number':
      if (Number.isNaN(value)) return undefined;
      // -0 === 0, and String(-0) is "0"; an integral float literal (`1.0`) is its own value in strict mode.
      return strict && Number.isInteger(value) && isFloatLiteral(container, key) ? `${value}.0` : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'undefined';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (isMatcher(value)) return undefined;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = keyOf(value[i], strict, value, i);
      if (item === undefined) return undefined;
      out += i === 0 ? item : `,${item}`;
    }
    return `${out}]`;
  }
  // Key order is ignored by both modes: members are listed sorted.
  const names: string[] = [];
  for (const name in value) if (hasOwnProperty.call(value, name)) names.push(name);
  names.sort();
  let out = '{';
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const item = keyOf((value as Record<string, unknown>)[name], strict, value, name);
    if (item === undefined) return undefined;
    out += `${i === 0 ? '' : ','}${JSON.stringify(name)}:${item}`;
  }
  return `${out}}`;
}
