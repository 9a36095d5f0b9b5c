import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { ToolscoreAssertionError } from './assertion-error.js';

// The module links its class under node:assert's on the first instance (test/e2e/startup.test.ts checks
// that importing toolscore does not load node:assert): the first instance made here must already be one.
describe('ToolscoreAssertionError', () => {
  it("is, from its first instance, a node AssertionError with Node's fields, its own name and the result", () => {
    const error = new ToolscoreAssertionError('score 0.70 < 0.90 required');
    expect(error).toBeInstanceOf(AssertionError);
    expect(error).toBeInstanceOf(ToolscoreAssertionError);
    expect(Object.getPrototypeOf(ToolscoreAssertionError)).toBe(AssertionError);
    expect(error.name).toBe('ToolscoreAssertionError');
    expect(error.code).toBe('ERR_ASSERTION');
    expect(error.message).toBe('score 0.70 < 0.90 required');
    expect(error.generatedMessage).toBe(false);
    expect(error.result).toBeUndefined();
    // Node's own toString, as when the class extended AssertionError where it was declared.
    expect(String(error)).toBe('ToolscoreAssertionError [ERR_ASSERTION]: score 0.70 < 0.90 required');
  });
});
