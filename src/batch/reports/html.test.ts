import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LONG_ID,
  collect,
  exampleInput,
  exampleLines,
  hostileInput,
  linesOf,
} from '../../../test/batch-report-fixtures.js';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD, SECRET } from '../../../test/report-fixtures.js';
import { HTML_STYLE } from '../../reports/html-style.js';
import { renderBatchHtml } from './html.js';
import { BATCH_STYLE } from './html-style.js';

/* What can be checked without a browser; test/e2e/batch-html-browser.test.ts opens the page in Chromium. */

const hash = (css: string) => createHash('sha256').update(css).digest('base64');

describe('renderBatchHtml', () => {
  it('is one self-contained page whose policy allows only its two stylesheets, and links only within itself', async () => {
    const html = await collect(renderBatchHtml(exampleInput()));
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-${hash(HTML_STYLE)}' 'sha256-${hash(BATCH_STYLE)}'; img-src 'none'; base-uri 'none'; form-action 'none'">`,
    );
    expect(html).toContain(`<style>${HTML_STYLE}</style>\n<style>${BATCH_STYLE}</style>`);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|@import|url\(|\bsrc=|\sstyle=/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect([...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1])).toEqual([
      '#case-2',
      '#case-4',
      '#case-1',
      '#case-0',
    ]);
    // Every link has its anchor: the body of the case's detail.
    for (const index of [0, 1, 2, 4]) expect(html).toContain(`<div class="case-detail" id="case-${index}">`);
    expect(html).toContain('<tr id="case-3">');
    expect(html.endsWith('on 2025-06-14T09:30:00.000Z</footer>\n</main>\n</body>\n</html>\n')).toBe(true);
  });

  it('shows the mean, grade, gate and counts up front, then each section in order', async () => {
    const html = await collect(renderBatchHtml(exampleInput()));
    expect(html).toContain('<title>Toolscore batch evaluation: mean score 70.0%, grade C, over 4 scored cases</title>');
    expect(html).toContain('<span class="big warn" id="mean-score">70.0%</span>');
    expect(html).toContain('<span class="big warn" id="grade">C</span>');
    expect(html).toContain('id="scored">4<span class="muted"> / 5</span>');
    expect(html).toContain('<p class="bad" id="gate">Mean score 70.0% is below the required 80.0%</p>');
    expect(html).toContain(
      '<p class="muted" id="totals">Failed calls: 1 · Policy violations: 1 · Leaked credentials: 1</p>',
    );
    expect(html).toContain('<g class="bin" data-range="20–30%" data-count="1">');
    const order = [
      'id="mean-score"',
      'id="histogram"',
      'id="distributions"',
      'id="grades"',
      'id="tools"',
      'id="worst"',
      'id="errors"',
      'id="cases"',
    ];
    const positions = order.map((marker) => html.indexOf(marker));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('reads the results lines once and yields the cases in chunks', async () => {
    const template = exampleLines()[0]!;
    const many = Array.from({ length: 450 }, (_, index) => ({ ...template, id: `c${index}`, index }));
    const lines = linesOf(many);
    const input = exampleInput({ lines });
    input.summary.cases = { total: 450, scored: 450, failed: 0 };
    const chunks: string[] = [];
    for await (const chunk of renderBatchHtml(input)) chunks.push(chunk);
    expect(lines.reads).toBe(1);
    // Head and tables, the case list's start, 200 + 200 + 50 cases, its end, the footer.
    expect(chunks.map((chunk) => chunk.split('<details class="case').length - 1)).toEqual([0, 0, 200, 200, 50, 0, 0]);
  });

  it('escapes every text, cuts long ids in rows and masks credentials', async () => {
    const html = await collect(renderBatchHtml(hostileInput()));
    expect(html).not.toContain(SCRIPT_PAYLOAD);
    expect(html).not.toContain(IMG_PAYLOAD);
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).toContain('broken&quot;case');
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain('\u0000');
    // The whole id once, in its detail; cut everywhere else.
    expect(html.split(LONG_ID).length - 1).toBe(1);
  });

  it('says so when no case was scored', async () => {
    const input = exampleInput({ lines: linesOf([exampleLines()[3]!]) });
    const html = await collect(renderBatchHtml(input));
    expect(html).toContain('<section id="cases"><h2>Cases</h2><p class="muted">No case was scored</p></section>');
  });
});
