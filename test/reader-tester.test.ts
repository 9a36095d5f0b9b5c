import { describe, expect, test } from 'vitest';
import { customFormat } from '../src/formats/readers/custom.js';
import type { ToolCall } from '../src/core/types.js';
import type { TraceFormat } from '../src/formats/types.js';
import {
  checkCoverage,
  checkCredentialMasked,
  checkForeignDocuments,
  checkMutations,
  type ReaderCase,
} from './reader-tester.js';

/** The tester itself: each property it runs for every reader fails on a reader that breaks it. */

const CASES: ReaderCase[] = [
  {
    name: 'two calls, a result, a failure',
    input: [
      { tool: 'search', args: { q: 'weather in Oslo' }, result: 'sunny' },
      { tool: 'fetch', args: { url: 'https://example.com' }, error: 'timeout' },
    ],
    calls: [
      { tool: 'search', args: { q: 'weather in Oslo' }, result: 'sunny', is_error: false },
      { tool: 'fetch', args: { url: 'https://example.com' }, is_error: true, error: 'timeout' },
    ],
  },
];

describe('the reader tester', () => {
  test('a well-behaved reader (custom) passes every property', () => {
    checkCoverage(CASES, {});
    checkMutations(customFormat, [CASES[0]!.input], 60);
    checkForeignDocuments(customFormat);
    checkCredentialMasked(customFormat, CASES);
  });

  test('cases without two calls, a result or a failed call are refused unless the gaps say why', () => {
    const one: ReaderCase[] = [{ name: 'one', input: [], calls: [{ tool: 'a', args: {}, is_error: false }] }];
    expect(() => checkCoverage(one, {})).toThrow('a case with two or more calls');
    const two: ReaderCase[] = [{ ...one[0]!, calls: [...one[0]!.calls!, ...one[0]!.calls!] }];
    expect(() => checkCoverage(two, {})).toThrow('a case with a result');
    expect(() => checkCoverage(two, { results: 'none recorded' })).toThrow('a case with a failed call');
    checkCoverage(two, { results: 'none recorded', failures: 'none recorded' });
  });

  test('a reader that crashes on a damaged document is caught', () => {
    const crashing: TraceFormat = {
      ...customFormat,
      parse(data, context) {
        // Any number where the sample has none: a reader that trusted the shape of a value.
        if (/\d/.test(JSON.stringify(data))) throw new TypeError('cannot read properties of undefined');
        return customFormat.parse(data, context);
      },
    };
    const sample = [{ tool: 'search', args: { q: 'weather' }, result: 'sunny' }];
    expect(() => checkMutations(crashing, [sample])).toThrow(/Property failed/);
  });

  test('a reader that reads anything as a legitimate zero is caught (0 calls in silence)', () => {
    const silent: TraceFormat = { ...customFormat, holdsNoCalls: () => true, parse: () => [] };
    expect(() => checkForeignDocuments(silent)).toThrow(/expected .* to be an instance of ToolscoreInputError/);
  });

  test('a reader whose calls lose their arguments cannot pass the credential check vacuously', () => {
    const argless: TraceFormat = {
      ...customFormat,
      parse: (data, context) => customFormat.parse(data, context).map((call) => ({ ...call, args: {} })),
    };
    expect(() => checkCredentialMasked(argless, CASES)).toThrow(/to contain/);
  });

  test.each<[string, (call: ToolCall) => ToolCall]>([
    ['its call id', (call: ToolCall) => ({ ...call, id: JSON.stringify(call.args) })],
    ['its metadata', (call: ToolCall) => ({ ...call, metadata: { raw: JSON.stringify(call.args) } })],
    ['its result', (call: ToolCall) => ({ ...call, result: JSON.stringify(call.args) })],
    ['its error', (call: ToolCall) => ({ ...call, is_error: true, error: JSON.stringify(call.args) })],
  ])('a credential a reader copies into %s is masked in every output too', (_, copy) => {
    const copying: TraceFormat = {
      ...customFormat,
      parse: (data, context) => customFormat.parse(data, context).map(copy),
    };
    checkCredentialMasked(copying, CASES);
  });
});
