import { ToolscoreInputError } from '../../core/errors.js';
import { compareRuns, modelNames, type ModelRun } from '../../compare/compare.js';
import {
  renderComparisonConsole,
  renderComparisonHtml,
  renderComparisonJson,
  renderComparisonMarkdown,
} from '../../compare/report.js';
import { readResults } from '../../baseline/results.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { checkFormatName } from '../../formats/registry.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { displayText } from '../../reports/text.js';
import { COMPARE_FILE_LABELS } from '../../compare/text.js';
import { checkOutputPaths } from '../output-paths.js';
import { parseWeightFlags } from '../scoring-flags.js';
import { colorEnabled } from '../terminal.js';
import { keeping, startKeeping, type StoreFlags } from '../store-run.js';

/** Flags of `toolscore compare`, as commander parsed them. */
export interface CompareFlags extends StoreFlags {
  /** The files are batch results, not a gold file and traces. */
  results?: boolean;
  /** Comma-separated model names, one per run, in order. */
  names?: string;
  /** Trace format name, or `auto`. */
  format: string;
  /** Repeated `--weight NAME=VALUE` texts. */
  weight: string[];
  /** Compare arguments strictly. */
  strict?: boolean;
  /** Where the comparison goes: JSON, Markdown, HTML. */
  output?: string;
  markdown?: string;
  html?: string;
  /** False after `--no-color`. */
  color: boolean;
}

/**
 * `toolscore compare GOLD TRACE TRACE...` or `toolscore compare --results A.jsonl B.jsonl...`: several
 * models' runs side by side. Returns 0; bad input throws (exit 2). A comparison gates nothing.
 */
export async function runCompare(files: string[], flags: CompareFlags): Promise<number> {
  const format = checkFormatName(flags.format, '--format');
  const weights = parseWeightFlags(flags.weight);
  const runFiles = flags.results ? files : files.slice(1);
  if (runFiles.length < 2)
    throw new ToolscoreInputError(
      { source: 'compare' },
      flags.results
        ? `expected at least two results files to compare, got ${runFiles.length}`
        : `expected a gold file and at least two traces to compare, got ${files.length} file${files.length === 1 ? '' : 's'}`,
    );
  const names = modelNames(
    runFiles,
    flags.names === undefined ? undefined : flags.names.split(',').map((name) => name.trim()),
  );
  const outputs = (
    [
      ['--output', flags.output],
      ['--markdown', flags.markdown],
      ['--html', flags.html],
    ] as const
  ).flatMap(([flag, path]) => (path === undefined ? [] : [[flag, path, 'the comparison'] as const]));
  checkOutputPaths(
    outputs,
    files.map((file, i) => [flags.results || i > 0 ? 'compared file' : 'gold file', file] as const),
  );
  const keep = await startKeeping(flags, 'compare', {
    args: files,
    flags,
    gold: flags.results ? undefined : files[0],
  });
  return keeping(keep, async () => {
    const runs: ModelRun[] = [];
    for (const [i, file] of runFiles.entries()) {
      if (flags.results) {
        runs.push({ name: names[i]!, file, lines: await readResults(file) });
        continue;
      }
      const result = await evaluateTrace({
        goldFile: files[0]!,
        traceFile: file,
        format,
        weights,
        strict: flags.strict === true,
        // Like the Python tool's compare: the calls only, offline.
        validateSideEffects: false,
      });
      runs.push({ name: names[i]!, file, result });
    }
    const comparison = compareRuns(runs);
    if (flags.output !== undefined) await writeFileAtomic(flags.output, renderComparisonJson(comparison));
    if (flags.markdown !== undefined) await writeFileAtomic(flags.markdown, renderComparisonMarkdown(comparison));
    if (flags.html !== undefined) await writeFileAtomic(flags.html, renderComparisonHtml(comparison));
    process.stdout.write(renderComparisonConsole(comparison, { color: colorEnabled(flags.color) }));
    for (const [flag, path] of outputs) process.stdout.write(`${COMPARE_FILE_LABELS[flag]}: ${displayText(path)}\n`);
    if (keep !== undefined) {
      // One case per model compared: its name, file, score, grade and metrics, as comparison.json has them.
      for (const [index, model] of comparison.models.entries())
        await keep.writer.addLine({ id: model.name, index, ...model });
      process.stdout.write(`${await keep.commit(comparison)}\n`);
    }
    return 0;
  });
}
