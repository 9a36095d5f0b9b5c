import { evaluate } from '../evaluation/evaluate.js';
import { ToolscoreInputError } from '../core/errors.js';
import { forbiddenCallsText } from './text.js';
import { checkMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { Args, ExpectedCallInput, GoldEntryInput } from '../core/types.js';
import type { WeightsInput } from '../core/weights.js';
import type { ForbiddenRule } from '../metrics/policy.js';
import { DEFAULT_MIN_SCORE, requireScore } from './assert-tools.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { unmetExpectations } from './call-check.js';
import { callText } from './call-text.js';
import type { Agent } from './trials.js';

/** What an expectation runs: an agent with its input, or a response (or call list) already produced. */
type Subject = { agent: Agent<never>; input: unknown } | { response: unknown };

/** Everything declared so far. */
interface Declared {
  subject: Subject;
  expected: GoldEntryInput[];
  ignoreTools: string[];
  allowExtraCalls: boolean;
  anyOrder: boolean;
  forbidden: ForbiddenRule[];
  minScore: number;
  weights: WeightsInput | undefined;
  strict: boolean;
}

/**
 * A fluent tool-call expectation. Every method adds to this expectation and returns it (as the Python
 * builder does), so `e.calls('a'); e.calls('b')` declares the same as `e.calls('a').calls('b')`;
 * nothing runs until `run()`.
 */
export class Expectation {
  readonly #declared: Declared;

  /** Use `expect(agent).on(input)` or `expect(response)`. */
  constructor(subject: Subject) {
    this.#declared = {
      subject,
      expected: [],
      ignoreTools: [],
      allowExtraCalls: false,
      anyOrder: false,
      forbidden: [],
      minScore: DEFAULT_MIN_SCORE,
      weights: undefined,
      strict: false,
    };
  }

  /**
   * Expects a call to `tool`, after the calls declared before it. Without `args` the arguments are not
   * checked; `{}` expects no arguments; values may be matchers (`ANY`, `Regex(…)`, …).
   */
  calls(tool: ExpectedCallInput['tool'], args?: Args, marks?: CallMarks): this {
    this.#declared.expected.push(expectedCall(tool, args, marks));
    return this;
  }

  /** The same as `calls`, for reading: `.calls(a).thenCalls(b)`. */
  thenCalls(tool: ExpectedCallInput['tool'], args?: Args, marks?: CallMarks): this {
    return this.calls(tool, args, marks);
  }

  /** Expects a call that costs nothing when it is not made (`"optional": true`). */
  mayCall(tool: ExpectedCallInput['tool'], args?: Args, marks?: Omit<CallMarks, 'optional'>): this {
    return this.calls(tool, args, { ...marks, optional: true });
  }

  /** Expects these calls next, in any order among themselves (`{"$any_order": [...]}`); build each with `call()`. */
  callsInAnyOrder(...calls: ExpectedCallInput[]): this {
    this.#declared.expected.push({ $any_order: calls });
    return this;
  }

  /** The order of the calls does not matter (`"order": "any"`). */
  inAnyOrder(): this {
    this.#declared.anyOrder = true;
    return this;
  }

  /** Calls of these tools are neither extra nor redundant (`"ignore_tools"`); still checked for safety. */
  ignoringTools(...tools: string[]): this {
    this.#declared.ignoreTools.push(...tools);
    return this;
  }

  /** Calls beyond the expected ones cost nothing: "at least these calls" (`"allow_extra_calls": true`). */
  allowingExtraCalls(): this {
    this.#declared.allowExtraCalls = true;
    return this;
  }

  /** Forbids calls to `tool`; with `args`, only calls whose listed arguments match them. */
  doesNotCall(tool: string, args?: Args): this {
    this.#declared.forbidden.push(args === undefined ? { tool } : { tool, args });
    return this;
  }

  /** The lowest passing score, in [0, 1] (default 0.9), besides every declared call made with its listed arguments. */
  withScore(minScore: number): this {
    this.#declared.minScore = checkMinScore(minScore);
    return this;
  }

  /** Weights merged over the defaults and renormalized. */
  withWeights(weights: WeightsInput): this {
    this.#declared.weights = weights;
    return this;
  }

  /** Compares arguments strictly: same JSON type and value, no trimming. */
  withStrictArgs(): this {
    this.#declared.strict = true;
    return this;
  }

  /**
   * Runs the agent (awaiting an async one), then checks the forbidden calls first and the expected
   * calls second: each call declared with `calls` must be made with each listed argument matching,
   * whatever the score, and the score must reach `withScore` (extra calls and arguments, and the order,
   * cost score as declared). Resolves with the evaluation; rejects with a `ToolscoreAssertionError` on
   * failure. With only `doesNotCall` rules the calls and the score are not checked.
   */
  async run(): Promise<EvaluationResult> {
    const { subject, expected, forbidden, minScore, weights, strict, ignoreTools, allowExtraCalls, anyOrder } =
      this.#declared;
    if (expected.length === 0 && forbidden.length === 0) {
      throw new ToolscoreInputError(
        { source: 'expect' },
        'nothing to check: declare calls(…) or doesNotCall(…) before run()',
      );
    }
    const actual: unknown =
      'agent' in subject
        ? await (subject.agent as Agent<unknown>)(subject.input, { trial: 1, trials: 1 })
        : subject.response;
    const gold = {
      calls: expected,
      ignore_tools: ignoreTools,
      allow_extra_calls: allowExtraCalls,
      order: anyOrder ? ('any' as const) : ('strict' as const),
    };
    const result = evaluate({ expected: gold, actual, weights, strict, forbidden, strictGold: true });
    if (result.policyViolations.length > 0) {
      const calls = result.policyViolations.map((violation) => ({
        index: violation.index,
        tool: violation.tool,
        text: callText(violation.tool, violation.args),
      }));
      throw new ToolscoreAssertionError(
        forbiddenCallsText(
          calls,
          result.traceCalls.map((call) => call.tool),
        ),
        result,
      );
    }
    if (expected.length === 0) return result;
    return requireScore(result, minScore, unmetExpectations(result, 'calls and listed arguments'));
  }
}

/** How an expected call is marked in the gold language (docs/gold-language.md). */
export interface CallMarks {
  /** Missing it costs nothing (`"optional": true`). */
  optional?: boolean;
  /** `"allow"`: arguments the expectation does not name are not counted against precision. */
  extraArgs?: 'allow' | 'deny';
}

/** One expected call in the gold language's shape, for `callsInAnyOrder(call(a), call(b))`. */
export function call(tool: ExpectedCallInput['tool'], args?: Args, marks?: CallMarks): ExpectedCallInput {
  return expectedCall(tool, args, marks);
}

function expectedCall(
  tool: ExpectedCallInput['tool'],
  args: Args | undefined,
  marks: CallMarks | undefined,
): ExpectedCallInput {
  const entry: ExpectedCallInput = args === undefined ? { tool } : { tool, args };
  if (marks?.optional) entry.optional = true;
  if (marks?.extraArgs) entry.extra_args = marks.extraArgs;
  return entry;
}

/** The first step of `expect(agent)`: the input to run the agent on. */
export class AgentExpectation<Input> {
  readonly #agent: Agent<Input>;

  constructor(agent: Agent<Input>) {
    this.#agent = agent;
  }

  /** The input (prompt) the agent runs on. */
  on(input: Input): Expectation {
    return new Expectation({ agent: this.#agent as Agent<never>, input });
  }
}

/**
 * A fluent tool-call expectation on an agent (`expect(agent).on(prompt)…`) or on an already-produced
 * response or call list (`expect(response).calls(…)…`). Imported next to Vitest's or Jest's `expect`
 * it shadows theirs; import it as `expectTools` (the same function) to keep both.
 */
export function expect<Input>(agent: Agent<Input>): AgentExpectation<Input>;
export function expect(response: unknown): Expectation;
export function expect(subject: unknown): AgentExpectation<unknown> | Expectation {
  if (typeof subject === 'function') return new AgentExpectation(subject as Agent<unknown>);
  return new Expectation({ response: subject });
}

/**
 * `expect` under a name that does not clash with a test runner's.
 * @alias
 */
export const expectTools = expect;
