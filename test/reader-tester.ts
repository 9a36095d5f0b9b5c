import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../src/core/errors.js';
import type { ToolCall } from '../src/core/types.js';
import { evaluate } from '../src/evaluation/evaluate.js';
import { readWithAdapter } from '../src/formats/auto.js';
import { detectFormat, FORMATS } from '../src/formats/registry.js';
import { collectingContext, type ParseContext, type TraceFormat } from '../src/formats/types.js';
import { renderReportConsole, renderWarnings } from '../src/reports/console.js';
import { renderReportCsv } from '../src/reports/csv.js';
import { renderReportHtml } from '../src/reports/html.js';
import { buildJsonReport } from '../src/reports/json.js';
import { renderReportJunit } from '../src/reports/junit.js';
import { renderReportMarkdown } from '../src/reports/markdown.js';
import { buildReportView } from '../src/reports/view-model.js';
import { type AdapterReading, readerFor } from './adapter.js';
import { assertDamagedSampleReadsSafely, pathsOf, replaceAt } from './damage.js';

/**
 * The reader tester, as eslint's RuleTester is for rules: a reader's test declares its cases (a
 * document and the calls and warnings it must give, or the one-line error) and `testReader` runs them,
 * then runs the properties every reader owes on the documents of those cases. A new reader's test is
 * its cases and nothing else; `src/formats/readers.test.ts` checks every registered reader has one.
 */

/** One document a reader is given and what the reader must give for it (read with source `t`). */
export interface ReaderCase {
  /** What the case shows: the test's name. */
  name: string;
  /** The parsed document, or a function giving it (a fixture read when the test runs). */
  input: unknown;
  /** The calls the reading gives, in order, with their results and failures. */
  calls?: readonly ToolCall[];
  /** Its warnings, as `t at <path>: <message>` lines (none when left out). */
  warnings?: readonly string[];
  /**
   * The user messages' texts the whole reading reports (`ExtractedCalls.userMessages`): given only
   * for a conversation (two or more), whose calls then carry their `turn`. Left out: none reported.
   */
  userMessages?: readonly string[];
  /**
   * The agent's replies the whole reading reports (`ExtractedCalls.replies`: one per turn, its last
   * assistant text or null), or `'absent'` for a reading that records none. Left out: not checked.
   */
  replies?: readonly (string | null)[] | 'absent';
  /** Instead of calls: the one-line error (its whole message, or a pattern for it). */
  error?: string | RegExp;
  /**
   * The format auto-detection gives the document (`false`: none). Left out: this reader for a case
   * with calls; not checked for an error case.
   */
  detected?: string | false;
}

/** What a reader's cases cannot show, each with the reason (the tester asks for each otherwise). */
export interface ReaderGaps {
  /** The format records no tool results. */
  results?: string;
  /** The format records no failed call. */
  failures?: string;
}

/** Source name of every reading, so warnings and errors read `t at $...: ...`. */
const SOURCE = 't';

/**
 * Documents that are no trace of any format: empty, scalars, an object and lists that hold no call's
 * shape, an API error body. Every reader gives each its one-line error, never "0 calls" in silence.
 */
const FOREIGN: readonly unknown[] = [
  {},
  '',
  'hello',
  42,
  true,
  null,
  { foo: 'bar' },
  [1, 2],
  [{}],
  [null],
  { error: { message: 'rate limited' } },
];

/** A connection string with its password, assembled at run time so no credential-shaped literal sits in the repository. */
const PASSWORD = ['Tr0ub4', 'dor9x'].join('');
const CREDENTIAL = ['postgres://', 'app:', PASSWORD, '@db.internal:5432/orders'].join('');

function inputOf(testCase: ReaderCase): unknown {
  return typeof testCase.input === 'function' ? (testCase.input as () => unknown)() : testCase.input;
}

/** The reading of `data` under the format's name, as the CLI reads it, or the ToolscoreInputError it threw (anything else is rethrown). */
function readingOf(format: TraceFormat, data: unknown): ReturnType<typeof readWithAdapter> | ToolscoreInputError {
  try {
    return readWithAdapter(format, data, SOURCE, true);
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
}

/** What the reader itself gives for `data` (its calls and warnings), or the ToolscoreInputError it threw. */
function parsingOf(format: TraceFormat, data: unknown): AdapterReading | ToolscoreInputError {
  try {
    return readerFor(format, SOURCE)(data);
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
}

/** Every string in a value (keys left out), depth first. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The document of a case with one argument value of one of its calls replaced by a credential, in
 * its serialized text (so JSON-text arguments and recorded streams get it too), or undefined when no
 * argument value of the case stands whole in the document.
 */
function withCredential(testCase: ReaderCase): unknown {
  const data = inputOf(testCase);
  const text = JSON.stringify(data);
  const tools = new Set(testCase.calls?.map((call) => call.tool));
  for (const call of testCase.calls ?? []) {
    for (const value of stringsIn(call.args)) {
      if (value.length < 3 || tools.has(value) || !/^[\w .,-]+$/.test(value) || !text.includes(value)) continue;
      return JSON.parse(text.split(value).join(CREDENTIAL)) as unknown;
    }
  }
  return undefined;
}

/** Every output toolscore writes of a reading: the reports of its evaluation and its warnings. */
function outputsOf(calls: readonly ToolCall[], warnings: readonly string[]): Record<string, string> {
  const result = evaluate({ expected: [{ tool: calls[0]!.tool }], actual: calls });
  const view = buildReportView(result);
  return {
    console: renderReportConsole(result, { verbose: true, color: false }),
    json: JSON.stringify(buildJsonReport(result, {})),
    markdown: renderReportMarkdown(view),
    html: renderReportHtml(view),
    junit: renderReportJunit(view),
    csv: renderReportCsv(view),
    warnings: renderWarnings(warnings, { color: false }),
  };
}

/** The cases show, between them, two calls in order, a result on its call and a failed call (unless `gaps` says why not). */
export function checkCoverage(cases: readonly ReaderCase[], gaps: ReaderGaps): void {
  const calls = cases.map((testCase) => testCase.calls ?? []);
  expect(
    calls.some((list) => list.length >= 2),
    'a case with two or more calls',
  ).toBe(true);
  if (gaps.results === undefined)
    expect(
      calls.some((list) => list.some((call) => call.result !== undefined && call.result !== null)),
      'a case with a result (or gaps.results saying why the format has none)',
    ).toBe(true);
  if (gaps.failures === undefined)
    expect(
      calls.some((list) => list.some((call) => call.is_error === true)),
      'a case with a failed call (or gaps.failures saying why the format has none)',
    ).toBe(true);
}

/** Mutated documents (one value anywhere replaced by arbitrary JSON) read, or fail with a one-line ToolscoreInputError. */
export function checkMutations(format: TraceFormat, samples: readonly unknown[], numRuns = 300): void {
  expect(samples.length).toBeGreaterThan(0);
  for (const sample of samples) assertDamagedSampleReadsSafely(format, sample, Math.ceil(numRuns / samples.length));
  const paths = samples.map((sample) => pathsOf(sample));
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.jsonValue({ maxDepth: 2 }), (which, where, replacement) => {
      const index = which % samples.length;
      const data = replaceAt(samples[index], paths[index]![where % paths[index]!.length]!, replacement);
      const reading = readingOf(format, data);
      if (reading instanceof ToolscoreInputError) expect(reading.message).not.toContain('\n');
    }),
    { numRuns: Math.ceil((numRuns * 2) / 3) },
  );
}

/** Empty and foreign documents are each a one-line error, never 0 calls in silence; an empty list is no calls. */
export function checkForeignDocuments(format: TraceFormat): void {
  for (const data of FOREIGN) {
    const reading = readingOf(format, data);
    expect(reading, JSON.stringify(data)).toBeInstanceOf(ToolscoreInputError);
    expect((reading as ToolscoreInputError).message).toMatch(new RegExp(`^${SOURCE} at \\$[^\\n]*: [^\\n]+$`));
  }
  expect(readWithAdapter(format, [], SOURCE, true)).toEqual({ calls: [], format: format.name, warnings: [] });
}

/** A reader's documents read under every other format's name: an error, calls or a warning, never 0 calls in silence. */
function checkUnderOtherFormats(format: TraceFormat, samples: readonly unknown[]): void {
  for (const data of samples)
    for (const other of FORMATS.values()) {
      if (other.name === format.name) continue;
      const reading = readingOf(other, data);
      if (reading instanceof ToolscoreInputError) continue;
      expect(reading.calls.length + reading.warnings.length, `read as ${other.name}`).toBeGreaterThan(0);
    }
}

/** A credential put in the place of an argument value of a case is masked in every output of the reading. */
export function checkCredentialMasked(format: TraceFormat, cases: readonly ReaderCase[]): void {
  const data = cases.map(withCredential).find((found) => found !== undefined);
  expect(data, 'a case whose calls have a string argument standing whole in the document').toBeDefined();
  const reading = readWithAdapter(format, data, SOURCE, true);
  expect(JSON.stringify(reading.calls.map((call) => call.args))).toContain(PASSWORD);
  const outputs = outputsOf(reading.calls, reading.warnings);
  for (const [output, text] of Object.entries(outputs)) expect(text, output).not.toContain(PASSWORD);
  // The JSON report lists every call with its arguments: the credential is there, masked.
  expect(outputs.json).toContain('[REDACTED connection_string: ');
}

/** A case: its detection, then the reader's calls and warnings, or its one-line error. */
function checkCase(format: TraceFormat, testCase: ReaderCase): void {
  const data = inputOf(testCase);
  if (testCase.detected !== undefined) expect(detectFormat(data)).toBe(testCase.detected || undefined);
  else if (testCase.error === undefined) expect(detectFormat(data)).toBe(format.name);
  const reading = parsingOf(format, data);
  if (testCase.error !== undefined) {
    expect(reading).toBeInstanceOf(ToolscoreInputError);
    const message = (reading as ToolscoreInputError).message;
    expect(message).not.toContain('\n');
    if (typeof testCase.error === 'string') expect(message).toBe(testCase.error);
    else expect(message).toMatch(testCase.error);
    return;
  }
  if (reading instanceof ToolscoreInputError) throw reading;
  expect(reading).toEqual({ calls: testCase.calls ?? [], warnings: testCase.warnings ?? [] });
  // The whole reading path (what the CLI and evaluate() do) gives the same calls, when there are some,
  // and the user messages of a conversation.
  if (reading.calls.length > 0) {
    const whole = readWithAdapter(format, data, SOURCE, true);
    expect(whole.calls).toEqual(reading.calls);
    expect(whole.userMessages).toEqual(testCase.userMessages);
  }
  if (testCase.replies !== undefined) {
    const whole = readWithAdapter(format, data, SOURCE, true);
    expect(whole.replies).toEqual(testCase.replies === 'absent' ? undefined : testCase.replies);
  }
}

/** What `parse` gives for `data` with the context's `assistantText` member, or without it; or the error's message. */
function parsedWithReplies(format: TraceFormat, data: unknown, withReplies: boolean): unknown {
  const warnings: string[] = [];
  const context: ParseContext = collectingContext(SOURCE, warnings);
  if (!withReplies) delete context.assistantText;
  try {
    return { calls: format.parse(data, context), warnings };
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error.message;
    throw error;
  }
}

/**
 * Replies: reporting them never changes the calls, warnings or errors (a context without
 * `assistantText` reads the same, also for mutated documents); a reading's replies, when given, are
 * one per turn, each a non-empty text or null, and given whenever the format records them.
 */
export function checkReplies(format: TraceFormat, samples: readonly unknown[], numRuns = 100): void {
  for (const data of samples) {
    expect(parsedWithReplies(format, data, true)).toEqual(parsedWithReplies(format, data, false));
    const reading = readingOf(format, data);
    if (reading instanceof ToolscoreInputError) continue;
    if (reading.replies === undefined) {
      expect(format.recordsReplies, 'replies absent from a format that records them').not.toBe(true);
      continue;
    }
    expect(reading.replies).toHaveLength(Math.max(1, reading.userMessages?.length ?? 0));
    for (const reply of reading.replies) expect(reply === null || reply.trim() !== '').toBe(true);
  }
  if (samples.length === 0) return;
  const paths = samples.map((sample) => pathsOf(sample));
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.jsonValue({ maxDepth: 2 }), (which, where, replacement) => {
      const index = which % samples.length;
      const data = replaceAt(samples[index], paths[index]![where % paths[index]!.length]!, replacement);
      expect(parsedWithReplies(format, data, true)).toEqual(parsedWithReplies(format, data, false));
    }),
    { numRuns },
  );
}

/**
 * A reading's turns: every call marked or none, marked exactly when two or more user messages are
 * reported, each turn between 1 and their number, and never going back in document order.
 */
export function checkTurns(format: TraceFormat, samples: readonly unknown[]): void {
  for (const data of samples) {
    const reading = readingOf(format, data);
    if (reading instanceof ToolscoreInputError) continue;
    const turns = reading.calls.map((call) => call.turn);
    const users = reading.userMessages?.length ?? 0;
    if (users === 0) expect(turns.every((turn) => turn === undefined)).toBe(true);
    else {
      expect(users).toBeGreaterThanOrEqual(2);
      for (const [i, turn] of turns.entries()) {
        expect(Number.isInteger(turn) && turn! >= 1 && turn! <= users, `turn ${turn} of call ${i}`).toBe(true);
        if (i > 0) expect(turn!).toBeGreaterThanOrEqual(turns[i - 1]!);
      }
    }
  }
}

/**
 * Runs a reader's cases, then the properties every reader owes, over the documents of its cases:
 * mutated documents read or fail with a ToolscoreInputError; empty and foreign documents get their
 * one-line error; its documents under every other format's name are an error, calls or a warning;
 * a credential in the arguments is masked in every output; and the cases show, between them, two
 * calls in order, a result attached to its call and a failed call (unless `gaps` says why not).
 */
export function testReader(format: TraceFormat, cases: readonly ReaderCase[], gaps: ReaderGaps = {}): void {
  describe(`reader ${format.name}: its cases`, () => {
    test.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_, testCase) =>
      checkCase(format, testCase),
    );
  });

  describe(`reader ${format.name}: what every reader owes`, () => {
    const documents = () => cases.filter((testCase) => testCase.error === undefined).map(inputOf);
    test('the cases show two calls in order, a result on its call and a failed call', () => checkCoverage(cases, gaps));
    test('a mutated document reads or fails with a ToolscoreInputError, never anything else', () =>
      checkMutations(format, documents()));
    test('an empty or foreign document is its one-line error, never 0 calls in silence; an empty list is no calls', () =>
      checkForeignDocuments(format));
    test('its documents under every other format name: an error, calls or a warning', () =>
      checkUnderOtherFormats(format, documents()));
    test('a credential in the arguments is masked in every output', () => checkCredentialMasked(format, cases));
    test('turns: all calls marked or none, from 1 up to the user messages, never going back', () =>
      checkTurns(format, documents()));
    test('replies: one per turn, never changing the calls, given whenever the format records them', () =>
      checkReplies(format, documents()));
  });
}
