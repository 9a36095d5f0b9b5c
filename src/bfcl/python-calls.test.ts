import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { parsePythonCall } from './python-calls.js';
import { PyFloat, type PyValue, toJson } from './python-values.js';

const parse = (text: string) => parsePythonCall(text, 'answer');

describe('parsePythonCall', () => {
  test('keyword and positional arguments, every literal the multi-turn answers hold', () => {
    expect(parse("cd(folder='document')")).toEqual({ name: 'cd', positional: [], keywords: { folder: 'document' } });
    expect(parse("sort('final_report.pdf')")).toEqual({ name: 'sort', positional: ['final_report.pdf'], keywords: {} });
    const call = parse(
      "lockDoors(unlock=False, door=['driver', \"rear\"], n=None, x=-1.5e2, k=40.0, m={'a': [1, (2, 3)]}, s='it\\'s\\n', )",
    );
    expect(call.name).toBe('lockDoors');
    expect(call.keywords).toEqual({
      unlock: false,
      door: ['driver', 'rear'],
      n: null,
      x: new PyFloat(-150),
      k: new PyFloat(40),
      m: { a: [1, [2, 3]] },
      s: "it's\n",
    });
    // `tags = [...]`: spaces around `=` (as in multi_turn_base_90's answer).
    expect(parse("post_tweet(content='x', tags = ['#a'])").keywords).toEqual({ content: 'x', tags: ['#a'] });
  });

  test('anything else is one error naming the character', () => {
    const error = (text: string) => {
      try {
        parse(text);
      } catch (caught) {
        expect(caught).toBeInstanceOf(ToolscoreInputError);
        return (caught as ToolscoreInputError).message;
      }
      throw new Error(`${text} parsed`);
    };
    expect(error('cd(folder=x)')).toBe(
      'answer: cannot read "cd(folder=x)" as a Python call: expected a Python literal at character 11, got "x)"',
    );
    expect(error("cd('a'")).toBe(
      'answer: cannot read "cd(\'a\'" as a Python call: expected "," or ")" at character 7, got the end',
    );
    expect(error("f(a=1, 'b')")).toMatch(/expected a keyword argument \(positional ones come first\) at character 8/);
    expect(error('f(a=1, a=2)')).toMatch(/expected no second argument named a at character 8/);
  });

  test('property: a call written from JSON values in Python syntax reads back as those values', () => {
    const python = (value: unknown): string => {
      if (value === null) return 'None';
      if (typeof value === 'boolean') return value ? 'True' : 'False';
      if (typeof value === 'number') return String(value);
      if (typeof value === 'string')
        return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
      if (Array.isArray(value)) return `[${value.map(python).join(', ')}]`;
      return `{${Object.entries(value as object)
        .map(([k, v]) => `${python(k)}: ${python(v)}`)
        .join(', ')}}`;
    };
    const literal = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.string(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.array(literal, { maxLength: 3 }), (values) => {
        const call = parse(`f(${values.map(python).join(', ')})`);
        expect(call.positional.map((value: PyValue) => toJson(value))).toEqual(values);
      }),
    );
  });
});
