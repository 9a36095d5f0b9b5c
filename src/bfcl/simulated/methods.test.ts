import { describe, expect, test } from 'vitest';
import { type MethodTable, callMethod, methodNames } from './methods.js';
import type { PyData } from './py.js';

// The class T of these messages, run by python3 3.11.7 (3.13 words them the same, but for the
// suggestion it adds to an unexpected keyword, worked out by hand below):
//   class T:
//       def f(self, a, b, c, d=1): pass
//       def g(self): pass
//       def h(self, a, b=2): pass
//       def m(self, tweet_id, comment_content): pass
const shared: PyData[] = [];
const T: MethodTable<null> = {
  f: { params: ['a', 'b', 'c', 'd'], defaults: { d: 1 }, run: (_, ...args) => args },
  g: { params: [], run: () => null },
  h: { params: ['a', 'b'], defaults: { b: shared }, run: (_, ...args) => args },
  m: { params: ['tweet_id', 'comment_content'], run: (_, ...args) => args },
};

function call(method: string, positional: PyData[], keywords: Record<string, PyData> = {}): PyData | string {
  try {
    return callMethod('T', T, null, method, { positional, keywords: new Map(Object.entries(keywords)) });
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe('binding a call to a method as CPython 3.13 does', () => {
  test('positional arguments, keywords and defaults fill the parameters in order', () => {
    expect(call('f', [1, 2], { c: 3 })).toEqual([1, 2, 3, 1]);
    expect(call('f', [], { d: 4, c: 3, b: 2, a: 1 })).toEqual([1, 2, 3, 4]);
    // A mutable default is the one object Python's def made: every call that leaves it out shares it.
    expect((call('h', [1]) as PyData[])[1]).toBe(shared);
    expect(methodNames(T)).toEqual(['f', 'g', 'h', 'm']);
  });

  test("Python's TypeError messages, word for word", () => {
    expect(call('f', [])).toBe("TypeError: T.f() missing 3 required positional arguments: 'a', 'b', and 'c'");
    expect(call('f', [1])).toBe("TypeError: T.f() missing 2 required positional arguments: 'b' and 'c'");
    expect(call('f', [1, 2])).toBe("TypeError: T.f() missing 1 required positional argument: 'c'");
    expect(call('f', [1, 2, 3, 4, 5])).toBe('TypeError: T.f() takes from 4 to 5 positional arguments but 6 were given');
    expect(call('f', [1], { x: 2 })).toBe("TypeError: T.f() got an unexpected keyword argument 'x'");
    expect(call('f', [1], { a: 2 })).toBe("TypeError: T.f() got multiple values for argument 'a'");
    expect(call('f', [1, 2, 3, 4, 5], { a: 1 })).toBe("TypeError: T.f() got multiple values for argument 'a'");
    expect(call('f', [1, 2, 3, 4, 5], { x: 1 })).toBe("TypeError: T.f() got an unexpected keyword argument 'x'");
    expect(call('g', [1])).toBe('TypeError: T.g() takes 1 positional argument but 2 were given');
    expect(call('g', [1, 2])).toBe('TypeError: T.g() takes 1 positional argument but 3 were given');
    expect(call('h', [1, 2, 3])).toBe('TypeError: T.h() takes from 2 to 3 positional arguments but 4 were given');
    expect(call('h', [])).toBe("TypeError: T.h() missing 1 required positional argument: 'a'");
    expect(call('f', [], { b: 1 })).toBe("TypeError: T.f() missing 2 required positional arguments: 'a' and 'c'");
    expect(call('f', [1, 2, 3, 4, 6], { d: 3 })).toBe("TypeError: T.f() got multiple values for argument 'd'");
    expect(call('f', [], { x: 1, a: 2 })).toBe("TypeError: T.f() got an unexpected keyword argument 'x'");
    expect(call('h', [], { a: 1, c: 2 })).toBe("TypeError: T.h() got an unexpected keyword argument 'c'");
    expect(call('k', [])).toBe("AttributeError: 'T' object has no attribute 'k'");
    expect(call('constructor', [])).toBe("AttributeError: 'T' object has no attribute 'constructor'");
  });

  test('`self` is a parameter too: given by keyword, it has two values (python3 3.11.7 prints these)', () => {
    expect(call('f', [], { self: 1 })).toBe("TypeError: T.f() got multiple values for argument 'self'");
    // Keywords are bound in order: an unknown one before `self` is what Python reports.
    expect(call('f', [1], { x: 1, self: 2 })).toBe("TypeError: T.f() got an unexpected keyword argument 'x'");
  });

  test("Python 3.13's suggestion: the nearest of `self` and the parameters, worked out by hand", () => {
    // 'tweetId' → 'tweet_id': trimmed to 'I' / '_i', a substitution (2) and a case flip (1) = 3, within
    // (7 + 8 + 3) * 2 // 6 = 6; 'self' and 'comment_content' differ in length too much to be within theirs.
    expect(call('m', [], { tweetId: 1 })).toBe(
      "TypeError: T.m() got an unexpected keyword argument 'tweetId'. Did you mean 'tweet_id'?",
    );
    // 'elf' → 'self': one insertion (2), within (3 + 4 + 3) * 2 // 6 = 3. Python suggests `self` as well.
    expect(call('m', [], { elf: 1 })).toBe(
      "TypeError: T.m() got an unexpected keyword argument 'elf'. Did you mean 'self'?",
    );
    // One-letter names are never near another: a substitution (2) is over (1 + 1 + 3) * 2 // 6 = 1.
    expect(call('f', [], { x: 1 })).toBe("TypeError: T.f() got an unexpected keyword argument 'x'");
  });
});
