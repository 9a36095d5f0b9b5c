/** Every sentence `toolscore gold` prints. */

/**
 * `wrote gold.json: 8 expected calls from trace.json (openai format), arguments exact; 2 volatile values
 * became patterns`; for a conversation, `8 expected calls in 3 turns`.
 */
export function goldWrittenText(fields: {
  output: string;
  calls: number;
  /** The conversation's turns, when the gold file has them. */
  turns?: number | undefined;
  trace: string;
  format: string;
  args: GoldArgsMode;
  volatile: number;
}): string {
  const turns = fields.turns === undefined ? '' : ` in ${fields.turns} turns`;
  const calls = `${fields.calls} expected ${fields.calls === 1 ? 'call' : 'calls'}${turns}`;
  const volatile =
    fields.volatile === 0
      ? ''
      : `; ${fields.volatile} volatile ${fields.volatile === 1 ? 'value' : 'values'} (timestamps, ids) became patterns`;
  return `wrote ${fields.output}: ${calls} from ${fields.trace} (${fields.format} format), arguments ${ARGS_MODE_TEXT[fields.args]}${volatile}. Review it before scoring against it.`;
}

/** How `--args` writes each call's arguments. */
export type GoldArgsMode = 'exact' | 'keys' | 'none';

/** What each `--args` mode means, as the summary line says it. */
const ARGS_MODE_TEXT: Readonly<Record<GoldArgsMode, string>> = {
  exact: 'as recorded',
  keys: 'checked by name and type',
  none: 'not checked',
};

/** `3 eval cases ("a", "b", "c")`, the first ten ids named. */
function casesText(ids: readonly string[]): string {
  const shown = ids.slice(0, 10).map((id) => JSON.stringify(id));
  const more = ids.length > shown.length ? `, … (${ids.length - shown.length} more)` : '';
  return `${ids.length} eval cases (${shown.join(', ')}${more})`;
}

/** Why an eval set of several cases needs `--out-dir`: a gold file describes one conversation. */
export function severalCasesText(ids: readonly string[], output: boolean): string {
  const where = output
    ? '-o writes one gold file, and a gold file is one conversation'
    : 'a gold file is one conversation';
  return `holds ${casesText(ids)}; ${where}: write one file per case with --out-dir DIR`;
}

/** Why a file is not something `--from-adk` converts. */
export function notADKEvalDataText(got: string, session: boolean): string {
  if (session) return 'an ADK session, not an eval set: write its gold file with --from-trace';
  return `expected an ADK eval set ({"eval_set_id", "eval_cases": [...]}), one eval case ({"eval_id", "conversation"}) or *.test.json eval data ([{"query", "expected_tool_use"}]); got ${got}`;
}
