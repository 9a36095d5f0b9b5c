import { readFile } from 'node:fs/promises';
import { ToolscoreInputError } from '../../core/errors.js';
import { compareWithBaseline, type CurrentRun } from '../../baseline/compare.js';
import { parseBaseline } from '../../baseline/read.js';
import {
  renderRegressionConsole,
  renderRegressionJson,
  renderRegressionJunit,
  renderRegressionMarkdown,
} from '../../baseline/report.js';
import { readResults } from '../../baseline/results.js';
import { parseThresholds } from '../../baseline/thresholds.js';
import { traceValues } from '../../baseline/measures.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { checkFormatName } from '../../formats/registry.js';
import { readJsonFile } from '../../io/files.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { displayText } from '../../reports/text.js';
import { REGRESSION_FILE_LABELS } from '../../baseline/text.js';
import { checkOutputPaths } from '../output-paths.js';
import { colorEnabled } from '../terminal.js';

/** Flags of `toolscore regression`, as commander parsed them. */
export interface RegressionFlags {
  /** The gold standard the trace is scored against. */
  goldFile?: string;
  /** A batch run's results.jsonl, instead of a trace. */
  results?: string;
  /** `--threshold` as typed. */
  threshold?: string;
  /** Repeated `--threshold-for METRIC=X` texts. */
  thresholdFor: string[];
  /** A gold file unlike the baseline's is an error, not a warning. */
  strictGold?: boolean;
  /** Trace format name, or `auto`. */
  format: string;
  /** Forbidden-rules file the trace is checked against. */
  forbidden?: string;
  /** Where the comparison goes: JSON, Markdown, JUnit XML. */
  output?: string;
  markdown?: string;
  junit?: string;
  /** False after `--no-color`. */
  color: boolean;
}

/** The run to compare: a trace scored as the baseline's was (its weights, strict mode and budgets), or a batch's results. */
async function currentRun(
  baseline: ReturnType<typeof parseBaseline>,
  trace: string | undefined,
  flags: RegressionFlags,
): Promise<CurrentRun> {
  if (trace === undefined) return { kind: 'batch', lines: await readResults(flags.results!) };
  const goldFile = flags.goldFile!;
  const settings = baseline.settings;
  const result = await evaluateTrace({
    goldFile,
    traceFile: trace,
    format: checkFormatName(flags.format, '--format'),
    ...(settings === null
      ? {}
      : {
          weights: settings.weights,
          strict: settings.strict,
          ...(settings.budgets ? { budgets: settings.budgets } : {}),
        }),
    ...(flags.forbidden === undefined ? {} : { forbidden: flags.forbidden }),
    // The comparison is offline, like the Python tool's: no file, database or judge checks.
    validateSideEffects: false,
  });
  return {
    kind: 'trace',
    values: traceValues(result),
    goldContent: await readFile(goldFile),
    forbiddenRules: result.metrics.policy_metrics?.rule_count ?? 0,
  };
}

/**
 * `toolscore regression BASELINE (TRACE --gold-file GOLD | --results RESULTS.jsonl)`: compares a run with a
 * baseline. Returns 0 when nothing regressed, 1 when something did; bad input throws (exit 2).
 */
export async function runRegression(
  baselineFile: string,
  trace: string | undefined,
  flags: RegressionFlags,
): Promise<number> {
  const thresholds = parseThresholds(flags.threshold, flags.thresholdFor);
  if (trace !== undefined && flags.results !== undefined)
    throw new ToolscoreInputError(
      { source: '--results' },
      'give either a trace (with --gold-file) or --results, not both',
    );
  if (trace === undefined && flags.results === undefined)
    throw new ToolscoreInputError(
      { source: 'regression' },
      'expected a trace with --gold-file GOLD, or --results RESULTS.jsonl',
    );
  if (trace !== undefined && flags.goldFile === undefined)
    throw new ToolscoreInputError(
      { source: '--gold-file' },
      'a trace is scored against a gold file: pass --gold-file GOLD',
    );
  if (trace === undefined && flags.goldFile !== undefined)
    throw new ToolscoreInputError(
      { source: '--gold-file' },
      'results of a batch carry their own gold calls; --gold-file goes with a trace',
    );
  const outputs = (
    [
      ['--output', flags.output],
      ['--markdown', flags.markdown],
      ['--junit', flags.junit],
    ] as const
  ).flatMap(([flag, path]) => (path === undefined ? [] : [[flag, path, 'the comparison'] as const]));
  checkOutputPaths(outputs, [
    ['baseline', baselineFile],
    ['trace file', trace],
    ['gold file', flags.goldFile],
    ['results file', flags.results],
    ['forbidden-rules file', flags.forbidden],
  ]);

  const baseline = parseBaseline(await readJsonFile(baselineFile), baselineFile);
  const run = await currentRun(baseline, trace, flags);
  const regression = compareWithBaseline(baseline, run, {
    thresholds,
    baselineFile,
    strictGold: flags.strictGold === true,
  });
  if (flags.output !== undefined) await writeFileAtomic(flags.output, renderRegressionJson(regression));
  if (flags.markdown !== undefined) await writeFileAtomic(flags.markdown, renderRegressionMarkdown(regression));
  if (flags.junit !== undefined) await writeFileAtomic(flags.junit, renderRegressionJunit(regression));

  process.stdout.write(renderRegressionConsole(regression, { color: colorEnabled(flags.color) }));
  for (const [flag, path] of outputs) process.stdout.write(`${REGRESSION_FILE_LABELS[flag]}: ${displayText(path)}\n`);
  return regression.passed ? 0 : 1;
}
