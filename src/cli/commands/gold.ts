import { ToolscoreInputError } from '../../core/errors.js';
import { checkFormatName } from '../../formats/registry.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { loadTraceFile } from '../../io/trace.js';
import { renderWarnings } from '../../reports/console.js';
import { displayText } from '../../reports/text.js';
import { checkOutputPaths } from '../output-paths.js';
import { colorEnabled } from '../terminal.js';
import { goldFileText } from './gold-file.js';
import { type GoldArgsMode, goldWrittenText } from './gold-text.js';

/** Flags of `toolscore gold`, as commander parsed them. */
export interface GoldFlags {
  /** The trace the calls are taken from (or `fromAdk`: exactly one is given). */
  fromTrace?: string;
  /** An ADK eval set (or `*.test.json` eval data) whose cases become gold files. */
  fromAdk?: string;
  /** Trace format name, or `auto`. */
  format: string;
  /** Where the gold file goes; stdout when absent (and no `outDir`). */
  output?: string;
  /** The folder `--from-adk` writes one gold file per eval case into. */
  outDir?: string;
  /** How arguments are written (commander accepts only these three). */
  args: GoldArgsMode;
  /** False after `--no-color`. */
  color: boolean;
}

/**
 * `toolscore gold --from-trace TRACE [-o GOLD] [--args exact|keys|none]`: writes a first gold file from
 * a recorded trace, to stdout or to GOLD; a conversation's gold file has its turns (`goldFileText`).
 * `--from-adk EVALSET` converts an ADK eval set instead (`gold-adk.ts`). Returns 0; bad input throws (exit 2).
 */
export async function runGold(flags: GoldFlags): Promise<number> {
  const fromTrace = goldSource(flags);
  if (fromTrace === undefined) {
    const { runGoldFromAdk } = await import('./gold-adk.js');
    return runGoldFromAdk(flags.fromAdk!, flags);
  }
  const format = checkFormatName(flags.format, '--format');
  const mode = flags.args;
  if (flags.output !== undefined)
    checkOutputPaths([['--output', flags.output, 'the gold file']], [['trace file', fromTrace]]);
  const trace = await loadTraceFile(fromTrace, format);
  const gold = goldFileText(trace.calls, trace.userMessages, mode, fromTrace);
  if (flags.output === undefined) process.stdout.write(gold.text);
  else {
    await writeFileAtomic(flags.output, gold.text);
    process.stdout.write(
      `${goldWrittenText({
        output: displayText(flags.output),
        calls: gold.calls,
        turns: gold.turns,
        trace: displayText(fromTrace),
        format: trace.format,
        args: mode,
        volatile: gold.volatile,
      })}\n`,
    );
  }
  process.stderr.write(renderWarnings(trace.warnings, { color: colorEnabled(flags.color, process.stderr) }));
  return 0;
}

/** The trace of `--from-trace`, or undefined for `--from-adk`; any other combination of the flags is a usage error. */
function goldSource(flags: GoldFlags): string | undefined {
  if (flags.fromTrace !== undefined && flags.fromAdk !== undefined)
    throw new ToolscoreInputError({ source: 'gold' }, 'give --from-trace TRACE or --from-adk EVALSET, not both');
  if (flags.fromTrace === undefined && flags.fromAdk === undefined)
    throw new ToolscoreInputError({ source: 'gold' }, 'give --from-trace TRACE or --from-adk EVALSET');
  if (flags.output !== undefined && flags.outDir !== undefined)
    throw new ToolscoreInputError({ source: 'gold' }, 'give -o FILE or --out-dir DIR, not both');
  if (flags.fromTrace !== undefined && flags.outDir !== undefined)
    throw new ToolscoreInputError(
      { source: '--out-dir' },
      '--out-dir writes the eval cases of --from-adk, one file each; a trace gives one gold file: use -o',
    );
  return flags.fromTrace;
}
