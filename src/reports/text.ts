import { redactSecrets } from '../metrics/security.js';

/**
 * Characters a terminal or viewer would act on or hide: C0 and C1 controls (ESC starts ANSI escapes),
 * DEL, the line and paragraph separators, and the bidirectional controls that reorder text.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeInvisible(char: string): string {
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text that came from a trace, a gold file or a rules file, made safe to show: credentials redacted and
 * control characters written as JSON escapes (`\u001b`), so a tool name cannot recolour or rewrite the
 * terminal. Redaction runs first because an escape glued to a key would hide the key's word boundary.
 */
export function displayText(text: string): string {
  return redactSecrets(text).replace(INVISIBLE, escapeInvisible);
}

/** `0.835` → `83.5%`. */
export function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** `1 call`, `2 calls`. */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** `search x2, book` — names by first appearance, with a count when repeated. */
export function countedNames(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count > 1 ? `${name} x${count}` : name)).join(', ');
}
