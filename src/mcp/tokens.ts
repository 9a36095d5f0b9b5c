import type { McpTool } from './types.js';

/**
 * Token estimates: about four characters per token, the rule of thumb toolscore has always used
 * (`round(len / 4)`, at least 1 for non-empty text). A tool definition is measured as the JSON of
 * `{description, inputSchema, name}` with sorted keys, non-ASCII kept and `", "` / `": "` separators,
 * so the numbers match the Python toolscore's.
 */

/** Python's `json.dumps(value, sort_keys=True, ensure_ascii=False)` (default separators). */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${pythonJson(record[key])}`).join(', ')}}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : Number.isNaN(value) ? 'NaN' : '-Infinity';
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
