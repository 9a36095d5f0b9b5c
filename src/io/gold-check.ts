import { ToolscoreInputError } from '../core/errors.js';
import type { Gold, ToolCall } from '../core/types.js';
import { readGold, readPlainGold } from '../gold/gold.js';
import { unknownGoldKeys } from './gold-keys.js';
import { goldLooksLikeTrace, recordedCallHint, traceLooksLikeGold, type SwapHint } from './swapped-files.js';

/** What reading a gold file says about what it does not understand. */
export interface GoldCheckOptions {
  /** An unknown key is an error (the first one found), not a warning. */
  strictGold?: boolean;
  /** Where warnings go, as `file at $.path: message` lines (an evaluation's `warnings`). */
  warnings?: string[];
  /**
   * Say so when the file looks like a trace (default true). Off where the file may be either
   * (`validate` without `--kind`): then such a file is read without the key check.
   */
  swapHints?: boolean;
  /** JSON path of the gold inside its source (a dataset case's `$.expected`; default `$`, the whole source). */
  path?: string;
}

/** The error `strictGold` turns an unknown key into. */
export class UnknownGoldKeyError extends ToolscoreInputError {}

function located(source: string, path: string, message: string): string {
  return `${source}${path ? ` at ${path}` : ''}: ${message}`;
}

/** A path `unknownGoldKeys` found (from `$`), placed below where the gold sits in its source. */
function rebased(path: string, base: string | undefined): string {
  return base === undefined || base === '$' ? path : `${base}${path.slice(1)}`;
}

/**
 * The unknown key that explains an error at `path`: a synonym of `tool` in the call whose tool is
 * missing (`"name": "search"`), or a key of the object the error is about (`{"actions": [...]}` where a
 * call list was expected).
 */
function unknownKeyAt(data: unknown, path: string | undefined, base: string | undefined): string | undefined {
  const found = unknownGoldKeys(data).map((key) => ({ ...key, path: rebased(key.path, base) }));
  return (
    found.find((key) => key.suggestion === 'tool' && `${key.path}.tool` === path) ??
    found.find((key) => key.path === path)
  )?.message;
}

/**
 * Reads gold (`read` turns the parsed `data` into calls) and checks what the file says that the gold
 * language does not know: unknown keys become warnings (an `UnknownGoldKeyError` under `strictGold`),
 * and a file that looks like a trace gets a warning that the files may be swapped instead (or, when it
 * cannot be read as gold, an error saying so).
 */
export function checkedGold<T>(data: unknown, source: string, options: GoldCheckOptions | undefined, read: () => T): T {
  const base = options?.path;
  const hintOf = (swap: SwapHint | undefined) => (options?.swapHints === false ? undefined : swap);
  let calls: T;
  try {
    calls = read();
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    const swap = goldLooksLikeTrace(data);
    const why = swap !== undefined ? hintOf(swap)?.message : unknownKeyAt(data, error.location.path, base);
    throw why === undefined ? error : new ToolscoreInputError(error.location, `${error.reason} (${why})`);
  }
  const unknown = unknownGoldKeys(data);
  // Gold that reads with only the gold language's keys is gold unless a call has a recorded error, duration or timestamp:
  // the trace formats are looked for (the costly part, on every evaluate()) only when keys are off.
  const swap = unknown.length > 0 ? goldLooksLikeTrace(data) : recordedCallHint(data);
  const hint = hintOf(swap);
  // A trace read as gold has a trace's keys: the swap hint explains them all, in one warning, and
  // where the file may be either (validate's auto), its keys are a trace's to have.
  if (swap !== undefined && hint === undefined) return calls;
  const first = unknown[0];
  if (options?.strictGold && first !== undefined)
    throw new UnknownGoldKeyError(
      { source, path: rebased(first.path, base) },
      hint === undefined ? first.message : `${first.message} (${hint.message})`,
    );
  options?.warnings?.push(
    ...(hint === undefined
      ? unknown.map((found) => located(source, rebased(found.path, base), found.message))
      : [located(source, rebased(hint.path, base), hint.message)]),
  );
  return calls;
}

/**
 * Reads and checks gold, as `checkedGold` over `readGold` does: the one way evaluations read a gold.
 * The common gold, a list of `{tool, args}` calls with nothing to decode, is read on the fast path
 * (`readPlainGold`): it holds no key the language does not know and none a trace records, so there is
 * nothing to check or warn about. `read-checked-gold.property.test.ts` holds both ways to the same gold,
 * warnings and errors.
 */
export function readCheckedGold(data: unknown, source: string, options: GoldCheckOptions & { maxDepth: number }): Gold {
  return readPlainGold(data, options.maxDepth) ?? readCheckedGoldPlainly(data, source, options);
}

/**
 * `readCheckedGold` with no fast path: the reference the property test holds it to.
 * @internal Exported for that test.
 */
export function readCheckedGoldPlainly(
  data: unknown,
  source: string,
  options: GoldCheckOptions & { maxDepth: number },
): Gold {
  return checkedGold(data, source, options, () =>
    readGold(data, source, {
      maxDepth: options.maxDepth,
      ...(options.path === undefined ? {} : { path: options.path }),
    }),
  );
}

/**
 * Refuses a trace that looks like a gold file (operators in its arguments, no recorded result): scored,
 * it would compare two gold files and give a number that means nothing, as a provider response read
 * as gold would.
 */
export function refuseGoldAsTrace(calls: readonly ToolCall[], source: string): void {
  const hint = traceLooksLikeGold(calls);
  if (hint !== undefined) throw new ToolscoreInputError({ source }, hint.message);
}

/** The warning lines for a trace that looks like a gold file (none when it does not), where it may be either. */
export function traceSwapWarnings(calls: readonly ToolCall[], source: string): string[] {
  const hint = traceLooksLikeGold(calls);
  return hint === undefined ? [] : [located(source, hint.path, hint.message)];
}
