import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bfclAnswerFound, bfclAnswerText, bfclFoundStandardized } from './bfcl-answer.js';

describe("BFCL's agentic answer check", () => {
  test('standardize_string: , . / - _ * ^ ( ) removed, lower-cased, \' read as ", whitespace kept', () => {
    expect(bfclAnswerText("It's (A) 1,000.5 km/h - snake_case *x^2")).toBe('it"s a 10005 kmh  snakecase x2');
  });

  // Each verdict is Python's: agentic_checker(response, [answer])["valid"] with the checker at 6ea5797
  // (python3 -c 'from agentic_checker import agentic_checker as c; print(c(r, [a])["valid"])').
  test.each([
    ['The meeting is on April 1, 2024.', 'April 1 2024', true],
    ['It costs 150 dollars', '50', false],
    ['It costs 1.50 dollars', '150', true],
    ['Your name is Michael.', 'michael', true],
    ['Michaelangelo', 'Michael', false],
    ['snake_case', 'snakecase', true],
    // `\b` before a non-word character needs a word character before it.
    ['$34 million', '$34 million', false],
    ['costs $34 million', '$34 million', false],
    ['costs$34 million', '$34 million', true],
    ['Dong-Sup Yoon', 'dongsup yoon', true],
    // Python's \w is Unicode: Č and ō are letters, inside and at the edges of words.
    ['ČSSR was', 'čssr', true],
    ['xČSSR', 'čssr', false],
    ['Ashiya, Hyōgo Prefecture', 'Ashiya, Hyōgo', true],
    ['Elke Büdenbender.', 'Elke Büdenbender', true],
    ["He said 'yes'", '"yes"', false],
    // A digit outside the BMP (U+1D7D9) is a word character next to the answer.
    ['\u{1d7d9}st', 'st', false],
    ['a\u{1d7d9}', 'a', false],
    // An answer that standardizes to nothing is found at any boundary: a response with a word in it.
    ['...', '()', false],
    ['ok ...', '()', true],
    ['', 'x', false],
    ['x (y)', 'xy', false],
    ['x y', 'xy', false],
  ] as const)('%j says %j: %s', (response, answer, found) => {
    expect(bfclAnswerFound(response, answer)).toBe(found);
  });

  test('the empty answer ends at the end of the response (no endless search)', () => {
    expect(bfclFoundStandardized('', '')).toBe(false);
    expect(bfclFoundStandardized('a', '')).toBe(true);
    expect(bfclFoundStandardized('  ', '')).toBe(false);
  });

  test('an answer of word characters is found between spaces, and never where it is not a substring', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.string(), fc.string(), (answer, before, after) => {
        expect(bfclAnswerFound(`${before} ${answer} ${after}`, answer)).toBe(true);
        if (!bfclAnswerText(before).includes(bfclAnswerText(answer)))
          expect(bfclAnswerFound(before, answer)).toBe(false);
      }),
    );
  });
});
