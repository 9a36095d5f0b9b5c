import { describe, expect, it } from 'vitest';
import { CONVERSATION_DATASET } from '../../../test/batch-report-fixtures.js';
import { evaluateBatch } from '../evaluate-batch.js';
import type { BatchLine } from '../types.js';
import { renderBatchCsv } from './csv.js';
import { renderBatchHtml } from './html.js';
import { renderBatchJunit } from './junit.js';
import { renderBatchMarkdown } from './markdown.js';
import type { BatchReportInput } from './view.js';

/** The reports' input for test/batch-report-fixtures.ts's conversation dataset (worked out by hand there). */
async function conversationInput(): Promise<BatchReportInput> {
  const run = evaluateBatch({ cases: CONVERSATION_DATASET }, { jobs: 1, createdAt: new Date('2026-12-03T00:00:00Z') });
  const lines: BatchLine[] = [];
  for await (const line of run) lines.push(line);
  return {
    summary: run.summary(),
    lines: async function* () {
      yield* lines;
    },
  };
}

async function text(chunks: AsyncIterable<string> | Promise<string> | string): Promise<string> {
  if (typeof chunks === 'string' || chunks instanceof Promise) return chunks;
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('the batch reports of a run with conversation cases', () => {
  it('markdown: the turns headline and the cases by first failing turn', async () => {
    const markdown = await text(renderBatchMarkdown(await conversationInput()));
    expect(markdown).toContain(
      [
        '### Turns',
        '',
        '🔴 3 conversation cases, 6 of 9 turns passed; mean turn pass rate 69.4%; every turn passed in 1 case',
        '',
        '| First failing turn | Cases |',
        '| ---: | ---: |',
        '| 2 | 1 |',
        '| 3 | 1 |',
        '',
      ].join('\n'),
    );
  });

  it("html: the turns section, and a conversation case's turns in its detail", async () => {
    const html = await text(renderBatchHtml(await conversationInput()));
    expect(html).toContain(
      '<p class="bad" id="turns-headline">3 conversation cases, 6 of 9 turns passed; mean turn pass rate 69.4%; every turn passed in 1 case</p>',
    );
    expect(html).toContain('<tr data-turn="2"><td class="num">2</td><td class="num">1</td></tr>');
    expect(html).toContain('<tr data-turn="3"><td class="num">3</td><td class="num">1</td></tr>');
    expect(html).toContain('<p class="case-turns">3 of 4 turns passed; first failing turn: 3</p>');
    expect(html).toContain('<p class="case-turns">1 of 3 turns passed; first failing turn: 2</p>');
    expect(html).toContain('<p class="case-turns">2 of 2 turns passed</p>');
    expect(html.match(/class="case-turns"/g)).toHaveLength(3);
  });

  it("junit: the mean turn pass rate as a property, a failing conversation case's turns in its body", async () => {
    const junit = await text(renderBatchJunit(await conversationInput()));
    expect(junit).toContain(`<property name="mean_turn_pass_rate" value="${(0.75 + 1 + 1 / 3) / 3}"/>`);
    // Only `short` (1/3, FAIL) fails without a minimum score.
    expect(junit).toContain('failures="1"');
    expect(junit).toMatch(
      /<testcase name="short"[^>]*>\n {6}<failure [^>]*>FAIL: score 33\.3%, grade F\nTurns: 1 of 3 turns passed; first failing turn: 2\n/,
    );
    expect(junit).toContain(
      'Turns: 3 conversation cases, 6 of 9 turns passed; mean turn pass rate 69.4%; every turn passed in 1 case</system-out>',
    );
  });

  it('csv: the turn columns last, empty for the flat case', async () => {
    const csv = (await text(renderBatchCsv(await conversationInput()))).split('\r\n');
    expect(csv[0]!.endsWith(',error,turns,turns_passed,turn_pass_rate,first_failing_turn')).toBe(true);
    expect(csv[1]!.startsWith('four,0,0.75,C,WARN,')).toBe(true);
    expect(csv[1]!.endsWith(',4,3,0.75,3')).toBe(true);
    expect(csv[2]!.endsWith(',,,,,')).toBe(true);
    expect(csv[3]!.endsWith(',2,2,1,')).toBe(true);
    expect(csv[4]!.endsWith(`,3,1,${1 / 3},2`)).toBe(true);
  });

  it('a run without conversation cases has no turns section, property or column', async () => {
    const run = evaluateBatch({ cases: [CONVERSATION_DATASET[1]!] }, { jobs: 1 });
    const lines: BatchLine[] = [];
    for await (const line of run) lines.push(line);
    const input = {
      summary: run.summary(),
      lines: async function* () {
        yield* lines;
      },
    };
    expect(await text(renderBatchMarkdown(input))).not.toContain('Turns');
    expect(await text(renderBatchHtml(input))).not.toMatch(/id="turns"|case-turns/);
    expect(await text(renderBatchJunit(input))).not.toContain('turn');
    expect((await text(renderBatchCsv(input))).split('\r\n')[0]!.endsWith(',error')).toBe(true);
  });
});
