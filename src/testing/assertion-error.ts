import { AssertionError } from 'node:assert';
import type { EvaluationResult } from '../evaluation/result.js';

/** Node's `AssertionError`, typed by its fields so the declarations name no Node module. */
const NodeAssertionError: new (options: {
  message: string;
}) => Error & {
  readonly code: 'ERR_ASSERTION';
  actual: unknown;
  expected: unknown;
  operator: string;
  generatedMessage: boolean;
} = AssertionError;

/**
 * A failed toolscore assertion. It is a node `AssertionError`, so Vitest, Jest and `node:test` all
 * report it as a test failure; the message is the whole explanation (the expected-vs-actual table),
 * so no `actual`/`expected` pair is set for a runner to diff again.
 */
export class ToolscoreAssertionError extends NodeAssertionError {
  /** The evaluation that failed, when there was one. */
  readonly result: EvaluationResult | undefined;

  constructor(message: string, result?: EvaluationResult) {
    super({ message });
    this.name = 'ToolscoreAssertionError';
    this.result = result;
  }
}
