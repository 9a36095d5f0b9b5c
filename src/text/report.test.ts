import { describe, expect, it } from 'vitest';
import type { Metrics } from '../metrics/metrics.js';
import { METRIC_LABELS, metricNoteText } from './report.js';

/** Metrics whose tool sets are the given ones; the invocation note reads nothing else. */
function withTools(expected: string[], called: string[]): Metrics {
  const missing = expected.filter((tool) => !called.includes(tool));
  const extra = called.filter((tool) => !expected.includes(tool));
  return {
    tool_correctness_metrics: {
      tool_correctness: 0,
      expected_tools: expected,
      called_tools: called,
      missing_tools: missing,
      extra_tools: extra,
      correct_count: expected.length - missing.length,
      total_expected: expected.length,
      strict_order: false,
    },
  } as unknown as Metrics;
}

describe('metric labels', () => {
  it('are written in sentence case, one spelling for every report (acronyms kept)', () => {
    const offCase = Object.values(METRIC_LABELS).filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => /^[A-Z][a-z]/.test(word)),
    );
    expect(offCase).toEqual([]);
    expect([METRIC_LABELS.selection_accuracy, METRIC_LABELS.sequence_accuracy]).toEqual([
      'Selection accuracy',
      'Sequence accuracy',
    ]);
  });
});

describe('the invocation accuracy note says how its number is made', () => {
  it('shared tools less half a point per missing or extra one, over the expected tools', () => {
    // (4 − 0.5 × 1) / 4 = 0.875, the bundled example.
    expect(metricNoteText('invocation_accuracy', withTools(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd', 'x']))).toBe(
      '(4 called − ½ × 1 missing or extra) ÷ 4 expected tools',
    );
    // (1 − 0.5 × 4) / 3 < 0: clamped.
    expect(metricNoteText('invocation_accuracy', withTools(['a', 'b', 'c'], ['a', 'x', 'y']))).toBe(
      '(1 called − ½ × 4 missing or extra) ÷ 3 expected tools, floored at 0',
    );
    expect(metricNoteText('invocation_accuracy', withTools(['a'], ['a']))).toBe(
      '1 of 1 expected tool called, none missing or extra',
    );
    expect(metricNoteText('invocation_accuracy', withTools(['a'], []))).toBe('no tool called');
    expect(metricNoteText('invocation_accuracy', withTools([], ['a']))).toBe('no tool expected');
    expect(metricNoteText('invocation_accuracy', withTools([], []))).toBe('no tool expected, none called');
  });
});
