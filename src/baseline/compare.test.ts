import { describe, expect, test } from 'vitest';
import { compareValues } from './compare.js';
import { parseBaseline } from './read.js';
import { parseThresholds } from './thresholds.js';

const T = parseThresholds(undefined, []);
const statusOf = (baseline: Record<string, number | null>, current: Record<string, number | null>, t = T) =>
  Object.fromEntries(compareValues(baseline, current, t).map((item) => [item.metric, item.status]));

describe('regression rules', () => {
  test('absolute deltas: a drop of 0.06 regresses, exactly 0.05 does not; redundant_rate is mirrored', () => {
    expect(statusOf({ score: 0.9, redundant_rate: 0.1 }, { score: 0.84, redundant_rate: 0.2 })).toEqual({
      score: 'regressed',
      redundant_rate: 'regressed',
    });
    expect(statusOf({ score: 0.9 }, { score: 0.85 })).toEqual({ score: 'stable' });
  });

  test('a safety count that rises regresses whatever the threshold', () => {
    const loose = parseThresholds('10', []);
    expect(statusOf({ credentials: 0, failed_calls: 1 }, { credentials: 1, failed_calls: 2 }, loose)).toEqual({
      credentials: 'regressed',
      failed_calls: 'stable',
    });
  });

  test('--threshold-for sets the threshold of one metric; the others keep --threshold', () => {
    const own = parseThresholds('0.05', ['argument_f1=0.2', 'failed_calls=2']);
    // argument_f1 drops 0.15 (within its 0.2), score 0.06 (past 0.05); failed_calls rises 2 (within 2), then 3.
    expect(
      statusOf(
        { score: 0.9, argument_f1: 0.9, failed_calls: 0 },
        { score: 0.84, argument_f1: 0.75, failed_calls: 2 },
        own,
      ),
    ).toEqual({ score: 'regressed', argument_f1: 'stable', failed_calls: 'stable' });
    expect(statusOf({ failed_calls: 0 }, { failed_calls: 3 }, own)).toEqual({ failed_calls: 'regressed' });
  });

  test('bad thresholds are one clear line', () => {
    expect(() => parseThresholds('-1', [])).toThrow('--threshold: expected a number ≥ 0');
    expect(() => parseThresholds(undefined, ['nope=1'])).toThrow('--threshold-for: unknown metric "nope"');
    expect(() => parseThresholds(undefined, ['credentials=1'])).toThrow('credentials is a safety count');
  });

  test('the Python baseline is read; semantic_score is not measured, not a regression to 0', () => {
    const baseline = parseBaseline(
      {
        version: '1.0',
        gold_file_hash: '900150983cd24fb0d6963f7d28e17f72',
        metrics: { invocation_accuracy: 1, semantic_score: 0.9 },
      },
      'old.json',
    );
    expect(baseline.goldHash).toBe('md5:900150983cd24fb0d6963f7d28e17f72');
    expect(statusOf(baseline.values, { invocation_accuracy: 1 })).toEqual({
      invocation_accuracy: 'stable',
      semantic_score: 'not_measured',
    });
  });

  test('a newer schema_version is refused, naming the file and path', () => {
    expect(() => parseBaseline({ schema_version: 2 }, 'b.json')).toThrow(
      'b.json at $.schema_version: schema_version 2 is newer',
    );
  });
});
