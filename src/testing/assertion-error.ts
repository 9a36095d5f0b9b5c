import type { EvaluationResult } from '../evaluation/result.js';

/** Node's `AssertionError`, typed by its fields so the declarations name no Node module. */
type NodeAssertionErrorClass = new (options: {
  message: string;
}) => Error & {
  readonly code: 'ERR_ASSERTION';
  actual: unknown;
  expected: unknown;
  operator: string;
  generatedMessage: boolean;
};

/**
 * A failed toolscore assertion. It is a node `AssertionError`, so Vitest, Jest and `node:test` all
 * report it as a test failure; the message is the whole explanation (the expected-vs-actual table),
 * so no `actual`/`expected` pair is set for a runner to diff again.
 *
 * `node:assert` is loaded on the first failure, not with toolscore: it costs a millisecond of every
 * import, most of which never fail. The class is linked under Node's `AssertionError` then, before its
 * first instance exists, so every instance is one (`super()` calls the parent the class has when it runs).
 */
export class ToolscoreAssertionError extends (Error as unknown as NodeAssertionErrorClass) {
  /** The evaluation that failed, when there was one. */
  readonly result: EvaluationResult | undefined;

  constructor(message: string, result?: EvaluationResult) {
    linkToNodeAssertionError();
    super({ message });
    this.name = 'ToolscoreAssertionError';
    this.result = result;
  }
}

let linked = false;

function linkToNodeAssertionError(): void {
  if (linked) return;
  const { AssertionError } = process.getBuiltinModule('node:assert');
  Object.setPrototypeOf(ToolscoreAssertionError, AssertionError);
  Object.setPrototypeOf(ToolscoreAssertionError.prototype, AssertionError.prototype);
  linked = true;
}
