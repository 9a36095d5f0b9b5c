import { appendFile } from 'node:fs/promises';
import { ToolscoreInputError } from '../../core/errors.js';
import { mcpText } from '../../mcp/text.js';
import { meetsMinScore } from '../../core/grade.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import type { ScenarioResult } from '../../mcp/types.js';
import { displayText } from '../../reports/text.js';
import {
  renderScorecardConsole,
  renderScorecardMarkdown,
  renderScorecardJson,
  scorecardSummaryLine,
} from '../../mcp/report.js';
import { blockingIssues, gradeMeets, parseGrade, type Scorecard } from '../../mcp/scorecard.js';
import type { ServerTarget } from '../../mcp/target.js';
import { testServer } from '../../mcp/test-server.js';
import { checkOutputPaths, commandInputs } from '../output-paths.js';
import { colorEnabled } from '../terminal.js';
import { connectOptions, reportServerFailure, resolveTarget, type McpTargetFlags } from './mcp-common.js';

/** Flags of `toolscore mcp test`. */
export interface McpTestFlags extends McpTargetFlags {
  /** `--cases N` as typed. */
  cases: string;
  /** False after `--no-edge-cases`. */
  edgeCases: boolean;
  report?: string;
  output?: string;
  /** `--fail-under`: a grade A–F, or a score in [0, 1]. */
  failUnder?: string;
  ci?: boolean;
  allowDestructive?: boolean;
  readOnly?: boolean;
  color: boolean;
}

/** A `--fail-under` threshold: a letter grade, or a minimum score. */
type Threshold = { grade: string } | { score: number };

function parseThreshold(text: string): Threshold {
  const grade = parseGrade(text);
  if (grade) return { grade };
  const score = Number(text);
  if (text.trim() !== '' && Number.isFinite(score) && score >= 0 && score <= 1) return { score };
  throw new ToolscoreInputError(
    { source: '--fail-under' },
    `expected a grade A-F or a score between 0 and 1, got ${JSON.stringify(text)}`,
  );
}

function meets(card: Scorecard, threshold: Threshold): boolean {
  return 'grade' in threshold ? gradeMeets(card.grade, threshold.grade) : meetsMinScore(card.score, threshold.score);
}

/** Checks the flags that do not need the server: cases, report kind and file, threshold. */
function checkTestFlags(flags: McpTestFlags): { cases: number; report?: 'md' | 'json'; threshold?: Threshold } {
  const cases = Number(flags.cases);
  if (!Number.isInteger(cases) || cases < 1 || cases > 100)
    throw new ToolscoreInputError(
      { source: '--cases' },
      `expected a whole number from 1 to 100, got ${JSON.stringify(flags.cases)}`,
    );
  let report: 'md' | 'json' | undefined;
  if (flags.report !== undefined) {
    const kind = flags.report.toLowerCase();
    if (kind !== 'md' && kind !== 'markdown' && kind !== 'json')
      throw new ToolscoreInputError({ source: '--report' }, `expected md or json, got ${JSON.stringify(flags.report)}`);
    report = kind === 'json' ? 'json' : 'md';
    if (flags.output === undefined)
      throw new ToolscoreInputError({ source: '--report' }, 'needs -o/--output FILE: where to write the report');
  }
  if (flags.output !== undefined && report === undefined)
    throw new ToolscoreInputError({ source: '--output' }, 'needs --report md or --report json');
  const out: { cases: number; report?: 'md' | 'json'; threshold?: Threshold } = { cases };
  if (report) out.report = report;
  if (flags.failUnder !== undefined) out.threshold = parseThreshold(flags.failUnder);
  return out;
}

/**
 * Tests a server and reports: the console scorecard (unless a report file is the only output asked
 * for; always with --ci), the report file, the GitHub job summary with --ci. Returns the exit code.
 */
export async function testAndReport(target: ServerTarget, flags: McpTestFlags): Promise<number> {
  const { cases, report, threshold } = checkTestFlags(flags);
  const jobSummary = flags.ci ? process.env.GITHUB_STEP_SUMMARY || undefined : undefined;
  checkOutputPaths(
    [
      ...(report && flags.output ? [['--output', flags.output, 'the report'] as const] : []),
      ...(jobSummary === undefined ? [] : [['$GITHUB_STEP_SUMMARY', jobSummary, 'the job summary'] as const]),
    ],
    [
      ['--config file', flags.config],
      ...(target.kind === 'stdio' ? commandInputs(target.command, target.args, target.cwd) : []),
    ],
  );
  // On a terminal, one self-erasing progress line on stderr, so a long run does not look hung.
  const progress = process.stderr.isTTY
    ? (result: ScenarioResult, index: number, total: number) => {
        process.stderr.write(
          index + 1 === total ? '\r\u001b[2K' : `\r\u001b[2K  ${index + 1}/${total} ${displayText(result.tool)}`,
        );
      }
    : undefined;
  const readOnly = flags.readOnly === true;
  // Said before the first call: these tools run for real, and may write.
  const onPlan = (tools: readonly string[]): void => {
    process.stderr.write(`${displayText(mcpText.toolsToCall(tools, readOnly))}\n`);
  };
  const outcome = await testServer(target, {
    ...connectOptions(flags),
    casesPerTool: cases,
    includeEdgeCases: flags.edgeCases,
    allowDestructive: flags.allowDestructive === true,
    readOnly,
    onPlan,
    onResult: progress,
  });
  const { card } = outcome;
  if (report && flags.output) {
    await writeFileAtomic(flags.output, report === 'json' ? renderScorecardJson(card) : renderScorecardMarkdown(card));
    process.stdout.write(`${scorecardSummaryLine(card)}\nReport written to ${displayText(flags.output)}\n`);
  }
  if (!report || flags.ci) process.stdout.write(renderScorecardConsole(card, { color: colorEnabled(flags.color) }));
  if (jobSummary !== undefined) await appendFile(jobSummary, `${renderScorecardMarkdown(card)}\n`, 'utf8');
  if (outcome.failure) {
    reportServerFailure(outcome.failure);
    return 1;
  }
  if (threshold) {
    if (!meets(card, threshold)) {
      process.stderr.write(
        `toolscore: ${mcpText.gradeBelow('grade' in threshold ? card.grade : card.score.toFixed(3), 'grade' in threshold ? threshold.grade : String(threshold.score))}\n`,
      );
      return 1;
    }
    return 0;
  }
  if (flags.ci) {
    const blocking = blockingIssues(card);
    if (blocking > 0) {
      process.stderr.write(`toolscore: ${mcpText.blocking(blocking)}\n`);
      return 1;
    }
  }
  return 0;
}

/** `toolscore mcp test`. */
export async function runMcpTest(words: string[], flags: McpTestFlags): Promise<number> {
  checkTestFlags(flags);
  const { target } = await resolveTarget(words, flags);
  return testAndReport(target, flags);
}
