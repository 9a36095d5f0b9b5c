import { h } from 'preact';
import { displayText } from '../../reports/text.js';
import type { CaseChange, CaseRecord, RunStore, StoredRun, ToolChange } from '../../store/types.js';
import { signTestP } from '../../trials/sign-test.js';
import type { LinkQuery } from '../links.js';
import {
  FilterForm,
  Pager,
  type PageContext,
  Section,
  Select,
  Table,
  TextField,
  VerdictBadge,
  Score,
  percentOrDash,
  renderPage,
} from '../layout.js';
import { type CompareParams, pageCount } from '../query.js';
import { VIEW_COLUMNS, VIEW_TEXT, runName, signTestText } from '../text.js';

const CHANGES: readonly CaseChange[] = ['regressed', 'improved', 'same', 'added', 'removed'];

/** `+5.0 pts` / `−12.5 pts` between two scores (in percentage points), or a dash. */
function delta(a: number | null | undefined, b: number | null | undefined) {
  if (a === null || a === undefined || b === null || b === undefined)
    return h('span', { class: 'none' }, VIEW_TEXT.none);
  const points = (b - a) * 100;
  const text = `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points).toFixed(1)} pts`;
  return h('span', { class: points > 0 ? 'delta up' : points < 0 ? 'delta down' : 'delta' }, text);
}

/** Each tool of either run side by side, the largest drop in mean score first. */
function toolRows(tools: readonly ToolChange[]) {
  const change = ({ a, b }: ToolChange) =>
    a === null || b === null || a.mean_score === null || b.mean_score === null
      ? Number.POSITIVE_INFINITY
      : b.mean_score - a.mean_score;
  return [...tools]
    .sort((x, y) => change(x) - change(y) || (x.tool < y.tool ? -1 : x.tool > y.tool ? 1 : 0))
    .map(({ tool, a: x, b: y }) =>
      h(
        'tr',
        { 'data-tool': tool },
        h('th', { scope: 'row', class: 'tool' }, displayText(tool)),
        h('td', { class: 'num' }, x?.cases ?? 0),
        h('td', { class: 'num' }, y?.cases ?? 0),
        h('td', { class: 'num' }, percentOrDash(x?.mean_score)),
        h('td', { class: 'num' }, percentOrDash(y?.mean_score)),
        h('td', { class: 'num' }, delta(x?.mean_score, y?.mean_score)),
        h('td', { class: 'num' }, `${x?.failed ?? 0} → ${y?.failed ?? 0}`),
      ),
    );
}

/** A side's score linked to its case page. */
function side(context: PageContext, run: StoredRun, record: CaseRecord | null) {
  if (record === null)
    return [h('td', { class: 'num' }, h('span', { class: 'none' }, VIEW_TEXT.none)), h('td', null, '')];
  return [
    h(
      'td',
      { class: 'num' },
      h('a', { href: context.links.case(run.id, record.position) }, Score({ score: record.score })),
    ),
    h('td', null, VerdictBadge({ verdict: record.verdict })),
  ];
}

/** Two runs compared: change counts with the sign test, headline numbers, per-tool changes, the case matrix. */
export async function comparePage(
  store: RunStore,
  context: PageContext,
  runA: number,
  runB: number,
  params: CompareParams,
): Promise<string | undefined> {
  const { links } = context;
  const [a, b] = await Promise.all([store.getRun(runA), store.getRun(runB)]);
  if (a === undefined || b === undefined) return undefined;
  // One after the other: a PostgreSQL connection runs one query at a time.
  const joined = await store.joinCases(runA, runB, params.query);
  const tools = await store.toolChanges(runA, runB);
  // The joined page counts the cases holding the text; the cards and the sign test are of every case.
  const counts = params.q === undefined ? joined.changes : await store.changeCounts(runA, runB);
  const pages = pageCount(joined.total, params.page);
  const query: LinkQuery = { change: params.change, q: params.q };
  const p = signTestP(counts.improved, counts.regressed);
  const headline = (name: string, x: string, y: string, d?: ReturnType<typeof delta>) =>
    h(
      'tr',
      null,
      h('th', { scope: 'row' }, name),
      h('td', { class: 'num' }, x),
      h('td', { class: 'num' }, y),
      h('td', { class: 'num' }, d ?? ''),
    );
  const title = `${runName(a.id)} → ${runName(b.id)}`;
  return renderPage(context, title, [
    h('p', { class: 'crumbs' }, h('a', { href: links.runs() }, VIEW_TEXT.runsTitle), ' / ', title),
    h('h1', null, title),
    h(
      'p',
      { class: 'muted' },
      h('a', { href: links.run(a.id) }, `A: ${runName(a.id)}`),
      ` (${a.command}, ${a.started_at})  ·  `,
      h('a', { href: links.run(b.id) }, `B: ${runName(b.id)}`),
      ` (${b.command}, ${b.started_at})`,
    ),
    Section({
      id: 'changes',
      title: VIEW_TEXT.changes,
      children: [
        h(
          'div',
          { class: 'cards' },
          CHANGES.map((change) =>
            h(
              'div',
              {
                class: `card ${change === 'regressed' ? 'band-bad' : change === 'improved' ? 'band-good' : ''}`,
                id: `count-${change}`,
              },
              h('div', { class: 'name' }, change),
              h('div', { class: 'value' }, counts[change].toLocaleString('en-US')),
            ),
          ),
        ),
        h('p', { id: 'sign-test' }, signTestText(counts.improved, counts.regressed, p)),
        Table({
          id: 'headline-table',
          caption: VIEW_TEXT.changes,
          columns: [
            { text: 'Measure' },
            { text: 'A', numeric: true },
            { text: 'B', numeric: true },
            { text: VIEW_COLUMNS.delta, numeric: true },
          ],
          children: [
            headline(VIEW_COLUMNS.cases, String(a.cases), String(b.cases)),
            headline(
              VIEW_COLUMNS.meanScore,
              percentOrDash(a.mean_score),
              percentOrDash(b.mean_score),
              delta(a.mean_score, b.mean_score),
            ),
            headline(
              VIEW_COLUMNS.passRate,
              percentOrDash(a.pass_rate),
              percentOrDash(b.pass_rate),
              delta(a.pass_rate, b.pass_rate),
            ),
            headline(
              VIEW_COLUMNS.verdicts,
              `${a.verdicts.PASS} / ${a.verdicts.WARN} / ${a.verdicts.FAIL}`,
              `${b.verdicts.PASS} / ${b.verdicts.WARN} / ${b.verdicts.FAIL}`,
            ),
          ],
        }),
      ],
    }),
    Section({
      id: 'per-tool',
      title: VIEW_TEXT.perToolChanges,
      children: Table({
        id: 'tools-table',
        caption: VIEW_TEXT.perToolChanges,
        columns: [
          { text: VIEW_COLUMNS.tool },
          { text: `${VIEW_COLUMNS.cases} A`, numeric: true },
          { text: `${VIEW_COLUMNS.cases} B`, numeric: true },
          { text: `${VIEW_COLUMNS.meanScore} A`, numeric: true },
          { text: `${VIEW_COLUMNS.meanScore} B`, numeric: true },
          { text: VIEW_COLUMNS.delta, numeric: true },
          { text: `${VIEW_COLUMNS.failed} A → B`, numeric: true },
        ],
        children: toolRows(tools),
      }),
    }),
    Section({
      id: 'matrix',
      title: VIEW_TEXT.matrix,
      children: [
        links.served
          ? FilterForm({
              action: links.compare(runA, runB),
              clear: links.compare(runA, runB),
              children: [
                Select({ name: 'change', label: VIEW_TEXT.change, value: params.change, values: CHANGES }),
                TextField({ name: 'q', label: VIEW_TEXT.search, value: params.q, type: 'search' }),
              ],
            })
          : h('p', { class: 'note' }, VIEW_TEXT.exportedFilters),
        joined.total === 0
          ? h('p', { class: 'none' }, VIEW_TEXT.noJoined)
          : Table({
              id: 'matrix-table',
              caption: VIEW_TEXT.matrix,
              columns: [
                { text: VIEW_COLUMNS.id },
                { text: VIEW_COLUMNS.trial, numeric: true },
                { text: VIEW_TEXT.change },
                { text: `${runName(a.id)} ${VIEW_COLUMNS.score.toLowerCase()}`, numeric: true },
                { text: `${runName(a.id)} ${VIEW_COLUMNS.verdict.toLowerCase()}` },
                { text: `${runName(b.id)} ${VIEW_COLUMNS.score.toLowerCase()}`, numeric: true },
                { text: `${runName(b.id)} ${VIEW_COLUMNS.verdict.toLowerCase()}` },
                { text: VIEW_COLUMNS.delta, numeric: true },
                { text: VIEW_COLUMNS.problem },
              ],
              children: joined.items.map((item) =>
                h(
                  'tr',
                  { 'data-change': item.change },
                  h('th', { scope: 'row', class: 'id' }, displayText(item.id)),
                  h('td', { class: 'num' }, item.trial ?? ''),
                  h('td', null, h('span', { class: `change ${item.change}` }, item.change)),
                  side(context, a, item.a),
                  side(context, b, item.b),
                  h('td', { class: 'num' }, delta(item.a?.score, item.b?.score)),
                  h('td', null, displayText(item.b?.problem ?? item.a?.problem ?? '')),
                ),
              ),
            }),
        Pager({
          id: 'matrix-pager',
          page: params.page,
          pages,
          total: joined.total,
          noun: 'cases',
          href: (page) => links.compare(runA, runB, { ...query, page }),
        }),
      ],
    }),
  ]);
}
