import type { Args } from '../../core/types.js';
import { ChildPath, pathText, unreadableArguments, type LazyPath } from './calls.js';
import type { ParseContext } from '../types.js';

/**
 * Arguments as adapters find them: an object, a JSON string of one (as providers send them), or
 * nothing. Text that is not JSON would fail the call at run time, so its call is read as failed,
 * with no arguments (none is made up from the broken text) and an error quoting the start of it;
 * JSON that is not an object, and any other value, is kept as `{value: x}`. Each gets a warning,
 * which names `path`, or the path `key` (and `next`) below it, which is then built only for the warning.
 */
export function readArguments(
  raw: unknown,
  path: LazyPath,
  context: ParseContext,
  key?: string | number,
  next?: string | number,
): Args | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      warn(context, path, key, next, 'arguments are not valid JSON; the call is read as failed, with no arguments');
      return unreadableArguments(raw, `arguments are not valid JSON: ${excerpt(raw)}`);
    }
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Args;
    warn(context, path, key, next, 'arguments are JSON but not an object; kept them as {"value": ...}');
    return { value: parsed };
  }
  if (typeof raw === 'object' && !Array.isArray(raw)) return raw as Args;
  warn(context, path, key, next, 'arguments are not an object; kept them as {"value": ...}');
  return { value: raw };
}

function warn(
  context: ParseContext,
  path: LazyPath,
  key: string | number | undefined,
  next: string | number | undefined,
  message: string,
): void {
  context.warn(pathText(key === undefined ? path : new ChildPath(path, key, next)), message);
}

/** How much of text that is not JSON a call's error quotes. */
const EXCERPT_LENGTH = 40;

/**
 * The start of a text, for an error message: whitespace runs as one space, cut after `EXCERPT_LENGTH`
 * characters. Reports mask the credentials they find in errors, but only whole ones, so a word the
 * cut splits is left out rather than shown in part.
 */
function excerpt(text: string): string {
  const start = text.trimStart();
  // Enough to fill the excerpt after whitespace is collapsed, without copying a long text.
  const scanned = EXCERPT_LENGTH * 4;
  const head = start.slice(0, scanned).replace(/\s+/g, ' ');
  const whole = start.length <= scanned;
  if (whole && head.length <= EXCERPT_LENGTH) return head.trimEnd();
  const rest = head.slice(EXCERPT_LENGTH);
  let cut = head.slice(0, EXCERPT_LENGTH);
  // The word the cut splits goes (half a surrogate pair is such a word too).
  if (rest === '' || WORD_START.test(rest)) cut = cut.replace(WORD_END, '');
  return `${cut.trimEnd()}…`;
}

/** A run of characters a credential may hold (anything but space, quotes and JSON punctuation) at the end of a text. */
const WORD_END = /[^\s"'`,:{}[\]]+$/;
/** The same at the start of a text. */
const WORD_START = /^[^\s"'`,:{}[\]]/;
