import { createColors } from './colors.js';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { ExtractedCalls } from '../formats/auto.js';
import { encodeArgs } from '../match/operators.js';
import { redactDeep } from '../metrics/security.js';
import { countedNames, displayText, plural } from './text.js';

/** What `toolscore validate` found in a file: it read as gold, as a trace, or both. */
export interface ValidationView {
  /** The file as named by the user. */
  file: string;
  /** The expected calls, when the file reads as a gold standard. */
  gold?: readonly ExpectedCall[];
  /** What the gold reading did not understand (unknown keys, a file that looks like a trace). */
  goldWarnings?: readonly string[];
  /** The calls, format and warnings, when the file reads as a trace. */
  trace?: ExtractedCalls;
  /** Why the file is not a gold standard, when it was tried as one and only the trace reading worked. */
  goldError?: string;
}

/** How many calls are listed with their arguments. */
const SHOWN_CALLS = 5;

/** Longest argument text shown for one call. */
const MAX_ARGS_TEXT = 120;

function argsText(args: Record<string, unknown> | null, whenNull: string): string {
  if (args === null) return whenNull;
  const text = displayText(JSON.stringify(args));
  return text.length > MAX_ARGS_TEXT ? `${text.slice(0, MAX_ARGS_TEXT - 1)}…` : text;
}

function callLines(
  calls: readonly { tool: string; args: Record<string, unknown> | null }[],
  whenNull: string,
  shown: number,
): string[] {
  const lines = calls
    .slice(0, shown)
    .map((call, k) => `    ${k + 1}. ${displayText(call.tool)} ${argsText(call.args, whenNull)}`);
  if (calls.length > shown) lines.push(`    … and ${plural(calls.length - shown, 'more call')} (--all lists them)`);
  return lines;
}

function failedLines(calls: readonly ToolCall[], shown: number): string[] {
  const failed = calls.map((call, index) => ({ call, index })).filter(({ call }) => call.is_error);
  if (failed.length === 0) return ['  Failed calls: none'];
  const lines = [`  Failed calls: ${failed.length}`];
  for (const { call, index } of failed.slice(0, shown)) {
    const error = call.error === undefined ? 'failed without a message' : JSON.stringify(call.error);
    lines.push(`    call ${index + 1} (${displayText(call.tool)}): ${displayText(error)}`);
  }
  if (failed.length > shown) lines.push(`    … and ${plural(failed.length - shown, 'more failed call')}`);
  return lines;
}

/**
 * The `toolscore validate` summary: what the file is, its tools, its first calls (every call with
 * `all`), failures and warnings.
 */
export function renderValidationConsole(
  view: ValidationView,
  options: { color?: boolean; all?: boolean } = {},
): string {
  const colors = createColors(options.color === true);
  const shown = options.all === true ? Number.POSITIVE_INFINITY : SHOWN_CALLS;
  const { gold, trace } = view;
  const goldPart = gold && `gold (${plural(gold.length, 'expected call')})`;
  const tracePart = trace && `a trace (${trace.format} format, ${plural(trace.calls.length, 'call')})`;
  const verdict =
    goldPart && tracePart ? `valid as ${goldPart} and as ${tracePart}` : `valid as ${goldPart ?? tracePart}`;
  const lines = [`${displayText(view.file)}: ${colors.green(verdict)}`];
  if (view.goldError !== undefined) lines.push(colors.dim(`  Not a gold file: ${displayText(view.goldError)}`));

  const calls = gold ?? trace?.calls ?? [];
  lines.push(`  Tools: ${calls.length ? displayText(countedNames(calls.map((call) => call.tool))) : 'none'}`);
  if (trace) lines.push(...failedLines(trace.calls, shown));
  if (gold)
    lines.push(
      '  Calls (arguments in gold-file form):',
      ...callLines(
        gold.map((call) => ({ tool: call.tool, args: encodeArgs(call.args) })),
        '(arguments not checked)',
        shown,
      ),
    );
  else if (trace) lines.push('  Calls:', ...callLines(trace.calls, '(no arguments recorded)', shown));
  const warnings = warningsOf(view);
  if (warnings.length > 0) {
    lines.push(
      colors.yellow(`  Warnings: ${warnings.length}`),
      ...warnings.map((warning) => `    ${displayText(warning)}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

function warningsOf(view: ValidationView): string[] {
  return [...(view.goldWarnings ?? []), ...(view.trace?.warnings ?? [])];
}

/**
 * `toolscore validate --json`: what the file reads as, and every call of each reading: the gold calls
 * with their arguments in gold-file form (`null`: not checked), the trace's calls with their results and
 * errors. Credentials are masked, as in every report.
 */
export function renderValidationJson(view: ValidationView): string {
  const { gold, trace } = view;
  const record = {
    file: view.file,
    valid_as: [...(gold ? ['gold'] : []), ...(trace ? ['trace'] : [])],
    gold: gold
      ? { call_count: gold.length, calls: gold.map((call) => ({ tool: call.tool, args: encodeArgs(call.args) })) }
      : null,
    not_gold: view.goldError ?? null,
    trace: trace
      ? {
          format: trace.format,
          call_count: trace.calls.length,
          failed_call_count: trace.calls.filter((call) => call.is_error).length,
          calls: trace.calls.map((call) => ({
            tool: call.tool,
            args: call.args,
            result: call.result ?? null,
            is_error: call.is_error,
            error: call.error ?? null,
          })),
        }
      : null,
    warnings: warningsOf(view),
  };
  return `${JSON.stringify(redactDeep(record), null, 2)}\n`;
}
