import { expect, test } from 'vitest';
import { createColors } from './colors.js';

test('createColors paints with ANSI escapes when enabled, and returns the text unchanged when not', () => {
  expect(createColors(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  expect(createColors(true).bold('x')).toBe('\u001b[1mx\u001b[22m');
  expect(createColors(false).red('x')).toBe('x');
  expect(createColors(false).dim(12)).toBe('12');
});
