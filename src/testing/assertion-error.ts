import { AssertionError } from 'node:assert';
import type { EvaluationResult } from '../evaluation/result.js';

/**
 * A failed toolscore assertion. It is a node `AssertionError`, so Vitest, Jest and `node:test` all
 * report it as a test failure; the message is the whole explanation (the expected-vs-actual table),
 * so no `actual`/`expected` pair is set for a runner to diff again.
 */
export class ToolscoreAssertionError extends AssertionError {
  /** The evaluation that failed, when there was one. */
  readonly result: EvaluationResult | undefined;

  constructor(message: string, result?: EvaluationResult) {
    super({ message });
    this.name = 'ToolscoreAssertionError';
    this.result = result;
  }
}
