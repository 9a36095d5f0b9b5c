/** A JSON value as read from a file or produced by an adapter. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Environment variables, as `process.env` holds them. Named without Node's types so that the public
 * declarations type-check in a project without `@types/node`.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

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
  /**
   * The conversation turn the call was made in (1-based: after the turn-th user message); absent
   * when the trace holds fewer than two user messages.
   */
  turn?: number;
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
  /** `"optional": true`: missing it costs nothing; made, it is paired and checked like any call. */
  optional?: boolean;
  /**
   * The tools that may answer this call (`"tool": {"$one_of": [...]}`), in the gold's order. Scoring
   * settles each such call on one of them first (see docs/gold-language.md); `tool` is the one settled on.
   */
  alternatives?: readonly string[];
  /** `"allow"`: arguments the agent added that the gold does not name are not counted against precision. */
  extra_args?: 'allow';
  /** Calls sharing a group number may be made in any order (`{"$any_order": [...]}`, `"order": "any"`). */
  any_order_group?: number;
  /**
   * What the call must return: a value, possibly holding matchers at any depth, compared with the recorded
   * result (a JSON-string result is parsed first; an object names only the keys it checks). Absent: not checked.
   */
  result?: unknown;
  /** `true`: the call must run without error; `false`: it must fail (a refused transfer). Absent: not checked. */
  succeeds?: boolean;
}

/** How a reply's text is normalized before `contains` / `contains_any` / `not_contains` (docs/outcomes.md). */
export type ReplyNormalization = 'none' | 'tau' | 'bfcl';

/** `"response"`: what the agent's reply (its last assistant text of the turn) must and must not say. */
export interface ResponseCheck {
  /** Texts the reply must contain, each one check. */
  contains: readonly string[];
  /** Texts of which the reply must contain at least one: one check (absent: none). */
  contains_any?: readonly string[];
  /** Texts the reply must not contain, each one check. */
  not_contains: readonly string[];
  /** A pattern (RE2 syntax, found anywhere) the reply must match: one check. */
  regex?: string;
  normalize: ReplyNormalization;
}

/** What a gold file says about its calls as a whole (its top-level keys besides `calls`). */
export interface GoldOptions {
  /** `any`: the order of the calls does not matter (the whole file is one any-order group). */
  order: 'strict' | 'any';
  /** The default of every call's `extra_args`. */
  extra_args: 'allow' | 'deny';
  /** Tools whose calls the gold does not care about: neither extra nor redundant, still checked for safety. */
  ignore_tools: readonly string[];
  /** Superset semantics: calls beyond the expected ones cost nothing. */
  allow_extra_calls: boolean;
}

/** One turn of a conversation gold (`{"turns": [...]}`): what the user says, and the calls expected after it. */
export interface GoldTurn {
  /** The user's message expected at this turn: a string, or a matcher (`{"$regex": ...}`); absent: not checked. */
  user?: unknown;
  /** The calls expected after the user's message; `[]` means "answer without calling a tool". */
  calls: ExpectedCall[];
  /** The turn's options: the file's, with the turn's own keys laid over them. */
  options: GoldOptions;
  /** What the agent's reply in this turn must say (`"response"`); absent: not checked. */
  response?: ResponseCheck;
}

/**
 * `"state"`: what the world must look like after the run, against a before-state and an after-state
 * (docs/outcomes.md, "The state").
 */
export interface StateCheck {
  /** A partial after-state: each value it names (a matcher, array or scalar) is one check; absent: none. */
  expected?: Record<string, unknown>;
  /** Path patterns (`$.orders[*].status`) whose changes `unchanged` allows. */
  allowed_changes: readonly string[];
  /** Every change from before to after must be inside an `expected` value or an `allowed_changes` pattern. */
  unchanged: boolean;
}

/** A gold standard: its calls and its file-level options. */
export interface Gold {
  /** Every expected call; for a conversation gold, every turn's calls in turn order. */
  calls: ExpectedCall[];
  options: GoldOptions;
  /** Present for a conversation gold (`{"turns": [...]}`): the turns, each scored on its own. */
  turns?: GoldTurn[];
  /** What the agent's final reply must say (`"response"` of a flat gold); absent: not checked. */
  response?: ResponseCheck;
  /** What the state must be after the run (`"state"`); absent: not checked. */
  state?: StateCheck;
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
  /** The conversation turn the call was made in (1-based), for scoring against a `turns` gold. */
  turn?: number;
  metadata?: Record<string, unknown>;
}

/** A call object as accepted by `evaluate()` for expected calls (the gold file's keys). */
export interface ExpectedCallInput {
  /** A tool name, or alternatives: `{"$one_of": [names]}` or `OneOf(...names)`. */
  tool: string | { $one_of: readonly string[] } | { readonly candidates: readonly unknown[] };
  args?: Args | null;
  description?: string;
  side_effects?: Record<string, unknown>;
  schema?: Record<string, unknown>;
  optional?: boolean;
  extra_args?: 'allow' | 'deny';
  /** What the call must return (values or matchers at any depth). */
  result?: unknown;
  /** Whether the call must succeed (`true`) or fail (`false`). */
  succeeds?: boolean;
}

/** `"response"` as written in a gold file. */
interface ResponseCheckInput {
  contains?: readonly string[];
  contains_any?: readonly string[];
  not_contains?: readonly string[];
  regex?: string;
  normalize?: ReplyNormalization;
}

/** `"state"` as written in a gold file (file level only; docs/outcomes.md). */
interface StateCheckInput {
  /** A partial after-state whose values may be matchers. */
  expected?: Record<string, unknown>;
  /** Path patterns (`$.orders[*].status`) whose changes `unchanged` allows. */
  allowed_changes?: readonly string[];
  /** Every change from before to after must be covered by `expected` or `allowed_changes`. */
  unchanged?: boolean;
}

/** An any-order group of expected calls: `{"$any_order": [call, call]}` (see `AnyOrder`). */
export interface AnyOrderInput {
  $any_order: readonly ExpectedCallInput[];
}

/** One entry of a gold list: a call or an any-order group. */
export type GoldEntryInput = ExpectedCallInput | AnyOrderInput;

/**
 * agentevals' trajectory match modes, as names for the gold language's options (docs/gold-language.md):
 * `strict` exactly these calls in order, `unordered` exactly these in any order, `superset` at least
 * these in any order, `subset` only these (each may be left out) in any order.
 */
export type TrajectoryMode = 'strict' | 'unordered' | 'subset' | 'superset';

/** The file-level options of a gold file's object form (a conversation turn may give them too). */
export interface GoldOptionsInput {
  /** A name for `order` and `allow_extra_calls` together (and, for `subset`, every call optional). */
  mode?: TrajectoryMode;
  order?: 'strict' | 'any';
  extra_args?: 'allow' | 'deny';
  ignore_tools?: readonly string[];
  allow_extra_calls?: boolean;
  /** Every expected call must run without error (a call's own `succeeds` says otherwise). */
  require_success?: boolean;
  /** What the agent's reply must say. */
  response?: ResponseCheckInput;
}

/** One turn of a conversation gold: the user's message (text or matcher, optional), the calls expected after it, its own options. */
export interface GoldTurnInput extends GoldOptionsInput {
  user?: unknown;
  calls: readonly GoldEntryInput[];
}

/** A gold standard as `evaluate()` takes it: a list of entries, the object form of a gold file, or a conversation's turns. */
export type GoldInput =
  | readonly GoldEntryInput[]
  | (GoldOptionsInput & { calls: readonly GoldEntryInput[]; state?: StateCheckInput })
  | (GoldOptionsInput & { turns: readonly GoldTurnInput[]; state?: StateCheckInput });
