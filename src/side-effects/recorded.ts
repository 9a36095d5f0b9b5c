import type { ToolCall } from '../core/types.js';
import { isObject } from '../core/objects.js';

/**
 * The first value found under any of `keys` in the call's recorded result (an object), then in its
 * metadata. Returns the key it was found under, for messages.
 */
export function recordedValue(call: ToolCall, keys: readonly string[]): { key: string; value: unknown } | undefined {
  for (const source of [call.result, call.metadata]) {
    if (!isObject(source)) continue;
    for (const key of keys) {
      if (source[key] !== undefined && source[key] !== null) return { key, value: source[key] };
    }
  }
  return undefined;
}
