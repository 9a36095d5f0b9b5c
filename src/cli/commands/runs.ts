import { ToolscoreInputError } from '../../core/errors.js';
import { displayText } from '../../reports/text.js';
import { DEFAULT_STORE, openStore, storeOf } from '../../store/open.js';
import type { RunRecord, RunStore, StoredCommand } from '../../store/types.js';
import type { StoreFlags } from '../store-run.js';
import { numberFlag } from '../scoring-flags.js';
import { RUNS_TEXT, deletedText, moreRunsText, noRunText, prunedText, runIdText } from './runs-text.js';

/** Flags of `toolscore runs list`. */
export interface RunsListFlags extends StoreFlags {
  command?: StoredCommand;
  branch?: string;
  gold?: string;
  /** As typed. */
  limit?: string;
  offset?: string;
  json?: boolean;
}

/** Flags of `toolscore runs show`. */
export interface RunsShowFlags extends StoreFlags {
  json?: boolean;
}

/** Flags of `toolscore runs prune`. */
export interface RunsPruneFlags extends StoreFlags {
  /** As typed: how many of the newest runs stay. */
  keep: string;
}

/** The store `runs` reads: `--store`, else TOOLSCORE_STORE, else the project's file. */
async function withStore<T>(flags: StoreFlags, mode: 'read' | 'write', use: (store: RunStore) => Promise<T>) {
  const store = await openStore(storeOf(flags.store ?? true, process.env) ?? DEFAULT_STORE, mode);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

function runId(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new ToolscoreInputError({ source: 'run id' }, runIdText(text));
  return Number(text);
}

const score = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** Rows padded into columns, every cell escaped for the terminal. */
function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, k) => cell.padEnd(widths[k]!))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}

function runRow(run: RunRecord): string[] {
  return [
    String(run.id),
    run.started_at.slice(0, 16).replace('T', ' '),
    run.command,
    run.git_branch ?? '–',
    run.git_commit?.slice(0, 7) ?? '–',
    String(run.cases),
    score(run.mean_score),
    `${run.verdicts.PASS}/${run.verdicts.WARN}/${run.verdicts.FAIL}`,
    run.gold ?? '–',
  ].map(displayText);
}

/** `toolscore runs list`: the kept runs, newest first. */
export async function runRunsList(flags: RunsListFlags): Promise<number> {
  const limit = numberFlag(flags.limit, '--limit', true) ?? 20;
  const offset = numberFlag(flags.offset, '--offset', true) ?? 0;
  return withStore(flags, 'read', async (store) => {
    const page = await store.listRuns({
      command: flags.command,
      branch: flags.branch,
      gold: flags.gold,
      limit,
      offset,
    });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(page, null, 2)}\n`);
      return 0;
    }
    if (page.total === 0) {
      process.stdout.write(`${RUNS_TEXT.none}\n`);
      return 0;
    }
    process.stdout.write(table([[...RUNS_TEXT.header], ...page.items.map(runRow)]));
    if (page.items.length < page.total) process.stdout.write(`${moreRunsText(page.items.length, page.total)}\n`);
    return 0;
  });
}

/** `toolscore runs show ID`: one run, its options, and its lowest-scoring cases. */
export async function runRunsShow(idText: string, flags: RunsShowFlags): Promise<number> {
  const id = runId(idText);
  return withStore(flags, 'read', async (store) => {
    const run = await store.getRun(id);
    if (run === undefined) throw new ToolscoreInputError({ source: 'runs show' }, noRunText(id, store.label));
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
      return 0;
    }
    const fields: [string, string][] = [
      ['command', run.command],
      ['started', run.started_at],
      ['finished', run.finished_at],
      ['toolscore', run.toolscore_version],
      ['branch', run.git_branch ?? '–'],
      ['commit', run.git_commit ?? '–'],
      [
        'gold',
        run.gold === null ? '–' : `${run.gold}${run.gold_sha256 === null ? '' : ` (sha256 ${run.gold_sha256})`}`,
      ],
      ['tools', run.tools_sha256 === null ? '–' : `sha256 ${run.tools_sha256}`],
      ['cases', `${run.cases} (${run.errors} not scored)`],
      ['mean score', score(run.mean_score)],
      ['pass/warn/fail', `${run.verdicts.PASS}/${run.verdicts.WARN}/${run.verdicts.FAIL}`],
      ...(run.pass_rate === null ? [] : [['pass rate', score(run.pass_rate)] as [string, string]]),
      ...(run.pass_hat_k === null
        ? []
        : [
            [
              'pass^k',
              Object.entries(run.pass_hat_k)
                .map(([k, value]) => `${k}: ${value.toFixed(3)}`)
                .join(', '),
            ] as [string, string],
          ]),
      ['options', JSON.stringify(run.options)],
    ];
    process.stdout.write(table(fields.map(([name, value]) => [`${name}:`, displayText(value)])));
    const worst = await store.listCases(id, { sort: 'score', errors: false, limit: 10 });
    if (worst.items.length > 0) {
      process.stdout.write(`${RUNS_TEXT.worst}\n`);
      process.stdout.write(
        table(
          worst.items.map((item) =>
            [
              `  ${item.id}${item.trial === null ? '' : `#${item.trial}`}`,
              score(item.score),
              item.grade ?? '',
              item.problem ?? '',
            ].map(displayText),
          ),
        ),
      );
    }
    return 0;
  });
}

/** `toolscore runs delete ID...`: every id must name a run, or nothing is deleted. */
export async function runRunsDelete(idTexts: string[], flags: StoreFlags): Promise<number> {
  const ids = idTexts.map(runId);
  return withStore(flags, 'write', async (store) => {
    for (const id of ids)
      if ((await store.getRun(id)) === undefined)
        throw new ToolscoreInputError({ source: 'runs delete' }, noRunText(id, store.label));
    for (const id of ids) if (await store.deleteRun(id)) process.stdout.write(`${deletedText(id)}\n`);
    return 0;
  });
}

/** `toolscore runs prune --keep N`: the newest N runs stay, the others go. */
export async function runRunsPrune(flags: RunsPruneFlags): Promise<number> {
  const keep = numberFlag(flags.keep, '--keep', true)!;
  return withStore(flags, 'write', async (store) => {
    const deleted = await store.prune(keep);
    const { total } = await store.listRuns({ limit: 1 });
    process.stdout.write(`${prunedText(deleted.length, total)}\n`);
    return 0;
  });
}
