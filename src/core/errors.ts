/** Where a piece of bad input was found. */
export interface InputLocation {
  /** File path, or a name such as `expected` / `actual` / `weights` for in-memory input. */
  source: string;
  /** JSON path inside the source, such as `$[2].args`; empty when the whole source is meant. */
  path?: string;
  /** 1-based line in the source file, when known. */
  line?: number;
  /** 1-based column in the source file, when known. */
  column?: number;
}

/**
 * Bad input from a user: a file, a call list, a weight, an option. The message is one line naming
 * where the problem is and what was expected; the CLI prints it and exits with code 2.
 */
export class ToolscoreInputError extends Error {
  override readonly name = 'ToolscoreInputError';
  /** Where the problem is. */
  readonly location: InputLocation;
  /** What was wrong, without the location. */
  readonly reason: string;

  constructor(location: InputLocation, reason: string) {
    super(`${formatLocation(location)}: ${reason}`);
    this.location = location;
    this.reason = reason;
  }
}

/** `file:line:column: $.path` in the order a reader scans for it. */
function formatLocation(location: InputLocation): string {
  let text = location.source;
  if (location.line !== undefined) {
    text += `:${location.line}`;
    if (location.column !== undefined) text += `:${location.column}`;
  }
  if (location.path) text += ` at ${location.path}`;
  return text;
}

/** Appends an object key or array index to a JSON path (`$`, `$.a`, `$["a b"]`, `$[0]`). */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A short description of a value's JSON type, for error messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A value as text for a message: strings as they are, anything else as JSON (never throws). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}
