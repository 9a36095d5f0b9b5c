import { ToolscoreInputError } from '../../core/errors.js';
import { DEFAULT_LIMITS, nestedDeeperThan, tooDeepError } from '../../core/limits.js';
import type { ExpectedCall } from '../../core/types.js';
import { readWithFormat, type ExtractedCalls } from '../../formats/auto.js';
import { readJsonFile } from '../../io/files.js';
import { goldCallsOf } from '../../io/gold.js';
import { checkFormatName } from '../../formats/registry.js';
import { displayText } from '../../reports/text.js';
import { renderValidation } from '../../reports/validation.js';
import { colorEnabled } from '../terminal.js';

/** What `validate` reads a file as. */
export type ValidateKind = 'gold' | 'trace' | 'auto';

/** Flags of `toolscore validate`, as commander parsed them. */
export interface ValidateFlags {
  /** Trace format name, or `auto`. */
  format: string;
  /** Read the file as gold, as a trace, or try both (gold first). */
  kind: ValidateKind;
  /** False after `--no-color`. */
  color: boolean;
}

/** Runs `read`, keeping a ToolscoreInputError as the answer instead of throwing it. */
function attempt<T>(read: () => T): T | ToolscoreInputError {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
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
  const data = await readJsonFile(file);
  const gold = flags.kind === 'trace' ? undefined : attempt<ExpectedCall[]>(() => goldCallsOf(data, file));
  const trace = flags.kind === 'gold' ? undefined : attempt<ExtractedCalls>(() => withinDepth(readWithFormat(data, format, file), file));
  const [goldCalls, goldError] = gold instanceof ToolscoreInputError ? [undefined, gold] : [gold, undefined];
  const [traceCalls, traceError] = trace instanceof ToolscoreInputError ? [undefined, trace] : [trace, undefined];

  if (!goldCalls && !traceCalls) {
    if (goldError && traceError && goldError.message !== traceError.message) {
      process.stderr.write(`toolscore: not a gold file: ${displayText(goldError.message)}\ntoolscore: not a trace: ${displayText(traceError.message)}\n`);
      return 2;
    }
    throw goldError ?? traceError;
  }
  const view = { file, gold: goldCalls, trace: traceCalls, goldError: goldError?.message };
  process.stdout.write(renderValidation(view, { color: colorEnabled(flags.color) }));
  return 0;
}
