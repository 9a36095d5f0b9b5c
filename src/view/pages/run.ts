import { h, type ComponentChild } from 'preact';
import { GRADES } from '../../core/grade.js';
import { ISSUE_KINDS } from '../../core/issues.js';
import { displayText } from '../../reports/text.js';
import type { RunStore, StoredRun } from '../../store/types.js';
import type { LinkQuery } from '../links.js';
import {
  type Column,
  FilterForm,
  Pager,
  type PageContext,
  Section,
  Select,
  Table,
  TextField,
  VerdictBadge,
  Score,
  changed,
  passHatKText,
  percentOrDash,
  renderPage,
  shortCommit,
} from '../layout.js';
import { type CasesParams, pageCount } from '../query.js';
import { VIEW_COLUMNS, VIEW_TEXT, runName } from '../text.js';

/** The run's headline numbers, as the report's metric cards. */
function Headline(props: { run: StoredRun }): ComponentChild {
  const { run } = props;
  const card = (id: string, name: string, value: string) =>
    h('div', { class: 'card', id }, h('div', { class: 'name' }, name), h('div', { class: 'value' }, value));
  return h(
    'div',
    { class: 'cards', id: 'headline' },
    card('run-cases', VIEW_COLUMNS.cases, run.cases.toLocaleString('en-US')),
    card('run-errors', VIEW_COLUMNS.errors, run.errors.toLocaleString('en-US')),
    card('run-score', VIEW_COLUMNS.meanScore, percentOrDash(run.mean_score)),
    card('run-pass-rate', VIEW_COLUMNS.passRate, percentOrDash(run.pass_rate)),
    card('run-pass-hat-k', VIEW_COLUMNS.passHatK, passHatKText(run.pass_hat_k)),
    card('run-verdicts', VIEW_COLUMNS.verdicts, `${run.verdicts.PASS} / ${run.verdicts.WARN} / ${run.verdicts.FAIL}`),
  );
}

/** Where the run came from: when, which command and options, git, gold and tools hashes. */
function RunFacts(props: { run: StoredRun }): ComponentChild {
  const { run } = props;
  const row = (name: string, value: string) =>
    h('tr', null, h('th', { scope: 'row' }, name), h('td', { class: 'id' }, value));
  return h(
    'details',
    { id: 'run-facts' },
    h('summary', null, 'Where this run came from'),
    h(
      'table',
      null,
      h(
        'tbody',
        null,
        row(VIEW_COLUMNS.started, `${run.started_at} → ${run.finished_at}`),
        row(VIEW_COLUMNS.command, run.command),
        row(VIEW_COLUMNS.branch, run.git_branch === null ? VIEW_TEXT.none : displayText(run.git_branch)),
        row(VIEW_COLUMNS.commit, run.git_commit ?? VIEW_TEXT.none),
        row(VIEW_COLUMNS.gold, run.gold === null ? VIEW_TEXT.none : displayText(run.gold)),
        row('gold sha256', run.gold_sha256 ?? VIEW_TEXT.none),
        row('tools sha256', run.tools_sha256 ?? VIEW_TEXT.none),
        row('toolscore', run.toolscore_version),
        row('options', displayText(JSON.stringify(run.options))),
      ),
    ),
  );
}

/** One run: its headline, filters, and its cases, sorted and paged by the store. */
export async function runPage(
  store: RunStore,
  context: PageContext,
  runId: number,
  params: CasesParams,
): Promise<string | undefined> {
  const { links } = context;
  const [run, cases] = await Promise.all([store.getRun(runId), store.listCases(runId, params.query)]);
  if (run === undefined) return undefined;
  const pages = pageCount(cases.total, params.page);
  const query: LinkQuery = {
    sort: params.sort === 'position' ? undefined : params.sort,
    grade: params.grade,
    tool: params.tool,
    kind: params.kind,
    errors: params.errors,
    q: params.q,
  };
  const sortBy = (sort: string) => (links.served ? links.run(runId, changed(query, 'sort', sort)) : undefined);
  const sorted = (text: string, ascending: string, descending: string | undefined, numeric = false): Column => {
    const href = sortBy(params.sort === ascending && descending !== undefined ? descending : ascending);
    if (href === undefined) return { text, numeric };
    const current =
      params.sort === ascending
        ? 'ascending'
        : descending !== undefined && params.sort === descending
          ? 'descending'
          : undefined;
    const next =
      current === 'ascending' && descending !== undefined
        ? `${text.toLowerCase()}, highest first`
        : `${text.toLowerCase()}${descending === undefined ? '' : ', lowest first'}`;
    return { text, numeric, sort: { current, href, next } };
  };
  const columns: Column[] = [
    sorted(VIEW_COLUMNS.position, 'position', undefined, true),
    sorted(VIEW_COLUMNS.id, 'id', undefined),
    { text: VIEW_COLUMNS.trial, numeric: true },
    sorted(VIEW_COLUMNS.score, 'score', '-score', true),
    { text: VIEW_COLUMNS.grade },
    { text: VIEW_COLUMNS.verdict },
    { text: VIEW_COLUMNS.issue },
    { text: VIEW_COLUMNS.problem },
    { text: VIEW_COLUMNS.tools },
  ];
  const rows = cases.items.map((item) =>
    h(
      'tr',
      { 'data-position': item.position, 'data-verdict': item.verdict ?? 'none' },
      h('td', { class: 'num' }, item.position),
      h('th', { scope: 'row', class: 'id' }, h('a', { href: links.case(runId, item.position) }, displayText(item.id))),
      h('td', { class: 'num' }, item.trial ?? ''),
      h('td', { class: 'num' }, Score({ score: item.score })),
      h('td', null, item.grade ?? ''),
      h('td', null, VerdictBadge({ verdict: item.verdict })),
      h('td', null, item.issue_kind ?? ''),
      h(
        'td',
        { class: item.error === null ? undefined : 'error' },
        item.problem === null ? '' : displayText(item.problem),
      ),
      h('td', { class: 'tool' }, item.tools.map(displayText).join(', ')),
    ),
  );
  const filters = links.served
    ? FilterForm({
        action: links.run(runId),
        clear: links.run(runId),
        children: [
          TextField({ name: 'q', label: VIEW_TEXT.search, value: params.q, type: 'search' }),
          Select({ name: 'grade', label: VIEW_TEXT.grade, value: params.grade, values: GRADES }),
          TextField({ name: 'tool', label: VIEW_TEXT.tool, value: params.tool }),
          Select({ name: 'kind', label: VIEW_TEXT.kind, value: params.kind, values: ISSUE_KINDS }),
          Select({
            name: 'errors',
            label: VIEW_TEXT.lines,
            value: params.errors,
            values: [
              ['only', VIEW_TEXT.linesOnlyErrors],
              ['none', VIEW_TEXT.linesOnlyScored],
            ],
          }),
          Select({
            name: 'sort',
            label: VIEW_TEXT.sort,
            value: params.sort === 'position' ? undefined : params.sort,
            values: (['score', '-score', 'id'] as const).map((sort) => [sort, VIEW_TEXT.sortNames[sort]] as const),
          }),
        ],
      })
    : h('p', { class: 'note' }, VIEW_TEXT.exportedFilters);
  const title = `${runName(run.id)} · ${run.command}${run.gold === null ? '' : ` · ${displayText(run.gold)}`}`;
  return renderPage(context, title, [
    h('p', { class: 'crumbs' }, h('a', { href: links.runs() }, VIEW_TEXT.runsTitle), ' / ', runName(run.id)),
    h('h1', null, title),
    h(
      'p',
      { class: 'muted' },
      `${run.started_at} · ${run.git_branch === null ? '' : `${displayText(run.git_branch)} `}${shortCommit(run.git_commit)}`,
    ),
    Headline({ run }),
    RunFacts({ run }),
    Section({
      id: 'cases',
      title: VIEW_TEXT.casesTitle,
      children: [
        filters,
        cases.total === 0
          ? h('p', { class: 'none', id: 'no-cases' }, VIEW_TEXT.noCases)
          : Table({
              id: 'cases-table',
              caption: `${VIEW_TEXT.casesTitle} of ${runName(run.id)}`,
              columns,
              children: rows,
            }),
        Pager({
          id: 'cases-pager',
          page: params.page,
          pages,
          total: cases.total,
          noun: 'cases',
          href: (page) => links.run(runId, { ...query, page }),
        }),
      ],
    }),
  ]);
}
