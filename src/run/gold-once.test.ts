import { describe, expect, test, vi } from 'vitest';
import type { BatchScoredLine } from '../batch/types.js';
import { runAgent } from './run-agent.js';
import type { RunCase, RunLine } from './types.js';

// Counts the gold readings of the whole run (readGold is what every reading of a case's gold goes through).
const readings = vi.hoisted(() => ({ count: 0 }));
vi.mock('../gold/gold.js', async (original) => {
  const actual = await original<typeof import('../gold/gold.js')>();
  return {
    ...actual,
    readGold: (...args: Parameters<typeof actual.readGold>) => {
      readings.count++;
      return actual.readGold(...args);
    },
  };
});

/*
 * Two cases of three trials. The agent calls get_weather with the city of its input, and with
 * "Bergen" on its second trial of each case:
 * - "oslo" expects get_weather{city: Oslo, unit: $one_of[c, f]} (extra_args allowed): trials 1 and 3 call
 *   get_weather{city: Oslo} ⇒ 1; trial 2 calls get_weather{city: Bergen}: selection 1, arguments 0/1,
 *   sequence 1, redundancy 0 ⇒ 0.4 + 0 + 0.2 + 0.1 = 0.7.
 * - "rome" expects get_weather{city: Rome} with an unknown key "note" (a warning on each line): trials
 *   1 and 3 ⇒ 1, trial 2 ⇒ 0.7.
 */
const CASES: RunCase[] = [
  {
    id: 'oslo',
    input: { city: 'Oslo' },
    expected: { calls: [{ tool: 'get_weather', args: { city: 'Oslo' } }], extra_args: 'allow' },
  },
  { id: 'rome', input: { city: 'Rome' }, expected: [{ tool: 'get_weather', args: { city: 'Rome' }, note: 'x' }] },
];

describe('run reads each case gold once', () => {
  test('one reading per case for all its trials; every trial scored and warned as if read afresh', async () => {
    readings.count = 0;
    const run = runAgent({
      dataset: CASES,
      trials: 3,
      concurrency: 1,
      createdAt: new Date('2026-12-04T00:00:00Z'),
      agent: (input, context) => [
        { tool: 'get_weather', args: { city: context.trial === 2 ? 'Bergen' : (input as { city: string }).city } },
      ],
    });
    const lines: RunLine[] = [];
    for await (const line of run) lines.push(line as RunLine);
    expect(readings.count).toBe(2);
    expect(lines.map((line) => [line.id, line.trial, (line as BatchScoredLine).score])).toEqual([
      ['oslo', 1, 1],
      ['oslo', 2, 0.7],
      ['oslo', 3, 1],
      ['rome', 1, 1],
      ['rome', 2, 0.7],
      ['rome', 3, 1],
    ]);
    const warnings = lines.map((line) => (line as BatchScoredLine).gold_warnings ?? []);
    expect(warnings.slice(0, 3)).toEqual([[], [], []]);
    for (const trial of warnings.slice(3)) expect(trial).toEqual([expect.stringContaining('"note"')]);
  });
});
