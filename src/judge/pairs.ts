import type { ExpectedCall, ToolCall } from '../core/types.js';
import { encodeArgs } from '../match/operators.js';
import { redactDeep, redactSecrets } from '../metrics/security.js';
import type { Pairing } from '../pairing/pairing.js';

/** An expected call and the actual call the judge compares it with. */
export interface JudgedPair {
  expectedIndex: number;
  actualIndex: number;
  expected: ExpectedCall;
  actual: ToolCall;
}

/**
 * The pairs the judge compares: the core's one-to-one pairing of same-tool calls first, then the
 * expected calls left without a partner with the actual calls left over, in call order (where a
 * differently named tool may do the same job: search_web for web_search). In expected-call order.
 */
export function judgedPairs(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
): JudgedPair[] {
  const pairs: { expectedIndex: number; actualIndex: number }[] = [];
  const lonelyExpected: number[] = [];
  pairing.actualFor.forEach((actualIndex, expectedIndex) => {
    if (actualIndex >= 0) pairs.push({ expectedIndex, actualIndex });
    else lonelyExpected.push(expectedIndex);
  });
  const lonelyActual = pairing.expectedFor.flatMap((expectedIndex, actualIndex) =>
    expectedIndex < 0 ? [actualIndex] : [],
  );
  for (let k = 0; k < Math.min(lonelyExpected.length, lonelyActual.length); k++) {
    pairs.push({ expectedIndex: lonelyExpected[k]!, actualIndex: lonelyActual[k]! });
  }
  pairs.sort((a, b) => a.expectedIndex - b.expectedIndex);
  return pairs.map(({ expectedIndex, actualIndex }) => ({
    expectedIndex,
    actualIndex,
    expected: expected[expectedIndex]!,
    actual: actual[actualIndex]!,
  }));
}

/** A call as the judge is shown it: credentials masked, arguments as JSON with matchers in their `$` form. */
export interface ShownCall {
  tool: string;
  /** `null`: the expected call does not check its arguments. */
  args: Record<string, unknown> | null;
  description?: string;
}

/** The two calls of a pair as they leave the process, in the prompt, and as they are cached. */
export interface ShownPair {
  expected: ShownCall;
  actual: ShownCall;
}

/**
 * A pair with every credential masked (`[REDACTED kind: preview]`), in tool names, argument keys and
 * values, matcher operands and the purpose alike. Everything the judge sends, and every cache key and
 * cache file, is built from this, so no credential reaches the endpoint or the disk.
 */
export function shownPair(pair: JudgedPair): ShownPair {
  const { expected, actual } = pair;
  return {
    expected: {
      tool: redactSecrets(expected.tool),
      args: redactDeep(encodeArgs(expected.args)),
      ...(expected.description === undefined ? {} : { description: redactSecrets(expected.description) }),
    },
    actual: { tool: redactSecrets(actual.tool), args: redactDeep(encodeArgs(actual.args ?? {})) },
  };
}
