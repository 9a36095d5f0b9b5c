import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chunkColumns, lineColumns } from '../src/batch/line-columns.js';
import { MIGRATIONS, type Migration } from '../src/store/schema.js';
import type { OpenMode } from '../src/store/migrate.js';
import type { CaseChange, NewRun, RunStore } from '../src/store/types.js';

/**
 * The behaviour every RunStore owes, run against each implementation (SQLite, PostgreSQL): the same
 * runs written, the same pages read back, to the value.
 */
export interface StoreUnderTest {
  /** Opens the store under test (the same database on every call), with the schema's versions given. */
  open(mode: OpenMode, migrations?: readonly Migration[]): Promise<RunStore>;
  /** Empties it (drops every table), so each test starts from nothing. */
  reset(): Promise<void>;
  /** Runs raw SQL on it (to fake a newer store, or another program's tables). */
  exec(sql: string): Promise<void>;
  /** Whether another connection is isolated from a run being written (PGlite has one session for all). */
  isolated: boolean;
}

const tool = { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 };

function scored(
  id: string,
  index: number,
  score: number,
  grade: string,
  verdict: string,
  tools: string[],
  issue: { kind: string; tool: string; problem: string } | null = null,
  trial?: number,
): Record<string, unknown> {
  return {
    id,
    index,
    ...(trial === undefined ? {} : { trial }),
    score,
    grade,
    verdict,
    tools: Object.fromEntries(tools.map((name) => [name, tool])),
    top_issue: issue === null ? null : { ...issue, fix: 'fix it' },
  };
}

const RUN_A = [
  scored('refund-1', 0, 0.95, 'A', 'PASS', ['lookup', 'refund']),
  scored('refund-2', 1, 0.5, 'F', 'FAIL', ['refund'], {
    kind: 'missing',
    tool: 'refund',
    problem: 'refund was never called',
  }),
  { id: 'search_%', index: 2, error: 'cases.jsonl:3: expected an object' },
  scored(
    'trip',
    3,
    0.8,
    'B',
    'WARN',
    ['book"x'],
    { kind: 'argument_mismatch', tool: 'book"x', problem: 'date differs' },
    1,
  ),
  scored('trip', 4, 1, 'A', 'PASS', ['book"x'], null, 2),
];

const RUN_B = [
  scored('refund-1', 0, 0.7, 'C', 'WARN', ['refund']),
  scored('refund-2', 1, 0.9, 'A', 'PASS', ['refund']),
  scored('search_%', 2, 0.6, 'D', 'FAIL', ['search']),
  scored('trip', 3, 0.8, 'B', 'WARN', ['book"x'], null, 1),
  scored('new', 4, 1, 'A', 'PASS', []),
];

/** RUN_A's and RUN_B's tools side by side, worked out by hand from the lines above. */
const TOOL_CHANGES_A_B = [
  // A: trip#1 0.8 and trip#2 1, mean 0.9; B: trip#1 0.8
  { tool: 'book"x', a: { cases: 2, mean_score: 0.9, failed: 0 }, b: { cases: 1, mean_score: 0.8, failed: 0 } },
  { tool: 'lookup', a: { cases: 1, mean_score: 0.95, failed: 0 }, b: null },
  // A: refund-1 0.95 (listing lookup too) and refund-2 0.5 (FAIL); B: refund-1 0.7 and refund-2 0.9
  { tool: 'refund', a: { cases: 2, mean_score: 0.725, failed: 1 }, b: { cases: 2, mean_score: 0.8, failed: 0 } },
  { tool: 'search', a: null, b: { cases: 1, mean_score: 0.6, failed: 1 } },
];

const jsonl = (lines: readonly Record<string, unknown>[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join('');

function newRun(overrides: Partial<NewRun> = {}): NewRun {
  return {
    command: 'batch',
    started_at: '2026-12-01T10:00:00.000Z',
    options: { arguments: ['cases.jsonl'], flags: { min_score: '0.8' } },
    git_commit: 'a'.repeat(40),
    git_branch: 'main',
    gold: 'cases.jsonl',
    gold_sha256: 'b'.repeat(64),
    tools_sha256: null,
    ...overrides,
  };
}

/** Writes a whole run; answers its id. */
async function keep(store: RunStore, lines: readonly Record<string, unknown>[], run: Partial<NewRun> = {}) {
  const writer = await store.begin(newRun(run));
  await writer.addText(jsonl(lines.slice(0, 2)));
  await writer.addText(jsonl(lines.slice(2)));
  return writer.commit({
    finished_at: '2026-12-01T10:05:00.000Z',
    summary: { pass_rate: 0.6, trials: { pass_hat_k: { '1': 0.5 } } },
  });
}

export function testRunStore(name: string, subject: () => StoreUnderTest): void {
  describe(`RunStore: ${name}`, () => {
    const fresh = async (mode: OpenMode = 'write') => {
      await subject().reset();
      return subject().open(mode);
    };

    test('a run is kept whole: its record, headline numbers, options and summary', async () => {
      const store = await fresh();
      try {
        expect(await store.listRuns()).toEqual({ total: 0, items: [] });
        const id = await keep(store, RUN_A);
        const run = await store.getRun(id);
        expect(run).toMatchObject({
          id,
          command: 'batch',
          started_at: '2026-12-01T10:00:00.000Z',
          finished_at: '2026-12-01T10:05:00.000Z',
          git_commit: 'a'.repeat(40),
          git_branch: 'main',
          gold: 'cases.jsonl',
          gold_sha256: 'b'.repeat(64),
          tools_sha256: null,
          cases: 5,
          errors: 1,
          // (0.95 + 0.5 + 0.8 + 1) / 4 scored lines
          mean_score: 0.8125,
          pass_rate: 0.6,
          verdicts: { PASS: 2, WARN: 1, FAIL: 1 },
          pass_hat_k: { '1': 0.5 },
          options: { arguments: ['cases.jsonl'], flags: { min_score: '0.8' } },
          summary: { pass_rate: 0.6, trials: { pass_hat_k: { '1': 0.5 } } },
        });
        expect(await store.getRun(id + 1)).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    test("a run's cases: sorted, filtered and paged by the store", async () => {
      const store = await fresh();
      try {
        const id = await keep(store, RUN_A);
        const ids = async (query: Parameters<RunStore['listCases']>[1]) => {
          const page = await store.listCases(id, query);
          return [page.total, page.items.map((item) => `${item.id}${item.trial === null ? '' : `#${item.trial}`}`)];
        };
        expect(await ids({})).toEqual([5, ['refund-1', 'refund-2', 'search_%', 'trip#1', 'trip#2']]);
        expect(await ids({ sort: 'score' })).toEqual([5, ['refund-2', 'trip#1', 'refund-1', 'trip#2', 'search_%']]);
        expect(await ids({ sort: '-score' })).toEqual([5, ['trip#2', 'refund-1', 'trip#1', 'refund-2', 'search_%']]);
        expect(await ids({ sort: 'id' })).toEqual([5, ['refund-1', 'refund-2', 'search_%', 'trip#1', 'trip#2']]);
        expect(await ids({ grade: ['A'] })).toEqual([2, ['refund-1', 'trip#2']]);
        expect(await ids({ grade: [] })).toEqual([0, []]);
        expect(await ids({ verdict: ['WARN', 'FAIL'] })).toEqual([2, ['refund-2', 'trip#1']]);
        expect(await ids({ tool: 'refund' })).toEqual([2, ['refund-1', 'refund-2']]);
        expect(await ids({ tool: 'book"x' })).toEqual([2, ['trip#1', 'trip#2']]);
        expect(await ids({ tool: 'book' })).toEqual([0, []]);
        expect(await ids({ issueKind: 'missing' })).toEqual([1, ['refund-2']]);
        expect(await ids({ errors: true })).toEqual([1, ['search_%']]);
        expect(await ids({ errors: false, sort: '-score', limit: 2 })).toEqual([4, ['trip#2', 'refund-1']]);
        expect(await ids({ id: 'trip' })).toEqual([2, ['trip#1', 'trip#2']]);
        // LIKE's own characters are taken literally; the match ignores ASCII case; problems and tools count.
        expect(await ids({ text: '%' })).toEqual([1, ['search_%']]);
        expect(await ids({ text: 'h_' })).toEqual([1, ['search_%']]);
        expect(await ids({ text: 'REFUND' })).toEqual([2, ['refund-1', 'refund-2']]);
        expect(await ids({ text: 'date DIFFERS' })).toEqual([1, ['trip#1']]);
        expect(await ids({ text: 'lookup' })).toEqual([1, ['refund-1']]);
        expect(await ids({ text: 'expected an object' })).toEqual([1, ['search_%']]);
        expect(await ids({ limit: 2, offset: 1 })).toEqual([5, ['refund-2', 'search_%']]);
        expect(await ids({ offset: 10 })).toEqual([5, []]);
        const [first] = (await store.listCases(id, { issueKind: 'argument_mismatch' })).items;
        expect(first).toEqual({
          position: 3,
          id: 'trip',
          trial: 1,
          score: 0.8,
          grade: 'B',
          verdict: 'WARN',
          issue_kind: 'argument_mismatch',
          problem: 'date differs',
          tools: ['book"x'],
          error: null,
        });
        const [error] = (await store.listCases(id, { errors: true })).items;
        expect(error).toMatchObject({
          position: 2,
          score: null,
          grade: null,
          problem: 'cases.jsonl:3: expected an object',
        });
      } finally {
        await store.close();
      }
    });

    test('a tool filter and a text search find exactly the cases whose tool names match, however the names are written', async () => {
      // Names built from the characters of the tools text itself: its test of the text must never decide alone.
      const name = fc.string({
        unit: fc.constantFrom('a', 'B', ':', '{', '}', ',', '"', '\\', '%', '_', '\n'),
        maxLength: 5,
      });
      const store = await fresh();
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.uniqueArray(name, { maxLength: 4 }), { minLength: 1, maxLength: 12 }),
            fc.array(name, { minLength: 1, maxLength: 6 }),
            async (toolLists, asked) => {
              // The tricky lists first: a name ending in ',' beside one starting ':{}' hides ':{},' between them.
              const lists = [['a,', ':{}q'], ['x:{},', ':{}y'], ...toolLists];
              const lines = lists.map((tools, i) => scored(`c${i}`, i, 0.5, 'F', 'FAIL', tools));
              const id = await keep(store, lines);
              for (const tool of [':{},', 'q', ...asked, ...toolLists.flat()]) {
                const want = lists.flatMap((tools, i) => (tools.includes(tool) ? [`c${i}`] : []));
                const page = await store.listCases(id, { tool, limit: 1000 });
                expect([tool, page.total, page.items.map((item) => item.id)]).toEqual([tool, want.length, want]);
                if (tool === '') continue;
                const folded = tool.toLowerCase();
                const mention = lists.flatMap((tools, i) =>
                  tools.some((t) => t.toLowerCase().includes(folded)) || `c${i}`.includes(folded) ? [`c${i}`] : [],
                );
                const found = await store.listCases(id, { text: tool, limit: 1000 });
                expect([tool, found.items.map((item) => item.id)]).toEqual([tool, mention]);
              }
            },
          ),
          { numRuns: 15, seed: 20261204 },
        );
      } finally {
        await store.close();
      }
    });

    test("lines given with their columns (as batch's scoring threads read them) are kept as the same lines parsed", async () => {
      const store = await fresh();
      try {
        const parsed = await keep(store, RUN_A);
        const writer = await store.begin(newRun());
        await writer.addText(jsonl(RUN_A), chunkColumns(RUN_A));
        const given = await writer.commit({ finished_at: '2026-12-01T10:05:00.000Z', summary: {} });
        const { id: _parsed, ...parsedRun } = (await store.listRuns()).items.find((run) => run.id === parsed)!;
        const { id: _given, ...givenRun } = (await store.listRuns()).items.find((run) => run.id === given)!;
        expect({ ...givenRun, pass_rate: 0.6, pass_hat_k: { '1': 0.5 } }).toEqual(parsedRun);
        expect((await store.listCases(given)).items).toEqual((await store.listCases(parsed)).items);
        expect((await store.getCase(given, 3))?.line).toEqual(RUN_A[3]);
        expect(await store.toolChanges(given, given)).toEqual(await store.toolChanges(parsed, parsed));
      } finally {
        await store.close();
      }
    });

    test('one case in full: the line as written, and the report when one was kept', async () => {
      const store = await fresh();
      try {
        const id = await keep(store, RUN_A);
        expect((await store.getCase(id, 1))?.line).toEqual(RUN_A[1]);
        expect((await store.getCase(id, 1))?.detail).toBeNull();
        expect(await store.getCase(id, 5)).toBeUndefined();
        const writer = await store.begin(newRun({ command: 'eval' }));
        await writer.addLine(RUN_B[0]!, { score: 0.7, tool_calls: [{ tool: 'refund', arguments: { order: 7 } }] });
        const single = await writer.commit({ finished_at: '2026-12-01T10:00:01.000Z', summary: null });
        expect(await store.getCase(single, 0)).toEqual({
          position: 0,
          id: 'refund-1',
          trial: null,
          score: 0.7,
          grade: 'C',
          verdict: 'WARN',
          issue_kind: null,
          problem: null,
          tools: ['refund'],
          error: null,
          line: RUN_B[0],
          detail: { score: 0.7, tool_calls: [{ tool: 'refund', arguments: { order: 7 } }] },
        });
        expect((await store.getRun(single))?.summary).toBeNull();
      } finally {
        await store.close();
      }
    });

    test("two runs' tools side by side: how many cases list each, their mean score and failures", async () => {
      const store = await fresh();
      try {
        const a = await keep(store, RUN_A);
        const b = await keep(store, RUN_B);
        expect(await store.toolChanges(a, b)).toEqual(TOOL_CHANGES_A_B);
        const same = await store.toolChanges(b, b);
        expect(same.map((change) => [change.tool, change.a?.cases, change.b?.cases])).toEqual([
          ['book"x', 1, 1],
          ['refund', 2, 2],
          ['search', 1, 1],
        ]);
        expect((await store.toolChanges(b, b + 1)).map((change) => [change.tool, change.b])).toEqual([
          ['book"x', null],
          ['refund', null],
          ['search', null],
        ]);
        expect(await store.toolChanges(b + 1, b + 2)).toEqual([]);
      } finally {
        await store.close();
      }
    });

    test("two runs' cases joined by id and trial: regressed first, then improved, then the rest", async () => {
      const store = await fresh();
      try {
        const a = await keep(store, RUN_A);
        const b = await keep(store, RUN_B, { started_at: '2026-12-02T10:00:00.000Z' });
        const joined = await store.joinCases(a, b);
        expect(joined.total).toBe(6);
        expect(joined.items.map((item) => [item.id, item.trial, item.change, item.a?.score, item.b?.score])).toEqual([
          ['refund-1', null, 'regressed', 0.95, 0.7],
          ['search_%', null, 'improved', null, 0.6],
          ['refund-2', null, 'improved', 0.5, 0.9],
          ['trip', 1, 'same', 0.8, 0.8],
          ['trip', 2, 'removed', 1, undefined],
          ['new', null, 'added', undefined, 1],
        ]);
        expect(joined.items[4]!.b).toBeNull();
        const changed = await store.joinCases(a, b, { change: ['regressed', 'improved'], limit: 2, offset: 1 });
        expect([changed.total, changed.items.map((item) => item.id)]).toEqual([3, ['search_%', 'refund-2']]);
        const trips = await store.joinCases(a, b, { text: 'TRIP' });
        expect(trips.items.map((item) => item.trial)).toEqual([1, 2]);
        expect(trips.changes).toEqual({ regressed: 0, improved: 0, same: 1, added: 0, removed: 1 });
      } finally {
        await store.close();
      }
    });

    test('two runs compared: how many cases changed each way, in one count', async () => {
      const store = await fresh();
      try {
        const a = await keep(store, RUN_A);
        const b = await keep(store, RUN_B, { started_at: '2026-12-02T10:00:00.000Z' });
        const every = { regressed: 1, improved: 2, same: 1, added: 1, removed: 1 };
        expect(await store.changeCounts(a, b)).toEqual(every);
        expect((await store.joinCases(a, b, { change: ['added'] })).changes).toEqual(every);
        // Swapped, regressed and improved swap and so do added and removed (search_% was not scored in a:
        // going back it regressed).
        expect(await store.changeCounts(b, a)).toEqual({ regressed: 2, improved: 1, same: 1, added: 1, removed: 1 });
        expect(await store.changeCounts(a, a)).toEqual({ regressed: 0, improved: 0, same: 5, added: 0, removed: 0 });
        // The text is looked for in the id and in either run's problem (refund-2's is only in a).
        expect(await store.changeCounts(a, b, 'never CALLED')).toEqual({
          regressed: 0,
          improved: 1,
          same: 0,
          added: 0,
          removed: 0,
        });
        expect(await store.changeCounts(a, b, 'refund')).toEqual({
          regressed: 1,
          improved: 1,
          same: 0,
          added: 0,
          removed: 0,
        });
        expect(await store.changeCounts(a, b + 1)).toEqual({
          regressed: 0,
          improved: 0,
          same: 0,
          added: 0,
          removed: 5,
        });
      } finally {
        await store.close();
      }
    });

    test('the joined cases paged one at a time are the whole join in order, with or without filters', async () => {
      const store = await fresh();
      try {
        const a = await keep(store, RUN_A);
        const b = await keep(store, RUN_B, { started_at: '2026-12-02T10:00:00.000Z' });
        const walk = async (query: { change?: CaseChange[]; text?: string }) => {
          const seen: string[] = [];
          for (let offset = 0; offset < 8; offset++) {
            const page = await store.joinCases(a, b, { ...query, offset, limit: 1 });
            for (const item of page.items)
              seen.push(`${item.id}${item.trial === null ? '' : `#${item.trial}`}:${item.change}`);
          }
          return seen;
        };
        expect(await walk({})).toEqual([
          'refund-1:regressed',
          'search_%:improved',
          'refund-2:improved',
          'trip#1:same',
          'trip#2:removed',
          'new:added',
        ]);
        expect(await walk({ change: ['improved', 'added'] })).toEqual([
          'search_%:improved',
          'refund-2:improved',
          'new:added',
        ]);
        expect(await walk({ change: ['removed', 'regressed'] })).toEqual(['refund-1:regressed', 'trip#2:removed']);
        // every id holding an "e" (any case), and the trip trials, whose problem in a ("date differs") does
        expect(await walk({ text: 'E' })).toEqual([
          'refund-1:regressed',
          'search_%:improved',
          'refund-2:improved',
          'trip#1:same',
          'new:added',
        ]);
        const paged = await store.joinCases(a, b, { offset: 2, limit: 3 });
        expect([paged.total, paged.items.map((item) => item.id)]).toEqual([6, ['refund-2', 'trip', 'trip']]);
        expect(paged.items[0]).toEqual({
          id: 'refund-2',
          trial: null,
          change: 'improved',
          a: {
            position: 1,
            id: 'refund-2',
            trial: null,
            score: 0.5,
            grade: 'F',
            verdict: 'FAIL',
            issue_kind: 'missing',
            problem: 'refund was never called',
            tools: ['refund'],
            error: null,
          },
          b: {
            position: 1,
            id: 'refund-2',
            trial: null,
            score: 0.9,
            grade: 'A',
            verdict: 'PASS',
            issue_kind: null,
            problem: null,
            tools: ['refund'],
            error: null,
          },
        });
        expect(await store.joinCases(a, b, { offset: 6 })).toMatchObject({ total: 6, items: [] });
        expect(await store.joinCases(a, b, { change: [] })).toMatchObject({ total: 0, items: [] });
      } finally {
        await store.close();
      }
    });

    test('runs listed newest first, filtered by command, branch and gold; deleted; pruned', async () => {
      const store = await fresh();
      try {
        const first = await keep(store, RUN_A);
        const second = await keep(store, RUN_B, {
          command: 'eval',
          git_branch: 'feature',
          gold: 'gold.json',
          started_at: '2026-12-03T10:00:00.000Z',
        });
        const third = await keep(store, RUN_B, { started_at: '2026-12-02T10:00:00.000Z' });
        const listed = async (query: Parameters<RunStore['listRuns']>[0]) => {
          const page = await store.listRuns(query);
          return [page.total, page.items.map((run) => run.id)];
        };
        expect(await listed({})).toEqual([3, [second, third, first]]);
        expect(await listed({ command: 'batch' })).toEqual([2, [third, first]]);
        expect(await listed({ branch: 'feature' })).toEqual([1, [second]]);
        expect(await listed({ gold: 'cases.jsonl', limit: 1, offset: 1 })).toEqual([2, [first]]);
        expect((await store.listRuns()).items[0]).not.toHaveProperty('summary');
        expect(await store.deleteRun(third)).toBe(true);
        expect(await store.deleteRun(third)).toBe(false);
        expect(await store.listCases(third)).toEqual({ total: 0, items: [] });
        expect(await listed({})).toEqual([2, [second, first]]);
        const fourth = await keep(store, RUN_A, { started_at: '2026-12-04T10:00:00.000Z' });
        expect(await store.prune(1)).toEqual([first, second]);
        expect(await listed({})).toEqual([1, [fourth]]);
        expect(await store.listCases(first)).toEqual({ total: 0, items: [] });
        expect(await store.prune(5)).toEqual([]);
      } finally {
        await store.close();
      }
    });

    test('an aborted run leaves nothing; a run being written is not seen before its commit', async () => {
      const store = await fresh();
      try {
        const writer = await store.begin(newRun());
        await writer.addText(jsonl(RUN_A));
        await writer.abort();
        expect(await store.listRuns()).toEqual({ total: 0, items: [] });
        const pending = await store.begin(newRun());
        await pending.addText(jsonl(RUN_A));
        if (subject().isolated) {
          const reader = await subject().open('read');
          try {
            expect((await reader.listRuns()).total).toBe(0);
            const id = await pending.commit({ finished_at: '2026-12-01T10:05:00.000Z', summary: {} });
            expect((await reader.listCases(id)).total).toBe(5);
          } finally {
            await reader.close();
          }
        } else await pending.commit({ finished_at: '2026-12-01T10:05:00.000Z', summary: {} });
        expect((await store.listRuns()).total).toBe(1);
      } finally {
        await store.close();
      }
    });

    test('opened to read, a store that does not exist yet is refused', async () => {
      await subject().reset();
      await expect(subject().open('read')).rejects.toThrow(/holds no runs yet: a command with --store creates it$/);
    });

    test("a database holding another program's toolscore_* tables is refused and left alone", async () => {
      await subject().reset();
      await subject().exec('CREATE TABLE toolscore_runs (x INTEGER)');
      await expect(subject().open('write')).rejects.toThrow(/holds tables that are not a toolscore store/);
    });

    test('a store of a newer schema is refused, opened to write or to read, and not changed', async () => {
      (await fresh()).close();
      await subject().exec(
        "INSERT INTO toolscore_migrations (version, applied_at, toolscore_version) VALUES (7, '2030-01-01', '9.0.0')",
      );
      for (const mode of ['write', 'read'] as const)
        await expect(subject().open(mode)).rejects.toThrow(
          /was written by a newer toolscore \(store schema 7; this one knows up to 3\): upgrade toolscore to use it; nothing was changed$/,
        );
    });

    test('an older store is upgraded by a writer, with its runs kept, and refused by a reader until then', async () => {
      const store = await fresh();
      const id = await keep(store, RUN_A);
      await store.close();
      const next: Migration = {
        version: 4,
        statements: {
          sqlite: ['ALTER TABLE toolscore_runs ADD COLUMN note TEXT'],
          postgres: ['ALTER TABLE toolscore_runs ADD COLUMN note TEXT'],
        },
      };
      await expect(subject().open('read', [...MIGRATIONS, next])).rejects.toThrow(
        /has store schema 3, older than 4: run a command with --store to upgrade it first$/,
      );
      const upgraded = await subject().open('write', [...MIGRATIONS, next]);
      try {
        expect((await upgraded.listCases(id)).total).toBe(5);
      } finally {
        await upgraded.close();
      }
      await expect(subject().open('write')).rejects.toThrow(/store schema 4; this one knows up to 3/);
    });

    test('a store of schema 1 (a results line in each case row; no page indexes, no tallies by tool) is upgraded to 3 and answers the same', async () => {
      await subject().reset();
      (await subject().open('write', MIGRATIONS.slice(0, 1))).close();
      // The rows a schema 1 writer kept, in SQL both databases run.
      const literal = (value: unknown) =>
        value === null
          ? 'NULL'
          : typeof value === 'number'
            ? String(value)
            : `'${String(value).replaceAll("'", "''")}'`;
      const keptAsSchema1 = async (id: number, started: string, lines: readonly Record<string, unknown>[]) => {
        await subject().exec(
          `INSERT INTO toolscore_runs (command, started_at, finished_at, toolscore_version, options, cases, errors, verdict_pass, verdict_warn, verdict_fail, summary)
           VALUES ('batch', '${started}', '${started}', '0.1.0', '{}', ${lines.length}, 0, 0, 0, 0, 'null')`,
        );
        for (const [position, line] of lines.entries()) {
          const [caseId, ...columns] = lineColumns(line);
          const detail = position === 0 ? JSON.stringify({ score: 1, report: "it's whole" }) : null;
          const values = [id, position, caseId ?? String(position), ...columns, JSON.stringify(line), detail];
          await subject().exec(
            `INSERT INTO toolscore_cases (run_id, position, case_id, trial, score, grade, verdict, issue_kind, problem, tools, error, line, detail)
             VALUES (${values.map(literal).join(', ')})`,
          );
        }
      };
      // A new store numbers its runs from 1.
      const [a, b] = [1, 2];
      await keptAsSchema1(a, '2026-12-01T10:00:00.000Z', RUN_A);
      await keptAsSchema1(b, '2026-12-02T10:00:00.000Z', RUN_B);
      await expect(subject().open('read')).rejects.toThrow(
        /has store schema 1, older than 3: run a command with --store to upgrade it first$/,
      );
      (await subject().open('write')).close();
      const store = await subject().open('read');
      try {
        expect(await store.changeCounts(a, b)).toEqual({ regressed: 1, improved: 2, same: 1, added: 1, removed: 1 });
        const joined = await store.joinCases(a, b, { limit: 2 });
        expect(joined.items.map((item) => [item.id, item.change, item.a?.score, item.b?.score])).toEqual([
          ['refund-1', 'regressed', 0.95, 0.7],
          ['search_%', 'improved', null, 0.6],
        ]);
        const listed = await store.listCases(b, { tool: 'refund', text: 'REF', sort: '-score' });
        expect([listed.total, listed.items.map((item) => item.id)]).toEqual([2, ['refund-2', 'refund-1']]);
        // Filled from the kept cases by the upgrade: the numbers of the test above, to the value.
        expect(await store.toolChanges(a, b)).toEqual(TOOL_CHANGES_A_B);
        expect((await store.listRuns()).total).toBe(2);
        // Each line kept as a chunk of one, with its report.
        expect(await store.getCase(a, 3)).toMatchObject({ id: 'trip', line: RUN_A[3], detail: null });
        expect(await store.getCase(b, 0)).toMatchObject({ line: RUN_B[0], detail: { score: 1, report: "it's whole" } });
        expect(await store.getCase(b, 5)).toBeUndefined();
        // and a run kept after the upgrade lands beside them.
        const writer = await subject().open('write');
        const c = await keep(writer, RUN_B);
        await writer.close();
        expect(await store.getCase(c, 4)).toMatchObject({ id: 'new', line: RUN_B[4] });
      } finally {
        await store.close();
      }
    });
  });
}
