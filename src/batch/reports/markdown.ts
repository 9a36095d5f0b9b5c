import { verdictFor } from '../../core/grade.js';
import { REPORT_COLUMNS, generatedText } from '../../text/report.js';
import {
  BATCH_COLUMNS,
  BATCH_TEXT,
  caseNumber,
  errorPlaceText,
  trialOutcomeText,
  trialsFactText,
  unreadableText,
} from './text.js';
import { moreText } from '../../text/values.js';
import { escapeMarkdown as md } from '../../reports/escape.js';
import { BAND_MARK, VERDICT_MARK, table } from '../../reports/markdown.js';
import {
  type BatchReportInput,
  type BatchView,
  MAX_ID_TEXT,
  MAX_SENTENCE_TEXT,
  buildBatchView,
  cutText,
  gatePassRateText,
} from './view.js';

/*
 * A digest of the batch sized for a GitHub job summary (1 MiB) and a pull-request comment (65,536
 * characters): built from the summary alone, with every list cut and case ids and sentences shortened,
 * so its size does not grow with the dataset.
 */

/** How many tools the per-tool table lists (most calls first). */
const SHOWN_TOOLS = 20;

/** How many cases that could not be scored are listed. */
const SHOWN_ERRORS = 10;

/** How many flaky cases are listed, each with its trials. */
const SHOWN_FLAKY_CASES = 10;

/** Longest case id in the digest. */
const ID_TEXT = Math.min(MAX_ID_TEXT, 80);

/** Longest sentence in the digest. */
const SENTENCE_TEXT = Math.min(MAX_SENTENCE_TEXT, 200);

/** The heading with the verdict mark, the gate and the counts of cases and findings. */
function headingLines(view: BatchView): string[] {
  const mark = view.gate
    ? view.gate.passed
      ? '✅'
      : '❌'
    : view.mean === null
      ? VERDICT_MARK.WARN
      : VERDICT_MARK[verdictFor(view.mean)];
  const lines: string[] = [`## ${mark} ${view.title}: ${view.headline}`, ''];

  const facts: string[] = [];
  if (view.gate) facts.push(`${view.gate.passed ? '✅' : '❌'} ${view.gate.text} · ${gatePassRateText(view.gate)}`);
  facts.push(
    `${BATCH_TEXT.scored}: ${view.cases.scored} of ${view.cases.total} · ${BATCH_TEXT.unreadable}: ${view.cases.failed}`,
  );
  const last = view.trials?.passK.at(-1);
  if (view.trials && last) facts.push(trialsFactText(last.k, last.passHatKText, view.trials.flakyCount));
  facts.push(
    `${BATCH_COLUMNS.failedCalls}: ${view.totals.failed_calls} · ${BATCH_COLUMNS.policyViolations}: ${view.totals.policy_violations} · ${BATCH_COLUMNS.secrets}: ${view.totals.secrets}`,
  );
  lines.push(facts.join('  \n'), '');
  return lines;
}

/** The distribution of the score and each core metric, then the grades. */
function distributionLines(view: BatchView): string[] {
  const lines: string[] = [];
  lines.push(
    ...table(
      [
        REPORT_COLUMNS.metric,
        BATCH_COLUMNS.mean,
        BATCH_COLUMNS.median,
        BATCH_COLUMNS.p10,
        BATCH_COLUMNS.p90,
        BATCH_COLUMNS.min,
        BATCH_COLUMNS.max,
        BATCH_COLUMNS.count,
      ],
      view.distributions.map((row) => {
        const [mean, ...rest] = row.texts;
        return [row.label, `${BAND_MARK[row.band]} ${mean}`.trim(), ...rest, String(row.count)];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
  );

  lines.push(`### ${BATCH_TEXT.grades}`, '');
  lines.push(
    ...table(
      [REPORT_COLUMNS.grade, BATCH_COLUMNS.count, BATCH_COLUMNS.share],
      view.grades.map((row) => [row.grade, String(row.count), row.shareText]),
      ['l', 'r', 'r'],
    ),
    '',
  );
  return lines;
}

/** The {@link SHOWN_TOOLS} tools with the most calls (nothing when no tool was called or expected). */
function toolLines(view: BatchView): string[] {
  if (view.tools.length === 0) return [];
  const lines: string[] = [`### ${BATCH_TEXT.tools}`, ''];
  lines.push(
    ...table(
      [
        REPORT_COLUMNS.tool,
        REPORT_COLUMNS.expected,
        REPORT_COLUMNS.actual,
        BATCH_COLUMNS.selectionMisses,
        REPORT_COLUMNS.failed,
        BATCH_COLUMNS.errorRate,
      ],
      view.tools
        .slice(0, SHOWN_TOOLS)
        .map((tool) => [
          md(cutText(tool.tool, ID_TEXT)),
          String(tool.expected),
          String(tool.actual),
          String(tool.selectionMisses),
          String(tool.failed),
          tool.errorRateText,
        ]),
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  if (view.tools.length > SHOWN_TOOLS)
    lines.push('', `${moreText(view.tools.length - SHOWN_TOOLS, 'tool')} (${BATCH_TEXT.allTools})`);
  lines.push('');
  return lines;
}

/** The worst cases with their top issue (nothing when no case was scored). */
function worstCaseLines(view: BatchView): string[] {
  if (view.worstCases.length === 0) return [];
  return [
    `### ${BATCH_TEXT.worstCases}`,
    '',
    ...table(
      [BATCH_COLUMNS.index, BATCH_COLUMNS.case, REPORT_COLUMNS.score, REPORT_COLUMNS.grade, BATCH_COLUMNS.topIssue],
      view.worstCases.map((worst) => [
        String(caseNumber(worst.index)),
        md(cutText(worst.id, ID_TEXT)),
        `${BAND_MARK[worst.band]} ${worst.scoreText}`,
        worst.grade,
        worst.issue ? md(cutText(worst.issue.problem, SENTENCE_TEXT)) : md(BATCH_TEXT.noIssue),
      ]),
      ['r', 'l', 'r', 'l'],
    ),
    '',
  ];
}

/** The conversation cases' turns: the headline, and the cases by their first failing turn (nothing without conversations). */
function turnLines(view: BatchView): string[] {
  const turns = view.turns;
  if (turns === null) return [];
  const lines = [`### ${BATCH_TEXT.turns}`, '', `${BAND_MARK[turns.band]} ${md(turns.headline)}`, ''];
  if (turns.firstFailing.length > 0)
    lines.push(
      ...table(
        [BATCH_COLUMNS.firstFailingTurn, BATCH_COLUMNS.count],
        turns.firstFailing.map((row) => [String(row.turn), String(row.cases)]),
        ['r', 'r'],
      ),
      '',
    );
  return lines;
}

/** pass^k and pass@k for each k, and the flaky cases worst first with every trial (nothing without trials). */
function trialLines(view: BatchView): string[] {
  const trials = view.trials;
  if (trials === null) return [];
  const lines = [`### ${BATCH_TEXT.trials}`, '', `${md(trials.headline)}  `, md(trials.countsText), ''];
  lines.push(
    ...table(
      [BATCH_COLUMNS.k, BATCH_COLUMNS.passHatK, BATCH_COLUMNS.passAtK],
      trials.passK.map((row) => [String(row.k), `${BAND_MARK[row.band]} ${row.passHatKText}`.trim(), row.passAtKText]),
      ['r', 'r', 'r'],
    ),
    '',
  );
  if (trials.flakyCount === 0) return [...lines, `✅ ${BATCH_TEXT.noFlakyCases}`, ''];
  lines.push(`#### ${BATCH_TEXT.flakyCases}`, '');
  lines.push(
    ...table(
      [BATCH_COLUMNS.case, BATCH_COLUMNS.passed, BATCH_COLUMNS.meanScore, BATCH_COLUMNS.spread, BATCH_COLUMNS.trials],
      trials.flaky.slice(0, SHOWN_FLAKY_CASES).map((flaky) => [
        md(cutText(flaky.id, ID_TEXT)),
        flaky.passedText,
        flaky.meanText,
        flaky.spreadText,
        flaky.trials
          .map((trial) => {
            const text =
              'error' in trial
                ? trialOutcomeText(trial.trial, { error: cutText(trial.error, SENTENCE_TEXT) })
                : trialOutcomeText(trial.trial, {
                    score: trial.scoreText,
                    verdict: trial.verdict,
                    problem: trial.problem === null ? null : cutText(trial.problem, SENTENCE_TEXT),
                  });
            return `${trial.success ? '✅' : '❌'} ${md(text)}`;
          })
          .join('<br>'),
      ]),
      ['l', 'r', 'r', 'r', 'l'],
    ),
  );
  if (trials.flakyCount > SHOWN_FLAKY_CASES)
    lines.push('', `${moreText(trials.flakyCount - SHOWN_FLAKY_CASES, 'flaky case')} (${BATCH_TEXT.allFlakyCases})`);
  lines.push('');
  return lines;
}

/** The cases that could not be scored, the first {@link SHOWN_ERRORS} listed. */
function errorLines(view: BatchView): string[] {
  const lines: string[] = [`### ${BATCH_TEXT.errors}`, ''];
  if (view.cases.failed === 0) lines.push(`✅ ${BATCH_TEXT.noErrors}`);
  else {
    lines.push(`❌ ${unreadableText(view.cases.failed)}`, '');
    for (const error of view.errors.slice(0, SHOWN_ERRORS)) {
      lines.push(
        `- ${md(cutText(error.id, ID_TEXT))} (${errorPlaceText(error.index, error.line)}): ${md(cutText(error.error, SENTENCE_TEXT))}`,
      );
    }
    const more = view.cases.failed - Math.min(view.errors.length, SHOWN_ERRORS);
    if (more > 0) lines.push('', `${moreText(more, 'case')} (${BATCH_TEXT.allErrors})`);
  }
  return lines;
}

/**
 * The Markdown digest of a batch: the mean score and grade, the gate, the distribution of the score and
 * each core metric, grades, the {@link SHOWN_TOOLS} tools with the most calls, the worst cases with
 * their top issue, and how many cases could not be scored. Every text from the input is escaped.
 */
export async function renderBatchMarkdown(input: BatchReportInput): Promise<string> {
  const view = await buildBatchView(input);
  const lines = [
    ...headingLines(view),
    ...distributionLines(view),
    ...trialLines(view),
    ...turnLines(view),
    ...toolLines(view),
    ...worstCaseLines(view),
    ...errorLines(view),
    '',
    `<sub>${md(generatedText(view.version, view.generatedAt))}</sub>`,
  ];
  return `${lines.join('\n')}\n`;
}
