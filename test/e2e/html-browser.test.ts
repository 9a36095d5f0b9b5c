import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { generateHtmlReport } from '../../src/reports/html.js';
import { renderReportJunit } from '../../src/reports/junit.js';
import { buildReportView } from '../../src/reports/view-model.js';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
  SECRET,
  conversationResult,
  exampleResult,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../report-fixtures.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { CHROMIUM, needs } from '../requirements.js';

/*
 * The HTML report as a person sees it: Debian's Chromium, driven by playwright-core. Under CI=true a
 * missing browser fails the suite (.ci/run installs it); elsewhere the suite is skipped and the run's
 * skip line says so (test/requirements.ts).
 */

let browser: ReturnType<typeof useChromium>;

/** Opens a report file and records every request the page makes and every console error. */
async function open(
  file: string,
  options: { dark?: boolean; phone?: boolean } = {},
): Promise<{ page: Page; requests: string[]; errors: string[] }> {
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
  return { page, requests, errors };
}

describe('HTML report in headless Chromium', needs(CHROMIUM), () => {
  browser = useChromium('toolscore-html-');

  it('shows the example verdict, metric cards and the aligned call table, with no request beyond the file', async () => {
    const file = await generateHtmlReport(await exampleResult(), join(ARTIFACTS, 'html-report.html'), EXAMPLE_OPTIONS);
    const { page, requests, errors } = await open(file);

    expect(await page.textContent('#score')).toBe('83.5%');
    expect(await page.textContent('#grade')).toBe('B');
    expect(await page.textContent('#verdict')).toBe('WARN');
    expect(await page.textContent('#required-calls')).toBe('3 / 4');
    expect(await page.title()).toBe('Toolscore evaluation: WARN: score 83.5%, grade B');

    // Rows follow the actual order; charge_card sits alone as an extra call.
    const rows = page.locator('table.calls tbody tr');
    expect(await rows.count()).toBe(5);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).toEqual([
      'match',
      'argument_mismatch',
      'failed',
      'extra',
      'match',
    ]);
    expect(
      await rows.evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('.tool')).map((node) => node.textContent)),
      ),
    ).toEqual([
      ['get_weather', 'get_weather'],
      ['search_flights', 'search_flights'],
      ['book_flight', 'book_flight'],
      ['charge_card'],
      ['send_email', 'send_email'],
    ]);
    // The one differing argument is highlighted on both sides.
    expect(await rows.nth(1).locator('li.mismatch').allTextContents()).toEqual([
      'destination: "LIS"mismatch',
      'destination: "OPO"mismatch',
    ]);
    expect(await rows.nth(2).locator('.error').textContent()).toBe('Payment declined: card expired');
    expect(await rows.nth(3).locator('td.status').textContent()).toBe('EXTRA');

    // Selection 4/5, argument F1 11/12, sequence 1 − 1/5, redundant 1/5: the hand-computed figures.
    const card = (key: string) => page.locator(`.card[data-metric="${key}"] .value`).textContent();
    expect(await card('selection_accuracy')).toBe('80.0%');
    expect(await card('argument_f1')).toBe('91.7%');
    expect(await card('sequence_accuracy')).toBe('80.0%');
    expect(await card('redundant_rate')).toBe('20.0%');
    expect(await card('total_duration')).toBe('5.85 s');
    expect(await card('total_cost')).toBe('$0.0020');
    expect(await page.locator('ol.issues li').count()).toBe(3);
    expect(await page.locator('ul.findings li').allTextContents()).toEqual([
      'WARNING 1 of 5 tool calls failed (book_flight)',
    ]);
    expect(await page.locator('svg.chart g').count()).toBe(5);

    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'html-report.png'), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(ARTIFACTS, 'html-report-print.png'), fullPage: true });
    await page.close();

    const phone = await open(file, { dark: true, phone: true });
    // On a phone the call table is one card per row, and nothing is wider than the screen.
    expect(await phone.page.locator('table.calls thead').isVisible()).toBe(false);
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await phone.page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(13, 17, 23)');
    await phone.page.screenshot({ path: join(ARTIFACTS, 'html-report-phone-dark.png'), fullPage: true });
    expect(phone.requests).toEqual([pathToFileURL(file).href]);
    await phone.page.close();
  });

  it("shows a conversation's turns: pass-rate line, one row per turn, the failing turn's issue, user text inert", async () => {
    const file = await generateHtmlReport(conversationResult(), join(ARTIFACTS, 'html-report-turns.html'), {
      now: FIXED_TIME,
    });
    const { page, requests, errors } = await open(file);
    expect(await page.textContent('#score')).toBe('75.0%');
    expect(await page.textContent('#turns-summary')).toBe(
      '3 of 4 turns passed (75.0%); score: the mean of the turns; first failing turn: 3',
    );
    const rows = page.locator('table.turns tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-verdict')))).toEqual([
      'PASS',
      'PASS',
      'FAIL',
      'PASS',
    ]);
    expect(await rows.nth(2).locator('td').allTextContents()).toEqual([
      '3',
      'Thanks! [REDACTED openai_api_key: sk-p……',
      '0.0%',
      'F',
      'FAIL',
      'unexpected call to get_order',
    ]);
    expect(await rows.nth(3).locator('td.user').textContent()).toBe('Refund <script>window.__pwned=1</script…');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    await page.close();

    const phone = await open(file, { phone: true });
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: join(ARTIFACTS, 'html-report-turns-phone.png'), fullPage: true });
    await phone.page.close();
  });

  it('renders hostile tool names, arguments and state paths as text, runs nothing and masks credentials; the state tree opens and closes from the keyboard', async () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: { q: SCRIPT_PAYLOAD } }, { tool: IMG_PAYLOAD }],
      actual: [
        { tool: 'search', args: { q: IMG_PAYLOAD, key: SECRET } },
        {
          tool: SCRIPT_PAYLOAD,
          args: { [IMG_PAYLOAD]: SCRIPT_PAYLOAD },
          is_error: true,
          error: `${IMG_PAYLOAD} ]]> failed`,
        },
      ],
    });
    const file = await generateHtmlReport(result, join(ARTIFACTS, 'html-report-hostile.html'), {
      goldFile: `${IMG_PAYLOAD}.json`,
      traceFile: 'trace.json',
      now: FIXED_TIME,
    });
    const { page, requests, errors } = await open(file);

    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(0);
    const text = await page.locator('body').innerText();
    expect(text).toContain(SCRIPT_PAYLOAD);
    expect(text).toContain(IMG_PAYLOAD);
    expect(await page.locator('table.calls .tool', { hasText: SCRIPT_PAYLOAD }).count()).toBeGreaterThan(0);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[REDACTED openai_api_key: sk-p…cd]');
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'html-report-hostile.png'), fullPage: true });
    await page.close();

    // The state tree: paths grouped under their keys, kinds and the unexpected ones in words, branches
    // opened and closed from the keyboard; hostile keys and values read as text.
    const stateFile = await generateHtmlReport(outcomeResult(), join(ARTIFACTS, 'html-report-state.html'), {
      now: FIXED_TIME,
    });
    const state = await open(stateFile);
    expect(await state.page.textContent('#outcomes-summary')).toBe('2 of 5 outcome checks passed (40.0%)');
    expect(await state.page.locator('ul.outcome-failures li').allTextContents()).toEqual([
      'result get_order returned status "shipped", expected "delivered"',
      'reply the reply says "refund", which it must not',
      'state changes nobody expected: $.tmp removed (was 1); $.lines.L2 "active" → "suspended"; $.lines.L3 added "active"',
    ]);
    const lines = state.page.locator('ul.state-tree > li > details > ul > li > details > ul > li.change');
    expect(await lines.allInnerTexts()).toEqual([
      '.L1 CHANGED "active" → "suspended" covered by expected',
      '.L2 CHANGED "active" → "suspended" UNEXPECTED',
      '.L3 ADDED "active" UNEXPECTED',
    ]);
    expect(
      await state.page
        .locator('li.change.unexpected')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-path'))),
    ).toEqual(['$.tmp', '$.lines.L2', '$.lines.L3']);
    // Tab reaches the summaries; Enter closes a branch and Space opens it again.
    const linesBranch = state.page.locator('summary', { hasText: '.lines' });
    await state.page.focus('#state summary');
    await state.page.keyboard.press('Tab');
    expect(await state.page.evaluate('document.activeElement.textContent')).toBe('.lines 3 changes, 2 unexpected');
    await state.page.keyboard.press('Enter');
    expect(await lines.first().isVisible()).toBe(false);
    expect(await linesBranch.evaluate((summary) => summary.parentElement?.hasAttribute('open'))).toBe(false);
    await state.page.keyboard.press('Space');
    expect(await lines.first().isVisible()).toBe(true);
    expect(state.requests).toEqual([pathToFileURL(stateFile).href]);
    expect(state.errors).toEqual([]);
    await state.page.screenshot({ path: join(ARTIFACTS, 'html-report-state.png'), fullPage: true });
    await state.page.close();

    const hostileStateFile = await generateHtmlReport(
      hostileStateResult(),
      join(ARTIFACTS, 'html-report-state-hostile.html'),
      { now: FIXED_TIME },
    );
    const hostile = await open(hostileStateFile);
    expect(await hostile.page.evaluate('window.__pwned')).toBeUndefined();
    expect(await hostile.page.locator('script, img').count()).toBe(0);
    expect(await hostile.page.locator('#state .path').allTextContents()).toEqual([
      '$',
      `[${JSON.stringify(SCRIPT_PAYLOAD)}]`,
      '.notes["tmp\\u001b[2J"]',
    ]);
    const stateText = await hostile.page.locator('#state').innerText();
    expect(stateText).toContain(`"${IMG_PAYLOAD.replace(/"/g, '\\"')}"`);
    expect(stateText).not.toContain(SECRET);
    expect(hostile.errors).toEqual([]);
    await hostile.page.close();
  });

  it("Chromium's strict XML parser reads the JUnit report of a hostile trace without error", async () => {
    const xml = renderReportJunit(
      buildReportView(hostileResult(), { goldFile: '\u0000<x>]]>.json', traceFile: 'trace.json', now: FIXED_TIME }),
    );
    const page = await browser.context().newPage();
    const parsed = await page.evaluate(
      `(() => { const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml'); return { error: doc.getElementsByTagName('parsererror').length, cases: doc.getElementsByTagName('testcase').length, root: doc.documentElement.nodeName }; })()`,
    );
    expect(parsed).toEqual({ error: 0, cases: 5, root: 'testsuites' });
    await page.close();
  });
});
