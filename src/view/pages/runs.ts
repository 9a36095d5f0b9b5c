import { h } from 'preact';
import { displayText } from '../../reports/text.js';
import type { RunRecord, RunStore } from '../../store/types.js';
import { TrendChart } from '../chart.js';
import {
  FilterForm,
  Pager,
  type PageContext,
  Section,
  Select,
  Table,
  TextField,
  passHatKText,
  percentOrDash,
  renderPage,
  shortCommit,
  Score,
} from '../layout.js';
import { type RunsParams, pageCount } from '../query.js';
import { VIEW_COLUMNS, VIEW_TEXT, runName } from '../text.js';

/** The most runs the trend draws and the filters offer (the store's largest page). */
const TREND_RUNS = 1000;

/** Distinct non-null values, in code-unit order. */
function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))].sort();
}

/** The run listed after `k` (older) with the same command and gold: what "vs previous" compares with. */
function previousOf(runs: readonly RunRecord[], k: number): RunRecord | undefined {
  const run = runs[k]!;
  return runs.slice(k + 1).find((other) => other.command === run.command && other.gold === run.gold);
}

/** The runs page: the trend, the filters, the runs newest first (with pass rate, pass^k, verdicts). */
export async function runsPage(store: RunStore, context: PageContext, params: RunsParams): Promise<string> {
  const { links } = context;
  const filters = { branch: params.branch, gold: params.gold };
  const [listed, trend, all] = await Promise.all([
    store.listRuns(params.query),
    store.listRuns({ ...filters, limit: TREND_RUNS }),
    links.served ? store.listRuns({ limit: TREND_RUNS }) : undefined,
  ]);
  const pages = pageCount(listed.total, params.page);
  const columns = [
    { text: VIEW_COLUMNS.run },
    { text: VIEW_COLUMNS.started },
    { text: VIEW_COLUMNS.command },
    { text: VIEW_COLUMNS.branch },
    { text: VIEW_COLUMNS.commit },
    { text: VIEW_COLUMNS.gold },
    { text: VIEW_COLUMNS.cases, numeric: true },
    { text: VIEW_COLUMNS.errors, numeric: true },
    { text: VIEW_COLUMNS.meanScore, numeric: true },
    { text: VIEW_COLUMNS.passRate, numeric: true },
    { text: VIEW_COLUMNS.passHatK, numeric: true },
    { text: VIEW_COLUMNS.verdicts, numeric: true },
    { text: VIEW_COLUMNS.compare },
  ];
  const rows = listed.items.map((run, k) => {
    const previous = previousOf(listed.items, k);
    return h(
      'tr',
      { 'data-run': run.id },
      h('th', { scope: 'row' }, h('a', { href: links.run(run.id) }, runName(run.id))),
      h('td', null, h('time', { dateTime: run.started_at }, run.started_at.replace('T', ' ').slice(0, 19))),
      h('td', null, run.command),
      h('td', null, run.git_branch === null ? VIEW_TEXT.none : displayText(run.git_branch)),
      h('td', { class: 'mono' }, shortCommit(run.git_commit)),
      h('td', { class: 'id' }, run.gold === null ? VIEW_TEXT.none : displayText(run.gold)),
      h('td', { class: 'num' }, run.cases.toLocaleString('en-US')),
      h('td', { class: 'num' }, run.errors.toLocaleString('en-US')),
      h('td', { class: 'num' }, Score({ score: run.mean_score })),
      h('td', { class: 'num' }, percentOrDash(run.pass_rate)),
      h('td', { class: 'num' }, passHatKText(run.pass_hat_k)),
      h('td', { class: 'num' }, `${run.verdicts.PASS} / ${run.verdicts.WARN} / ${run.verdicts.FAIL}`),
      h(
        'td',
        null,
        previous === undefined
          ? VIEW_TEXT.none
          : h(
              'a',
              {
                href: links.compare(previous.id, run.id),
                'aria-label': `${runName(run.id)} vs ${runName(previous.id)}`,
              },
              VIEW_TEXT.comparePrevious,
            ),
      ),
    );
  });
  const filterForm =
    all === undefined
      ? h('p', { class: 'note' }, VIEW_TEXT.exportedFilters)
      : FilterForm({
          action: links.runs(),
          clear: links.runs(),
          children: [
            Select({
              name: 'branch',
              label: VIEW_TEXT.branch,
              value: params.branch,
              values: distinct(all.items.map((run) => run.git_branch)),
            }),
            Select({
              name: 'gold',
              label: VIEW_TEXT.gold,
              value: params.gold,
              values: distinct(all.items.map((run) => run.gold)),
            }),
          ],
        });
  const compareForm = links.served
    ? h(
        'form',
        { class: 'filters', method: 'get', action: 'compare.html', 'aria-label': VIEW_TEXT.compareTitle },
        TextField({ name: 'a', label: VIEW_TEXT.compareBase, value: undefined, type: 'number' }),
        TextField({ name: 'b', label: VIEW_TEXT.compareHead, value: undefined, type: 'number' }),
        h('button', { type: 'submit' }, VIEW_TEXT.compareGo),
      )
    : null;
  return renderPage(context, VIEW_TEXT.runsTitle, [
    h('h1', null, VIEW_TEXT.runsTitle),
    filterForm,
    Section({ id: 'trend-section', title: VIEW_TEXT.trendTitle, children: TrendChart({ runs: trend.items }) }),
    Section({
      id: 'runs',
      title: `${VIEW_TEXT.runsTitle} (${listed.total.toLocaleString('en-US')})`,
      children:
        listed.total === 0
          ? h('p', { class: 'none' }, VIEW_TEXT.noRuns)
          : [
              Table({ id: 'runs-table', caption: VIEW_TEXT.runsTitle, columns, children: rows }),
              Pager({
                id: 'runs-pager',
                page: params.page,
                pages,
                total: listed.total,
                noun: 'runs',
                href: (page) => links.runs({ ...filters, page }),
              }),
              compareForm,
            ],
    }),
  ]);
}
