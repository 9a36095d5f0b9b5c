import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import { EvaluationResult } from '../evaluation/result.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  SECRET,
  exampleResult,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../../test/report-fixtures.js';
import { buildReportView, type ReportView } from './view-model.js';

/** A copy of a result with some metrics replaced, for metrics only a live run would produce. */
function withMetrics(result: EvaluationResult, metrics: Partial<Metrics>): EvaluationResult {
  return new EvaluationResult({ ...result, metrics: { ...result.metrics, ...metrics } });
}

describe('buildReportView on the bundled example', () => {
  let view: ReportView;
  beforeAll(async () => {
    view = buildReportView(await exampleResult(), EXAMPLE_OPTIONS);
  });

  it('holds the verdict: 0.835, B, WARN, 3 of 4 required calls', () => {
    expect(view.generatedAt).toBe('2025-06-14T09:30:00.000Z');
    expect(view.score).toBeCloseTo(0.835, 12);
    expect(view).toMatchObject({
      scoreText: '83.5%',
      grade: 'B',
      verdict: 'WARN',
      scoreBand: 'warn',
      gate: null,
      goldFile: 'examples/gold.json',
      traceFile: 'examples/trace.json',
    });
    expect(view.requiredCalls).toEqual({
      completed: 3,
      expected: 4,
      recall: 0.75,
      text: 'Required calls completed: 3 of 4',
      note: 'not part of the score; weight it with --weight required_call_recall=0.3',
      band: 'warn',
    });
    expect(view.counts).toEqual({ expected: 4, actual: 5, failed: 1, violations: 0 });
  });

  it('has one metric row per metric, with the hand-computed texts, bands and weights', () => {
    // Selection 4/5, argument F1 11/12, sequence 1 − 1/5, trajectory 2/4 steps × 4/5 efficiency, redundancy 1/5.
    expect(view.metrics.map((row) => [row.key, row.text, row.band, row.weight])).toEqual([
      ['invocation_accuracy', '87.5%', 'warn', 0],
      ['selection_accuracy', '80.0%', 'warn', 0.4],
      ['tool_correctness', '100.0%', 'good', 0],
      ['sequence_accuracy', '80.0%', 'warn', 0.2],
      ['argument_precision', '91.7%', 'good', 0],
      ['argument_recall', '91.7%', 'good', 0],
      ['argument_f1', '91.7%', 'good', 0.3],
      ['trajectory_accuracy', '40.0%', 'bad', 0],
      ['redundant_rate', '20.0%', 'warn', 0.1],
      ['identical_rate', '0.0%', 'good', 0],
      ['error_rate', '20.0%', 'warn', 0],
      ['retry_after_error_count', '0', 'good', 0],
      ['required_call_recall', '75.0%', 'warn', 0],
      ['leaked_credentials', '0', 'good', 0],
      // 0.41 + 1.87 + 2.3 + 0.92 + 0.35 s; one call cost $0.002.
      ['total_duration', '5.85 s', 'info', 0],
      ['average_duration', '1.17 s', 'info', 0],
      ['max_duration', '2.3 s', 'info', 0],
      ['total_cost', '$0.0020', 'info', 0],
      ['average_cost', '$0.0020', 'info', 0],
    ]);
    const note = (key: string) => view.metrics.find((row) => row.key === key)!.note;
    expect(note('redundant_rate')).toBe('1 of 5 calls beyond the expected number');
    expect(note('tool_correctness')).toBe('4 of 4 expected tools called');
    expect(note('sequence_accuracy')).toBe('edit distance 1');
  });

  it('aligns the call table by the pairing, with per-argument differences on both sides', () => {
    expect(
      view.calls.map((row) => [
        row.status,
        row.band,
        row.expected?.number ?? null,
        row.actual?.number ?? null,
        row.statusText,
      ]),
    ).toEqual([
      ['match', 'good', 1, 1, '✓'],
      ['argument_mismatch', 'warn', 2, 2, 'destination: expected "LIS", got "OPO"'],
      ['failed', 'bad', 3, 3, 'FAILED'],
      ['extra', 'bad', null, 4, 'EXTRA'],
      ['match', 'good', 4, 5, '✓'],
    ]);
    const [weather, flights, booking] = view.calls;
    expect(weather!.expected!.args).toEqual([
      { key: 'city', value: '"Lisbon"', present: true, diff: null },
      { key: 'date', value: 'Regex("2025-06-1[4-8]")', present: true, diff: null },
      { key: 'units', value: 'OneOf("metric", "celsius")', present: true, diff: null },
    ]);
    expect(flights!.expected!.args!.find((arg) => arg.diff !== null)).toEqual({
      key: 'destination',
      value: '"LIS"',
      present: true,
      diff: 'mismatch',
    });
    expect(flights!.actual!.args!.find((arg) => arg.diff !== null)).toEqual({
      key: 'destination',
      value: '"OPO"',
      present: true,
      diff: 'mismatch',
    });
    expect(flights!.actual!.text).toBe(
      'search_flights(origin="LHR", destination="OPO", date="2025-06-14", passengers=2)',
    );
    expect(flights!.actual).toMatchObject({ duration: 1.87, cost: 0.002, failed: false, error: null });
    expect(booking!.actual).toMatchObject({ failed: true, error: 'Payment declined: card expired', duration: 2.3 });
    expect(view.calls.map((row) => row.issues.map((issue) => issue.kind))).toEqual([
      [],
      ['argument_mismatch'],
      ['failed'],
      ['extra'],
      [],
    ]);
  });

  it('counts calls per tool, expected tools first, and lists failed calls', () => {
    expect(view.tools).toEqual([
      { tool: 'get_weather', expected: 1, actual: 1, failed: 0, duration: 0.41, cost: null },
      { tool: 'search_flights', expected: 1, actual: 1, failed: 0, duration: 1.87, cost: 0.002 },
      { tool: 'book_flight', expected: 1, actual: 1, failed: 1, duration: 2.3, cost: null },
      { tool: 'send_email', expected: 1, actual: 1, failed: 0, duration: 0.35, cost: null },
      { tool: 'charge_card', expected: 0, actual: 1, failed: 0, duration: 0.92, cost: null },
    ]);
    expect(view.failedCalls).toEqual([{ number: 3, tool: 'book_flight', error: 'Payment declined: card expired' }]);
    expect(view.coverage).toEqual({ missing: [], extra: ['charge_card'] });
    expect(view.topIssues.map((issue) => [issue.kind, issue.expectedNumber, issue.actualNumber])).toEqual([
      ['failed', 3, 3],
      ['argument_mismatch', 2, 2],
      ['extra', null, 4],
    ]);
    expect(view.findings).toEqual([{ severity: 'warning', message: '1 of 5 tool calls failed (book_flight)' }]);
    // No gold entry has side_effects, so the zero checks run are not shown as a section.
    expect(view.sideEffects).toBeNull();
    expect(view.semantic).toBeNull();
  });

  it('flattens the summary, the weights and every metric, one row each', () => {
    const value = (category: string, metric: string) =>
      view.flat.find((row) => row.category === category && row.metric === metric)?.value;
    expect(view.flat.slice(0, 3)).toEqual([
      { category: 'summary', metric: 'generated_at', value: '2025-06-14T09:30:00.000Z' },
      { category: 'summary', metric: 'gold_file', value: 'examples/gold.json' },
      { category: 'summary', metric: 'trace_file', value: 'examples/trace.json' },
    ]);
    expect(value('summary', 'grade')).toBe('B');
    expect(value('summary', 'required_calls_completed')).toBe(3);
    expect(value('weights', 'selection_accuracy')).toBe(0.4);
    expect(value('core', 'selection_accuracy')).toBeCloseTo(0.8, 12);
    expect(value('argument_metrics', 'f1')).toBeCloseTo(11 / 12, 12);
    expect(value('tool_correctness_metrics', 'extra_tools')).toBe('["charge_card"]');
    expect(value('trajectory_metrics', 'trajectory_details[0].expected_args.date.$regex')).toBe('2025-06-1[4-8]');
    expect(value('cost_metrics', 'cost_by_tool.search_flights')).toBe(0.002);
    expect(value('security_metrics', 'secrets')).toBe('[]');
    const keys = view.flat.map((row) => `${row.category}/${row.metric}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('buildReportView on small results', () => {
  it('nothing expected and nothing called: no required calls, recall not applicable', () => {
    const view = buildReportView(evaluate({ expected: [], actual: [] }), { now: FIXED_TIME });
    expect(view.requiredCalls).toBeNull();
    expect(view.goldFile).toBeNull();
    expect(view.metrics.find((row) => row.key === 'required_call_recall')).toMatchObject({
      value: null,
      text: 'n/a',
      band: 'info',
      note: 'nothing was expected',
    });
    expect(view.calls).toEqual([]);
    expect(view.tools).toEqual([]);
    expect(view.metrics.some((row) => row.group === 'performance')).toBe(false);
  });

  it('a minimum score becomes a gate that passes or fails', () => {
    const result = evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'a' }] });
    // Selection 1, F1 1 (no arguments checked), sequence 1 − 1/2, redundancy 0: 0.4 + 0.3 + 0.1 + 0.1 = 0.9.
    expect(result.score).toBeCloseTo(0.9, 12);
    expect(buildReportView(result, { minScore: 0.95 }).gate).toEqual({
      minScore: 0.95,
      minScoreText: '95.0%',
      passed: false,
    });
    expect(buildReportView(result, { minScore: 0.9 }).gate).toEqual({
      minScore: 0.9,
      minScoreText: '90.0%',
      passed: true,
    });
    expect(buildReportView(result).calls.map((row) => row.status)).toEqual(['match', 'missing']);
  });

  it('forbidden calls and budgets add safety rows that read bad when broken', () => {
    const result = evaluate({
      expected: [{ tool: 'search' }],
      actual: [{ tool: 'search' }, { tool: 'drop_table' }, { tool: 'search' }],
      forbidden: [{ tool: 'drop_table', reason: 'never drop tables' }],
      budgets: { max_calls: 2 },
    });
    const view = buildReportView(result);
    expect(
      view.metrics.filter((row) => row.group === 'safety').map((row) => [row.key, row.text, row.band, row.note]),
    ).toEqual([
      ['forbidden_calls', '1', 'bad', '1 forbidden rule checked'],
      ['leaked_credentials', '0', 'good', 'credentials passed in call arguments'],
      ['broken_budgets', '1', 'bad', 'limits: max_calls'],
    ]);
    expect(view.counts.violations).toBe(2);
    expect(view.findings.map((finding) => finding.message)).toEqual([
      'call 2 (drop_table) matches forbidden rule 1: never drop tables',
      '3 tool calls made, limit 2 (max_calls)',
    ]);
  });

  it('an expected call that does not check arguments, and keys only one side has', () => {
    const result = evaluate({
      expected: [
        { tool: 'a', args: null },
        { tool: 'b', args: { x: 1 } },
      ],
      actual: [
        { tool: 'a', args: { y: 2 } },
        { tool: 'b', args: { z: 3 } },
      ],
    });
    const [a, b] = buildReportView(result).calls;
    expect(a!.expected).toMatchObject({ args: null, text: 'a(…any args…)' });
    expect(b!.statusText).toBe('missing: x; unexpected: z');
    expect(b!.expected!.args).toEqual([
      { key: 'x', value: '1', present: true, diff: 'missing' },
      { key: 'z', value: 'none', present: false, diff: 'unexpected' },
    ]);
    expect(b!.actual!.args).toEqual([
      { key: 'z', value: '3', present: true, diff: 'unexpected' },
      { key: 'x', value: 'none', present: false, diff: 'missing' },
    ]);
    expect(b!.expected!.text).toBe('b(x=1)');
  });

  it('side effects and the LLM judge get sections of their own when present', () => {
    const base = evaluate({
      expected: [{ tool: 'write', args: { path: 'a.txt' } }],
      actual: [{ tool: 'write', args: { path: 'a.txt' } }],
    });
    const view = buildReportView(
      withMetrics(base, {
        side_effect_metrics: {
          total_checks: 2,
          passed_checks: 1,
          success_rate: 0.5,
          details: [
            {
              tool: 'write',
              check: 'file_exists',
              passed: true,
              reason: 'a.txt exists',
              expected_index: 0,
              actual_index: 0,
            },
            { tool: 'write', check: 'sql_rows', passed: false, reason: 'no rows', expected_index: 0, actual_index: 0 },
          ],
        },
        semantic_metrics: {
          semantic_score: 0.85,
          per_call_scores: [0.85],
          explanations: ['same intent <b>'],
          pairs: [{ expected_index: 0, actual_index: 0 }],
          model_used: 'gpt-4o-mini',
          provider: 'openai',
          prompt_version: 'p1',
          gold_count: 1,
          trace_count: 1,
          samples: 1,
          per_call_spreads: [0],
          score_spread: 0,
          requests: 1,
          cache_hits: 0,
        },
      }),
    );
    expect(
      view.metrics.filter((row) => row.group === 'checks').map((row) => [row.key, row.text, row.band, row.note]),
    ).toEqual([
      ['side_effect_success_rate', '50.0%', 'bad', '1 of 2 checks passed'],
      ['semantic_score', '85.0%', 'warn', 'openai gpt-4o-mini, 1 pair judged'],
    ]);
    expect(view.sideEffects).toEqual([
      { tool: 'write', check: 'file_exists', passed: true, reason: 'a.txt exists', expectedNumber: 1, actualNumber: 1 },
      { tool: 'write', check: 'sql_rows', passed: false, reason: 'no rows', expectedNumber: 1, actualNumber: 1 },
    ]);
    expect(view.semantic).toEqual({
      summary: 'LLM judge (openai gpt-4o-mini): semantic score 85.0% over 1 pair',
      pairs: [
        {
          expectedNumber: 1,
          actualNumber: 1,
          tool: 'write',
          score: 0.85,
          scoreText: '85.0%',
          band: 'warn',
          explanation: 'same intent <b>',
        },
      ],
    });
  });

  it('holds no credential and no control character from the input anywhere', () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: { q: 'x' } }],
      actual: [
        { tool: 'search', args: { q: SECRET } },
        { tool: 'evil\u001b[2Jname', args: { [SECRET]: 1 }, is_error: true, error: `token ${SECRET}\nline two` },
      ],
    });
    const view = buildReportView(result, { goldFile: 'gold\u0007.json', traceFile: 'trace.json' });
    const text = JSON.stringify(view);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(view.goldFile).toBe('gold\\u0007.json');
    expect(view.failedCalls).toEqual([
      { number: 2, tool: 'evil\\u001b[2Jname', error: 'token [REDACTED openai_api_key: sk-p…cd]\\nline two' },
    ]);
    expect(view.calls[0]!.actual!.args).toEqual([
      { key: 'q', value: '"[REDACTED openai_api_key: sk-p…cd]"', present: true, diff: 'mismatch' },
    ]);
  });

  it('the hostile fixture keeps its markup as text for the renderers to encode', () => {
    const view = buildReportView(hostileResult());
    expect(view.tools.map((tool) => tool.tool)).toEqual([
      'search',
      '<img src=x onerror="window.__pwned=2">',
      '=HYPERLINK("http://x")',
      '<script>window.__pwned=1</script>',
    ]);
    expect(JSON.stringify(view)).not.toContain(SECRET);
  });
});

describe('reports of 100,000 calls', () => {
  it('each call row gets its own issues without scanning all of them (was rows × issues: 10¹⁰ steps)', () => {
    const actual = Array.from({ length: 100_000 }, (_, i) => ({ tool: `t${i % 10}`, args: { i } }));
    const view = buildReportView(evaluate({ expected: [{ tool: 't0', args: { i: 0 } }], actual }), EXAMPLE_OPTIONS);
    expect(view.calls.length).toBe(100_000);
    expect(view.calls[0]!.issues).toEqual([]);
    expect(view.calls[99_999]!.issues.map((issue) => [issue.kind, issue.actualNumber])).toEqual([['extra', 100_000]]);
  });
});

describe('buildReportView: outcome checks and the state diff (docs/outcomes.md)', () => {
  it('counts the checks that ran per kind and lists each failure, calls first, then the reply, then the state', () => {
    const view = buildReportView(outcomeResult());
    expect(view.outcomes).toEqual({
      checks: 5,
      passed: 2,
      failed: 3,
      rate: 0.4,
      rateText: '40.0%',
      band: 'bad',
      summary: '2 of 5 outcome checks passed (40.0%)',
      // No success check ran, so it has no count.
      counts: [
        { check: 'result', label: 'result', checks: 1, passed: 0, band: 'bad', text: 'result 0 of 1' },
        { check: 'reply', label: 'reply', checks: 2, passed: 1, band: 'bad', text: 'reply 1 of 2' },
        { check: 'state', label: 'state', checks: 2, passed: 1, band: 'bad', text: 'state 1 of 2' },
      ],
      failures: [
        {
          check: 'result',
          label: 'result',
          expectedNumber: 1,
          actualNumber: 1,
          tool: 'get_order',
          message: 'get_order returned status "shipped", expected "delivered"',
        },
        {
          check: 'reply',
          label: 'reply',
          expectedNumber: null,
          actualNumber: null,
          tool: null,
          message: 'the reply says "refund", which it must not',
        },
        {
          check: 'state',
          label: 'state',
          expectedNumber: null,
          actualNumber: null,
          tool: null,
          message:
            'changes nobody expected: $.tmp removed (was 1); $.lines.L2 "active" → "suspended"; $.lines.L3 added "active"',
        },
      ],
    });
    // The outcome rate is a metric row of its own, carrying its weight: 0.5 / 1.5 of the score.
    const row = view.metrics.find((metric) => metric.key === 'outcome_rate')!;
    expect(row).toMatchObject({ label: 'Outcome checks passed', group: 'checks', value: 0.4, text: '40.0%' });
    expect(row.note).toBe('2 of 5 checks passed');
    expect(row.weight).toBeCloseTo(1 / 3, 12);
    expect(view).toMatchObject({ score: 0.8, grade: 'B', verdict: 'WARN' });
  });

  it('lists every changed path with its kind, old and new value and what covered it; unexpected ones marked', () => {
    const state = buildReportView(outcomeResult()).state!;
    expect(state.summary).toBe('5 paths changed, 3 unexpected; expected values matched: 1 of 1');
    expect(state).toMatchObject({ pathsExpected: 1, pathsMatched: 1, unchangedRequired: true, unexpected: 3 });
    expect(
      state.changes.map((change) => [
        change.segments,
        change.changeText,
        change.before,
        change.after,
        change.coveredText,
        change.unexpected,
      ]),
    ).toEqual([
      [['$', '.tmp'], 'removed', '1', null, 'nothing', true],
      [['$', '.lines', '.L1'], 'changed', '"active"', '"suspended"', 'expected', false],
      [['$', '.lines', '.L2'], 'changed', '"active"', '"suspended"', 'nothing', true],
      [['$', '.lines', '.L3'], 'added', null, '"active"', 'nothing', true],
      [['$', '.log', '[0]'], 'added', null, '"suspend L1"', 'allowed', false],
    ]);
    expect(state.changes.map((change) => change.text)).toEqual([
      '$.tmp removed (was 1)',
      '$.lines.L1 "active" → "suspended"',
      '$.lines.L2 "active" → "suspended"',
      '$.lines.L3 added "active"',
      '$.log[0] added "suspend L1"',
    ]);
    // The same words as the failed "unchanged" check: one sentence per change, whoever writes it.
    const unexpected = state.changes.filter((change) => change.unexpected).map((change) => change.text);
    expect(buildReportView(outcomeResult()).outcomes!.failures[2]!.message).toBe(
      `changes nobody expected: ${unexpected.join('; ')}`,
    );
  });

  it('without "unchanged" no change is unexpected, and the summary does not count them', () => {
    const result = outcomeResult();
    const state = { ...result.metrics.state!, unchanged_required: false };
    const view = buildReportView(withMetrics(result, { state }));
    expect(view.state!.summary).toBe('5 paths changed; expected values matched: 1 of 1');
    expect(view.state!.changes.filter((change) => change.unexpected)).toEqual([]);
  });

  it('a result without outcome checks has neither section and no outcome row', async () => {
    const view = buildReportView(await exampleResult(), EXAMPLE_OPTIONS);
    expect(view.outcomes).toBeNull();
    expect(view.state).toBeNull();
    expect(view.metrics.map((metric) => metric.key)).not.toContain('outcome_rate');
  });

  it('hostile paths and values: markup kept as text for the renderers, control characters escaped, credentials masked', () => {
    const view = buildReportView(hostileStateResult());
    expect(view.state!.changes.map((change) => [change.path, change.segments, change.before, change.after])).toEqual([
      [
        '$["<script>window.__pwned=1</script>"]',
        ['$', '["<script>window.__pwned=1</script>"]'],
        '"old"',
        '"<img src=x onerror=\\"window.__pwned=2\\">"',
      ],
      [
        '$.notes["tmp\\u001b[2J"]',
        ['$', '.notes', '["tmp\\u001b[2J"]'],
        '1',
        '"key [REDACTED openai_api_key: sk-p…cd]\\u001b[31m"',
      ],
    ]);
    const text = JSON.stringify(view);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    // A path that is not written as the diff writes paths is shown whole, its control characters escaped.
    const raw = { path: '$.a\u001b[2J', change: 'added' as const, after: 1, covered_by: null };
    const odd = buildReportView(
      withMetrics(hostileStateResult(), { state: { ...hostileStateResult().metrics.state!, changes: [raw] } }),
    );
    expect(odd.state!.changes[0]).toMatchObject({ path: '$.a\\u001b[2J', segments: ['$.a\\u001b[2J'] });
  });
});
