import { Matcher } from './matcher.js';

/** Tolerances of `Approx`. */
export interface ApproxOptions {
  /** Relative tolerance, as a share of the expected value (default 1e-6). */
  rel?: number;
  /** Absolute tolerance (default 0, so `Approx(0)` needs exactly 0). */
  abs?: number;
}

const DEFAULT_REL = 1e-6;
const DEFAULT_ABS = 0;

/** Matches numbers (never booleans) within a tolerance of a value. */
export class ApproxMatcher extends Matcher {
  /** The expected value. */
  readonly value: number;
  /** Relative tolerance. */
  readonly rel: number;
  /** Absolute tolerance. */
  readonly abs: number;

  constructor(value: number, options: ApproxOptions = {}) {
    super();
    this.value = value;
    this.rel = options.rel ?? DEFAULT_REL;
    this.abs = options.abs ?? DEFAULT_ABS;
  }

  matches(actual: unknown): boolean {
    if (typeof actual !== 'number' || Number.isNaN(actual)) return false;
    return Math.abs(actual - this.value) <= Math.max(this.rel * Math.abs(this.value), this.abs);
  }

  toString(): string {
    let text = `Approx(${this.value}`;
    if (this.rel !== DEFAULT_REL) text += `, rel=${this.rel}`;
    if (this.abs !== DEFAULT_ABS) text += `, abs=${this.abs}`;
    return `${text})`;
  }

  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { $approx: this.value };
    if (this.rel !== DEFAULT_REL) json.rel = this.rel;
    if (this.abs !== DEFAULT_ABS) json.abs = this.abs;
    return json;
  }
}

/**
 * Matches a number with |actual − value| ≤ max(rel·|value|, abs). Gold-file form:
 * `{"$approx": 3.14, "rel": 0.01, "abs": 0}`.
 */
export function Approx(value: number, options?: ApproxOptions): ApproxMatcher {
  return new ApproxMatcher(value, options);
}
