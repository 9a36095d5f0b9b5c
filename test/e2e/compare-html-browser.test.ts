import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/compare/compare.js';
import { renderComparisonHtml } from '../../src/compare/report.js';
import type { BatchScoredLine } from '../../src/batch/types.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { CHROMIUM, needs } from '../requirements.js';

/*
 * The comparison page in Debian's Chromium: a chart per measure, values in the other reports' colours, the
 * best starred, a legend, hostile names as text.
 */
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
    // Bars in the other reports' bands: model-a's mean score 0.9 is good, the other's 0.65 poor; the best
    // is starred, and the colours are drawn (the bars were the default black).
    const scoreChart = page.locator('svg.chart').first();
    const scoreBars = scoreChart.locator('rect');
    expect(await scoreBars.nth(0).getAttribute('class')).toBe('fill good');
    expect(await scoreBars.nth(1).getAttribute('class')).toBe('fill bad');
    expect(await scoreChart.locator('text.best').allTextContents()).toEqual(['0.900 ★']);
    // Computed in the page (the test's types have no DOM): a property of an element's computed style.
    const style = (locator: typeof scoreBars, property: string) =>
      locator.evaluate(
        (element, name) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(element)[
            name
          ]!,
        property,
      );
    const fill = (locator: typeof scoreBars) => style(locator, 'fill');
    const good = await fill(scoreBars.nth(0));
    const bad = await fill(scoreBars.nth(1));
    expect([good, bad]).toEqual(['rgb(26, 127, 55)', 'rgb(207, 34, 46)']);
    // redundant_rate is better lower: model-a's (0 + 0.2) / 2, just under 0.1, is good; 0.35 is poor.
    const redundant = page.locator('svg.chart').nth(5).locator('rect');
    expect([await redundant.nth(0).getAttribute('class'), await redundant.nth(1).getAttribute('class')]).toEqual([
      'fill good',
      'fill bad',
    ]);

    // The table: each value in its band's colour, the best starred and highlighted; a legend says what
    // the star and the colours mean.
    const scoreCells = page.locator('#models table tbody tr').first().locator('td');
    expect(await scoreCells.nth(0).getAttribute('class')).toBe('num good best');
    expect(await scoreCells.nth(0).textContent()).toBe('★ 0.900');
    expect(await scoreCells.nth(1).getAttribute('class')).toBe('num bad');
    expect(await style(scoreCells.nth(1), 'color')).toBe('rgb(207, 34, 46)');
    expect(await page.locator('#models .legend').textContent()).toBe(
      '★ best value of the measure (every model on a tie)good: 0.900 or more; redundant_rate below 0.100fair: 0.700 to 0.900; redundant_rate below 0.300poor: below 0.700; redundant_rate 0.300 or more',
    );
    const swatches = page.locator('#models .legend .swatch');
    expect([
      await style(swatches.nth(0), 'backgroundColor'),
      await style(swatches.nth(1), 'backgroundColor'),
      await style(swatches.nth(2), 'backgroundColor'),
    ]).toEqual(['rgb(26, 127, 55)', 'rgb(154, 103, 0)', 'rgb(207, 34, 46)']);
    expect(await page.locator('#charts .legend').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'comparison.png'), fullPage: true });
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).toBe('Toolscore comparison');
    expect(await page.locator('#models').textContent()).toContain(hostile);
    expect(await page.locator('#pairs').textContent()).toContain('model-a better in 1');
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
