/*
 * BFCL's agentic answer check (ShishirPatil/gorilla, berkeley-function-call-leaderboard/bfcl_eval/
 * eval_checker/agentic_eval/agentic_checker.py, unchanged from the V4 release 58f57e9 to 6ea5797): both
 * texts go through standardize_string (`, . / - _ * ^ ( )` removed, lower-cased, `'` read as `"`;
 * whitespace is kept, whatever its docstring says), and an answer is found when
 * `re.search(rf"\b{re.escape(answer)}\b", response)` finds it. One source of the rule: the gold
 * language's `"normalize": "bfcl"` reply check and `toolscore bfcl`'s agentic verdict both read it here.
 */

const STRIPPED = /[,./\-_*^()]/g;

/** `standardize_string` of the agentic checker. */
export function bfclAnswerText(text: string): string {
  return text.replace(STRIPPED, '').toLowerCase().replaceAll("'", '"');
}

/**
 * Python's `\w` on str patterns: `str.isalnum()` or `_`, which is exactly the Unicode letters and numbers
 * (checked over every code point against Python 3.11, Unicode 14; newer letters are words here).
 */
const WORD = /^[\p{L}\p{N}_]$/u;

/** Whether the code point ending just before `at` is a word character. */
function wordBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 && /[\ud800-\udbff]/.test(text[at - 2]!) ? at - 2 : at - 1;
  return WORD.test(text.slice(start, at));
}

/** Whether the code point starting at `at` is a word character. */
function wordAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  return WORD.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** Python's `\b` at `at`: a word character on one side only. */
function boundary(text: string, at: number): boolean {
  return wordBefore(text, at) !== wordAt(text, at);
}

/**
 * `re.search(\b answer \b)` on texts already standardized: an occurrence of `answer` with a word boundary
 * at both ends. An empty answer is found at any boundary (a response with a word character in it).
 */
export function bfclFoundStandardized(response: string, answer: string): boolean {
  for (let at = response.indexOf(answer); at >= 0 && at <= response.length; at = response.indexOf(answer, at + 1)) {
    if (boundary(response, at) && boundary(response, at + answer.length)) return true;
    // indexOf("", n) past the end answers the end again: stop there.
    if (at === response.length) break;
  }
  return false;
}

/** Whether `response` says `answer` as the agentic checker reads them (both standardized first). */
export function bfclAnswerFound(response: string, answer: string): boolean {
  return bfclFoundStandardized(bfclAnswerText(response), bfclAnswerText(answer));
}
