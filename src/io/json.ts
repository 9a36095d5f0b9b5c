import { ToolscoreInputError, childPath } from '../core/errors.js';
import { setOwn } from '../core/objects.js';
import { clearFloatLiteral, markFloatLiteral } from '../match/number-kinds.js';

/** How a JSON file is read. */
export interface ParseJsonOptions {
  /** Record which integral numbers were written as floats (`1.0`), for strict comparison. */
  keepNumberKinds?: boolean;
}

/**
 * Text that may hold a number literal written with a fraction or exponent that still has an integral
 * value: `1.0`, `2.50`, `1e3`, or a literal of 16 or more digits, whose fraction can round away
 * (`1.0000000000000001`, `9007199254740993.5`; with 15 digits or fewer a non-zero fraction survives).
 */
const INTEGRAL_FLOAT_HINT = /\d\.\d*0(?!\d)|\d[eE]|(?:\d\.?){16}/;

/** Whether JSON text may hold a number only the careful parser tells apart (`1.0`); if not, `JSON.parse` reads it alike. */
export function mayHoldIntegralFloat(text: string): boolean {
  return INTEGRAL_FLOAT_HINT.test(text);
}

/** A JSON number, read in place (sticky) so literals of any length are read whole. */
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Paths longer than this many segments are shortened in error messages. */
const MAX_PATH_SEGMENTS = 24;

/**
 * Parses JSON text from `source`. Uses the built-in parser when it can; on a syntax error, or when
 * number kinds must be kept, a careful parser gives the line, column and JSON path of the problem.
 */
export function parseJson(text: string, source: string, options: ParseJsonOptions = {}): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const careful = options.keepNumberKinds === true && mayHoldIntegralFloat(body);
  if (!careful) {
    try {
      return JSON.parse(body);
    } catch {
      // Fall through: the careful parser says where and why.
    }
  }
  return new CarefulParser(body, source, options.keepNumberKinds === true).parseDocument();
}

/** A recursive-descent JSON parser that knows where it is. */
class CarefulParser {
  private pos = 0;
  private readonly path: (string | number)[] = [];

  constructor(
    private readonly text: string,
    private readonly source: string,
    private readonly keepNumberKinds: boolean,
  ) {}

  parseDocument(): unknown {
    this.skipSpace();
    if (this.pos >= this.text.length) this.fail('the file is empty; expected a JSON value');
    let value: unknown;
    try {
      value = this.parseValue(undefined, undefined);
    } catch (error) {
      if (error instanceof RangeError) this.fail('nesting is too deep to read');
      throw error;
    }
    this.skipSpace();
    if (this.pos < this.text.length) this.fail(`unexpected ${this.describeHere()} after the end of the JSON value`);
    return value;
  }

  private parseValue(container: object | undefined, key: string | number | undefined): unknown {
    const ch = this.text[this.pos];
    switch (ch) {
      case '{':
        return this.parseObject();
      case '[':
        return this.parseArray();
      case '"':
        return this.parseString();
      case 't':
        return this.parseLiteral('true', true);
      case 'f':
        return this.parseLiteral('false', false);
      case 'n':
        return this.parseLiteral('null', null);
      default:
        if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.parseNumber(container, key);
        return this.fail(`unexpected ${this.describeHere()}; expected a JSON value`);
    }
  }

  private parseObject(): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return obj;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"')
        this.fail(`unexpected ${this.describeHere()}; expected a property name in double quotes`);
      const key = this.parseString();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(`unexpected ${this.describeHere()}; expected ':' after property name`);
      this.pos++;
      this.skipSpace();
      this.path.push(key);
      const value = this.parseValue(obj, key);
      this.path.pop();
      // As JSON.parse: `__proto__` an own key. Assigning the others costs a third of what defining every
      // key did (bench/RESULTS.md, issue 38's fifth round).
      setOwn(obj, key, value);
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === '}') return obj;
      if (next !== ',') {
        this.pos--;
        this.fail(`unexpected ${this.describeHere()}; expected ',' or '}'`);
      }
    }
  }

  private parseArray(): unknown[] {
    const arr: unknown[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return arr;
    }
    for (;;) {
      this.skipSpace();
      this.path.push(arr.length);
      arr.push(this.parseValue(arr, arr.length));
      this.path.pop();
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === ']') return arr;
      if (next !== ',') {
        this.pos--;
        this.fail(`unexpected ${this.describeHere()}; expected ',' or ']'`);
      }
    }
  }

  private parseString(): string {
    const start = this.pos;
    const end = this.findStringEnd(start);
    try {
      return JSON.parse(this.text.slice(start, end + 1)) as string;
    } catch {
      this.pos = start;
      return this.fail('invalid string: control characters must be escaped and escapes must be valid');
    }
  }

  private findStringEnd(start: number): number {
    for (let i = start + 1; i < this.text.length; i++) {
      const ch = this.text.charCodeAt(i);
      if (ch === 0x5c) i++;
      else if (ch === 0x22) {
        this.pos = i + 1;
        return i;
      }
    }
    this.pos = start;
    return this.fail('unterminated string');
  }

  private parseNumber(container: object | undefined, key: string | number | undefined): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail(`invalid number ${this.describeHere()}`);
    this.pos += match[0].length;
    const value = Number(match[0]);
    if (this.keepNumberKinds && container && key !== undefined) {
      // A repeated object key keeps its last value, so its last kind too.
      if ((match[1] || match[2]) && Number.isInteger(value)) markFloatLiteral(container, key);
      else clearFloatLiteral(container, key);
    }
    return value;
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail(`unexpected ${this.describeHere()}; expected a JSON value`);
    this.pos += word.length;
    return value;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const ch = this.text.charCodeAt(this.pos);
      if (ch !== 0x20 && ch !== 0x0a && ch !== 0x0d && ch !== 0x09) return;
      this.pos++;
    }
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return 'end of file';
    const ch = this.text.slice(this.pos, this.pos + 12).split(/[\s,:]/)[0] || this.text[this.pos]!;
    return `'${ch.length > 10 ? `${ch.slice(0, 10)}…` : ch}'`;
  }

  private fail(reason: string): never {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < this.pos && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const text = (segments: readonly (string | number)[]) =>
      segments.reduce<string>((acc, segment) => childPath(acc, segment), '');
    // Very deep paths (nesting too deep to read) are shortened so the message stays readable.
    const path =
      this.path.length > MAX_PATH_SEGMENTS
        ? `$${text(this.path.slice(0, 8))}…${text(this.path.slice(-8))}`
        : `$${text(this.path)}`;
    throw new ToolscoreInputError(
      { source: this.source, line, column: this.pos - lineStart + 1, path },
      `invalid JSON: ${reason}`,
    );
  }
}
