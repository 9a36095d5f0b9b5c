import { FAILURE_TABLE } from '../text/report.js';
import type { Args } from '../core/types.js';
import { isMatcher } from '../match/matchers/matcher.js';
import { jsonTextWithKinds } from '../match/number-kinds.js';
import { displayText } from '../reports/text.js';

/** Longest argument value shown in a call before it is cut. */
const MAX_VALUE_TEXT = 40;

/** An argument value as shown in a call: matchers by their text form, data as JSON (`1.0` as read from a file), made safe to show, cut at 40 characters. */
function valueText(args: Args, key: string): string {
  const text = displayText(
    jsonTextWithKinds(args[key], args, key, (value) =>
      isMatcher(value) ? value.toString() : (JSON.stringify(value) ?? String(value)),
    ),
  );
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}

/**
 * A call as one line: `search(city="NYC", days=3)`, `search()` without arguments, and
 * `search(…any args…)` for an expected call that does not check them (`args: null`).
 */
export function callText(tool: string, args: Args | null, argsChecked = true): string {
  const name = displayText(tool);
  if (args === null) return argsChecked ? `${name}()` : `${name}(${FAILURE_TABLE.anyArgs})`;
  const members = Object.keys(args).map((key) => `${displayText(key)}=${valueText(args, key)}`);
  return `${name}(${members.join(', ')})`;
}
