import type { Args } from '../core/types.js';
import { ChildPath, pathText, type LazyPath } from './calls.js';
import type { ParseContext } from './types.js';

/**
 * Arguments as adapters find them: an object, a JSON string of one (as providers send them), or
 * nothing. Text that is not a JSON object is kept as `{raw: text}` with a warning; any other value
 * is kept as `{value: x}` with a warning. The warning names `path`, or the path `key` (and `next`)
 * below it, which is then built only for the warning.
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
      warn(context, path, key, next, 'arguments are not valid JSON; kept the raw text as {"raw": ...}');
      return { raw };
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
