import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleInput, exampleLines, exampleSummary, linesOf } from '../../../test/batch-report-fixtures.js';
import { SECRET } from '../../../test/report-fixtures.js';
import type { BatchLine, BatchScoredLine } from '../types.js';
import { buildBatchView, buildCaseView, cutText, lowestCases } from './view.js';

async function* iterate(lines: readonly BatchLine[]): AsyncIterable<BatchLine> {
  yield* lines;
}

describe('buildBatchView', () => {
  it('reads the header, tables and worst cases from the summary alone', async () => {
    const lines = linesOf(exampleLines());
    const view = await buildBatchView(exampleInput({ lines }));
    expect(lines.reads).toBe(0);
    expect(view).toMatchObject({
      title: 'Toolscore batch evaluation',
      generatedAt: '2025-06-14T09:30:00.000Z',
      cases: { total: 5, scored: 4, failed: 1 },
      mean: 0.7,
      meanText: '70.0%',
      grade: 'C',
      band: 'warn',
      headline: 'mean score 70.0%, grade C, over 4 scored cases',
      gate: {
        minScore: 0.8,
        each: false,
        passing: 2,
        passRateText: '50.0%',
        passed: false,
        text: 'Mean score 70.0% is below the required 80.0%',
      },
      moreErrors: 0,
    });
    expect(view.distributions.map((row) => [row.key, row.count, row.texts[0], row.band])).toEqual([
      ['score', 4, '70.0%', 'warn'],
      ['invocation_accuracy', 4, '96.9%', 'good'],
      ['selection_accuracy', 4, '82.5%', 'warn'],
      ['argument_f1', 4, '60.4%', 'bad'],
      ['sequence_accuracy', 4, '82.5%', 'warn'],
      // A rate of wasted calls: 5% is good.
      ['redundant_rate', 4, '5.0%', 'good'],
      ['required_call_recall', 3, '75.0%', 'warn'],
    ]);
    expect(view.histogram.map((bar) => `${bar.range}:${bar.count}`)).toEqual([
      '0–10%:0',
      '10–20%:0',
      '20–30%:1',
      '30–40%:0',
      '40–50%:0',
      '50–60%:0',
      '60–70%:0',
      '70–80%:1',
      '80–90%:1',
      '90–100%:1',
    ]);
    expect(view.grades.map((row) => `${row.grade}:${row.count}:${row.shareText}`)).toEqual([
      'A:1:25.0%',
      'B:1:25.0%',
      'C:1:25.0%',
      'D:0:0.0%',
      'F:1:25.0%',
    ]);
    // Most calls first (4, 4, 2, 2, 2, 1, …), ties by name.
    expect(view.tools.map((tool) => tool.tool)).toEqual([
      'get_weather',
      'send_email',
      'book_flight',
      'search',
      'search_flights',
      'charge_card',
      'delete_db',
      'drop_table',
      'ping',
    ]);
    expect(view.tools.find((tool) => tool.tool === 'delete_db')).toMatchObject({
      selectionMisses: 1,
      errorRate: null,
      errorRateText: 'n/a',
    });
    expect(view.worstCases.map((worst) => [worst.index, worst.scoreText, worst.band])).toEqual([
      [2, '25.0%', 'bad'],
      [4, '70.0%', 'warn'],
      [1, '85.0%', 'warn'],
      [0, '100.0%', 'good'],
    ]);
  });

  it('lists tools alike whatever the order of their keys (merged shards may hold them in another order)', async () => {
    const summary = exampleSummary();
    const reversed = { ...summary, tools: Object.fromEntries(Object.entries(summary.tools).reverse()) };
    const view = await buildBatchView(exampleInput({ summary }));
    expect((await buildBatchView(exampleInput({ summary: reversed }))).tools).toEqual(view.tools);
  });

  it('counts passing cases over the lines for a minimum the summary was not made with', async () => {
    // 0.7 and 0.85 and 1 meet 0.7 (0.7 exactly, as meetsMinScore forgives float noise); 0.25 does not.
    const lines = linesOf(exampleLines());
    const view = await buildBatchView(exampleInput({ lines, minScore: 0.7, minScoreEach: true }));
    expect(lines.reads).toBe(1);
    expect(view.gate).toMatchObject({
      minScore: 0.7,
      each: true,
      passing: 3,
      passRateText: '75.0%',
      passed: false,
      text: '1 of 4 scored cases is below the required 70.0%',
    });
    const all = await buildBatchView(exampleInput({ minScore: 0.25, minScoreEach: true }));
    expect(all.gate).toMatchObject({ passing: 4, passed: true, text: 'Every scored case meets the required 25.0%' });
    const mean = await buildBatchView(exampleInput({ minScore: 0.7 }));
    expect(mean.gate).toMatchObject({ passed: true, text: 'Mean score 70.0% meets the required 70.0%' });
  });

  it('has no gate without a minimum, and says n/a when nothing was scored', async () => {
    const summary = { ...exampleSummary(), min_score: null, pass_rate: null };
    expect((await buildBatchView({ summary, lines: linesOf([]) })).gate).toBeNull();
    const empty = {
      ...summary,
      cases: { total: 1, scored: 0, failed: 1 },
      score: { count: 0, mean: null, median: null, p10: null, p90: null, min: null, max: null },
    };
    const view = await buildBatchView({ summary: empty, lines: linesOf([]), now: new Date('2026-01-02T03:04:05Z') });
    expect(view).toMatchObject({
      mean: null,
      meanText: 'n/a',
      grade: null,
      band: 'info',
      headline: 'mean score n/a, grade n/a, over 0 scored cases',
      generatedAt: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('buildCaseView', () => {
  it("shows a case's verdict, counts, metrics and top issue, its texts masked and escaped", () => {
    const line = exampleLines()[1] as BatchScoredLine;
    const view = buildCaseView({
      ...line,
      id: `a\u001b[31mb ${SECRET}`,
      top_issue: { ...line.top_issue!, problem: `leaks ${SECRET}` },
    });
    expect(view.id).toBe('a\\u001b[31mb [REDACTED openai_api_key: sk-p…cd]');
    expect(view.issue?.problem).toBe('leaks [REDACTED openai_api_key: sk-p…cd]');
    expect(view.verdictLine).toBe('WARN: score 85.0%, grade B');
    expect(view.counts).toEqual({ expected: 4, actual: 5, failed: 1, violations: 0, secrets: 0 });
    expect(view.metrics.map((metric) => `${metric.key}=${metric.text}`)).toEqual([
      'invocation_accuracy=87.5%',
      'selection_accuracy=80.0%',
      'argument_f1=91.7%',
      'sequence_accuracy=80.0%',
      'redundant_rate=20.0%',
      'required_call_recall=75.0%',
    ]);
    // Two calls each, by name, then charge_card's one.
    expect(view.tools.map((tool) => tool.tool)).toEqual([
      'book_flight',
      'get_weather',
      'search_flights',
      'send_email',
      'charge_card',
    ]);
    expect(view.tools[0]).toMatchObject({ failed: 1, errorRateText: '100.0%' });
  });
});

describe('cutText', () => {
  it('keeps short text and cuts long text to the limit, ending in an ellipsis', () => {
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText('abcd', 3)).toBe('ab…');
  });
});

describe('lowestCases', () => {
  const scored = (index: number, score: number): BatchScoredLine => ({
    ...(exampleLines()[0] as BatchScoredLine),
    id: `c${index}`,
    index,
    score,
  });

  it('keeps the lowest scores, ties by index, lowest first, skipping cases that could not be scored', async () => {
    const lines: BatchLine[] = [
      scored(0, 0.5),
      { id: 'bad', index: 1, error: 'x' },
      scored(2, 0.1),
      scored(3, 0.5),
      scored(4, 0.9),
      scored(5, 0.1),
    ];
    expect((await lowestCases(iterate(lines), 3)).map((line) => line.index)).toEqual([2, 5, 0]);
    expect((await lowestCases(iterate(lines), 10)).map((line) => line.index)).toEqual([2, 5, 0, 3, 4]);
    expect(await lowestCases(iterate(lines), 0)).toEqual([]);
  });

  it('equals sorting every case and taking the first n, whatever the order and ties', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        async (scores, count) => {
          const lines = scores.map((score, index) => scored(index, score / 10));
          const expected = [...lines]
            .sort((a, b) => a.score - b.score || a.index - b.index)
            .slice(0, count)
            .map((line) => line.index);
          expect((await lowestCases(iterate(lines), count)).map((line) => line.index)).toEqual(expected);
        },
      ),
    );
  });
});
