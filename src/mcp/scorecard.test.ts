import { describe, expect, test } from 'vitest';
import { renderScorecardConsole, renderScorecardMarkdown, renderScorecardJson } from './report.js';
import { blockingIssues, buildScorecard, gradeMeets, lintScore, parseGrade, rankFixes } from './scorecard.js';
import { estimateTokens, pythonJson, toolDefinitionText, toolTokens } from './tokens.js';
import type { LintIssue, McpTool, ScenarioResult } from './types.js';

const TOOLS: McpTool[] = ['alpha', 'beta', 'gamma', 'delta'].map((name) => ({
  name,
  description: `The ${name} tool does things.`,
  inputSchema: { type: 'object', properties: {}, required: [] },
}));

function result(
  tool: string,
  kind: 'happy' | 'edge',
  ok: boolean,
  outcome: ScenarioResult['outcome'] = ok ? 'ok' : 'tool_error',
  duration = 0.01,
): ScenarioResult {
  return {
    tool,
    kind,
    description: kind === 'happy' ? 'valid input 1' : 'empty values for every argument',
    arguments: {},
    ok,
    is_error: !ok,
    duration,
    detail: ok ? 'ok' : 'boom',
    outcome,
  };
}

function lint(tool: string, severity: 'error' | 'warning'): LintIssue {
  return {
    tool,
    severity,
    rule: severity === 'error' ? 'untyped-property' : 'no-required',
    message: `${tool} ${severity}`,
    fix: `fix ${tool}`,
  };
}

describe('scorecard formula (reference §16.5)', () => {
  test('score = 0.6·happy + 0.2·edge + 0.2·lint, worked example', () => {
    // happy: 7 of 8 ran pass (one skipped does not count); edge 3 of 4; lint: 1 error + 3 warnings over 4 tools.
    const results = [
      ...['alpha', 'alpha', 'beta', 'beta', 'gamma', 'gamma', 'delta'].map((tool) => result(tool, 'happy', true)),
      result('delta', 'happy', false, 'timeout', 30),
      { ...result('delta', 'happy', false, 'skipped', 0), detail: 'skipped: destructive' },
      result('alpha', 'edge', true),
      result('beta', 'edge', true),
      result('gamma', 'edge', true),
      result('delta', 'edge', false, 'crash'),
    ];
    const card = buildScorecard({
      server: { name: 'demo', version: '1.0' },
      tools: TOOLS,
      results,
      lint: [
        lint('alpha', 'error'),
        lint('beta', 'warning'),
        lint('gamma', 'warning'),
        lint('<instructions>', 'warning'),
      ],
      instructions: 'Use the tools.',
    });
    expect(card.scores.happy_pass_rate).toBe(7 / 8);
    expect(card.scores.edge_resilience_rate).toBe(3 / 4);
    expect(card.scores.lint_score).toBeCloseTo(1 - (0.25 + 0.3) / 4, 12); // 0.8625
    expect(card.score).toBeCloseTo(0.6 * 0.875 + 0.2 * 0.75 + 0.2 * 0.8625, 12); // 0.8475
    expect(card.grade).toBe('B');
    expect(card.counts).toEqual({
      tools: 4,
      happy_passed: 7,
      happy_total: 8,
      edge_passed: 3,
      edge_total: 4,
      skipped: 1,
      lint_errors: 1,
      lint_warnings: 3,
    });
    expect(card.tools.find((tool) => tool.name === 'delta')).toMatchObject({
      passed: 1,
      total: 3,
      skipped: 1,
      avg_latency_ms: 10006.7,
    });
    expect(card.instructions_tokens).toBe(4); // 14 characters
    expect(card.context_tokens).toBe(card.total_tool_tokens + 4);
    expect(blockingIssues(card)).toBe(1 + 2);
  });

  test('nothing to count is a rate of 1; lint score is floored at 0', () => {
    const card = buildScorecard({ server: { name: 'empty', version: '' }, tools: [], results: [], lint: [] });
    expect(card.scores).toEqual({ happy_pass_rate: 1, edge_resilience_rate: 1, lint_score: 1 });
    expect(card.grade).toBe('A');
    expect(lintScore(10, 0, 2)).toBe(0);
    expect(lintScore(1, 1, 0)).toBeCloseTo(0.65, 12);
  });

  test('grade bands at their edges', () => {
    const grade = (happy: number, of: number) =>
      buildScorecard({
        server: { name: 's', version: '' },
        tools: TOOLS,
        results: Array.from({ length: of }, (_, i) => result('alpha', 'happy', i < happy)),
        lint: [],
      }).grade;
    // 0.6·r + 0.4: r = 5/6 → 0.9 (A); r = 2/3 → 0.8 (B); r = 1/2 → 0.7 (C); r = 1/3 → 0.6 (D); r = 1/6 → 0.5 (F)
    expect([5, 4, 3, 2, 1].map((passed) => grade(passed, 6))).toEqual(['A', 'B', 'C', 'D', 'F']);
  });

  test('fixes: valid-input failures, then bad-input failures, then lint errors, then warnings; by tool name; first failure per tool', () => {
    const fixes = rankFixes(
      [
        result('zeta', 'edge', false, 'crash'),
        result('beta', 'happy', false, 'timeout'),
        result('beta', 'happy', false),
        result('alpha', 'edge', false, 'timeout'),
        result('alpha', 'happy', true),
      ],
      [lint('beta', 'warning'), lint('alpha', 'warning'), lint('zeta', 'error'), lint('<instructions>', 'error')],
    );
    expect(fixes.map((fix) => `${fix.priority}:${fix.tool}`)).toEqual([
      '0:beta',
      '1:alpha',
      '1:zeta',
      '2:<instructions>',
      '2:zeta',
      '3:alpha',
      '3:beta',
    ]);
    expect(fixes[0]!.problem).toBe('beta fails on valid input (valid input 1): boom');
    expect(fixes[0]!.fix).toContain('answer within the timeout');
    expect(fixes[2]!.problem).toBe('zeta fails on bad input (empty values for every argument): boom');
  });

  test('grades compare case-insensitively; unknown grades rank worst', () => {
    expect(gradeMeets('B', 'c')).toBe(true);
    expect(gradeMeets('c', 'B')).toBe(false);
    expect(gradeMeets('A', 'A')).toBe(true);
    expect(gradeMeets('Z', 'F')).toBe(false);
    expect(parseGrade(' d ')).toBe('D');
    expect(parseGrade('E')).toBeUndefined();
    expect(parseGrade('0.8')).toBeUndefined();
  });
});

describe('token estimates', () => {
  test('Python json.dumps text: sorted keys, ", " and ": ", non-ASCII kept', () => {
    expect(pythonJson({ b: [1, 'é'], a: { d: null, c: true } })).toBe('{"a": {"c": true, "d": null}, "b": [1, "é"]}');
    expect(toolDefinitionText({ name: 'x', inputSchema: { type: 'object' } })).toBe(
      '{"description": null, "inputSchema": {"type": "object"}, "name": "x"}',
    );
  });

  test('round(len / 4) with halves to even, at least 1, 0 for empty', () => {
    expect([0, 1, 2, 3, 4, 6, 10, 14, 18].map((length) => estimateTokens('x'.repeat(length)))).toEqual([
      0, 1, 1, 1, 1, 2, 2, 4, 4,
    ]);
    expect(estimateTokens('🙂🙂🙂🙂')).toBe(1); // code points, not UTF-16 units
    expect(toolTokens({ name: 'x', inputSchema: { type: 'object' } })).toBe(Math.round(69 / 4));
  });
});

describe('reports', () => {
  const card = buildScorecard({
    server: { name: 'demo\u001b[31m', version: '2.0' },
    tools: TOOLS.slice(0, 2),
    results: [result('alpha', 'happy', true), result('beta', 'happy', false)],
    lint: [lint('beta', 'warning')],
    target: 'node server.js',
  });

  test('console: header, components, tools table, token line, top issues; server text escaped', () => {
    const text = renderScorecardConsole(card);
    expect(text).toContain('MCP scorecard: demo\\u001b[31m 2.0');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('Grade D   Score 69.0%');
    expect(text).toContain('Valid input 50.0% (1/2)   Bad input 100.0% (0/0)   Lint 95.0% (0 errors, 1 warning)');
    expect(text).toMatch(/alpha\s+1\/1\s+10\.0 ms\s+\d+\s+-/);
    expect(text).toContain('Top issues to fix\n   1. ✗ beta fails on valid input (valid input 1): boom');
    const clean = renderScorecardConsole(
      buildScorecard({ server: { name: 's', version: '' }, tools: [], results: [], lint: [] }),
    );
    expect(clean).toContain('No issues found: an LLM should be able to use this server cleanly.');
  });

  test('markdown: server text renders as text, never as HTML, markup or a link', () => {
    const hostile = buildScorecard({
      server: { name: '<img src=x onerror=alert(1)>', version: '1.0' },
      tools: [{ name: 'go_[x](https://evil.example)', inputSchema: { type: 'object' } }],
      results: [],
      lint: [],
    });
    const markdown = renderScorecardMarkdown(hostile);
    expect(markdown).toContain('# MCP scorecard: &lt;img src=x onerror=alert(1)&gt; 1.0\n');
    expect(markdown).not.toContain('<img');
    expect(markdown).toContain('| go\\_\\[x\\](https&#58;//evil.example) |');
  });

  test('markdown has the component table and the full fix list; JSON has the reference fields', () => {
    const markdown = renderScorecardMarkdown(card);
    expect(markdown).toContain('**Grade D** · score 69.0%');
    expect(markdown).toContain('| Lint | 20% | 95.0% | 0 errors, 1 warnings |');
    expect(markdown).toContain('1. **beta** (fails on valid input): beta fails on valid input (valid input 1): boom');
    expect(markdown).toContain('2. **beta** (lint warning): beta warning');
    const json = JSON.parse(renderScorecardJson(card)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        'server',
        'grade',
        'score',
        'total_tool_tokens',
        'instructions_tokens',
        'context_tokens',
        'scores',
        'tools',
        'results',
        'lint',
        'fixes',
      ]),
    );
    expect((json.results as ScenarioResult[])[0]).toEqual({
      tool: 'alpha',
      kind: 'happy',
      description: 'valid input 1',
      arguments: {},
      ok: true,
      is_error: false,
      duration: 0.01,
      detail: 'ok',
      outcome: 'ok',
    });
  });
});
