import { resolve } from 'node:path';
import {
  BAND_TEXT,
  FAILURE_TABLE,
  REPORT_COLUMNS,
  REPORT_TEXT,
  gateText,
  generatedText,
  scoreShareText,
  sourcesText,
} from '../text/report.js';
import { moreText, secondsText, usdText } from '../text/values.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { escapeXml as h } from './escape.js';
import { CHARTED_TOOLS, scoreMeter, toolChart } from './html-chart.js';
import { HTML_STYLE, HTML_STYLE_HASH } from './html-style.js';
import { OUTCOME_STYLE, OUTCOME_STYLE_HASH, stateTree } from './html-state.js';
import { percent } from './text.js';
import {
  buildReportView,
  type CallRowView,
  type CallView,
  type MetricRow,
  type ReportOptions,
  type ReportView,
} from './view-model.js';

/*
 * One self-contained page: no script, no external file, no request of any kind. Its security policy
 * (`default-src 'none'`, the stylesheet allowed by its hash) would block any that slipped in. Every text
 * from the view is escaped with `h()`; numbers are written by the code.
 */

/** The band a verdict's badge is drawn in. */
export const VERDICT_BAND = { PASS: 'good', WARN: 'warn', FAIL: 'bad' } as const;

/** A titled section of the page. */
export function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${h(title)}</h2>${body}</section>`;
}

/** A table in a horizontally scrolling box; `numeric` columns are right-aligned. */
export function table(
  className: string,
  head: readonly string[],
  rows: readonly string[],
  numeric: readonly number[] = [],
): string {
  const cells = head
    .map((text, k) => `<th${numeric.includes(k) ? ' class="num"' : ''} scope="col">${h(text)}</th>`)
    .join('');
  return `<div class="scroll"><table class="${className}"><thead><tr>${cells}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function header(view: ReportView): string {
  const sources =
    view.goldFile !== null && view.traceFile !== null
      ? `<p class="muted mono">${h(sourcesText(view.goldFile, view.traceFile))}</p>`
      : '';
  const required = view.requiredCalls
    ? `<div><span class="label">${h(REPORT_COLUMNS.requiredCalls)}</span><span class="big ${view.requiredCalls.band}" id="required-calls">${view.requiredCalls.completed}<span class="muted"> / ${view.requiredCalls.expected}</span></span></div>`
    : '';
  const gate = view.gate
    ? `<p class="${view.gate.passed ? 'good' : 'bad'}" id="gate">${h(gateText(view.scoreText, view.gate.minScoreText, view.gate.passed))}</p>`
    : '';
  const requiredLine = view.requiredCalls
    ? `<p>${h(view.requiredCalls.text)} <span class="note">(${h(view.requiredCalls.note)})</span></p>`
    : '';
  return [
    '<header>',
    `<h1>${h(view.title)}</h1>`,
    sources,
    '<div class="hero">',
    `<div><span class="label">${h(REPORT_COLUMNS.score)}</span><span class="big ${view.scoreBand}" id="score">${h(view.scoreText)}</span></div>`,
    `<div><span class="label">${h(REPORT_COLUMNS.grade)}</span><span class="big ${view.scoreBand}" id="grade">${view.grade}</span></div>`,
    `<div><span class="label">${h(REPORT_COLUMNS.verdict)}</span><span class="badge ${VERDICT_BAND[view.verdict]}" id="verdict">${view.verdict}</span></div>`,
    required,
    `<div><span class="label">${h(REPORT_COLUMNS.expectedCalls)} / ${h(REPORT_COLUMNS.actualCalls)}</span><span class="big">${view.counts.expected}<span class="muted"> / ${view.counts.actual}</span></span></div>`,
    '</div>',
    scoreMeter(view.score, view.scoreBand, view.verdictLine),
    gate,
    requiredLine,
    '</header>',
  ].join('');
}

/** A conversation's turns: the pass-rate line and a row per turn (nothing for a flat gold). */
function turns(view: ReportView): string {
  if (view.turns === null) return '';
  const head = [
    REPORT_COLUMNS.turn,
    REPORT_COLUMNS.userMessage,
    REPORT_COLUMNS.score,
    REPORT_COLUMNS.grade,
    REPORT_COLUMNS.verdict,
    REPORT_COLUMNS.topIssue,
  ];
  const rows = view.turns.rows.map((turn) => {
    const issue = turn.reached
      ? h(turn.issues[0]?.problem ?? '')
      : `<span class="muted">${h(REPORT_TEXT.notReached)}</span>`;
    return [
      `<tr class="row band-${turn.band}" data-turn="${turn.turn}" data-verdict="${turn.verdict}">`,
      `<td class="num">${turn.turn}</td>`,
      `<td class="user">${turn.user === null ? '' : h(turn.user)}</td>`,
      `<td class="num ${turn.band}">${h(turn.scoreText)}</td>`,
      `<td>${turn.grade}</td>`,
      `<td><span class="badge ${VERDICT_BAND[turn.verdict]}">${turn.verdict}</span></td>`,
      `<td class="issue">${issue}</td>`,
      '</tr>',
    ].join('');
  });
  return section(
    'turns',
    REPORT_TEXT.turns,
    `<p id="turns-summary">${h(view.turns.summary)}</p>${table('turns', head, rows, [0, 2])}`,
  );
}

/** The outcome checks: the pass rate, a row per kind that ran, each failed check (nothing when the gold checks no outcome). */
function outcomes(view: ReportView): string {
  const outcome = view.outcomes;
  if (outcome === null) return '';
  const rows = outcome.counts.map(
    (count) =>
      `<tr class="row band-${count.band}" data-check="${count.check}"><td>${h(count.label)}</td><td class="num ${count.band}">${count.passed}</td><td class="num">${count.checks}</td></tr>`,
  );
  const failures =
    outcome.failures.length === 0
      ? `<p class="good">${h(REPORT_TEXT.noFailedChecks)}</p>`
      : `<ul class="outcome-failures">${outcome.failures
          .map(
            (failure) =>
              `<li data-check="${failure.check}"><span class="badge bad">${h(failure.label)}</span> ${h(failure.message)}</li>`,
          )
          .join('')}</ul>`;
  return section(
    'outcomes',
    REPORT_TEXT.outcomes,
    `<p id="outcomes-summary" class="${outcome.band}">${h(outcome.summary)}</p>${table('outcomes', [REPORT_COLUMNS.check, REPORT_COLUMNS.passed, REPORT_COLUMNS.checks], rows, [1, 2])}${failures}`,
  );
}

/** The state diff as a tree of the changed paths (nothing when no state was compared). */
function state(view: ReportView): string {
  if (view.state === null) return '';
  const body =
    view.state.changes.length === 0
      ? `<p class="muted">${h(REPORT_TEXT.noStateChanges)}</p>`
      : stateTree(view.state.changes);
  return section('state', REPORT_TEXT.stateChanges, `<p id="state-summary">${h(view.state.summary)}</p>${body}`);
}

function issues(view: ReportView): string {
  if (view.topIssues.length === 0)
    return section('issues', REPORT_TEXT.topIssues, `<p class="good">${h(REPORT_TEXT.noIssues)}</p>`);
  const items = view.topIssues.map(
    (issue) => `<li><span class="problem">${h(issue.problem)}</span><br><span class="fix">${h(issue.fix)}</span></li>`,
  );
  return section('issues', REPORT_TEXT.topIssues, `<ol class="issues">${items.join('')}</ol>`);
}

function findings(view: ReportView): string {
  if (view.findings.length === 0)
    return section('findings', REPORT_TEXT.findings, `<p class="muted">${h(REPORT_TEXT.noFindings)}</p>`);
  const items = view.findings.map((finding) => {
    const band = finding.severity === 'error' ? 'bad' : 'warn';
    return `<li><span class="badge ${band}">${finding.severity.toUpperCase()}</span> ${h(finding.message)}</li>`;
  });
  return section('findings', REPORT_TEXT.findings, `<ul class="findings">${items.join('')}</ul>`);
}

function card(row: MetricRow): string {
  const weight = row.weight > 0 ? `<div class="weight">${h(scoreShareText(percent(row.weight)))}</div>` : '';
  const status = BAND_TEXT[row.band] ? ` <span class="note">${h(BAND_TEXT[row.band])}</span>` : '';
  const note = row.note ? `<div class="note">${h(row.note)}</div>` : '';
  return `<div class="card band-${row.band}" data-metric="${row.key}"><div class="name">${h(row.label)}</div><div><span class="value">${h(row.text)}</span>${status}</div>${note}${weight}</div>`;
}

function metricCards(view: ReportView): string {
  const rows = view.metrics.filter((row) => row.group !== 'performance');
  return section('metrics', REPORT_TEXT.metrics, `<div class="cards">${rows.map(card).join('')}</div>`);
}

function toolCounts(view: ReportView): string {
  if (view.tools.length === 0) return '';
  const legend = `<div class="legend" aria-hidden="true"><span><span class="swatch expected"></span>${h(REPORT_COLUMNS.expected)}</span><span><span class="swatch actual"></span>${h(REPORT_COLUMNS.actual)}</span><span><span class="swatch failed"></span>${h(REPORT_COLUMNS.failed)}</span></div>`;
  const more =
    view.tools.length > CHARTED_TOOLS
      ? `<p class="note">${h(moreText(view.tools.length - CHARTED_TOOLS, 'tool'))}</p>`
      : '';
  const withTime = view.tools.some((tool) => tool.duration !== null);
  const withCost = view.tools.some((tool) => tool.cost !== null);
  const head: string[] = [REPORT_COLUMNS.tool, REPORT_COLUMNS.expected, REPORT_COLUMNS.actual, REPORT_COLUMNS.failed];
  if (withTime) head.push(REPORT_COLUMNS.time);
  if (withCost) head.push(REPORT_COLUMNS.cost);
  const rows = view.tools.map((tool) => {
    const cells = [
      `<td class="tool">${h(tool.tool)}</td>`,
      `<td class="num">${tool.expected}</td>`,
      `<td class="num">${tool.actual}</td>`,
      `<td class="num${tool.failed > 0 ? ' bad' : ''}">${tool.failed}</td>`,
    ];
    if (withTime) cells.push(`<td class="num">${tool.duration === null ? '' : h(secondsText(tool.duration))}</td>`);
    if (withCost) cells.push(`<td class="num">${tool.cost === null ? '' : h(usdText(tool.cost))}</td>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  const numeric = head.map((_, k) => k).filter((k) => k > 0);
  return section(
    'tools',
    REPORT_TEXT.toolCounts,
    `${legend}${toolChart(view.tools)}${more}${table('tools', head, rows, numeric)}`,
  );
}

function callCell(call: CallView | null, label: string, whenNull: string): string {
  if (call === null) return `<td data-label="${h(label)}"><span class="none">${h(FAILURE_TABLE.none)}</span></td>`;
  const args =
    call.args === null
      ? `<div class="none">${h(whenNull)}</div>`
      : call.args.length === 0
        ? `<div class="none">${h(REPORT_TEXT.noArgs)}</div>`
        : `<ul class="args">${call.args
            .map((arg) => {
              const classes = [arg.diff ?? '', arg.present ? '' : 'absent'].filter(Boolean).join(' ');
              const tag = arg.diff === null ? '' : `<span class="tag">${h(arg.diff)}</span>`;
              return `<li${classes ? ` class="${classes}"` : ''}><span class="key">${h(arg.key)}</span>: ${h(arg.value)}${tag}</li>`;
            })
            .join('')}</ul>`;
  const facts = [call.duration === null ? '' : secondsText(call.duration), call.cost === null ? '' : usdText(call.cost)]
    .filter(Boolean)
    .join(' · ');
  const error = call.failed ? `<div class="error">${h(call.error ?? '')}</div>` : '';
  return `<td data-label="${h(label)}"><span class="muted">${call.number}.</span> <span class="tool">${h(call.tool)}</span>${args}${error}${facts ? `<div class="note">${h(facts)}</div>` : ''}</td>`;
}

function callRow(row: CallRowView, number: number): string {
  const [, expected, actual, status] = FAILURE_TABLE.columns;
  return [
    `<tr class="row band-${row.band}" data-status="${row.status}">`,
    `<td class="num">${number}</td>`,
    callCell(row.expected, expected, REPORT_TEXT.argsNotChecked),
    callCell(row.actual, actual, REPORT_TEXT.noArgs),
    `<td data-label="${h(status)}" class="status ${row.band}">${h(row.statusText)}</td>`,
    '</tr>',
  ].join('');
}

function callTable(view: ReportView): string {
  if (view.calls.length === 0) return '';
  return section(
    'calls',
    FAILURE_TABLE.title,
    table(
      'calls',
      FAILURE_TABLE.columns,
      view.calls.map((row, k) => callRow(row, k + 1)),
      [0],
    ),
  );
}

function failedCalls(view: ReportView): string {
  if (view.failedCalls.length === 0) return '';
  const rows = view.failedCalls.map(
    (call) =>
      `<tr><td class="num">${call.number}</td><td class="tool">${h(call.tool)}</td><td class="error">${h(call.error)}</td></tr>`,
  );
  return section(
    'failed',
    REPORT_TEXT.failedCalls,
    table('failed', [REPORT_COLUMNS.call, REPORT_COLUMNS.tool, REPORT_COLUMNS.error], rows, [0]),
  );
}

function sideEffects(view: ReportView): string {
  if (view.sideEffects === null) return '';
  const rows = view.sideEffects.map((check) => {
    const result = check.passed
      ? `<span class="badge good">${h(REPORT_TEXT.passed)}</span>`
      : `<span class="badge bad">${h(REPORT_TEXT.failed)}</span>`;
    return `<tr><td class="mono">${h(check.check)}</td><td class="tool">${check.expectedNumber}. ${h(check.tool)}</td><td>${result}</td><td>${h(check.reason)}</td></tr>`;
  });
  return section(
    'side-effects',
    REPORT_TEXT.sideEffects,
    table(
      'side-effects',
      [REPORT_COLUMNS.check, REPORT_COLUMNS.tool, REPORT_COLUMNS.result, REPORT_COLUMNS.reason],
      rows,
    ),
  );
}

function semantic(view: ReportView): string {
  if (view.semantic === null) return '';
  const rows = view.semantic.pairs.map(
    (pair) =>
      `<tr><td class="num">${pair.expectedNumber}</td><td class="num">${pair.actualNumber}</td><td class="tool">${h(pair.tool)}</td><td class="num ${pair.band}">${h(pair.scoreText)}</td><td>${h(pair.explanation)}</td></tr>`,
  );
  const head = [
    REPORT_COLUMNS.expected,
    REPORT_COLUMNS.actual,
    REPORT_COLUMNS.tool,
    REPORT_COLUMNS.score,
    REPORT_COLUMNS.explanation,
  ];
  return section(
    'semantic',
    REPORT_TEXT.semantic,
    `<p>${h(view.semantic.summary)}</p>${table('semantic', head, rows, [0, 1, 3])}`,
  );
}

function performance(view: ReportView): string {
  const rows = view.metrics.filter((row) => row.group === 'performance');
  if (rows.length === 0) return '';
  return section('performance', REPORT_TEXT.performance, `<div class="cards">${rows.map(card).join('')}</div>`);
}

function warnings(view: ReportView): string {
  if (view.warnings.length === 0) return '';
  return section(
    'warnings',
    REPORT_TEXT.warnings,
    `<ul>${view.warnings.map((warning) => `<li>${h(warning)}</li>`).join('')}</ul>`,
  );
}

function allMetrics(view: ReportView): string {
  const rows = view.flat.map(
    (row) =>
      `<tr><td class="mono">${h(row.category)}</td><td class="mono">${h(row.metric)}</td><td class="mono">${h(String(row.value))}</td></tr>`,
  );
  return `<details id="all-metrics"><summary>${h(REPORT_TEXT.allMetrics)}</summary>${table('all-metrics', [REPORT_COLUMNS.category, REPORT_COLUMNS.metric, REPORT_COLUMNS.value], rows)}</details>`;
}

/**
 * The HTML report: score, grade and verdict up front, a conversation's turns, the outcome checks and
 * the state diff as a tree of paths, Top issues, behaviour and safety findings, metric
 * cards, calls per tool (chart and table), the expected-vs-actual table with differing arguments
 * highlighted, failed calls, side effects, the LLM judge's scores, latency and cost, and every metric. Works offline, on a
 * phone, in dark mode and on paper.
 */
export function renderReportHtml(view: ReportView): string {
  return [
    // The outcome sections' stylesheet only on a page that has them, so other pages stay as they were.
    pageStart(
      `${view.title}: ${view.verdictLine}`,
      view.version,
      view.outcomes === null && view.state === null ? [] : [{ css: OUTCOME_STYLE, hash: OUTCOME_STYLE_HASH }],
    ),
    header(view),
    turns(view),
    outcomes(view),
    state(view),
    issues(view),
    findings(view),
    metricCards(view),
    toolCounts(view),
    callTable(view),
    failedCalls(view),
    sideEffects(view),
    semantic(view),
    performance(view),
    warnings(view),
    allMetrics(view),
    pageEnd(view.version, view.generatedAt),
  ].join('\n');
}

/**
 * The page up to `<main>`: its security policy allows the report's stylesheet and each extra one by
 * hash, and nothing else.
 */
export function pageStart(
  title: string,
  version: string,
  extraStyles: readonly { css: string; hash: string }[] = [],
): string {
  const hashes = [HTML_STYLE_HASH, ...extraStyles.map((style) => style.hash)].map((hash) => `'${hash}'`).join(' ');
  const policy = `default-src 'none'; style-src ${hashes}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<meta name="generator" content="toolscore ${h(version)}">`,
    `<title>${h(title)}</title>`,
    `<style>${HTML_STYLE}</style>`,
    ...extraStyles.map((style) => `<style>${style.css}</style>`),
    '</head>',
    '<body>',
    '<main>',
  ].join('\n');
}

/** The footer (who made the page, and when) and the end of the page. */
export function pageEnd(version: string, generatedAt: string): string {
  return [`<footer>${h(generatedText(version, generatedAt))}</footer>`, '</main>', '</body>', '</html>', ''].join('\n');
}

/** Writes the HTML report to `path` atomically (folders created as needed); returns the absolute path. */
export async function generateHtmlReport(
  result: EvaluationResult,
  path: string,
  options: ReportOptions = {},
): Promise<string> {
  await writeFileAtomic(path, renderReportHtml(buildReportView(result, options)));
  return resolve(path);
}
