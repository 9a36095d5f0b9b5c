/**
 * Loading re2js and compiling a first pattern on it costs a CLI run about 12 ms of CPU, more than
 * scoring a small trace. Most gold patterns are simple (`TP\d{3,4}`, `2025-06-1[4-8]`, `FL-\d+`): for
 * those, JavaScript's own engine gives RE2's answer in time linear in the input, so `$regex` in a gold
 * file (a whole-string match) runs them there. `simple-pattern.property.test.ts` holds them to re2js.
 *
 * The subset, chosen so that both engines read it alike and backtracking stays linear: a sequence of
 * ASCII atoms (a printable character that is not a metacharacter, an escaped metacharacter, `\d`, `\w`,
 * or a class `[...]` of letters, digits, `_`, ranges of them, `\d` and `\w`), each with at most one
 * greedy quantifier (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`), between an optional leading `^` and an
 * optional trailing `$`. No `.`, `\s` or negation (the engines differ on line breaks, Unicode spaces
 * and lone surrogates), no groups or alternation, no flags but `u` (which RE2 always has). At most one
 * unbounded quantifier, and the ranges of the bounded ones multiply to at most 16: anchored at the
 * start, a backtracking match then tries each split of the one unbounded run once.
 */

/** Characters that mean something in a pattern, escapable with a backslash in both engines. */
const METACHARACTERS = '^$\\.*+?()[]{}|/';
/** Largest product of the bounded quantifiers' ranges (`?` counts 2, `{3,4}` 2, `{0,9}` 10). */
const MAX_RANGE_PRODUCT = 16;
/** Largest repeat count (RE2 refuses more than 1000). */
const MAX_COUNT = 1000;

const isWordCharacter = (character: string) => /^[A-Za-z0-9_]$/.test(character);

/** The end of a class `[...]` starting at `start` (after its `]`), or -1 when it is outside the subset. */
function classEnd(pattern: string, start: number): number {
  let k = start + 1;
  let members = 0;
  while (k < pattern.length && pattern[k] !== ']') {
    const character = pattern[k]!;
    if (character === '\\') {
      if (pattern[k + 1] !== 'd' && pattern[k + 1] !== 'w') return -1;
      k += 2;
    } else if (isWordCharacter(character)) {
      if (pattern[k + 1] === '-' && pattern[k + 2] !== ']') {
        const last = pattern[k + 2] ?? '';
        const sameKind = [/[a-z]/, /[A-Z]/, /[0-9]/].some((kind) => kind.test(character) && kind.test(last));
        if (!sameKind || last < character) return -1;
        k += 3;
      } else k += 1;
    } else return -1;
    members += 1;
  }
  return members > 0 && k < pattern.length ? k + 1 : -1;
}

/** The end of the atom starting at `start`, or -1 when it is outside the subset. */
function atomEnd(pattern: string, start: number): number {
  const character = pattern[start]!;
  if (character === '\\') {
    const escaped = pattern[start + 1] ?? '';
    return escaped === 'd' || escaped === 'w' || (escaped !== '' && METACHARACTERS.includes(escaped)) ? start + 2 : -1;
  }
  if (character === '[') return classEnd(pattern, start);
  const code = character.charCodeAt(0);
  return code >= 0x20 && code <= 0x7e && !METACHARACTERS.includes(character) && character !== '}' ? start + 1 : -1;
}

/** A quantifier at `start`: its end and range (Infinity when unbounded), or undefined when there is none. */
function quantifier(pattern: string, start: number): { end: number; min: number; max: number } | undefined {
  const character = pattern[start];
  if (character === '?') return { end: start + 1, min: 0, max: 1 };
  if (character === '*') return { end: start + 1, min: 0, max: Infinity };
  if (character === '+') return { end: start + 1, min: 1, max: Infinity };
  if (character !== '{') return undefined;
  const counted = /^\{(\d{1,4})(,(\d{1,4})?)?\}/.exec(pattern.slice(start));
  if (!counted) return { end: -1, min: 0, max: 0 };
  const min = Number(counted[1]);
  const max = counted[2] === undefined ? min : counted[3] === undefined ? Infinity : Number(counted[3]);
  if (min > MAX_COUNT || max < min || (max !== Infinity && max > MAX_COUNT)) return { end: -1, min: 0, max: 0 };
  return { end: start + counted[0].length, min, max };
}

/**
 * A JavaScript regular expression answering as RE2 does whether `pattern` matches a whole string, in
 * linear time; undefined when the pattern is outside the subset above (re2js then runs it).
 */
export function simpleFullMatch(pattern: string): RegExp | undefined {
  let k = pattern.startsWith('^') ? 1 : 0;
  const end =
    pattern.endsWith('$') && !pattern.endsWith('\\$') && pattern.length > k ? pattern.length - 1 : pattern.length;
  let unbounded = 0;
  let rangeProduct = 1;
  while (k < end) {
    const atom = atomEnd(pattern, k);
    if (atom < 0 || atom > end) return undefined;
    k = atom;
    const repeat = quantifier(pattern, k);
    if (repeat === undefined) continue;
    // A second quantifier (`*?`, `a{2}{3}`) reads as an atom outside the subset on the next turn.
    if (repeat.end < 0 || repeat.end > end) return undefined;
    if (repeat.max === Infinity) unbounded += 1;
    else rangeProduct *= repeat.max - repeat.min + 1;
    if (unbounded > 1 || rangeProduct > MAX_RANGE_PRODUCT) return undefined;
    k = repeat.end;
  }
  return new RegExp(`^(?:${pattern.slice(pattern.startsWith('^') ? 1 : 0, end)})$`);
}
