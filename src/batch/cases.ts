import { ToolscoreInputError, childPath, describeType, textOf } from '../core/errors.js';
import { checkStateLimits, withStackGuard, type EvaluationLimits } from '../core/limits.js';
import { isObject, setOwn } from '../core/objects.js';
import type { Gold } from '../core/types.js';
import { resolveSettings, type ScoreSettings, type SettingsInput } from '../evaluation/evaluate.js';
import { scoreGold } from '../evaluation/turns.js';
import { autoExtract, readWithFormat } from '../formats/auto.js';
import { mayHoldIntegralFloat, parseJson } from '../io/json.js';
import { loadGold } from '../io/gold.js';
import { readCheckedGold } from '../io/gold-check.js';
import { loadTraceFile, readTraceRunText, type TraceRunText } from '../io/trace.js';
import { resultsLine } from './results-line.js';
import { caseRaisesLimitText } from './text.js';
import type { BatchLine } from './types.js';

/** One case of a dataset, as users write it (`options` as `evaluate()` takes them). */
export interface BatchCase {
  id?: string | number;
  /** Which run of the case this is (a whole number ≥ 1); cases sharing an id with trials are one case run n times. */
  trial?: number;
  expected: unknown;
  actual: unknown;
  /** The world before and after the run, for the gold's `state` (JSON values, both or neither; docs/outcomes.md). */
  state_before?: unknown;
  state_after?: unknown;
  options?: CaseOptions;
}

/** The options a case may set for itself; they override the run's defaults key by key. */
export type CaseOptions = Pick<SettingsInput, 'weights' | 'strict' | 'forbidden' | 'tools' | 'budgets' | 'limits'>;

/** The names a case's `options` may hold. */
const CASE_OPTION_NAMES: readonly (keyof CaseOptions)[] = [
  'weights',
  'strict',
  'forbidden',
  'tools',
  'budgets',
  'limits',
];

/**
 * A unit of work, as the reader hands it to a scorer (possibly in another thread, so plain data only):
 * the raw text of a dataset case, an in-memory case, or a gold file and a trace file.
 */
export type BatchItem =
  | { kind: 'text'; index: number; text: string; where: CaseWhere }
  | { kind: 'value'; index: number; value: unknown }
  /** `run`: one run of a trace file of several (`id` is then `trace#run`; see `formats/runs.ts`). */
  | { kind: 'files'; index: number; id: string; gold: string; trace: string; run?: TraceRunText }
  /** A case the reader already knows is bad (an unpaired file, an empty array element). */
  | { kind: 'error'; index: number; id: string; line?: number; error: string };

/** Where a case's text was read: a file and its line (JSON Lines) or its element (a JSON array). */
type CaseWhere = { file: string; line: number } | { file: string; element: number };

/** What every case of a run shares: the default options (plain data) and the trace format. */
export interface CaseDefaults {
  settings: SettingsInput;
  /** Trace format of `actual` and of trace files; `auto` detects it. */
  format: string;
  /** An unknown key in a case's gold is an error line instead of a warning on its line (`--strict-gold`). */
  strictGold?: boolean;
  /** Whether a case's `options.limits` may raise the run's limits (by default it may only lower them). */
  allowCaseLimits?: boolean;
}

/** A gold file's calls and what reading it warned about (every trace scored against it carries the warnings). */
type GoldRead = { gold: Gold; warnings: string[] };

/**
 * A case's gold as the scorer read it from the case's text, for scoring the same case again (`run` scores
 * each trial of a case: the case's text with other calls, the same `expected`, options and place).
 */
export type CaseGold = Readonly<GoldRead>;

/**
 * Scores the items of one run. Built once per thread: the default settings are resolved once, and a
 * gold file shared by many traces is read once.
 */
export class CaseScorer {
  private readonly base: ScoreSettings;
  private readonly golds = new Map<string, Promise<GoldRead>>();

  constructor(private readonly defaults: CaseDefaults) {
    this.base = resolveSettings(defaults.settings);
  }

  /**
   * The results line of an item: scored, or the one-line reason it could not be. `parsed`: the item's
   * text as `readAhead` read it, if it did.
   */
  score(item: BatchItem, parsed?: unknown): BatchLine | Promise<BatchLine> {
    if (item.kind === 'files') return this.scoreFiles(item);
    if (item.kind === 'error') return errorItemLine(item);
    return this.scoreCase(item, undefined, parsed).line;
  }

  /**
   * The results line of a case and its gold as read, or, given `known` (the gold this scorer read from
   * the same case before: same `expected`, options and place), the line scored with that gold without
   * reading it again. `parsed`: the case's text as `readAhead` read it, if it did.
   */
  scoreCase(
    item: Extract<BatchItem, { kind: 'text' | 'value' }>,
    known?: CaseGold,
    parsed?: unknown,
  ): { line: BatchLine; gold?: CaseGold } {
    const { index } = item;
    let caseGold: CaseGold | undefined;
    let id = item.kind === 'text' ? fallbackId(item.where) : `#${index + 1}`;
    let trial: number | undefined;
    try {
      const where = item.kind === 'text' ? item.where : undefined;
      const place = where === undefined ? `case ${index + 1}` : placeOf(where);
      // A strict case's text may have been read ahead keeping number kinds (`readAhead`).
      const kept = parsed instanceof KeptKinds ? parsed.value : undefined;
      const value =
        item.kind === 'value'
          ? item.value
          : kept !== undefined
            ? kept
            : parsed === undefined || parsed === UNPARSED
              ? parseCaseText(item.text, where!, false)
              : parsed;
      const prefix = where !== undefined && 'element' in where ? `$[${where.element}]` : '$';
      if (!isObject(value))
        throw new ToolscoreInputError(
          { source: place, path: prefix },
          `expected a case {id, expected, actual, options?}, got ${describeType(value)}`,
        );
      id = caseId(value, id);
      trial = caseTrial(value, place, prefix);
      // The options as `JSON.parse` gives them: a copy when read keeping number kinds, so none carries a kind.
      const options = kept === undefined ? value.options : withoutKinds(value.options);
      const settings = this.settingsOf(options, place, childPath(prefix, 'options'));
      // Strict comparison tells 1.0 from 1, which only the text shows: read the case again keeping number
      // kinds, when its text has a literal like 1.0 at all (unless it was read so ahead).
      let data = value;
      if (item.kind === 'text') {
        if (settings.mode === 'strict' && (kept !== undefined || mayHoldIntegralFloat(item.text)))
          data = (kept !== undefined ? kept : parseCaseText(item.text, where!, true)) as Record<string, unknown>;
        else if (kept !== undefined) data = parseCaseText(item.text, where!, false) as Record<string, unknown>;
      }
      for (const key of ['expected', 'actual'] as const)
        if (!Object.hasOwn(data, key))
          throw new ToolscoreInputError(
            { source: place, path: prefix },
            `case ${JSON.stringify(id)} has no "${key}"; expected {id, expected, actual, options?}`,
          );
      const goldWarnings: string[] = known === undefined ? [] : [...known.warnings];
      const result = withStackGuard(() => {
        // The case's gold in any form a gold file takes: a list, or {"calls": [...]} with the gold language's
        // options, checked as a gold file is (unknown keys warn, or fail under --strict-gold).
        const path = childPath(prefix, 'expected');
        const strictGold = this.defaults.strictGold === true;
        const gold =
          known?.gold ??
          readCheckedGold(data.expected, place, {
            strictGold,
            warnings: goldWarnings,
            path,
            maxDepth: settings.limits.maxDepth,
          });
        caseGold = { gold, warnings: goldWarnings.slice() };
        const actualSource = `${place} ${childPath(prefix, 'actual')}`;
        const actual =
          this.defaults.format === 'auto'
            ? autoExtract(data.actual, actualSource)
            : readWithFormat(data.actual, this.defaults.format, actualSource);
        const state = caseStates(data, place, prefix, settings.limits);
        return scoreGold(
          gold,
          { ...actual, state },
          { ...settings, warnings: [...goldWarnings, ...actual.warnings] },
        ).result();
      }, place);
      return { line: resultsLine(id, index, result, goldWarnings, trial), gold: caseGold };
    } catch (error) {
      const line = item.kind === 'text' && 'line' in item.where ? item.where.line : undefined;
      return { line: errorLine(error, id, index, line, trial) };
    }
  }

  private async scoreFiles(item: Extract<BatchItem, { kind: 'files' }>): Promise<BatchLine> {
    try {
      const { limits, mode } = this.base;
      const keepNumberKinds = mode === 'strict';
      let gold = this.golds.get(item.gold);
      if (gold === undefined) {
        const warnings: string[] = [];
        const strictGold = this.defaults.strictGold === true;
        gold = loadGold(item.gold, { keepNumberKinds, strictGold, warnings }, limits.maxDepth).then((read) => ({
          gold: read,
          warnings,
        }));
        // A rejected read is kept too: every trace scored against that gold file reports it.
        gold.catch(() => undefined);
        this.golds.set(item.gold, gold);
      }
      const [{ gold: goldFile, warnings: goldWarnings }, trace] = await Promise.all([
        gold,
        item.run === undefined
          ? loadTraceFile(item.trace, this.defaults.format, { keepNumberKinds, maxLineBytes: limits.maxLineBytes })
          : readTraceRunText(item.trace, item.run, { keepNumberKinds }),
      ]);
      const result = withStackGuard(
        () => scoreGold(goldFile, trace, { ...this.base, warnings: [...goldWarnings, ...trace.warnings] }).result(),
        item.trace,
      );
      return resultsLine(item.id, item.index, result, goldWarnings);
    } catch (error) {
      return errorLine(error, item.id, item.index, undefined, undefined);
    }
  }

  /** The items' texts read ahead of scoring them (`parseCaseTexts`): what `score` takes as `parsed`. */
  readAhead(items: readonly BatchItem[]): unknown[] {
    return parseCaseTexts(items, this.base.mode === 'strict');
  }

  /** The run's settings, or those with the case's own options laid over them. */
  private settingsOf(options: unknown, source: string, path: string): ScoreSettings {
    if (options === undefined) return this.base;
    if (!isObject(options))
      throw new ToolscoreInputError({ source, path }, `expected an object of options, got ${describeType(options)}`);
    let own = false;
    for (const key in options) {
      if (!Object.hasOwn(options, key)) continue;
      if (!(CASE_OPTION_NAMES as readonly string[]).includes(key))
        throw new ToolscoreInputError(
          { source, path: childPath(path, key) },
          `unknown option "${key}"; a case's options are ${CASE_OPTION_NAMES.join(', ')}`,
        );
      own = true;
    }
    if (!own) return this.base;
    const given = options as CaseOptions;
    const defaults = this.defaults.settings;
    if (isObject(given.limits) && this.defaults.allowCaseLimits !== true)
      this.checkLimitsNotRaised(given.limits, source, childPath(path, 'limits'));
    try {
      return resolveSettings({
        ...defaults,
        ...given,
        limits: { ...defaults.limits, ...(isObject(given.limits) ? given.limits : {}) },
      });
    } catch (error) {
      // resolveSettings names the option (`weights`); the case's file and line say where it sits.
      if (!(error instanceof ToolscoreInputError)) throw error;
      const { source: option, path: inner } = error.location;
      const at = (CASE_OPTION_NAMES as readonly string[]).includes(option) ? childPath(path, option) : path;
      throw new ToolscoreInputError(
        { source, path: `${at}${inner?.startsWith('$') ? inner.slice(1) : ''}` },
        error.reason,
      );
    }
  }

  /**
   * A dataset must not undo the bounds the user set: a case's limits may be lower than the run's, never
   * higher (a `maxPairingCells` of 1e12 would let one case pair 6,000 × 6,000 calls for seconds).
   * Values that are not limits are left to `resolveSettings`, which names what is wrong with them.
   */
  private checkLimitsNotRaised(limits: Record<string, unknown>, source: string, path: string): void {
    const run = this.base.limits;
    for (const name in limits) {
      if (!Object.hasOwn(limits, name) || !Object.hasOwn(run, name)) continue;
      const value = limits[name];
      const bound = run[name as keyof typeof run];
      if (typeof value === 'number' && value > bound)
        throw new ToolscoreInputError({ source, path: childPath(path, name) }, caseRaisesLimitText(name, value, bound));
    }
  }
}

/** A case's `state_before` and `state_after`: both or neither, each within the limits. */
function caseStates(
  value: Record<string, unknown>,
  source: string,
  prefix: string,
  limits: EvaluationLimits,
): { before: unknown; after: unknown } | undefined {
  const hasBefore = Object.hasOwn(value, 'state_before') && value.state_before !== undefined;
  const hasAfter = Object.hasOwn(value, 'state_after') && value.state_after !== undefined;
  if (!hasBefore && !hasAfter) return undefined;
  if (!hasBefore || !hasAfter)
    throw new ToolscoreInputError(
      { source, path: childPath(prefix, hasBefore ? 'state_after' : 'state_before') },
      'expected both "state_before" and "state_after" (the state check compares them), got only one',
    );
  checkStateLimits(value.state_before, source, limits, childPath(prefix, 'state_before'));
  checkStateLimits(value.state_after, source, limits, childPath(prefix, 'state_after'));
  return { before: value.state_before, after: value.state_after };
}

/** `data.jsonl:12` or `data.json` (the element is in the JSON path). */
function placeOf(where: CaseWhere): string {
  return 'line' in where ? `${where.file}:${where.line}` : where.file;
}

/** The id of a case that could not be read far enough to find its own. */
function fallbackId(where: CaseWhere): string {
  return 'line' in where ? `line ${where.line}` : `$[${where.element}]`;
}

function caseId(value: Record<string, unknown>, fallback: string): string {
  return ownId(value) ?? fallback;
}

/** The case's own id: a string, or a finite number as text. */
function ownId(value: Record<string, unknown>): string | undefined {
  const id = value.id;
  return typeof id === 'string' ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : undefined;
}

function isTrialNumber(trial: unknown): trial is number {
  return typeof trial === 'number' && Number.isSafeInteger(trial) && trial >= 1;
}

/** The case's `trial`: absent, or a whole number ≥ 1 beside an `id` (the trials of a case share it). */
function caseTrial(value: Record<string, unknown>, source: string, prefix: string): number | undefined {
  // An in-memory case may spell "no trial" as `trial: undefined`, as JSON cannot.
  const trial = Object.hasOwn(value, 'trial') ? value.trial : undefined;
  if (trial === undefined) return undefined;
  if (!isTrialNumber(trial))
    throw new ToolscoreInputError(
      { source, path: childPath(prefix, 'trial') },
      `expected a whole number ≥ 1 (which run of the case this is), got ${textOf(trial)}`,
    );
  if (ownId(value) === undefined)
    throw new ToolscoreInputError(
      { source, path: prefix },
      'a case with "trial" needs an "id" (a string or number): the trials of one case share it',
    );
  return trial;
}

/**
 * The id of a case run as one of several trials (a valid `trial` and `id`), else undefined: what a shard
 * keeps such a case by, so all the trials of a case land in one shard. Decided by the rules the scorer
 * applies (a line carries `trial` exactly when this gives an id); the text is parsed only when it may
 * hold a `"trial"` key (literally, or spelled with escapes).
 */
export function trialCaseId(item: BatchItem): string | undefined {
  let value: unknown;
  if (item.kind === 'value') value = item.value;
  else if (item.kind === 'text' && (item.text.includes('"trial"') || item.text.includes('\\u'))) {
    try {
      value = parseCaseText(item.text, item.where, false);
    } catch {
      return undefined;
    }
  } else return undefined;
  return isObject(value) && Object.hasOwn(value, 'trial') && isTrialNumber(value.trial) ? ownId(value) : undefined;
}

/** What `parseCaseTexts` gives for a text `JSON.parse` refuses: its scorer parses it again, carefully, to say where and why. */
const UNPARSED: unique symbol = Symbol('unparsed');

/** A case's text read ahead keeping number kinds (`parseCaseTexts`, for a case likely strict). */
class KeptKinds {
  constructor(readonly value: unknown) {}
}

/**
 * The values of a batch's case texts, read before any case is scored (what `score` takes as `parsed`):
 * interleaved with scoring, the same `JSON.parse` costs about a quarter more per line (bench/RESULTS.md,
 * issue 38's fifth round). A text `JSON.parse` refuses gives UNPARSED, an item that is not text undefined.
 * A text likely strict (`strict` by default, or a `"strict":true` in it) holding a `1.0`-like literal is
 * read once keeping number kinds (a KeptKinds), instead of by `JSON.parse` and then again so; when that
 * fails, or the case turns out not strict, the scorer reads it the plain way, so the line is the same.
 */
function parseCaseTexts(items: readonly BatchItem[], strictByDefault: boolean): unknown[] {
  const values = new Array<unknown>(items.length).fill(undefined);
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (item.kind !== 'text') continue;
    const { text } = item;
    if ((strictByDefault || text.includes('"strict":true')) && mayHoldIntegralFloat(text)) {
      try {
        values[k] = new KeptKinds(parseCaseText(text, item.where, true));
        continue;
      } catch {
        // Read the plain way below; the scorer reports what is wrong, where the plain reading does.
      }
    }
    try {
      values[k] = JSON.parse(text);
    } catch {
      values[k] = UNPARSED;
    }
  }
  return values;
}

/**
 * A value read keeping number kinds, copied without them: what `JSON.parse` gives for the same text
 * (`__proto__` an own key, as both parsers make it).
 */
function withoutKinds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKinds);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, withoutKinds((value as Record<string, unknown>)[key]));
  return copy;
}

/** Parses a case's text; a syntax error names the file, line and column of the whole input. */
function parseCaseText(text: string, where: CaseWhere, keepNumberKinds: boolean): unknown {
  if (!keepNumberKinds) {
    try {
      return JSON.parse(text);
    } catch {
      // The careful parser below says where and why.
    }
  }
  try {
    return parseJson(text, where.file, { keepNumberKinds });
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    const { column, path } = error.location;
    const inner = path && path !== '$' ? path.slice(1) : '';
    if (!('line' in where))
      throw new ToolscoreInputError({ source: where.file, path: `$[${where.element}]${inner}` }, error.reason);
    throw new ToolscoreInputError(
      {
        source: where.file,
        line: where.line,
        ...(column !== undefined ? { column } : {}),
        ...(inner ? { path: `$${inner}` } : {}),
      },
      error.reason,
    );
  }
}

/** The line of a case the reader already found bad (`line`: a JSON Lines line too long to read). */
function errorItemLine({ id, index, line, error }: Extract<BatchItem, { kind: 'error' }>): BatchLine {
  return line === undefined ? { id, index, error } : { id, index, line, error };
}

/**
 * The line of a case that could not be read or scored (a failed trial, when its trial was read);
 * anything but bad input is a bug and is thrown.
 */
function errorLine(
  error: unknown,
  id: string,
  index: number,
  line: number | undefined,
  trial: number | undefined,
): BatchLine {
  if (!(error instanceof ToolscoreInputError)) throw error;
  return {
    id,
    index,
    ...(trial === undefined ? {} : { trial }),
    ...(line === undefined ? {} : { line }),
    error: error.message,
  };
}
