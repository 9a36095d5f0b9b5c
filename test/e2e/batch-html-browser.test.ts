import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderBatchHtml, renderBatchJunit } from '../../src/batch/reports/index.js';
import type { BatchLine, BatchScoredLine } from '../../src/batch/types.js';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD, SECRET } from '../report-fixtures.js';
import {
  LONG_ID,
  collect,
  exampleInput,
  exampleLines,
  exampleSummary,
  hostileInput,
  linesOf,
} from '../batch-report-fixtures.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { CHROMIUM, needs } from '../requirements.js';

/*
 * The batch HTML page as a person sees it, in Debian's Chromium driven by playwright-core, like the
 * single report (test/e2e/html-browser.test.ts): the histogram's bars, links from the worst cases to
 * their detail, and hostile ids shown as text.
 */

let browser: ReturnType<typeof useChromium>;

async function open(
  html: string,
  name: string,
  options: { phone?: boolean; dark?: boolean } = {},
): Promise<{ page: Page; file: string; requests: string[]; errors: string[] }> {
  const file = join(ARTIFACTS, name);
  writeFileSync(file, html);
  const page = await browser.context().newPage();
  page.setDefaultTimeout(10_000);
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: options.dark ? 'dark' : 'light' });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 15_000 });
  return { page, file, requests, errors };
}

describe('batch HTML report in headless Chromium', needs(CHROMIUM), () => {
  browser = useChromium('toolscore-batch-html-');

  it('shows the mean, a histogram of 10 bars with the summary counts, the tables, and makes no request', async () => {
    const { page, file, requests, errors } = await open(
      await collect(renderBatchHtml(exampleInput())),
      'batch-report.html',
    );
    expect(await page.textContent('#mean-score')).toBe('70.0%');
    expect(await page.textContent('#grade')).toBe('C');
    expect(await page.textContent('#scored')).toBe('4 / 5');
    expect(await page.textContent('#unscored')).toBe('1');
    expect(await page.textContent('#gate')).toBe('Mean score 70.0% is below the required 80.0%');
    expect(await page.textContent('#pass-rate')).toBe('50.0% of the scored cases score at least 80.0%');

    // 0.25 → 20–30%, 0.7 → 70–80%, 0.85 → 80–90%, 1 → 90–100%; the tallest bar is the full height.
    const bins = page.locator('svg.histogram g.bin');
    expect(await bins.count()).toBe(10);
    expect(await bins.locator('text.count').allTextContents()).toEqual([
      '0',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '1',
      '1',
      '1',
    ]);
    const heights = await bins
      .locator('rect.bar')
      .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))));
    expect(heights).toEqual([0, 0, 120, 0, 0, 0, 0, 120, 120, 120]);
    expect(await bins.nth(2).locator('title').textContent()).toBe('1 case scored 20–30%');

    const cell = (table: string, row: number, column: number) =>
      page.locator(`table.${table} tbody tr`).nth(row).locator('td').nth(column).textContent();
    expect(await cell('distributions', 0, 2)).toBe('70.0%');
    expect(await cell('distributions', 3, 0)).toBe('Argument F1');
    expect(await cell('distributions', 3, 2)).toBe('60.4%');
    expect(await cell('distributions', 6, 1)).toBe('3');
    expect(await page.locator('#grades tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent))).toEqual([
      'A125.0%',
      'B125.0%',
      'C125.0%',
      'D00.0%',
      'F125.0%',
    ]);
    expect(await page.locator('#tools table.tools tbody tr td.tool').allTextContents()).toEqual([
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
    expect(await cell('tools', 2, 5)).toBe('100.0%');
    expect(await cell('tools', 6, 3)).toBe('1');
    expect(await page.locator('svg.chart g').count()).toBe(9);
    expect(await page.locator('table.worst tbody tr a').allTextContents()).toEqual([
      'cleanup-3',
      'ping-5',
      'flights-2',
      'weather-1',
    ]);
    expect(
      await page.locator('#cases details.case').evaluateAll((cases) => cases.map((c) => c.getAttribute('data-index'))),
    ).toEqual(['2', '4', '1', '0']);
    // Cases are numbered from 1 as a case without an id is named (#1 is the first): the same numbers in
    // the worst cases, the case list and the errors.
    expect(await page.locator('table.worst tbody tr td:first-child').allTextContents()).toEqual(['3', '5', '2', '1']);
    expect(await page.locator('#cases details.case summary > span:first-child').allTextContents()).toEqual([
      '3',
      '5',
      '2',
      '1',
    ]);
    expect(await page.locator('table.errors tbody tr td:first-child').allTextContents()).toEqual(['4']);
    expect(await page.textContent('#cases-note')).toBe('All 4 scored cases, lowest first.');
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'batch-report.png'), fullPage: true });
    await page.close();

    const phone = await open(await collect(renderBatchHtml(exampleInput())), 'batch-report-phone.html', {
      phone: true,
      dark: true,
    });
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: join(ARTIFACTS, 'batch-report-phone-dark.png'), fullPage: true });
    await phone.page.close();
  });

  it("a worst case's link goes to its anchor and opens its detail, with no script", async () => {
    const { page } = await open(await collect(renderBatchHtml(exampleInput())), 'batch-report-links.html');
    const detail = page.locator('#case-4');
    expect(await detail.isVisible()).toBe(false);
    await page.locator('table.worst a', { hasText: 'ping-5' }).click();
    expect(new URL(page.url()).hash).toBe('#case-4');
    expect(await page.locator('details.case[data-index="4"]').getAttribute('open')).toBe('');
    expect(await detail.isVisible()).toBe(true);
    await expect.poll(() => detail.evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await detail.locator('.problem').textContent()).toBe('unexpected call to ping');
    expect(await detail.locator('table.case-metrics tr[data-metric="argument_f1"] td.num').textContent()).toBe('50.0%');
    expect(await detail.locator('table.case-metrics tr[data-metric="required_call_recall"] td.num').textContent()).toBe(
      'n/a',
    );
    expect(await detail.locator('table.tools td.tool').allTextContents()).toEqual(['ping']);
    // Another case stays closed; clicking its row opens it.
    const weather = page.locator('details.case[data-index="0"]');
    expect(await weather.getAttribute('open')).toBeNull();
    await weather.locator('summary').click();
    expect(await page.locator('#case-0').isVisible()).toBe(true);
    expect(await page.locator('#case-0 p.no-issue').textContent()).toBe('No tool-calling issues found');
    await page.close();
  });

  it('renders hostile ids, tool names and issues as text, runs nothing, and masks credentials', async () => {
    const { page, requests, errors, file } = await open(
      await collect(renderBatchHtml(hostileInput())),
      'batch-report-hostile.html',
    );
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    const text = await page.locator('body').innerText();
    expect(text).toContain(SCRIPT_PAYLOAD);
    expect(text).toContain(IMG_PAYLOAD);
    expect(text).toContain('broken"case');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[REDACTED openai_api_key: sk-p…cd]');
    // The worst case with the script id links to its own anchor.
    expect(await page.locator('table.worst a', { hasText: SCRIPT_PAYLOAD }).getAttribute('href')).toBe('#case-2');
    // The 5,000-character id is cut in rows and links, whole in its detail, and nothing is wider than the page.
    const longRow = page.locator('details.case[data-index="0"] summary .case-id');
    expect((await longRow.textContent())!.length).toBe(200);
    expect(await page.locator('#case-0 p.case-id').textContent()).toBe(LONG_ID);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'batch-report-hostile.png'), fullPage: true });
    await page.close();
  });

  it('caps the case table at the 2,000 lowest scores and says where the rest are', async () => {
    const template = exampleLines()[1] as BatchScoredLine;
    // 2,500 cases scoring 1, 0.999, …: the lowest 2,000 are indices 500 to 2,499.
    const lines: BatchLine[] = Array.from({ length: 2500 }, (_, index) => ({
      ...template,
      id: `case-${index}`,
      index,
      score: 1 - index / 2500,
    }));
    const summary = { ...exampleSummary(), cases: { total: 2500, scored: 2500, failed: 0 }, errors: [] };
    const { page } = await open(
      await collect(renderBatchHtml({ summary, lines: linesOf(lines) })),
      'batch-report-capped.html',
    );
    const cases = page.locator('#cases details.case');
    expect(await cases.count()).toBe(2000);
    expect(await cases.first().getAttribute('data-index')).toBe('2499');
    expect(await cases.last().getAttribute('data-index')).toBe('500');
    expect(await page.textContent('#cases-note')).toBe(
      'The 2000 lowest-scoring of 2500 scored cases, lowest first; the other 500 are in the results file and the CSV report.',
    );
    await page.close();
  });

  it("Chromium's strict XML parser reads the batch JUnit report of hostile cases without error", async () => {
    const xml = await collect(renderBatchJunit(hostileInput()));
    const page = await browser.context().newPage();
    const parsed = await page.evaluate(
      `(() => { const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml'); return { error: doc.getElementsByTagName('parsererror').length, cases: doc.getElementsByTagName('testcase').length, errors: doc.getElementsByTagName('error').length }; })()`,
    );
    expect(parsed).toEqual({ error: 0, cases: 5, errors: 1 });
    await page.close();
  });
});
