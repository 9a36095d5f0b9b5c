import { isMatcher } from './matchers/matcher.js';

/**
 * JSON text with object keys sorted at every depth, so two values that differ only in key order get
 * the same text; matchers are written in their operator form. Used for the LLM judge's cache keys.
 * Deciding equality is `equalityKey`'s job (match/equality-key.ts): this text keeps no strict-mode
 * marks and writes undefined as null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(String(value));
  }
  if (isMatcher(value)) return canonicalJson(value.toJSON());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(obj[key])}`;
  }
  return `${out}}`;
}
