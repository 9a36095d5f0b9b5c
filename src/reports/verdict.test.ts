import { describe, expect, it } from 'vitest';
import { SECRET } from '../../test/report-fixtures.js';
import { evaluate } from '../evaluation/evaluate.js';
import { decideVerdict } from '../core/grade.js';
import { renderFailureReport } from '../testing/failure-report.js';
import { renderReportConsole } from './console.js';
import { renderReportHtml } from './html.js';
import { buildJsonReport } from './json.js';
import { renderReportJunit } from './junit.js';
import { renderReportMarkdown } from './markdown.js';
import { buildReportView } from './view-model.js';

const now = new Date('2025-06-14T09:30:00.000Z');

/** Every call right (score 1, grade A), but the one call passes an OpenAI key: an error finding. */
const leak = () =>
  evaluate({ expected: [{ tool: 'http_get' }], actual: [{ tool: 'http_get', args: { key: SECRET } }] });
/** Every call right (score 1), but the only call failed: required calls completed 0 of 1. */
const failedOnly = () =>
  evaluate({
    expected: [{ tool: 'deploy', args: { env: 'prod' } }],
    actual: [{ tool: 'deploy', args: { env: 'prod' }, is_error: true, error: 'timeout' }],
  });

describe('the verdict', () => {
  it('is decided by one rule: errors fail, incomplete required calls warn at most, else the score band', () => {
    expect(decideVerdict(1, 1, true)).toEqual({ verdict: 'FAIL', cause: 'errors' });
    expect(decideVerdict(0.5, 0, false)).toEqual({ verdict: 'FAIL', cause: 'score' });
    expect(decideVerdict(1, 0, false)).toEqual({ verdict: 'WARN', cause: 'required_calls' });
    expect(decideVerdict(0.8, 0, false)).toEqual({ verdict: 'WARN', cause: 'score' });
    expect(decideVerdict(0.9, 0, true)).toEqual({ verdict: 'PASS', cause: 'score' });
  });

  it('is FAIL when a call leaks a credential, whatever the score; score and grade stay', () => {
    const result = leak();
    expect([result.score, result.grade, result.verdict]).toEqual([1, 'A', 'FAIL']);
    const view = buildReportView(result, { now });
    expect(renderReportConsole(result)).toContain('  Score 100.0%   Grade A   FAIL (1 behavior and safety error)\n');
    expect(renderReportMarkdown(view).split('\n')[0]).toBe(
      '## ❌ Toolscore evaluation: FAIL: score 100.0%, grade A (1 behavior and safety error)',
    );
    const html = renderReportHtml(view);
    expect(html).toContain('id="verdict">FAIL</span>');
    expect(html).toContain(
      '<title>Toolscore evaluation: FAIL: score 100.0%, grade A (1 behavior and safety error)</title>',
    );
    const junit = renderReportJunit(view);
    expect(junit).toContain('<property name="verdict" value="FAIL"/>');
    expect(junit).toContain('<system-out>FAIL: score 100.0%, grade A (1 behavior and safety error)');
    expect(buildJsonReport(result, { now }).summary.verdict).toBe('FAIL');
  });

  it('is FAIL on a forbidden call and on a broken budget', () => {
    const forbidden = evaluate({ expected: [{ tool: 'rm' }], actual: [{ tool: 'rm' }], forbidden: [{ tool: 'rm' }] });
    expect([forbidden.score, forbidden.verdict]).toEqual([1, 'FAIL']);
    const overBudget = evaluate({
      expected: [{ tool: 'a' }],
      actual: [{ tool: 'a', cost: 2 }],
      budgets: { max_cost: 1 },
    });
    expect([overBudget.score, overBudget.verdict]).toEqual([1, 'FAIL']);
  });

  it('is at most WARN while a required call did not complete', () => {
    const result = failedOnly();
    expect([result.score, result.grade, result.verdict]).toEqual([1, 'A', 'WARN']);
    const view = buildReportView(result, { now });
    expect(renderReportConsole(result)).toContain(
      '  Score 100.0%   Grade A   WARN (0 of 1 required calls completed)\n',
    );
    expect(renderReportMarkdown(view).split('\n')[0]).toBe(
      '## ⚠️ Toolscore evaluation: WARN: score 100.0%, grade A (0 of 1 required calls completed)',
    );
    expect(renderReportHtml(view)).toContain('id="verdict">WARN</span>');
    expect(renderReportJunit(view)).toContain('<property name="verdict" value="WARN"/>');
    expect(buildJsonReport(result, { now }).summary.verdict).toBe('WARN');
  });
});

describe('the status of a failed call', () => {
  it('reads FAILED in the view, HTML, Markdown, JUnit and the assertion failure table', () => {
    const result = failedOnly();
    const view = buildReportView(result, { now });
    expect(view.calls.map((row) => [row.status, row.statusText, row.band])).toEqual([['failed', 'FAILED', 'bad']]);
    expect(renderReportHtml(view)).toContain('<td data-label="Status" class="status bad">FAILED</td>');
    expect(renderReportMarkdown(view)).toContain('| 1 | deploy(env="prod") | deploy(env="prod") ❌ timeout | FAILED |');
    expect(renderReportJunit(view)).toContain('Actual: deploy(env=&quot;prod&quot;)\nStatus: FAILED</failure>');
    expect(renderFailureReport(result, { minScore: 1 }).split('\n')[2]).toBe(
      '  1  deploy(env="prod")  deploy(env="prod")  FAILED',
    );
  });

  it('keeps the argument differences after FAILED', () => {
    const result = evaluate({
      expected: [{ tool: 'deploy', args: { env: 'prod' } }],
      actual: [{ tool: 'deploy', args: { env: 'dev' }, is_error: true }],
    });
    expect(buildReportView(result).calls[0]!.statusText).toBe('FAILED; env: expected "prod", got "dev"');
  });

  it('fails the JUnit case of a failed call that was retried successfully, which is no Top issue', () => {
    const result = evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a', is_error: true }, { tool: 'a' }] });
    const view = buildReportView(result, { now });
    const failedRow = view.calls.find((row) => row.status === 'failed')!;
    expect(failedRow.issues).toEqual([]);
    expect(renderReportJunit(view)).toContain(
      '<failure message="FAILED" type="failed">Expected: a(…any args…)\nActual: a()\nStatus: FAILED</failure>',
    );
  });
});
