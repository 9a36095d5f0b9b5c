import * as z from 'zod';
import { JSON_TYPE_NAMES } from '../match/matchers/is-type.js';
import { STRING_NORMALIZATION_NAMES } from '../match/normalize.js';
import { type OPERATOR_OPTIONS, REGEX_FLAGS, type Operator } from '../match/operators.js';
import { TRAJECTORY_MODE_NAMES } from '../gold/gold.js';
import { GOLD_KEYS } from './gold-keys.js';
import { jsonSchemaFile, schemaDocs } from './json-schema.js';

/*
 * The gold language as a zod schema, from which schemas/gold.json is emitted for editors. It accepts
 * what `readGold` reads without an unknown-key warning; the tables below are keyed by GOLD_KEYS and the
 * operator table, so a key or an operator added there without an entry here fails the typecheck.
 * What a schema cannot say (a pattern that compiles, the nesting limit, `$one_of` names equal once
 * trimmed, …) is listed in docs/schemas.md. The descriptions are what editors show on hover: they
 * document the file format, like the JSDoc of a type, and sit beside the shape they describe.
 */

const { registry, doc } = schemaDocs();

/** A string with something besides white space in it (the loader trims names). */
const name = (description: string) => doc(z.string().regex(/\S/), description);

/** Keys of a plain object: a key starting with `$` makes the object an operator. */
const PLAIN_KEY = /^(?!\$)/;

/** A value where an operator may stand: literal JSON, or a `$` operator object. */
const value: z.ZodType = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(value), plainObject, operator]),
);
doc(
  value,
  'An expected value: literal JSON compared leniently (or strictly), or a $ operator object ({"$regex": ...}, {"$any": true}, ...).',
  'value',
);

/** A member of an object of arguments: a value, or a value that may be absent (`$optional`). */
const member: z.ZodType = z.lazy(() => z.union([value, optionalOperator]));
doc(member, 'An expected argument value; {"$optional": v} lets the member be absent.', 'member');

const plainObject = doc(
  z.record(z.string().regex(PLAIN_KEY), member),
  'A literal object, compared member by member; none of its keys starts with $ (wrap such data in {"$literal": ...}).',
);

const typeName = doc(z.enum(JSON_TYPE_NAMES), 'A JSON type name; integer is a number with no fraction.');

/** Each operator's operand and options, by the operator table: an operator or option missing here fails the typecheck. */
const OPERATOR_SHAPES: { [Op in Operator]: { [K in Op | (typeof OPERATOR_OPTIONS)[Op][number]]: z.ZodType } } = {
  $any: { $any: doc(z.literal(true), 'Any value matches; the member must be present.') },
  $regex: {
    $regex: doc(
      z.string(),
      'A regular expression the whole string must match (RE2 syntax: no backreferences or lookaround); a leading (?i), (?s) or (?m) sets a flag.',
    ),
    flags: doc(
      z.string().regex(REGEX_FLAGS).nullable(),
      'Flags, each at most once: i (ignore case), m (multi-line), s (dot matches newlines), u (unicode).',
    ),
  },
  $approx: {
    $approx: doc(z.number(), 'A number the actual number must be close to.'),
    rel: doc(z.number().min(0), 'Relative tolerance (default 1e-6).'),
    abs: doc(z.number().min(0), 'Absolute tolerance (default 0).'),
  },
  $contains: {
    $contains: doc(
      z.lazy(() => value),
      'For a string, a substring; for an array, an element (compared leniently); for an object, a key it must have.',
    ),
  },
  $one_of: {
    $one_of: doc(z.array(z.lazy(() => value)), 'Candidates: the value must match one of them.'),
    normalize: doc(
      z.enum(STRING_NORMALIZATION_NAMES),
      "Compare strings after a named normalisation: bfcl is the Berkeley leaderboard's (no spaces or ,./-_*^, lower case, ' read as \").",
    ),
  },
  $type: {
    $type: doc(
      z.union([typeName, z.array(typeName).min(1)]),
      'A JSON type name, or a non-empty array of them: the value must have one of the types.',
    ),
  },
  $optional: {
    $optional: doc(
      z.lazy(() => value),
      'The member may be absent; when present it must match this value. Only as an object member.',
    ),
  },
  $literal: { $literal: doc(z.unknown(), 'Data taken as it is, $ keys included, never read as operators.') },
};

/** What each operator object does, for the editor's hover. */
const OPERATOR_DESCRIPTIONS: Record<Operator, string> = {
  $any: 'Matches any value.',
  $regex: 'Matches a string against a regular expression (the whole string).',
  $approx: 'Matches a number within a tolerance.',
  $contains: 'Matches a string holding a substring, an array holding an element, or an object having a key.',
  $one_of: 'Matches one of the candidates.',
  $type: 'Matches a value of a JSON type.',
  $optional: 'A member that may be absent.',
  $literal: 'Literal data with $ keys.',
};

/** An operator object: the operator key, required, and its options, optional; nothing else. */
function operatorObject(op: Operator): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(OPERATOR_SHAPES[op])) shape[key] = key === op ? schema : schema.optional();
  return doc(z.strictObject(shape), OPERATOR_DESCRIPTIONS[op]);
}

const OPERATOR_NAMES = Object.keys(OPERATOR_SHAPES) as Operator[];
/** Every operator but `$optional`, which stands only as an object member. */
const operator = z.union(
  OPERATOR_NAMES.filter((op) => op !== '$optional').map(operatorObject) as [z.ZodType, ...z.ZodType[]],
);
const optionalOperator = operatorObject('$optional');

/** A tool name, or alternatives. */
const tool = doc(
  z.union([
    name('The tool the agent should call.'),
    doc(
      z.strictObject({
        [GOLD_KEYS.toolOneOf]: doc(
          z.array(name('A tool name.')).min(1),
          'Tool names, each once: a call of any of them answers this expected call.',
        ),
      }),
      'Alternative tools: any one of them is right.',
    ),
  ]),
  'The tool the agent should call, or {"$one_of": [names]} for alternatives.',
);

const extraArgs = z.enum(['allow', 'deny']);
const anything = (description: string) => doc(z.unknown(), description);

/** The keys of one expected call, by GOLD_KEYS.call. */
const CALL_SHAPE = {
  tool,
  args: doc(
    z.record(z.string(), member).nullable(),
    'The expected arguments, by name; values may be $ operators. Absent or null: any arguments.',
  ),
  description: doc(z.string().nullable(), 'What the call is for, shown in reports.'),
  side_effects: doc(
    z.record(z.string(), z.unknown()).nullable(),
    'Checks run after the trace: http_ok, file_exists, sql_rows, or a check of your own (registerSideEffect).',
  ),
  schema: doc(z.record(z.string(), z.unknown()).nullable(), "A JSON Schema the call's actual arguments must satisfy."),
  metadata: doc(
    z.union([
      z.looseObject({
        schema: doc(
          z.record(z.string(), z.unknown()).nullable().optional(),
          'Where the Python tool keeps the arguments schema.',
        ),
      }),
      z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(z.unknown())]),
    ]),
    "Your own data, kept with the call (its schema key is read as the call's schema, as the Python tool writes it).",
  ),
  optional: doc(z.boolean().nullable(), 'The agent may skip this call without penalty.'),
  extra_args: doc(
    extraArgs.nullable(),
    'allow: arguments beyond the expected ones are not penalized for this call; deny (the default): they are.',
  ),
  // A new schema around `value`: registering a description on `value` itself would replace its id.
  result: doc(
    z.lazy(() => value),
    'What the call must return, compared with the recorded result (a JSON-string result is parsed first); values may be $ operators at any depth, an object checks only the keys it names. null (as the Python tool writes it): not checked.',
  ),
  succeeds: doc(
    z.boolean().nullable(),
    'true: the call must run without error; false: it must fail (a refused transfer). Overrides require_success.',
  ),
} satisfies Record<(typeof GOLD_KEYS.call)[number], z.ZodType>;

/** Keys the Python tool writes into every call; the loader ignores them. */
const PYTHON_CALL_SHAPE = {
  timestamp: anything('Written by the Python tool; ignored.'),
  duration: anything('Written by the Python tool; ignored.'),
  cost: anything('Written by the Python tool; ignored.'),
} satisfies Record<(typeof GOLD_KEYS.pythonCall)[number], z.ZodType>;

const call = doc(
  z.strictObject({
    ...Object.fromEntries(
      Object.entries({ ...CALL_SHAPE, ...PYTHON_CALL_SHAPE }).map(([key, schema]) => [
        key,
        key === 'tool' ? schema : schema.optional(),
      ]),
    ),
  }),
  'One expected call.',
  'call',
);

const anyOrderGroup = doc(
  z.strictObject({
    [GOLD_KEYS.anyOrder]: doc(
      z.array(call).min(1),
      'Calls that may come in any order among themselves (not another group).',
    ),
  }),
  'Calls that may come in any order among themselves.',
);

const callList = doc(
  z.array(z.union([call, anyOrderGroup])),
  'The expected calls, in order; an {"$any_order": [...]} group stands where a call stands.',
  'calls',
);

/** The file-level options: the object form's keys beside its calls, which a conversation's turn may also give. */
const OPTION_SHAPE = {
  mode: doc(
    z.enum(TRAJECTORY_MODE_NAMES).nullable(),
    "agentevals' trajectory match modes, as names for order and allow_extra_calls: strict (these calls in order, no others), unordered (these calls in any order, no others), superset (at least these, in any order), subset (only these, in any order, every call optional). An order or allow_extra_calls that says otherwise is an error.",
  ),
  extra_args: doc(
    extraArgs.nullable(),
    'allow: arguments beyond the expected ones are not penalized in any call; deny (the default): they are.',
  ),
  order: doc(
    z.enum(['strict', 'any']).nullable(),
    'strict (the default): calls in the listed order; any: the whole file is one any-order group.',
  ),
  ignore_tools: doc(
    z.array(name('A tool name.')).nullable(),
    'Tools left out of scoring on both sides (logging, thinking tools).',
  ),
  allow_extra_calls: doc(z.boolean().nullable(), 'Calls nobody expected are not penalized.'),
  require_success: doc(
    z.boolean().nullable(),
    'Every expected call must run without error (a call\'s own "succeeds" says otherwise); a failed call is an outcome failure.',
  ),
  response: doc(
    z
      .strictObject({
        contains: doc(z.array(z.string().min(1)).optional(), 'Texts the reply must contain, each one check.'),
        contains_any: doc(
          z.array(z.string().min(1)).min(1).optional(),
          'Texts of which the reply must contain at least one: one check.',
        ),
        not_contains: doc(z.array(z.string().min(1)).optional(), 'Texts the reply must not contain, each one check.'),
        regex: doc(z.string().optional(), 'A pattern (RE2 syntax) the reply must match somewhere: one check.'),
        normalize: doc(
          z.enum(['none', 'tau', 'bfcl']).optional(),
          "none (the default); tau: tau-bench's outputs comparison (lower-cased, commas removed); bfcl: BFCL's agentic answer check (punctuation stripped, word-bounded).",
        ),
      })
      .nullable(),
    "What the agent's reply must say: the last assistant text of the turn (file level: the final reply).",
  ),
};

/** What core/state-paths.ts parsePathPattern reads, for editors (the loader's messages say what is wrong). */
const STATE_PATH_PATTERN = /^\$(?:\.[A-Za-z_$][\w$]*|\.\*|\[\d+\]|\[\*\]|\["(?:[^"\\]|\\.)*"\])*$/;

const EXPECTED_STATE =
  'A partial after-state: each value it names (a $ operator, array or scalar; objects are looked into) must be at its path in the after-state.';

/** A partial after-state: a plain object, or its data wrapped in `$literal`. */
const expectedState = doc(
  z.union([plainObject, z.strictObject({ $literal: z.record(z.string(), z.unknown()) })]),
  EXPECTED_STATE,
);

/** An object naming at least one member (the JSON Schema says so with minProperties). */
function named<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  const refined = schema.refine((object) => Object.keys(object).length > 0);
  registry.add(refined, { description: 'An object naming at least one member.', minProperties: 1 });
  return refined;
}

/** An after-state that names something: `{}` alone would check nothing. */
const namingState = doc(
  z.union([named(plainObject), z.strictObject({ $literal: named(z.record(z.string(), z.unknown())) })]),
  `${EXPECTED_STATE} Without "unchanged": true it must name at least one value: {} would check nothing.`,
);
const UNCHANGED =
  'Every path that differs between the before-state and the after-state must be inside an "expected" value or an "allowed_changes" pattern; any other change is a collateral change.';

/** The keys of `"state"`, by GOLD_KEYS.state (null, as the loader reads it, is absent). */
const STATE_SHAPE = {
  expected: expectedState.nullable(),
  allowed_changes: doc(
    z.array(z.string().regex(STATE_PATH_PATTERN)).nullable(),
    'Path patterns ($.orders[*].status; [*] and .* stand for any index or key) whose changes "unchanged" allows, with everything inside them. Only with "unchanged": true.',
  ),
  unchanged: doc(z.literal(true), UNCHANGED),
} satisfies Record<(typeof GOLD_KEYS.state)[number], z.ZodType>;

/**
 * `"state"`: what the world must look like after the run (file level only). As the loader reads it, a
 * state checks something (`expected`, or `"unchanged": true`), and `allowed_changes` come only with
 * `"unchanged": true`: two shapes, one of which a state must have.
 */
const state = doc(
  z
    .union([
      z.strictObject({
        expected: STATE_SHAPE.expected.optional(),
        allowed_changes: STATE_SHAPE.allowed_changes.optional(),
        unchanged: STATE_SHAPE.unchanged,
      }),
      z.strictObject({
        expected: namingState,
        allowed_changes: z.null().optional(),
        unchanged: doc(z.literal(false).nullable(), UNCHANGED).optional(),
      }),
    ])
    .nullable(),
  'What the world must look like after the run, against a before-state and an after-state (docs/outcomes.md): "expected", or "unchanged": true (then "allowed_changes" too).',
);

/** The keys of one conversation turn, by GOLD_KEYS.turn. */
const TURN_SHAPE = {
  user: doc(
    z.union([z.string(), operator]).nullable(),
    'The user\'s message that opens the turn, as text or a $ operator ({"$regex": ...}); when the trace\'s message differs, the conversation diverged there.',
  ),
  calls: callList,
  ...OPTION_SHAPE,
} satisfies Record<(typeof GOLD_KEYS.turn)[number], z.ZodType>;

const turn = doc(
  z.strictObject(
    Object.fromEntries(
      Object.entries(TURN_SHAPE).map(([key, schema]) => [key, key === 'calls' ? schema : schema.optional()]),
    ),
  ),
  'One turn of a conversation: the calls expected after the user\'s message ([] for "answer without calling a tool"), with options of its own over the file\'s.',
  'turn',
);

/** The keys of the object form, by GOLD_KEYS.file. */
const FILE_SHAPE = {
  calls: callList,
  turns: doc(
    z.array(turn).min(1),
    'A conversation: the calls expected after each user message, scored turn by turn (docs/conversations.md).',
  ),
  ...OPTION_SHAPE,
  state,
  $schema: doc(z.string(), 'The JSON Schema editors check this file with; the loader ignores it.'),
} satisfies Record<(typeof GOLD_KEYS.file)[number], z.ZodType>;

/** A snapshot's own keys: the loader ignores them, typed here as snapshots write them. */
const SNAPSHOT_SHAPE = {
  schema_version: doc(z.int(), 'Layout version of the snapshot file.'),
  name: doc(z.string(), 'The test the snapshot belongs to.'),
  created_at: doc(z.string(), 'When it was recorded (ISO 8601).'),
  updated_at: doc(z.string(), 'When it was last changed (ISO 8601).'),
  toolscore_version: doc(z.string(), 'The toolscore version that wrote it.'),
  approved: doc(z.boolean(), 'Whether a person approved it; only approved snapshots are gold.'),
  source: doc(z.string(), 'What recorded it (vitest, jest, test, ...).'),
} satisfies Record<(typeof GOLD_KEYS.snapshot)[number], z.ZodType>;

const { turns: turnList, ...CALLS_FILE_SHAPE } = FILE_SHAPE;

const goldObject = doc(
  z.strictObject({
    ...Object.fromEntries(
      Object.entries({ ...CALLS_FILE_SHAPE, ...SNAPSHOT_SHAPE }).map(([key, schema]) => [
        key,
        key === 'calls' ? schema : schema.optional(),
      ]),
    ),
  }),
  'Expected calls with file-level options (or a snapshot file).',
);

const conversationObject = doc(
  z.strictObject({
    turns: turnList,
    ...Object.fromEntries(
      Object.entries({ ...OPTION_SHAPE, state, ...SNAPSHOT_SHAPE }).map(([key, schema]) => [key, schema.optional()]),
    ),
    $schema: FILE_SHAPE.$schema.optional(),
  }),
  "A conversation's expected calls, turn by turn, with file-level options every turn shares (or a conversation's snapshot file).",
);

/** A `toDict()` record or JSON report: its `calls.expected` serve as gold, its other keys are its own. */
const resultRecord = doc(
  z.looseObject({ calls: z.looseObject({ expected: callList }) }),
  'A saved result (toDict() or the JSON report), whose calls.expected serve as gold.',
);

/** A gold standard file, in each form `readGold` reads. */
export const goldSchema = doc(
  z.union([callList, goldObject, conversationObject, resultRecord]),
  'A toolscore gold standard: the tool calls an agent is expected to make. A list of calls, {"calls": [...]} with file-level options, or a conversation {"turns": [...]}.',
);

/** schemas/gold.json: the gold schema as JSON Schema. */
export function goldJsonSchema(): Record<string, unknown> {
  return jsonSchemaFile(goldSchema, registry, 'gold.json', 'toolscore gold standard');
}
