import { linearSchemaPattern } from '../match/matchers/regex.js';
import type { Random } from './prng.js';

/**
 * Strings that match a JSON Schema `pattern` (an ECMA-262 regular expression, unanchored). The common
 * subset is understood: literals, escapes (`\d \w \s`, their negations, `\uXXXX`), `.`, classes with
 * ranges and negation, groups (capturing, `(?:)` and named), alternation, and the quantifiers
 * `* + ? {n} {n,} {n,m}` (lazy or not). Lookarounds and backreferences are not: such patterns give
 * no sample. Every sample is checked against the expression on the linear-time engine (as the
 * validator runs it) before it is returned.
 */

type CharRange = readonly [number, number];
interface CharSet {
  ranges: CharRange[];
  negate: boolean;
}

type Node =
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'set'; set: CharSet }
  | { t: 'lit'; text: string }
  | { t: 'rep'; node: Node; min: number; max: number };

class Unsupported extends Error {}

const DIGIT: CharRange[] = [[0x30, 0x39]];
const WORD: CharRange[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: CharRange[] = [[0x20, 0x20]];
/** What `.` and negated classes draw from: letters and digits first, so samples stay readable. */
const READABLE: CharRange[] = [
  [0x61, 0x7a],
  [0x30, 0x39],
  [0x41, 0x5a],
];
const PRINTABLE: CharRange[] = [[0x20, 0x7e]];

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Unsupported(`unexpected ${this.src[this.i]}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      if (atom) items.push(this.quantified(atom));
    }
    return { t: 'seq', items };
  }

  private quantified(atom: Node): Node {
    const char = this.src[this.i];
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!match) return atom; // a literal "{"
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      this.i += match[0].length - 1;
    } else return atom;
    this.i++;
    if (this.src[this.i] === '?') this.i++; // lazy: same strings
    return { t: 'rep', node: atom, min, max };
  }

  /** One atom, or undefined for an anchor. */
  private atom(): Node | undefined {
    const char = this.src[this.i++]!;
    switch (char) {
      case '^':
      case '$':
        return undefined;
      case '.':
        return { t: 'set', set: { ranges: READABLE, negate: false } };
      case '(': {
        if (this.src[this.i] === '?') {
          if (this.src[this.i + 1] === ':') this.i += 2;
          else if (this.src[this.i + 1] === '<' && /[A-Za-z_$]/.test(this.src[this.i + 2] ?? '')) {
            const end = this.src.indexOf('>', this.i);
            if (end < 0) throw new Unsupported('bad group name');
            this.i = end + 1;
          } else throw new Unsupported('lookaround');
        }
        const inner = this.alternation();
        if (this.src[this.i] !== ')') throw new Unsupported('unclosed group');
        this.i++;
        return inner;
      }
      case '[':
        return { t: 'set', set: this.charClass() };
      case '\\':
        return this.escape(false);
      case '*':
      case '+':
      case '?':
        throw new Unsupported('nothing to repeat');
      default:
        return { t: 'lit', text: char };
    }
  }

  private charClass(): CharSet {
    const set: CharSet = { ranges: [], negate: false };
    if (this.src[this.i] === '^') {
      set.negate = true;
      this.i++;
    }
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      const start = this.classAtom();
      if (typeof start !== 'number') {
        set.ranges.push(...start);
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        const end = this.classAtom();
        if (typeof end !== 'number' || end < start) throw new Unsupported('bad range');
        set.ranges.push([start, end]);
      } else set.ranges.push([start, start]);
    }
    if (this.src[this.i] !== ']') throw new Unsupported('unclosed class');
    this.i++;
    return set;
  }

  /** A code point, or a whole class for `\d`, `\w`, `\s`. */
  private classAtom(): number | CharRange[] {
    const char = this.src[this.i++]!;
    if (char !== '\\') return char.codePointAt(0)!;
    const node = this.escape(true);
    if (node.t === 'lit') return node.text.codePointAt(0)!;
    if (node.t === 'set' && !node.set.negate) return node.set.ranges;
    throw new Unsupported('negated class escape inside a class');
  }

  private escape(inClass: boolean): Node {
    const char = this.src[this.i++];
    if (char === undefined) throw new Unsupported('trailing backslash');
    const set = (ranges: CharRange[], negate = false): Node => ({ t: 'set', set: { ranges, negate } });
    switch (char) {
      case 'd':
        return set(DIGIT);
      case 'D':
        return set(DIGIT, true);
      case 'w':
        return set(WORD);
      case 'W':
        return set(WORD, true);
      case 's':
        return set(SPACE);
      case 'S':
        return set(SPACE, true);
      case 'n':
        return { t: 'lit', text: '\n' };
      case 't':
        return { t: 'lit', text: '\t' };
      case 'r':
        return { t: 'lit', text: '\r' };
      case 'b':
        if (inClass) return { t: 'lit', text: '\b' };
        return { t: 'seq', items: [] }; // a word boundary: checked by the final test
      case 'B':
        return { t: 'seq', items: [] };
      case 'u': {
        const braced = /^\{([0-9a-fA-F]+)\}/.exec(this.src.slice(this.i));
        if (braced) {
          this.i += braced[0].length;
          return { t: 'lit', text: String.fromCodePoint(parseInt(braced[1]!, 16)) };
        }
        const hex = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i));
        if (!hex) return { t: 'lit', text: 'u' };
        this.i += 4;
        return { t: 'lit', text: String.fromCharCode(parseInt(hex[0], 16)) };
      }
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i));
        if (!hex) return { t: 'lit', text: 'x' };
        this.i += 2;
        return { t: 'lit', text: String.fromCharCode(parseInt(hex[0], 16)) };
      }
      case 'p':
      case 'P':
        throw new Unsupported('unicode property');
      default:
        if (/[1-9]/.test(char)) throw new Unsupported('backreference');
        return { t: 'lit', text: char };
    }
  }
}

function inRanges(code: number, ranges: readonly CharRange[]): boolean {
  return ranges.some(([lo, hi]) => code >= lo && code <= hi);
}

function sampleSet(set: CharSet, random: Random): string {
  if (!set.negate) {
    // Prefer readable characters the set allows.
    const readable: CharRange[] = [];
    for (const [lo, hi] of set.ranges) {
      for (const [rlo, rhi] of READABLE) {
        const from = Math.max(lo, rlo);
        const to = Math.min(hi, rhi);
        if (from <= to) readable.push([from, to]);
      }
    }
    const pool = readable.length > 0 ? readable : set.ranges;
    if (pool.length === 0) throw new Unsupported('empty class');
    const [lo, hi] = random.pick(pool);
    return String.fromCodePoint(random.int(lo, hi));
  }
  for (const pool of [READABLE, PRINTABLE]) {
    const allowed: number[] = [];
    for (const [lo, hi] of pool)
      for (let code = lo; code <= hi; code++) if (!inRanges(code, set.ranges)) allowed.push(code);
    if (allowed.length > 0) return String.fromCodePoint(random.pick(allowed));
  }
  throw new Unsupported('class excludes everything');
}

/** Most characters a sample may have: a pattern such as `(a{1000}){1000}` must not build a megabyte. */
export const MAX_SAMPLE_LENGTH = 10_000;

function generate(node: Node, random: Random, stretch: number, budget: { left: number }): string {
  switch (node.t) {
    case 'lit':
      return take(node.text, budget);
    case 'set':
      return take(sampleSet(node.set, random), budget);
    case 'seq':
      return node.items.map((item) => generate(item, random, stretch, budget)).join('');
    case 'alt':
      return generate(random.pick(node.options), random, stretch, budget);
    case 'rep': {
      const max = Number.isFinite(node.max) ? node.max : node.min + stretch;
      const count = random.int(node.min, Math.max(node.min, Math.min(max, node.min + stretch)));
      let text = '';
      for (let k = 0; k < count; k++) text += generate(node.node, random, stretch, budget);
      return text;
    }
  }
}

function take(text: string, budget: { left: number }): string {
  budget.left -= text.length;
  if (budget.left < 0) throw new Unsupported('sample too long');
  return text;
}

/** A pattern compiled on the linear-time engine, or undefined when it cannot run there (or is not valid). */
export function compilePattern(pattern: string): { test(text: string): boolean } | undefined {
  try {
    return linearSchemaPattern(pattern);
  } catch {
    return undefined;
  }
}

/**
 * A string matching `pattern` whose length is within [minLength, maxLength], or undefined when none
 * was found (unsupported syntax, constraints that contradict each other, or more than
 * `MAX_SAMPLE_LENGTH` characters needed).
 */
export function samplePattern(
  pattern: string,
  random: Random,
  minLength = 0,
  maxLength = Infinity,
): string | undefined {
  if (minLength > MAX_SAMPLE_LENGTH) return undefined;
  const regex = compilePattern(pattern);
  if (!regex) return undefined;
  let tree: Node;
  try {
    tree = new Parser(pattern).parse();
  } catch {
    return undefined;
  }
  const fits = (text: string): boolean => {
    const length = [...text].length;
    return length >= minLength && length <= maxLength && regex.test(text);
  };
  for (let attempt = 0; attempt < 40; attempt++) {
    // Later attempts let unbounded repeats grow, to reach a minLength.
    const stretch = 3 + attempt * Math.max(1, Math.ceil(minLength / 8));
    let text: string;
    try {
      text = generate(tree, random, stretch, { left: MAX_SAMPLE_LENGTH });
    } catch {
      return undefined;
    }
    if (fits(text)) return text;
  }
  return undefined;
}
