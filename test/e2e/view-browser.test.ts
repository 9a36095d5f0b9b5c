import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { parseDatabaseUrl } from '../../src/side-effects/database-url.js';
import type { RunStore } from '../../src/store/types.js';
import { type ViewServer, startViewServer } from '../../src/view/server.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { startWritablePostgres, type WritablePostgres } from '../pg-server.js';
import { REPO_ROOT } from '../corpus.js';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD, SECRET } from '../report-fixtures.js';
import { CHROMIUM, needs } from '../requirements.js';
import { keepViewRuns } from '../view-fixtures.js';

/*
 * toolscore view as a person uses it: Debian's Chromium, driven by playwright-core, on stores written
 * with the store API (SQLite, and PostgreSQL over the wire: CI's server, else PGlite). Screenshots go to
 * test-artifacts/view/; TOOLSCORE_UPDATE_SCREENSHOTS=1 also writes the small ones docs/view.md shows.
 */

const SHOTS = join(ARTIFACTS, 'view');
const DOCS_IMAGES = join(REPO_ROOT, 'docs/images');
const updateDocs = process.env.TOOLSCORE_UPDATE_SCREENSHOTS === '1';

/** Opens a page of the viewer, recording every request it makes and every console error. */
async function open(
  browser: ReturnType<typeof useChromium>,
  server: ViewServer,
  name: string,
): Promise<{ page: Page; requests: string[]; errors: string[]; offOrigin: string[] }> {
  const page = await browser.context().newPage();
  page.setDefaultTimeout(10_000);
  const requests: string[] = [];
  const errors: string[] = [];
  const offOrigin: string[] = [];
  const origin = new URL(server.url).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin !== origin) {
      offOrigin.push(url);
      return route.abort();
    }
    return route.continue();
  });
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url + name, { waitUntil: 'load', timeout: 15_000 });
  return { page, requests, errors, offOrigin };
}

async function shoot(page: Page, name: string, docs = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  if (docs && updateDocs) {
    mkdirSync(DOCS_IMAGES, { recursive: true });
    await page.setViewportSize({ width: 1000, height: 640 });
    await page.screenshot({ path: join(DOCS_IMAGES, `view-${name}.png`) });
  }
}

/** The viewer's pages, run against one store kind. */
function browse(kind: string, openStore: () => Promise<RunStore>, teardown: () => Promise<void> = async () => {}) {
  describe(`toolscore view in headless Chromium: ${kind}`, needs(CHROMIUM), () => {
    const browser = useChromium('toolscore-view-');
    let store: RunStore;
    let server: ViewServer;
    let ids: { a: number; b: number; c: number };
    beforeAll(async () => {
      store = await openStore();
      ids = await keepViewRuns(store);
      server = await startViewServer({ store, watch: true, pollMs: 100 });
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await store?.close();
      await teardown();
    });

    it('the runs page: every run, the trend, no request off the server, nothing run from the store', async () => {
      const { page, errors, offOrigin, requests } = await open(browser, server, '');
      expect(await page.title()).toBe('Runs · toolscore view');
      expect(
        await page
          .locator('#runs-table tbody tr')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-run'))),
      ).toEqual([ids.c, ids.b, ids.a].map(String));
      // a mean score for each of the 3 runs, a pass rate for the 2 batch runs (eval's summary has none)
      expect(await page.locator('#trend svg circle').count()).toBe(5);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(offOrigin).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests.every((url) => url.startsWith(server.url))).toBe(true);
      await shoot(page, 'runs', kind === 'SQLite');
      await page.close();
    });

    it('filters the runs by branch', async () => {
      const { page } = await open(browser, server, '');
      await page.selectOption('select[name="branch"]', 'feature');
      await page.click('form.filters button[type="submit"]');
      await page.waitForURL(/branch=feature/);
      expect(await page.locator('#runs-table tbody tr').count()).toBe(1);
      await page.close();
    });

    it('a run: filter by grade and text, sort by score, page on the server', async () => {
      const { page, errors } = await open(browser, server, `run-${ids.a}.html`);
      expect(await page.textContent('#cases-pager [role="status"]')).toBe('Showing 1–50 of 120 cases');
      await page.click('#cases-pager a[rel="next"]');
      await page.waitForURL(/page=2/);
      expect(await page.textContent('#cases-pager [role="status"]')).toBe('Showing 51–100 of 120 cases');
      await page.selectOption('select[name="grade"]', 'B');
      await page.fill('input[name="q"]', 'case-1');
      await page.click('form.filters button[type="submit"]');
      // grade B (k % 3 = 1) whose id or problem holds "case-1": 1, 10, 13, 16, 19, 100, 103, …, 118
      const ids1 = await page.locator('#cases-table tbody th a').allTextContents();
      expect(ids1).toEqual([
        'case-1',
        'case-10',
        'case-13',
        'case-16',
        'case-19',
        'case-100',
        'case-103',
        'case-106',
        'case-109',
        'case-112',
        'case-115',
        'case-118',
      ]);
      const score = page.locator('th:has(a.sort[href*="sort=score"])');
      await page.goto(`${server.url}run-${ids.a}.html?sort=-score`);
      expect(await page.getAttribute('th[aria-sort="descending"] a', 'aria-label')).toBe(
        'Score, sorted descending: sort by score, lowest first',
      );
      expect(await score.count()).toBe(1);
      expect(errors).toEqual([]);
      await shoot(page, 'run', kind === 'SQLite');
      await page.close();
    });

    it('a hostile case is shown as text: the script is not run, the image not loaded, the credential masked', async () => {
      const { page, offOrigin } = await open(browser, server, `case-${ids.a}-119.html`);
      expect(await page.textContent('h1')).toBe(`Case ${SCRIPT_PAYLOAD}`);
      expect(await page.locator('#tools-table tbody th').allTextContents()).toEqual([IMG_PAYLOAD]);
      expect(await page.locator('main img').count()).toBe(0);
      expect(await page.content()).not.toContain(SECRET);
      expect(await page.textContent('#top-issues')).toContain('[REDACTED');
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(offOrigin).toEqual([]);
      const evalCase = await open(browser, server, `case-${ids.c}-1.html`);
      expect(await evalCase.page.locator('#actual-calls .tool').allTextContents()).toEqual([
        'search',
        SCRIPT_PAYLOAD,
        '=HYPERLINK("http://x")',
      ]);
      expect(await evalCase.page.content()).not.toContain(SECRET);
      expect(await evalCase.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await page.close();
      await evalCase.page.close();
    });

    it('a case of eval: expected and actual calls side by side, Top issues with fixes and argument differences', async () => {
      const { page } = await open(browser, server, `case-${ids.c}-0.html`);
      expect(await page.textContent('#case-score')).toBe('83.5%');
      expect(await page.locator('#expected-calls li > .tool').allTextContents()).toEqual([
        'get_weather',
        'search_flights',
        'book_flight',
        'send_email',
      ]);
      expect(await page.locator('#top-issues > li').count()).toBeGreaterThan(0);
      expect(await page.locator('#top-issues .fix').first().textContent()).not.toBe('');
      await shoot(page, 'case', kind === 'SQLite');
      await page.close();
    });

    it('two runs compared: the regressed cases first, then the improved, with the sign test and per-tool changes', async () => {
      const { page } = await open(browser, server, `compare-${ids.a}-${ids.b}.html`);
      const rows = page.locator('#matrix-table tbody tr');
      expect(
        await rows.evaluateAll((trs) =>
          trs.slice(0, 5).map((tr) => [tr.querySelector('th')!.textContent, tr.getAttribute('data-change')]),
        ),
      ).toEqual([
        ['case-0', 'regressed'],
        ['case-3', 'regressed'],
        ['case-6', 'regressed'],
        ['case-1', 'improved'],
        ['case-4', 'improved'],
      ]);
      expect(await page.textContent('#count-regressed .value')).toBe('3');
      expect(await page.textContent('#count-improved .value')).toBe('2');
      // 2 improved, 3 regressed: p = 2 · P(X ≤ 2), X ~ Bin(5, 1/2) = 2 · 16/32 = 1
      expect(await page.textContent('#sign-test')).toBe(
        '2 improved, 3 regressed; two-sided sign test p = 1.0000. The difference could be chance (p ≥ 0.05).',
      );
      expect(await page.locator('#tools-table tbody th').allTextContents()).toContain('refund');
      await shoot(page, 'compare', kind === 'SQLite');
      await page.close();
    });

    it('works from the keyboard: the skip link first, then the site links, the filters and the sort links', async () => {
      const { page } = await open(browser, server, `run-${ids.a}.html`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => location.hash)).toBe('#main');
      const focused: string[] = [];
      for (let k = 0; k < 12; k++) {
        await page.keyboard.press('Tab');
        focused.push(
          await page.evaluate(() => {
            const active = document.activeElement!;
            return active.getAttribute('name') ?? active.getAttribute('aria-label') ?? active.textContent ?? '';
          }),
        );
      }
      expect(focused).toContain('q');
      expect(focused).toContain('grade');
      // Enter on a focused sort link sorts.
      await page.focus('th a.sort[href*="sort=score"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=score/);
      expect(await page.getAttribute('th[aria-sort="ascending"] a', 'aria-label')).toBe(
        'Score, sorted ascending: sort by score, highest first',
      );
      await page.close();
    });

    it('--watch reloads the page when a run is kept', async () => {
      const { page } = await open(browser, server, '');
      expect(await page.locator('#runs-table tbody tr').count()).toBe(3);
      const writer = await store.begin({
        command: 'batch',
        started_at: '2026-12-04T10:00:00.000Z',
        options: {},
        git_commit: null,
        git_branch: 'main',
        gold: 'cases.jsonl',
        gold_sha256: null,
        tools_sha256: null,
      });
      await writer.addLine({ id: 'late', index: 0, score: 1, grade: 'A', verdict: 'PASS', tools: {}, top_issue: null });
      await writer.commit({ finished_at: '2026-12-04T10:00:01.000Z', summary: null });
      await page.waitForFunction(() => document.querySelectorAll('#runs-table tbody tr').length === 4, undefined, {
        timeout: 15_000,
      });
      await page.close();
    });
  });
}

const sqliteFolder = mkdtempSync(join(tmpdir(), 'toolscore-view-store-'));
browse(
  'SQLite',
  () => openSqliteStore(join(sqliteFolder, 'runs.db'), 'write'),
  async () => rmSync(sqliteFolder, { recursive: true, force: true }),
);

let postgres: WritablePostgres | undefined;
browse(
  'PostgreSQL',
  async () => {
    postgres = await startWritablePostgres();
    const target = parseDatabaseUrl(postgres.url);
    if (target.kind !== 'postgres') throw new Error('a postgres URL');
    return openPostgresStore(target, 'write');
  },
  async () => {
    await postgres?.stop();
  },
);
