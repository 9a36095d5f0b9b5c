/** A JSON value as read from a file or produced by an adapter. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Arguments of a call: keys to values (values in expected calls may be matchers). */
export type Args = Record<string, unknown>;

/**
 * A call the agent actually made, normalized. Field names are the guide's JSON names, so the same
 * object shape is used in memory, in trace files and in reports.
 */
export interface ToolCall {
  /** Tool name, never empty. */
  tool: string;
  /** Arguments as passed; `null` when none were recorded (treated as `{}`). */
  args: Args | null;
  /** What the tool returned, if recorded. */
  result?: unknown;
  /** Error message, if the call failed with one. */
  error?: string;
  /** Whether the call failed (an error message or an explicit `is_error: true`). */
  is_error: boolean;
  /** Wall time of the call in seconds. */
  duration?: number;
  /** Cost of the call in USD. */
  cost?: number;
  /** Provider or protocol id of the call. */
  id?: string;
  /** Unix time in seconds at which the call started. */
  timestamp?: number;
  /** Anything else the source recorded (status codes, rows affected, format details). */
  metadata?: Record<string, unknown>;
}

/** A call the gold standard expects. */
export interface ExpectedCall {
  /** Tool name, never empty. */
  tool: string;
  /** Expected arguments; `null` means "do not check arguments", `{}` means "expect none". */
  args: Args | null;
  /** What the call is for, as written in the gold file. */
  description?: string;
  /** Side-effect checks to run on the call that answers this one. */
  side_effects?: Record<string, unknown>;
  /** JSON Schema the actual arguments must satisfy (or the Python tool's per-argument form). */
  schema?: Record<string, unknown>;
}

/** A call object as accepted by `evaluate()` for actual calls (the guide's JSON field names). */
export interface ActualCallInput {
  tool: string;
  args?: Args | null;
  result?: unknown;
  error?: unknown;
  is_error?: boolean;
  duration?: number;
  cost?: number;
  id?: string | number;
  timestamp?: number;
  metadata?: Record<string, unknown>;
}

/** A call object as accepted by `evaluate()` for expected calls. */
export interface ExpectedCallInput {
  tool: string;
  args?: Args | null;
  description?: string;
  side_effects?: Record<string, unknown>;
  schema?: Record<string, unknown>;
}
