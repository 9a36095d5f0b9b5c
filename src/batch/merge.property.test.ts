import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import type { BatchCase } from './cases.js';
import { evaluateBatch } from './evaluate-batch.js';
import { mergeResults } from './merge.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-merge-property-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let runs = 0;

async function resultsText(cases: BatchCase[], shard?: { index: number; count: number }): Promise<string> {
  let text = '';
  for await (const chunk of evaluateBatch({ cases }, { jobs: 1, ...(shard ? { shard } : {}) }).text()) text += chunk;
  return text;
}

async function merged(paths: string[]): Promise<string> {
  let text = '';
  for await (const chunk of mergeResults(paths).text()) text += chunk;
  return text;
}

/** A case that scores 1 (the expected tool) or 0 (another). */
const caseArbitrary = fc
  .tuple(fc.constantFrom('search', 'lookup'), fc.constantFrom('search', 'lookup'))
  .map(([expected, actual]): BatchCase => ({ expected: [{ tool: expected }], actual: [{ tool: actual }] }));

test('property: the shards of any dataset merge into the whole run; a shard left out, or its last case cut, is refused', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(caseArbitrary, { maxLength: 12 }),
      fc.integer({ min: 1, max: 4 }),
      fc.nat(),
      async (cases, count, pick) => {
        const run = ++runs;
        const files: string[] = [];
        for (let index = 1; index <= count; index++) {
          files.push(join(dir, `r${run}-${index}.jsonl`));
          writeFileSync(files.at(-1)!, await resultsText(cases, { index, count }));
        }
        expect(await merged(files)).toBe(await resultsText(cases));
        // Shard i holds the cases at positions k with k mod count = i − 1.
        const left = pick % count;
        if (count > 1)
          await expect(merged(files.filter((_, i) => i !== left))).rejects.toThrow(
            `merge: shard ${left + 1}/${count} of dataset sha256 `,
          );
        // A shard holding at least one case: one of the first min(count, cases) shards.
        const holding = cases.length === 0 ? -1 : Math.floor(pick / count) % Math.min(count, cases.length);
        if (holding >= 0) {
          // The shard's last case taken out (missing from the end of the run), its shard line kept.
          const lines = (await resultsText(cases, { index: holding + 1, count })).split('\n');
          lines.splice(-3, 1);
          writeFileSync(files[holding]!, lines.join('\n'));
          const last = holding + count * Math.floor((cases.length - 1 - holding) / count);
          await expect(merged(files)).rejects.toThrow(
            `${files[holding]}: shard ${holding + 1}/${count} of ${cases.length} cases ends before case ${last}`,
          );
        }
      },
    ),
    { numRuns: 40 },
  );
});

/** A trial of one of a few cases (or, now and then, a case without a trial), scoring 1 or 0. */
const trialArbitrary = fc
  .tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer({ min: 1, max: 4 }), fc.boolean(), caseArbitrary)
  .map(([id, trial, withTrial, scored]): BatchCase => ({ id, ...(withTrial ? { trial } : {}), ...scored }));

test('property: with trials, every trial of a case is in one shard, and the shards merge into the whole run', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(trialArbitrary, { maxLength: 16 }),
      fc.integer({ min: 1, max: 4 }),
      async (cases, count) => {
        const run = ++runs;
        const files: string[] = [];
        const holders = new Map<string, Set<number>>();
        for (let index = 1; index <= count; index++) {
          files.push(join(dir, `t${run}-${index}.jsonl`));
          const text = await resultsText(cases, { index, count });
          writeFileSync(files.at(-1)!, text);
          for (const line of text.split('\n').slice(0, -2)) {
            const { id, trial } = JSON.parse(line) as { id: string; trial?: number };
            if (trial !== undefined) holders.set(id, (holders.get(id) ?? new Set()).add(index));
          }
        }
        for (const shards of holders.values()) expect(shards.size).toBe(1);
        const whole = await resultsText(cases);
        expect(await merged(files)).toBe(whole);
        // The summary of the merge is the whole run's, trials included.
        const mergeRun = mergeResults(files, { createdAt: new Date(0) });
        for await (const _ of mergeRun);
        const wholeRun = evaluateBatch({ cases }, { jobs: 1, createdAt: new Date(0) });
        for await (const _ of wholeRun);
        expect(mergeRun.summary()).toEqual(wholeRun.summary());
      },
    ),
    { numRuns: 40 },
  );
});

/** A two-turn conversation case: each turn's call made in its turn or the other, right or wrong. */
const conversationArbitrary = fc
  .tuple(fc.constantFrom('search', 'lookup'), fc.constantFrom(1, 2), fc.constantFrom('search', 'lookup'))
  .map(
    ([first, turn, second]): BatchCase => ({
      expected: { turns: [{ calls: [{ tool: 'search' }] }, { calls: [{ tool: 'lookup' }] }] },
      actual: [
        { tool: first, turn: 1 },
        { tool: second, turn },
      ],
    }),
  );

test('property: with conversation cases, the shards merge into the whole run, its turns summary included', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(caseArbitrary, conversationArbitrary), { maxLength: 12 }),
      fc.integer({ min: 1, max: 4 }),
      async (cases, count) => {
        const run = ++runs;
        const files: string[] = [];
        for (let index = 1; index <= count; index++) {
          files.push(join(dir, `c${run}-${index}.jsonl`));
          writeFileSync(files.at(-1)!, await resultsText(cases, { index, count }));
        }
        expect(await merged(files)).toBe(await resultsText(cases));
        const mergeRun = mergeResults(files, { createdAt: new Date(0) });
        for await (const _ of mergeRun);
        const wholeRun = evaluateBatch({ cases }, { jobs: 1, createdAt: new Date(0) });
        for await (const _ of wholeRun);
        const summary = wholeRun.summary();
        expect(mergeRun.summary()).toEqual(summary);
        const conversations = cases.filter((one) => !Array.isArray(one.expected)).length;
        expect(summary.turns?.cases).toBe(conversations === 0 ? undefined : conversations);
      },
    ),
    { numRuns: 30 },
  );
});
