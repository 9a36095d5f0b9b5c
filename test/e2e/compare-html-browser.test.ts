import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/compare/compare.js';
import { renderComparisonHtml } from '../../src/compare/report.js';
import type { BatchScoredLine } from '../../src/batch/types.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { CHROMIUM, needs } from '../requirements.js';

/* The comparison page in Debian's Chromium: a chart per measure, the best bar marked, hostile names as text. */
let browser: ReturnType<typeof useChromium>;

function line(id: string, score: number): BatchScoredLine {
  return {
    id,
    index: 0,
    score,
    grade: score >= 0.9 ? 'A' : 'F',
    verdict: score >= 0.9 ? 'PASS' : 'FAIL',
    metrics: {
      invocation_accuracy: score,
      selection_accuracy: score,
      argument_f1: score,
      sequence_accuracy: score,
      redundant_rate: 1 - score,
      required_call_recall: score,
    },
    expected_calls: 1,
    actual_calls: 1,
    failed_calls: 0,
    policy_violations: 0,
    secrets: 0,
    budget_violations: 0,
    tools: {},
    top_issue: null,
  };
}

describe('comparison HTML in headless Chromium', needs(CHROMIUM), () => {
  browser = useChromium('toolscore-compare-html-');

  it('draws a chart of every measure per model, marks the best, and shows a hostile name as text', async () => {
    const hostile = '<img src=x onerror="document.title=1">';
    const comparison = compareRuns([
      { name: 'model-a', file: 'a.jsonl', lines: [line('x', 1), line('y', 0.8)] },
      { name: hostile, file: 'b.jsonl', lines: [line('x', 0.5), line('y', 0.8)] },
    ]);
    const file = join(ARTIFACTS, 'comparison.html');
    writeFileSync(file, renderComparisonHtml(comparison));
    const page = await browser.context().newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 15_000 });
    // score, then the six core metrics: one chart each, a bar per model.
    expect(await page.locator('svg.chart').count()).toBe(7);
    expect(await page.locator('svg.chart rect').count()).toBe(14);
    // model-a: mean 0.9 against 0.65, so its score bar is the good one.
    const scoreBars = page.locator('svg.chart').first().locator('rect');
    expect(await scoreBars.nth(0).getAttribute('class')).toBe('fill good');
    expect(await scoreBars.nth(1).getAttribute('class')).toBe('fill info');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).toBe('Toolscore comparison');
    expect(await page.locator('#models').textContent()).toContain(hostile);
    expect(await page.locator('#pairs').textContent()).toContain('model-a better in 1');
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
