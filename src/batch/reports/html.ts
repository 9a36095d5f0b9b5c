import { REPORT_COLUMNS, REPORT_TEXT } from '../../text/report.js';
import {
  BATCH_COLUMNS,
  BATCH_TEXT,
  allCasesText,
  caseNumber,
  casesCapText,
  histogramBarText,
  moreInResultsText,
  trialOutcomeText,
  unreadableText,
} from './text.js';
import { moreText } from '../../text/values.js';
import { escapeXml as h } from '../../reports/escape.js';
import { VERDICT_BAND, pageEnd, pageStart, section, table } from '../../reports/html.js';
import { CHARTED_TOOLS, scoreMeter, toolChart } from '../../reports/html-chart.js';
import type { Band } from '../../reports/view-model.js';
import { BATCH_STYLE, BATCH_STYLE_HASH } from './html-style.js';
import {
  type BatchReportInput,
  type BatchToolView,
  type BatchView,
  type CaseView,
  MAX_ID_TEXT,
  MAX_SENTENCE_TEXT,
  buildBatchView,
  buildCaseView,
  cutText,
  gatePassRateText,
  lowestCases,
} from './view.js';

/*
 * The batch page: one self-contained file with the single report's look and security policy (no script,
 * no request), rendered from the summary and the results lines only. Case details are `<details>`
 * elements, so they open without script; `#case-<index>` is the body of a case's detail, and a link to it
 * opens the case.
 */

/**
 * Most cases in the case table: the lowest-scoring ones, where the work is. A case's detail is about
 * 3 KB (five tools), so 2,000 make a page of about 6 MB that a browser opens and searches easily; the
 * rest are in the results file and the CSV report.
 */
const HTML_CASES = 2000;

/** Cases rendered per chunk of the page. */
const CASES_PER_CHUNK = 200;

const BAR_AREA_HEIGHT = 120;
const BAR_WIDTH = 40;
const BAR_GAP = 8;

/** The band of the scores a histogram bin holds: below 70% bad, below 90% needs attention, else good. */
function binBand(bin: number): Band {
  return bin >= 9 ? 'good' : bin >= 7 ? 'warn' : 'bad';
}

/** The score histogram: one bar per bin of 10 points, its count above it, its range below. */
function histogram(view: BatchView): string {
  const most = Math.max(1, ...view.histogram.map((bar) => bar.count));
  const bars = view.histogram.map((bar, bin) => {
    const x = 10 + bin * (BAR_WIDTH + BAR_GAP);
    const height = (bar.count / most) * BAR_AREA_HEIGHT;
    const top = 16 + BAR_AREA_HEIGHT - height;
    const middle = x + BAR_WIDTH / 2;
    return [
      `<g class="bin" data-range="${h(bar.range)}" data-count="${bar.count}"><title>${h(histogramBarText(bar.count, bar.range))}</title>`,
      `<rect class="bar ${binBand(bin)}" x="${x}" y="${top.toFixed(1)}" width="${BAR_WIDTH}" height="${height.toFixed(1)}" rx="2"/>`,
      `<text class="count" x="${middle}" y="${(top - 4).toFixed(1)}" text-anchor="middle">${bar.count}</text>`,
      `<text x="${middle}" y="${16 + BAR_AREA_HEIGHT + 16}" text-anchor="middle">${bin * 10}</text>`,
      '</g>',
    ].join('');
  });
  const width = 20 + view.histogram.length * (BAR_WIDTH + BAR_GAP);
  const axis = `<line class="axis" x1="6" y1="${16 + BAR_AREA_HEIGHT + 0.5}" x2="${width - 6}" y2="${16 + BAR_AREA_HEIGHT + 0.5}"/>`;
  return section(
    'histogram',
    BATCH_TEXT.histogram,
    `<svg class="histogram" viewBox="0 0 ${width} ${BAR_AREA_HEIGHT + 40}" role="img" aria-label="${h(BATCH_TEXT.histogramCaption)}">${axis}${bars.join('')}</svg><p class="note">${h(BATCH_TEXT.histogramCaption)}</p>`,
  );
}

function header(view: BatchView): string {
  const gate = view.gate
    ? `<p class="${view.gate.passed ? 'good' : 'bad'}" id="gate">${h(view.gate.text)}</p><p id="pass-rate">${h(gatePassRateText(view.gate))}</p>`
    : '';
  const unreadable =
    view.cases.failed > 0 ? `<p class="bad" id="unreadable">${h(unreadableText(view.cases.failed))}</p>` : '';
  const totals = [
    `${BATCH_COLUMNS.failedCalls}: ${view.totals.failed_calls}`,
    `${BATCH_COLUMNS.policyViolations}: ${view.totals.policy_violations}`,
    `${BATCH_COLUMNS.secrets}: ${view.totals.secrets}`,
  ].join(' · ');
  return [
    '<header>',
    `<h1>${h(view.title)}</h1>`,
    `<p class="muted" id="headline">${h(view.headline)}</p>`,
    '<div class="hero">',
    `<div><span class="label">${h(BATCH_TEXT.meanScore)}</span><span class="big ${view.band}" id="mean-score">${h(view.meanText)}</span></div>`,
    `<div><span class="label">${h(BATCH_TEXT.grade)}</span><span class="big ${view.band}" id="grade">${view.grade ?? h(REPORT_TEXT.notApplicable)}</span></div>`,
    `<div><span class="label">${h(BATCH_TEXT.scored)}</span><span class="big" id="scored">${view.cases.scored}<span class="muted"> / ${view.cases.total}</span></span></div>`,
    `<div><span class="label">${h(BATCH_TEXT.unreadable)}</span><span class="big${view.cases.failed > 0 ? ' bad' : ''}" id="unscored">${view.cases.failed}</span></div>`,
    view.gate
      ? `<div><span class="label">${h(BATCH_TEXT.passRate)}</span><span class="big ${view.gate.passed ? 'good' : 'bad'}" id="pass-rate-value">${h(view.gate.passRateText)}</span></div>`
      : '',
    '</div>',
    view.mean === null ? '' : scoreMeter(view.mean, view.band, view.headline),
    gate,
    unreadable,
    `<p class="muted" id="totals">${h(totals)}</p>`,
    '</header>',
  ].join('');
}

function distributions(view: BatchView): string {
  const head = [
    REPORT_COLUMNS.metric,
    BATCH_COLUMNS.count,
    BATCH_COLUMNS.mean,
    BATCH_COLUMNS.median,
    BATCH_COLUMNS.p10,
    BATCH_COLUMNS.p90,
    BATCH_COLUMNS.min,
    BATCH_COLUMNS.max,
  ];
  const rows = view.distributions.map((row) => {
    const [mean, ...rest] = row.texts;
    return `<tr data-metric="${row.key}"><td>${h(row.label)}</td><td class="num">${row.count}</td><td class="num ${row.band}">${h(mean)}</td>${rest.map((text) => `<td class="num">${h(text)}</td>`).join('')}</tr>`;
  });
  return section('distributions', BATCH_TEXT.metrics, table('distributions', head, rows, [1, 2, 3, 4, 5, 6, 7]));
}

function grades(view: BatchView): string {
  const rows = view.grades.map(
    (row) =>
      `<tr data-grade="${row.grade}"><td>${row.grade}</td><td class="num">${row.count}</td><td class="num">${h(row.shareText)}</td></tr>`,
  );
  return section(
    'grades',
    BATCH_TEXT.grades,
    table('grades', [REPORT_COLUMNS.grade, BATCH_COLUMNS.count, BATCH_COLUMNS.share], rows, [1, 2]),
  );
}

function toolRows(tools: readonly BatchToolView[]): string[] {
  return tools.map(
    (tool) =>
      `<tr><td class="tool">${h(tool.tool)}</td><td class="num">${tool.expected}</td><td class="num">${tool.actual}</td><td class="num${tool.selectionMisses > 0 ? ' warn' : ''}">${tool.selectionMisses}</td><td class="num${tool.failed > 0 ? ' bad' : ''}">${tool.failed}</td><td class="num">${h(tool.errorRateText)}</td></tr>`,
  );
}

const TOOL_HEAD = [
  REPORT_COLUMNS.tool,
  REPORT_COLUMNS.expected,
  REPORT_COLUMNS.actual,
  BATCH_COLUMNS.selectionMisses,
  REPORT_COLUMNS.failed,
  BATCH_COLUMNS.errorRate,
];

function tools(view: BatchView): string {
  if (view.tools.length === 0) return '';
  const legend = `<div class="legend" aria-hidden="true"><span><span class="swatch expected"></span>${h(REPORT_COLUMNS.expected)}</span><span><span class="swatch actual"></span>${h(REPORT_COLUMNS.actual)}</span><span><span class="swatch failed"></span>${h(REPORT_COLUMNS.failed)}</span></div>`;
  const chart = toolChart(
    view.tools.map((tool) => ({
      tool: tool.tool,
      expected: tool.expected,
      actual: tool.actual,
      failed: tool.failed,
      duration: null,
      cost: null,
    })),
  );
  const more =
    view.tools.length > CHARTED_TOOLS
      ? `<p class="note">${h(moreText(view.tools.length - CHARTED_TOOLS, 'tool'))}</p>`
      : '';
  return section(
    'tools',
    BATCH_TEXT.tools,
    `${legend}${chart}${more}${table('tools', TOOL_HEAD, toolRows(view.tools), [1, 2, 3, 4, 5])}`,
  );
}

function caseLink(id: string, index: number): string {
  return `<a class="case-id" href="#case-${index}">${h(cutText(id, MAX_ID_TEXT))}</a>`;
}

function worstCases(view: BatchView): string {
  if (view.worstCases.length === 0) return '';
  const rows = view.worstCases.map(
    (worst) =>
      `<tr class="row band-${worst.band}"><td class="num">${caseNumber(worst.index)}</td><td>${caseLink(worst.id, worst.index)}</td><td class="num ${worst.band}">${h(worst.scoreText)}</td><td>${worst.grade}</td><td>${worst.issue ? `<span class="problem">${h(cutText(worst.issue.problem, MAX_SENTENCE_TEXT))}</span>` : `<span class="none">${h(BATCH_TEXT.noIssue)}</span>`}</td></tr>`,
  );
  const head = [
    BATCH_COLUMNS.index,
    BATCH_COLUMNS.case,
    REPORT_COLUMNS.score,
    REPORT_COLUMNS.grade,
    BATCH_COLUMNS.topIssue,
  ];
  return section('worst', BATCH_TEXT.worstCases, table('worst', head, rows, [0, 2]));
}

/** The conversation cases' turns: the headline, and the cases by their first failing turn (nothing without conversations). */
function turns(view: BatchView): string {
  const turns = view.turns;
  if (turns === null) return '';
  const rows = turns.firstFailing.map(
    (row) => `<tr data-turn="${row.turn}"><td class="num">${row.turn}</td><td class="num">${row.cases}</td></tr>`,
  );
  const failing =
    rows.length === 0
      ? ''
      : table('first-failing', [BATCH_COLUMNS.firstFailingTurn, BATCH_COLUMNS.count], rows, [0, 1]);
  return section(
    'turns',
    BATCH_TEXT.turns,
    `<p class="${turns.band}" id="turns-headline">${h(turns.headline)}</p>${failing}`,
  );
}

/** pass^k and pass@k for each k, then the flaky cases worst first, each with every trial (nothing without trials). */
function trials(view: BatchView): string {
  const trials = view.trials;
  if (trials === null) return '';
  const passRows = trials.passK.map(
    (row) =>
      `<tr data-k="${row.k}"><td class="num">${row.k}</td><td class="num ${row.band}">${h(row.passHatKText)}</td><td class="num">${h(row.passAtKText)}</td></tr>`,
  );
  const passTable = table(
    'pass-k',
    [BATCH_COLUMNS.k, BATCH_COLUMNS.passHatK, BATCH_COLUMNS.passAtK],
    passRows,
    [0, 1, 2],
  );
  const intro = `<p class="muted" id="trials-headline">${h(trials.headline)}</p><p id="trial-counts">${h(trials.countsText)}</p>`;
  if (trials.flakyCount === 0)
    return section(
      'trials',
      BATCH_TEXT.trials,
      `${intro}${passTable}<p class="good">${h(BATCH_TEXT.noFlakyCases)}</p>`,
    );
  const flakyRows = trials.flaky.map((flaky) => {
    const outcomes = flaky.trials
      .map((trial) => {
        const text =
          'error' in trial
            ? trialOutcomeText(trial.trial, { error: cutText(trial.error, MAX_SENTENCE_TEXT) })
            : trialOutcomeText(trial.trial, {
                score: trial.scoreText,
                verdict: trial.verdict,
                problem: trial.problem === null ? null : cutText(trial.problem, MAX_SENTENCE_TEXT),
              });
        return `<li class="${trial.success ? 'good' : 'bad'}">${h(text)}</li>`;
      })
      .join('');
    return `<tr><td class="case-id">${h(cutText(flaky.id, MAX_ID_TEXT))}</td><td class="num">${h(flaky.passedText)}</td><td class="num">${h(flaky.meanText)}</td><td class="num">${h(flaky.spreadText)}</td><td><ul class="trials">${outcomes}</ul></td></tr>`;
  });
  const head = [
    BATCH_COLUMNS.case,
    BATCH_COLUMNS.passed,
    BATCH_COLUMNS.meanScore,
    BATCH_COLUMNS.spread,
    BATCH_COLUMNS.trials,
  ];
  const more =
    trials.flakyCount > trials.flaky.length
      ? `<p class="note">${h(`${moreText(trials.flakyCount - trials.flaky.length, 'flaky case')} (${BATCH_TEXT.allFlakyCases})`)}</p>`
      : '';
  return section(
    'trials',
    BATCH_TEXT.trials,
    `${intro}${passTable}<h3>${h(BATCH_TEXT.flakyCases)}</h3>${table('flaky', head, flakyRows, [1, 2, 3])}${more}`,
  );
}

function errors(view: BatchView): string {
  if (view.cases.failed === 0)
    return section('errors', BATCH_TEXT.errors, `<p class="good">${h(BATCH_TEXT.noErrors)}</p>`);
  const rows = view.errors.map(
    (error) =>
      `<tr id="case-${error.index}"><td class="num">${caseNumber(error.index)}</td><td class="case-id">${h(cutText(error.id, MAX_ID_TEXT))}</td><td class="num">${error.line ?? ''}</td><td class="error">${h(cutText(error.error, MAX_SENTENCE_TEXT))}</td></tr>`,
  );
  const more = view.moreErrors > 0 ? `<p class="note">${h(moreInResultsText(view.moreErrors, 'case'))}</p>` : '';
  return section(
    'errors',
    BATCH_TEXT.errors,
    `<p class="bad">${h(unreadableText(view.cases.failed))}</p>${table('errors', [BATCH_COLUMNS.index, BATCH_COLUMNS.case, BATCH_COLUMNS.line, REPORT_COLUMNS.error], rows, [0, 2])}${more}`,
  );
}

/** One case: a row (number, id, score, grade, verdict, top issue) that opens on its detail. */
function caseDetails(view: CaseView): string {
  const counts = [
    [REPORT_COLUMNS.expectedCalls, view.counts.expected],
    [REPORT_COLUMNS.actualCalls, view.counts.actual],
    [BATCH_COLUMNS.failedCalls, view.counts.failed],
    [BATCH_COLUMNS.policyViolations, view.counts.violations],
    [BATCH_COLUMNS.secrets, view.counts.secrets],
  ] as const;
  const countRows = counts.map(
    ([label, count], k) =>
      `<tr><td>${h(label)}</td><td class="num${k >= 2 && count > 0 ? ' bad' : ''}">${count}</td></tr>`,
  );
  const metricRows = view.metrics.map(
    (metric) =>
      `<tr data-metric="${metric.key}"><td>${h(metric.label)}</td><td class="num ${metric.band}">${h(metric.text)}</td></tr>`,
  );
  const issue = view.issue
    ? `<ol class="issues"><li><span class="problem">${h(cutText(view.issue.problem, MAX_SENTENCE_TEXT))}</span><br><span class="fix">${h(cutText(view.issue.fix, MAX_SENTENCE_TEXT))}</span></li></ol>`
    : `<p class="good no-issue">${h(BATCH_TEXT.noIssue)}</p>`;
  const toolTable =
    view.tools.length === 0
      ? ''
      : `<h3>${h(BATCH_TEXT.detailTools)}</h3>${table('tools', TOOL_HEAD, toolRows(view.tools), [1, 2, 3, 4, 5])}`;
  const summary = [
    `<span class="num">${caseNumber(view.index)}</span>`,
    `<span class="case-id">${h(cutText(view.id, MAX_ID_TEXT))}</span>`,
    `<span class="num ${view.band}">${h(view.scoreText)}</span>`,
    `<span>${view.grade}</span>`,
    `<span><span class="badge ${VERDICT_BAND[view.verdict]}">${view.verdict}</span></span>`,
    `<span>${view.issue ? h(cutText(view.issue.problem, MAX_ID_TEXT)) : ''}</span>`,
  ].join('');
  return [
    `<details class="case band-${view.band}" data-index="${view.index}"><summary>${summary}</summary>`,
    `<div class="case-detail" id="case-${view.index}">`,
    `<p class="case-id">${h(view.id)}</p>`,
    `<p class="verdict ${view.band}">${h(view.verdictLine)}</p>`,
    view.turnsText === null ? '' : `<p class="case-turns">${h(view.turnsText)}</p>`,
    `<h3>${h(BATCH_TEXT.topIssue)}</h3>${issue}`,
    `<h3>${h(BATCH_TEXT.detailMetrics)}</h3>${table('case-metrics', [REPORT_COLUMNS.metric, REPORT_COLUMNS.value], metricRows, [1])}`,
    `<h3>${h(BATCH_TEXT.detailCounts)}</h3>${table('case-counts', [REPORT_COLUMNS.metric, BATCH_COLUMNS.count], countRows, [1])}`,
    toolTable,
    '</div></details>',
  ].join('');
}

function caseListStart(shown: number, scored: number): string {
  const note = shown < scored ? casesCapText(shown, scored) : allCasesText(scored);
  const head = [
    `<span class="num">${h(BATCH_COLUMNS.index)}</span>`,
    `<span>${h(BATCH_COLUMNS.case)}</span>`,
    `<span class="num">${h(REPORT_COLUMNS.score)}</span>`,
    `<span>${h(REPORT_COLUMNS.grade)}</span>`,
    `<span>${h(REPORT_COLUMNS.verdict)}</span>`,
    `<span>${h(BATCH_COLUMNS.topIssue)}</span>`,
  ].join('');
  return `<section id="cases"><h2>${h(BATCH_TEXT.cases)}</h2><p class="note" id="cases-note">${h(note)}</p><div class="case-list"><div class="case-head" aria-hidden="true">${head}</div>`;
}

/**
 * The batch HTML page, in chunks: the mean score and grade, the gate and pass rate, the score histogram,
 * the distribution of every core metric, grades, trials and turns when the run has them, calls per tool (chart and table), the worst cases
 * linking to their detail, the cases that could not be scored, and the {@link HTML_CASES} lowest-scoring
 * cases, each opening on its detail. Reads the results lines once and keeps at most HTML_CASES of them.
 */
export async function* renderBatchHtml(input: BatchReportInput): AsyncIterable<string> {
  const view = await buildBatchView(input);
  yield [
    pageStart(`${view.title}: ${view.headline}`, view.version, [{ css: BATCH_STYLE, hash: BATCH_STYLE_HASH }]),
    header(view),
    histogram(view),
    distributions(view),
    grades(view),
    trials(view),
    turns(view),
    tools(view),
    worstCases(view),
    errors(view),
    '',
  ].join('\n');
  const cases = await lowestCases(input.lines(), HTML_CASES);
  if (cases.length === 0) {
    yield `${section('cases', BATCH_TEXT.cases, `<p class="muted">${h(BATCH_TEXT.noCases)}</p>`)}\n`;
  } else {
    yield caseListStart(cases.length, Math.max(view.cases.scored, cases.length));
    for (let from = 0; from < cases.length; from += CASES_PER_CHUNK)
      yield cases
        .slice(from, from + CASES_PER_CHUNK)
        .map((line) => caseDetails(buildCaseView(line)))
        .join('\n');
    yield '</div></section>\n';
  }
  yield pageEnd(view.version, view.generatedAt);
}
