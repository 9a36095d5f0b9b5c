import { describe, expect, it } from 'vitest';
import { TRIAL_DATASET, perfect } from '../../../test/batch-trial-fixtures.js';
import { evaluateBatch } from '../evaluate-batch.js';
import type { BatchLine } from '../types.js';
import { renderBatchCsv } from './csv.js';
import { renderBatchHtml } from './html.js';
import { renderBatchJunit } from './junit.js';
import { renderBatchMarkdown } from './markdown.js';
import type { BatchReportInput } from './view.js';

/** The reports' input for test/batch-trial-fixtures.ts's dataset (worked out by hand there and in trials.test.ts). */
async function trialInput(): Promise<BatchReportInput> {
  const run = evaluateBatch({ cases: TRIAL_DATASET }, { jobs: 1, createdAt: new Date('2026-12-03T00:00:00Z') });
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

describe('the batch reports of a run with trials', () => {
  // pass^1 = 5/12 (41.7%), pass^2 = 1/4; pass@2 = 7/12 (58.3%); flaky C (1 of 3, mean 0.5) before A (1 of 3, mean 0.6).
  it('markdown (the job summary): pass^k in the heading, the pass^k table, the flaky cases worst first with every trial', async () => {
    const markdown = await text(renderBatchMarkdown(await trialInput()));
    expect(markdown).toContain('pass^2 25.0% · 2 flaky cases  \n');
    expect(markdown).toContain(
      [
        '### Trials',
        '',
        '4 cases × 2–3 trials, 11 trials in all; a success is a PASS verdict  ',
        'Every trial passed: 1 case · none passed: 1 · flaky: 2',
        '',
        '| k | pass^k (all k trials pass) | pass@k (at least one of k passes) |',
        '| ---: | ---: | ---: |',
        '| 1 | 🔴 41.7% | 41.7% |',
        '| 2 | 🔴 25.0% | 58.3% |',
        '',
        '#### Flaky cases, worst first',
      ].join('\n'),
    );
    expect(markdown).toContain(
      '| C | 1 of 3 | 50.0% | 50.0% | ❌ trial 1: 0.0% FAIL, called lookup where search was expected<br>❌ trial 2: could not be read or scored: case 8 at $: case "C" has no "actual"; expected {id, expected, actual, options?}<br>✅ trial 3: 100.0% PASS |\n| A | 1 of 3 | 60.0% | 43.2% | ✅ trial 1: 100.0% PASS<br>❌ trial 2: 80.0% WARN, expected call to b was not made<br>❌ trial 3: 0.0% FAIL, called lookup where search was expected |',
    );
  });

  it('html: the trials section with pass^k for each k and the flaky cases', async () => {
    const html = await text(renderBatchHtml(await trialInput()));
    expect(html).toContain(
      '<tr data-k="2"><td class="num">2</td><td class="num bad">25.0%</td><td class="num">58.3%</td></tr>',
    );
    expect(html).toContain(
      '<tr><td class="case-id">C</td><td class="num">1 of 3</td><td class="num">50.0%</td><td class="num">50.0%</td><td><ul class="trials"><li class="bad">trial 1: 0.0% FAIL, called lookup where search was expected</li>',
    );
    expect(html.indexOf('<td class="case-id">C</td>')).toBeLessThan(html.indexOf('<td class="case-id">A</td>'));
  });

  it('junit: a test per trial named with its trial, pass^k in the properties, the flaky cases in the output', async () => {
    const junit = await text(renderBatchJunit(await trialInput()));
    expect(junit).toContain('<property name="pass_hat_k.2" value="0.25"/>');
    expect(junit).toContain('<property name="flaky_cases" value="2"/>');
    expect(junit).toContain('name="A [trial 2]"');
    expect(junit).toContain('name="E"');
    expect(junit).toContain(
      'pass^1 41.7% · pass^2 25.0%\nEvery trial passed: 1 case · none passed: 1 · flaky: 2\nFlaky cases, worst first:\nC: 1 of 3\n  trial 1: 0.0% FAIL',
    );
  });

  it('csv: a trial column after the index', async () => {
    const csv = (await text(renderBatchCsv(await trialInput()))).split('\r\n');
    expect(csv[0]!.startsWith('id,index,trial,score,')).toBe(true);
    expect(csv[1]!.startsWith('A,0,1,1,A,PASS,')).toBe(true);
    expect(csv[5]!.startsWith('E,4,,1,A,PASS,')).toBe(true);
  });

  it('no trials, no trials section or column', async () => {
    const run = evaluateBatch({ cases: [{ id: 'x', ...perfect, trial: undefined }] }, { jobs: 1 });
    const lines: BatchLine[] = [];
    for await (const line of run) lines.push(line);
    const input = {
      summary: run.summary(),
      lines: async function* () {
        yield* lines;
      },
    };
    expect(lines).toMatchObject([{ id: 'x', score: 1 }]);
    expect(await text(renderBatchMarkdown(input))).not.toContain('Trials');
    expect(await text(renderBatchHtml(input))).not.toContain('id="trials"');
    expect((await text(renderBatchCsv(input))).startsWith('id,index,score,')).toBe(true);
  });
});
