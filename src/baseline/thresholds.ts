import { ToolscoreInputError } from '../core/errors.js';
import { MEASURES, measureNamed } from './measures.js';

/** The threshold of every measure judged by one: an absolute delta on the measure's own scale. */
export interface Thresholds {
  /** For measures without their own (default 0.05: 5 points of a share, and any rise of a count). */
  default: number;
  /** Per measure, from `--threshold-for METRIC=X`. */
  per_metric: Record<string, number>;
}

/** The default threshold, as the Python tool's. */
const DEFAULT_THRESHOLD = 0.05;

function thresholdValue(text: string, source: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0)
    throw new ToolscoreInputError(
      { source },
      `expected a number ≥ 0 (an absolute delta: 0.05 allows a drop of 5 points), got ${JSON.stringify(text)}`,
    );
  return value;
}

/** `--threshold X` and the repeated `--threshold-for METRIC=X`; a safety count takes none, since any rise fails. */
export function parseThresholds(defaultText: string | undefined, perMetricTexts: readonly string[]): Thresholds {
  const thresholds: Thresholds = {
    default: defaultText === undefined ? DEFAULT_THRESHOLD : thresholdValue(defaultText, '--threshold'),
    per_metric: {},
  };
  for (const text of perMetricTexts) {
    const at = text.indexOf('=');
    const name = text.slice(0, at).trim();
    if (at < 0 || name === '')
      throw new ToolscoreInputError(
        { source: '--threshold-for' },
        `expected METRIC=X such as argument_f1=0.1, got ${JSON.stringify(text)}`,
      );
    const measure = measureNamed(name);
    if (measure === undefined)
      throw new ToolscoreInputError(
        { source: '--threshold-for' },
        `unknown metric ${JSON.stringify(name)}; expected one of ${MEASURES.filter((m) => m.rule === 'threshold')
          .map((m) => m.name)
          .join(', ')}`,
      );
    if (measure.rule === 'any_rise')
      throw new ToolscoreInputError(
        { source: '--threshold-for' },
        `${name} is a safety count: any rise is a regression, so it takes no threshold`,
      );
    thresholds.per_metric[name] = thresholdValue(text.slice(at + 1), '--threshold-for');
  }
  return thresholds;
}

/** The threshold of a measure judged by one. */
export function thresholdOf(thresholds: Thresholds, name: string): number {
  return Object.hasOwn(thresholds.per_metric, name) ? thresholds.per_metric[name]! : thresholds.default;
}
