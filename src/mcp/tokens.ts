import type { McpTool } from './types.js';

/**
 * Token estimates: about four characters per token, the rule of thumb toolscore has always used
 * (`round(len / 4)`, at least 1 for non-empty text). A tool definition is measured as the JSON of
 * `{description, inputSchema, name}` with sorted keys, non-ASCII kept and `", "` / `": "` separators,
 * so the numbers match the Python toolscore's.
 */

/** Text written as it is by `pythonJson` (never a JSON value). */
class Raw {
  constructor(readonly text: string) {}
}

/**
 * Python's `json.dumps(value, sort_keys=True, ensure_ascii=False)` (default separators). Written
 * without recursion, so a server's schema nested thousands of levels deep cannot overflow the stack.
 */
export function pythonJson(value: unknown): string {
  const out: string[] = [];
  // What is left to write, the next item last.
  const work: unknown[] = [value];
  while (work.length > 0) {
    const item = work.pop();
    if (item instanceof Raw) out.push(item.text);
    else if (item !== null && typeof item === 'object') {
      const parts: unknown[] = [];
      if (Array.isArray(item)) {
        parts.push(new Raw('['));
        item.forEach((element, i) => parts.push(...(i > 0 ? [new Raw(', ')] : []), element));
        parts.push(new Raw(']'));
      } else {
        const record = item as Record<string, unknown>;
        parts.push(new Raw('{'));
        Object.keys(record)
          .sort()
          .forEach((key, i) => parts.push(new Raw(`${i > 0 ? ', ' : ''}${JSON.stringify(key)}: `), record[key]));
        parts.push(new Raw('}'));
      }
      for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]);
    } else out.push(scalarJson(item));
  }
  return out.join('');
}

function scalarJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : Number.isNaN(value) ? 'NaN' : '-Infinity';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value) ?? 'null';
}

/** Python's `round`: halves go to the even neighbour. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Estimated tokens of a text: round(characters / 4), at least 1 when not empty. */
export function estimateTokens(text: string): number {
  const length = [...text].length;
  if (length === 0) return 0;
  return Math.max(1, roundHalfEven(length / 4));
}

/** The text a model is sent for one tool, as measured. */
export function toolDefinitionText(tool: McpTool): string {
  return pythonJson({ description: tool.description ?? null, inputSchema: tool.inputSchema ?? null, name: tool.name });
}

/** Estimated tokens of one tool definition. */
export function toolTokens(tool: McpTool): number {
  return estimateTokens(toolDefinitionText(tool));
}
