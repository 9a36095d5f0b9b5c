/**
 * The Python call syntax of the leaderboard's multi-turn possible answers (`cd(folder='document')`,
 * `sort('final_report.pdf')`, `mean(numbers=[1.5, 2])`): a function name and its arguments, each a
 * Python literal. Only literals are read (strings, numbers, `True`/`False`/`None`, lists, tuples,
 * dicts), which is all the answers hold; anything else is an error naming the character.
 */
import { ToolscoreInputError } from '../core/errors.js';
import { PyFloat, type PyValue } from './python-values.js';

/** One call as written: its name, its positional arguments in order and its keyword arguments. */
export interface PythonCall {
  name: string;
  positional: PyValue[];
  keywords: { [name: string]: PyValue };
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/y;
const NUMBER = /[+-]?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\u0007',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '\n': '',
};

/** Parses one call; `source` names it in errors (`possible answer multi_turn_base_0 at $.ground_truth[2][0]`). */
export function parsePythonCall(text: string, source: string): PythonCall {
  return new Parser(text, source).call();
}

class Parser {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly source: string,
  ) {}

  call(): PythonCall {
    this.space();
    const name = this.match(IDENTIFIER) ?? this.fail('a function name');
    this.space();
    this.expect('(');
    const positional: PyValue[] = [];
    const keywords: { [name: string]: PyValue } = {};
    this.space();
    while (this.peek() !== ')') {
      const start = this.at;
      const keyword = this.match(/[A-Za-z_][A-Za-z0-9_]*(?=\s*=(?!=))/y);
      if (keyword !== undefined) {
        this.space();
        this.expect('=');
        if (Object.hasOwn(keywords, keyword)) {
          this.at = start;
          this.fail(`no second argument named ${keyword}`);
        }
        Object.defineProperty(keywords, keyword, {
          value: this.value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        if (Object.keys(keywords).length > 0) this.fail('a keyword argument (positional ones come first)');
        positional.push(this.value());
      }
      if (!this.separator(')')) break;
    }
    this.expect(')');
    this.space();
    if (this.at < this.text.length) this.fail('the end of the call');
    return { name, positional, keywords };
  }

  private value(): PyValue {
    this.space();
    const c = this.peek();
    if (c === "'" || c === '"') return this.string();
    if (c === '[' || c === '(') return this.sequence(c === '[' ? ']' : ')');
    if (c === '{') return this.dict();
    const word = this.match(/(?:True|False|None)\b/y);
    if (word !== undefined) return word === 'None' ? null : word === 'True';
    const number = this.match(NUMBER);
    if (number === undefined) return this.fail('a Python literal');
    const plain = number.replaceAll('_', '');
    const value = Number(plain);
    return /[.eE]/.test(plain) ? new PyFloat(value) : value;
  }

  private string(): string {
    const quote = this.text[this.at++]!;
    const triple = this.text.startsWith(quote.repeat(2), this.at);
    if (triple) this.at += 2;
    const end = triple ? quote.repeat(3) : quote;
    let out = '';
    for (;;) {
      if (this.at >= this.text.length) this.fail(`the closing ${end}`);
      if (this.text.startsWith(end, this.at)) {
        this.at += end.length;
        // Adjacent literals join, as in Python: 'a' 'b' is 'ab'.
        this.space();
        const next = this.peek();
        return next === "'" || next === '"' ? out + this.string() : out;
      }
      const c = this.text[this.at++]!;
      if (c === '\n' && !triple) {
        this.at--;
        this.fail(`the closing ${end}`);
      }
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.at++] ?? '';
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex > 0) {
        const digits = this.text.slice(this.at, this.at + hex);
        if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) this.fail(`${hex} hex digits after \\${e}`);
        out += String.fromCodePoint(Number.parseInt(digits, 16));
        this.at += hex;
      } else out += ESCAPES[e] ?? `\\${e}`;
    }
  }

  private sequence(close: string): PyValue[] {
    this.at++;
    const items: PyValue[] = [];
    this.space();
    while (this.peek() !== close) {
      items.push(this.value());
      if (!this.separator(close)) break;
    }
    this.expect(close);
    return items;
  }

  private dict(): { [key: string]: PyValue } {
    this.at++;
    const out: { [key: string]: PyValue } = {};
    this.space();
    while (this.peek() !== '}') {
      const key = this.value();
      if (typeof key !== 'string') this.fail('a string key (JSON objects hold no other)');
      this.space();
      this.expect(':');
      Object.defineProperty(out, key as string, {
        value: this.value(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (!this.separator('}')) break;
    }
    this.expect('}');
    return out;
  }

  /** After an item: true when a comma follows (and the list goes on), false at `close`. */
  private separator(close: string): boolean {
    this.space();
    if (this.peek() === ',') {
      this.at++;
      this.space();
      return this.peek() !== close;
    }
    if (this.peek() !== close) this.fail(`"," or "${close}"`);
    return false;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private expect(c: string): void {
    if (this.peek() !== c) this.fail(`"${c}"`);
    this.at++;
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.text);
    if (found === null) return undefined;
    this.at += found[0].length;
    return found[0];
  }

  private fail(expected: string): never {
    const got = this.at >= this.text.length ? 'the end' : JSON.stringify(this.text.slice(this.at, this.at + 12));
    throw new ToolscoreInputError(
      { source: this.source },
      `cannot read ${JSON.stringify(this.text)} as a Python call: expected ${expected} at character ${this.at + 1}, got ${got}`,
    );
  }
}
