import { h, type ComponentChild } from 'preact';
import { redactDeep } from '../../metrics/security.js';
import { displayText } from '../../reports/text.js';
import type { RunStore } from '../../store/types.js';
import { type PageContext, Section, Table, VerdictBadge, Score, renderPage } from '../layout.js';
import { VIEW_COLUMNS, VIEW_TEXT, runName } from '../text.js';

/*
 * One case: what its results line says (score, top issue with its fix, per tool, metrics, turns), and,
 * when the run kept the case's report (eval does), its expected and actual calls side by side, every Top
 * issue with its argument differences, outcomes and the calls as recorded. Everything shown is masked
 * (credentials redacted, invisible characters written as escapes) before it is rendered.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON as shown: pretty, masked, each line's invisible characters escaped. */
function json(value: unknown): string {
  return (JSON.stringify(redactDeep(value), null, 2) ?? 'null')
    .split('\n')
    .map((line) => displayText(line))
    .join('\n');
}

/** A value in a cell: text as is (masked), anything else as compact JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? displayText(value) : displayText(JSON.stringify(redactDeep(value)) ?? 'undefined');
}

/** A two-column table of a record's keys and values. */
function KeyValues(props: { id: string; caption: string; record: Record<string, unknown> }): ComponentChild {
  return Table({
    id: props.id,
    caption: props.caption,
    columns: [{ text: VIEW_COLUMNS.key }, { text: VIEW_COLUMNS.value }],
    children: Object.entries(props.record).map(([key, value]) =>
      h(
        'tr',
        null,
        h('th', { scope: 'row', class: 'mono' }, displayText(key)),
        h('td', { class: 'mono' }, shown(value)),
      ),
    ),
  });
}

/** A list of calls (tool and arguments; an actual call's error). */
function Calls(props: { id: string; title: string; calls: readonly unknown[] }): ComponentChild {
  return h(
    'div',
    { id: props.id },
    h('h3', null, `${props.title} (${props.calls.length})`),
    props.calls.length === 0
      ? h('p', { class: 'none' }, VIEW_TEXT.none)
      : h(
          'ol',
          { class: 'calls-list', start: 0 },
          props.calls.map((call) => {
            const record = isRecord(call) ? call : {};
            const args = record.args;
            return h(
              'li',
              null,
              h('span', { class: 'tool' }, shown(record.tool ?? '')),
              args === null || args === undefined
                ? null
                : h(
                    'ul',
                    { class: 'args' },
                    Object.entries(isRecord(args) ? args : {}).map(([key, value]) =>
                      h('li', null, h('span', { class: 'key' }, `${displayText(key)}: `), shown(value)),
                    ),
                  ),
              typeof record.error === 'string' && record.error !== ''
                ? h('div', { class: 'error' }, displayText(record.error))
                : null,
            );
          }),
        ),
  );
}

/** The Top issues of a report, each with its fix and argument differences. */
function Issues(props: { issues: readonly unknown[] }): ComponentChild {
  return h(
    'ol',
    { class: 'issues', id: 'top-issues' },
    props.issues.map((issue) => {
      const record = isRecord(issue) ? issue : {};
      const diffs = Array.isArray(record.diffs) ? record.diffs.filter(isRecord) : [];
      return h(
        'li',
        { 'data-kind': String(record.kind ?? '') },
        h('strong', null, shown(record.problem ?? '')),
        h('div', { class: 'fix' }, shown(record.fix ?? '')),
        diffs.length === 0
          ? null
          : Table({
              id: `diffs-${String(record.expected_index ?? '')}-${String(record.actual_index ?? '')}`,
              caption: VIEW_TEXT.argumentDiffs,
              columns: [
                { text: VIEW_COLUMNS.argument },
                { text: VIEW_COLUMNS.difference },
                { text: VIEW_COLUMNS.expected },
                { text: VIEW_COLUMNS.actual },
              ],
              children: diffs.map((diff) =>
                h(
                  'tr',
                  { class: `diff ${String(diff.kind)}` },
                  h('th', { scope: 'row', class: 'mono' }, shown(diff.key ?? '')),
                  h('td', null, shown(diff.kind ?? '')),
                  h('td', { class: 'mono' }, 'expected' in diff ? shown(diff.expected) : VIEW_TEXT.none),
                  h('td', { class: 'mono' }, 'actual' in diff ? shown(diff.actual) : VIEW_TEXT.none),
                ),
              ),
            }),
      );
    }),
  );
}

/** The case page; undefined when the run has no case at that position. */
export async function casePage(
  store: RunStore,
  context: PageContext,
  runId: number,
  position: number,
): Promise<string | undefined> {
  const { links } = context;
  const stored = await store.getCase(runId, position);
  if (stored === undefined) return undefined;
  const trials =
    stored.trial === null ? undefined : await store.listCases(runId, { id: stored.id, sort: 'position', limit: 1000 });
  const line = stored.line;
  const detail = isRecord(stored.detail) ? stored.detail : undefined;
  const topIssue = isRecord(line.top_issue) ? line.top_issue : undefined;
  const name = `${displayText(stored.id)}${stored.trial === null ? '' : ` (trial ${stored.trial})`}`;
  const metrics = isRecord(detail?.metrics) ? detail.metrics : undefined;
  const sections: ComponentChild[] = [
    h(
      'div',
      { class: 'hero' },
      h(
        'div',
        null,
        h('span', { class: 'label' }, VIEW_COLUMNS.score),
        h('span', { class: 'big', id: 'case-score' }, Score({ score: stored.score })),
      ),
      h(
        'div',
        null,
        h('span', { class: 'label' }, VIEW_COLUMNS.grade),
        h('span', { class: 'big', id: 'case-grade' }, stored.grade ?? VIEW_TEXT.none),
      ),
      h(
        'div',
        null,
        h('span', { class: 'label' }, VIEW_COLUMNS.verdict),
        h('span', { id: 'case-verdict' }, VerdictBadge({ verdict: stored.verdict })),
      ),
    ),
    stored.error === null ? null : h('p', { class: 'error', id: 'case-error' }, displayText(stored.error)),
    detail !== undefined && Array.isArray(detail.top_issues) && detail.top_issues.length > 0
      ? Section({ id: 'issues', title: VIEW_TEXT.topIssues, children: Issues({ issues: detail.top_issues }) })
      : topIssue === undefined
        ? null
        : Section({ id: 'issues', title: VIEW_TEXT.topIssue, children: Issues({ issues: [topIssue] }) }),
    Section({
      id: 'calls',
      title: VIEW_TEXT.calls,
      children:
        detail !== undefined && Array.isArray(detail.gold_calls) && Array.isArray(detail.trace_calls)
          ? h(
              'div',
              { class: 'side' },
              Calls({ id: 'expected-calls', title: VIEW_TEXT.expected, calls: detail.gold_calls }),
              Calls({ id: 'actual-calls', title: VIEW_TEXT.actual, calls: detail.trace_calls }),
            )
          : h('p', { class: 'note', id: 'no-calls' }, VIEW_TEXT.noCallsKept),
    }),
    trials === undefined
      ? null
      : Section({
          id: 'trials',
          title: VIEW_TEXT.trials,
          children: Table({
            id: 'trials-table',
            caption: VIEW_TEXT.trials,
            columns: [
              { text: VIEW_COLUMNS.trial, numeric: true },
              { text: VIEW_COLUMNS.score, numeric: true },
              { text: VIEW_COLUMNS.verdict },
              { text: VIEW_COLUMNS.problem },
            ],
            children: trials.items.map((trial) =>
              h(
                'tr',
                { 'aria-current': trial.position === position ? 'page' : undefined },
                h(
                  'th',
                  { scope: 'row', class: 'num' },
                  h('a', { href: links.case(runId, trial.position) }, String(trial.trial ?? '')),
                ),
                h('td', { class: 'num' }, Score({ score: trial.score })),
                h('td', null, VerdictBadge({ verdict: trial.verdict })),
                h('td', null, trial.problem === null ? '' : displayText(trial.problem)),
              ),
            ),
          }),
        }),
    isRecord(line.turns)
      ? Section({
          id: 'turns',
          title: VIEW_TEXT.turns,
          children: KeyValues({ id: 'turns-table', caption: VIEW_TEXT.turns, record: line.turns }),
        })
      : null,
    isRecord(metrics?.outcome_metrics)
      ? Section({
          id: 'outcomes',
          title: VIEW_TEXT.outcomes,
          children: h('pre', { class: 'raw' }, json(metrics.outcome_metrics)),
        })
      : null,
    isRecord(line.tools) && Object.keys(line.tools).length > 0
      ? Section({
          id: 'tools',
          title: VIEW_TEXT.perTool,
          children: Table({
            id: 'tools-table',
            caption: VIEW_TEXT.perTool,
            columns: [
              { text: VIEW_COLUMNS.tool },
              { text: 'expected', numeric: true },
              { text: 'actual', numeric: true },
              { text: 'selection misses', numeric: true },
              { text: 'failed', numeric: true },
            ],
            children: Object.entries(line.tools).map(([tool, counts]) => {
              const record = isRecord(counts) ? counts : {};
              return h(
                'tr',
                null,
                h('th', { scope: 'row', class: 'tool' }, displayText(tool)),
                ...['expected_calls', 'actual_calls', 'selection_misses', 'failed_calls'].map((key) =>
                  h('td', { class: 'num' }, shown(record[key] ?? '')),
                ),
              );
            }),
          }),
        })
      : null,
    isRecord(line.metrics)
      ? Section({
          id: 'metrics',
          title: VIEW_TEXT.metrics,
          children: KeyValues({ id: 'metrics-table', caption: VIEW_TEXT.metrics, record: line.metrics }),
        })
      : null,
    h('details', { id: 'raw-line' }, h('summary', null, VIEW_TEXT.rawLine), h('pre', { class: 'raw' }, json(line))),
    detail !== undefined && Array.isArray(detail.trace_calls)
      ? h(
          'details',
          { id: 'raw-trace' },
          h('summary', null, VIEW_TEXT.rawTrace),
          h('pre', { class: 'raw' }, json(detail.trace_calls)),
        )
      : null,
  ];
  return renderPage(context, `${VIEW_TEXT.caseTitle} ${name} · ${runName(runId)}`, [
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: links.runs() }, VIEW_TEXT.runsTitle),
      ' / ',
      h('a', { href: links.run(runId) }, runName(runId)),
      ' / ',
      name,
    ),
    h('h1', { class: 'id' }, `${VIEW_TEXT.caseTitle} ${name}`),
    sections,
  ]);
}
