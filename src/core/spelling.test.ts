import { expect, test } from 'vitest';
import { closestName, spellingDistance } from './spelling.js';

test('an adjacent transposition is one edit', () => {
  expect(spellingDistance('agrs', 'args')).toBe(1);
  expect(spellingDistance('args', 'args')).toBe(0);
  expect(spellingDistance('', 'tool')).toBe(4);
  // kitten → sitting: two substitutions and an insertion.
  expect(spellingDistance('kitten', 'sitting')).toBe(3);
});

test('the nearest name within two edits, a synonym first, case ignored', () => {
  const known = ['tool', 'args', 'description'];
  expect(closestName('Args', known)).toBe('args');
  expect(closestName('descriptoin', known)).toBe('description');
  expect(closestName('arguments', known, { arguments: 'args' })).toBe('args');
  // Three edits away: no guess.
  expect(closestName('argument', known)).toBeUndefined();
  // As far as it is long: "id" is not taken for "tool".
  expect(closestName('id', ['tool', 'ids'])).toBe('ids');
  expect(closestName('to', ['tool', 'args'])).toBeUndefined();
});
