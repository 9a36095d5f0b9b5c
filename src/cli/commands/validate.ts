import { ToolscoreInputError } from '../../core/errors.js';
import { DEFAULT_LIMITS, nestedDeeperThan, tooDeepError } from '../../core/limits.js';
import type { ExpectedCall } from '../../core/types.js';
import type { ExtractedCalls } from '../../formats/auto.js';
import { readJsonFile } from '../../io/files.js';
import { goldCallsOf } from '../../io/gold.js';
import { UnknownGoldKeyError, checkedGold, traceSwapWarnings } from '../../io/gold-check.js';
import { goldMarkIn } from '../../io/swapped-files.js';
import { isJsonLinesPath, looksLikeJsonLines } from '../../io/jsonl.js';
import { loadTraceFile } from '../../io/trace.js';
import { checkFormatName, UndetectedFormatError } from '../../formats/registry.js';
import { explainedExit } from '../explain.js';
import { displayText } from '../../reports/text.js';
import { renderValidationConsole, renderValidationJson } from '../../reports/validation.js';
import { colorEnabled } from '../terminal.js';

/** What `validate` reads a file as. */
type ValidateKind = 'gold' | 'trace' | 'auto';

/** Flags of `toolscore validate`, as commander parsed them. */
export interface ValidateFlags {
  /** Trace format name, or `auto`. */
  format: string;
  /** Read the file as gold, as a trace, or try both (gold first). */
  kind: ValidateKind;
  /** False after `--no-color`. */
  color: boolean;
  /** When the trace format cannot be detected, list every format, what it looks for and what the file lacked. */
  explain?: boolean;
  /** The same as `explain` (its older name). */
  verbose?: boolean;
  /** An unknown key in the gold reading is an error (exit 2), not a warning. */
  strictGold?: boolean;
  /** List every call, not the first few. */
  all?: boolean;
  /** Print what was found as JSON (every call). */
  json?: boolean;
}

/** Runs `read`, keeping a ToolscoreInputError as the answer instead of throwing it. */
async function attempt<T>(read: () => T | Promise<T>): Promise<T | ToolscoreInputError> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
}

/** The file as one JSON document for the gold reading; JSON Lines are refused before the file is read whole. */
async function readGoldDocument(file: string): Promise<unknown> {
  if (isJsonLinesPath(file) || (await looksLikeJsonLines(file))) {
    throw new ToolscoreInputError(
      { source: file },
      'is JSON Lines; a gold standard is one JSON document (an array of calls or {"calls": [...]})',
    );
  }
  return readJsonFile(file);
}

/** The trace, once its arguments are known to nest within the limit: validate prints them, unscored. */
function withinDepth(trace: ExtractedCalls, file: string): ExtractedCalls {
  const limit = DEFAULT_LIMITS.maxDepth;
  trace.calls.forEach((call, i) => {
    if (nestedDeeperThan(call.args, limit)) throw tooDeepError(file, `$[${i}].args`, limit);
  });
  return trace;
}

/**
 * `toolscore validate FILE`: says whether FILE is a gold standard, a trace or both, and what is in it.
 * Returns 0 when it reads as what was asked for; bad input throws (exit 2), except that when both
 * readings fail for different reasons both reasons are printed and 2 is returned.
 */
export async function runValidate(file: string, flags: ValidateFlags): Promise<number> {
  const format = checkFormatName(flags.format, '--format');
  // The gold standard is one JSON document; the trace is read by the loader `eval` uses, JSON Lines included.
  // Swap hints only when the file was named as one kind: a file read both ways is neither swapped.
  const goldWarnings: string[] = [];
  let goldMark: string | undefined;
  const gold =
    flags.kind === 'trace'
      ? undefined
      : await attempt<ExpectedCall[]>(async () => {
          const data = await readGoldDocument(file);
          goldMark = goldMarkIn(data);
          const options = {
            strictGold: flags.strictGold === true,
            warnings: goldWarnings,
            swapHints: flags.kind === 'gold',
          };
          return checkedGold(data, file, options, () => goldCallsOf(data, file));
        });
  // Under --strict-gold a gold file with an unknown key is refused even when it also reads as a trace,
  // and a file that holds operators or keys only gold has is gold: its error is the answer, not "a trace".
  if (gold instanceof UnknownGoldKeyError || (gold instanceof ToolscoreInputError && goldMark !== undefined))
    throw gold;
  const trace =
    flags.kind === 'gold'
      ? undefined
      : await attempt<ExtractedCalls>(async () => {
          const read = withinDepth(await loadTraceFile(file, format), file);
          if (flags.kind === 'trace') read.warnings.push(...traceSwapWarnings(read.calls, file));
          return read;
        });
  const [goldCalls, goldError] = gold instanceof ToolscoreInputError ? [undefined, gold] : [gold, undefined];
  const [traceCalls, traceError] = trace instanceof ToolscoreInputError ? [undefined, trace] : [trace, undefined];

  if (!goldCalls && !traceCalls) {
    const explain = flags.explain === true || flags.verbose === true;
    if (goldError && traceError && goldError.message !== traceError.message) {
      process.stderr.write(`toolscore: not a gold file: ${displayText(goldError.message)}\n`);
      if (explain && traceError instanceof UndetectedFormatError)
        return explainedExit(traceError, true, 'not a trace: ');
      process.stderr.write(`toolscore: not a trace: ${displayText(traceError.message)}\n`);
      return 2;
    }
    return explainedExit(goldError ?? traceError, explain);
  }
  const view = {
    file,
    gold: goldCalls,
    goldWarnings: goldCalls ? goldWarnings : [],
    trace: traceCalls,
    goldError: goldError?.message,
  };
  process.stdout.write(
    flags.json
      ? renderValidationJson(view)
      : renderValidationConsole(view, { color: colorEnabled(flags.color), all: flags.all === true }),
  );
  return 0;
}
