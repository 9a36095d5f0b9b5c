import { redactSecrets } from '../metrics/security.js';

/**
 * Characters a terminal or viewer would act on or hide: controls (C0, DEL, C1; ESC starts ANSI
 * escapes), the line and paragraph separators, and every invisible format character (\p{Cf}): the
 * bidirectional controls that reorder text (U+061C, U+200E/F, U+202A–E, U+2066–9), zero-width
 * characters (U+200B–D, U+2060, U+FEFF) and the tag characters (U+E0000–E007F) that can smuggle text
 * past a reader.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u{E0000}-\u{E007F}]/gu;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\u001b` for a character of the Basic Multilingual Plane, `\u{e0041}` beyond it (as in JavaScript). */
function escapeInvisible(char: string): string {
  const code = char.codePointAt(0)!;
  return (
    SHORT_ESCAPES[char] ?? (code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
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
