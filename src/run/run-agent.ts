import { formatWithOptions } from 'node:util';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import { checkMinScore } from '../core/grade.js';
import { isObject } from '../core/objects.js';
import { resolveSettings, type SettingsInput } from '../evaluation/evaluate.js';
import { autoExtract, readWithFormat } from '../formats/auto.js';
import { checkFormatName } from '../formats/registry.js';
import { redactSecrets } from '../metrics/security.js';
import { CaseScorer, type BatchCase, type BatchItem, type CaseDefaults, type CaseGold } from '../batch/cases.js';
import { summarizedRun, type BatchRun } from '../batch/run.js';
import { batchOfLines, type ScoredBatch } from '../batch/scored-batch.js';
import { checkShard, inShard, shardLineText, type Shard } from '../batch/shard.js';
import { openSource, type BatchSource } from '../batch/sources.js';
import type { BatchLine, DatasetIdentity } from '../batch/types.js';
import { firstLine } from './agent-module.js';
import {
  RUN_CASE_SHAPE,
  hasActualText,
  logLineText,
  missingInputText,
  notACaseText,
  notJsonText,
  notThisRunText,
  pastTheRunText,
  responseSource,
  returnedNothingText,
  threwText,
  timedOutText,
  trialName,
} from './text.js';
import { TracesFolder, traceFilePath } from './trace-files.js';
import type { Agent, RunCase, RunLine, RunSignal } from './types.js';

/** Options of `runAgent()`: the agent, its cases, how many times and how, and the scoring defaults (as `evaluateBatch()`'s). */
export interface RunAgentOptions extends SettingsInput {
  agent: Agent;
  /** A dataset file (JSON Lines, or a JSON array, of `{id, input, expected, options?}`), or the cases themselves. */
  dataset: string | Iterable<RunCase> | AsyncIterable<RunCase>;
  /** Trials of each case (default 1). */
  trials?: number;
  /** Trials running at once (default 4). */
  concurrency?: number;
  /** A trial's time, in ms (default 60,000): then its signal fires and the trial is an error line. */
  timeoutMs?: number;
  /** Trace format of the responses; `auto` (default) detects it per trial. */
  format?: string;
  /** Run only this slice of the trials (see below: by the trial's position, as `inShard`). */
  shard?: Shard;
  /** The gate the summary's `pass_rate` is measured at. */
  minScore?: number;
  /** The summary's `created_at` (default: when the run ends). */
  createdAt?: Date;
  strictGold?: boolean;
  allowCaseLimits?: boolean;
  /** Write each trial's trace here (`0003-id/trial-2.json`) and `cases.jsonl`, every trace in results order. */
  tracesDir?: string;
  /**
   * The lines of an earlier run of the same dataset, trials and shard, in order (a results file read
   * back): their trials are not run again; their lines are passed on in their places.
   */
  previous?: AsyncIterable<BatchLine>;
  /** When it fires, no new trial starts; running ones end (at the latest at their timeout) and the run ends. */
  signal?: RunSignal;
  /** Called whenever a trial ends or an earlier line passes. */
  onProgress?: (progress: RunProgress) => void;
  /** Where the agents' `context.log` goes (default: stderr, one line prefixed `[id #trial]`, credentials masked). */
  log?: (caseId: string, trial: number, text: string) => void;
}

/** How far a run has come. */
export interface RunProgress {
  /** Results lines passed on so far (trials run now, earlier lines, and failed ones). */
  done: number;
  /** The lines the run will give, once the number of cases is known. */
  total: number | undefined;
  failed: number;
  /** Of `done`, the lines taken from `previous`. */
  resumed: number;
}

/** A run of an agent: a batch run (its lines carry `trial`) that may have been stopped before its end. */
export interface AgentRun extends BatchRun {
  /** Whether `signal` stopped the run before every trial was run (valid once the iteration has ended). */
  stopped(): boolean;
}

/** Trials running at once when not told. */
export const DEFAULT_CONCURRENCY = 4;
const DEFAULT_TIMEOUT_MS = 60_000;

/** Lines waiting to be passed on, at most: a slow trial holds back this many finished ones, never the whole run. */
const WINDOW_PER_SLOT = 16;

/** A case read from the dataset: ready for its trials, or the reason none of them can run. */
type ReadCase =
  /** `gold`: the case's gold read once, by the check before its agent runs, and scored with in every trial. */
  | { id: string; input: unknown; text: string; where: Where; gold: CaseGold | undefined; failure?: undefined }
  | { id: string; failure: string; line?: number };

type Where = { file: string; line: number } | { file: string; element: number };

/** One trial to run (or pass on from the previous run), at its position in the results. */
interface Unit {
  position: number;
  caseNumber: number;
  trial: number;
  read: ReadCase;
}

/** A place in the results: filled now or when its trial ends. */
interface Slot {
  line: RunLine | undefined;
  /** Its trace, for the traces dataset; `path` when it is to be read back from an earlier run's file. */
  trace?: string;
  tracePath?: string;
  resumed: boolean;
}

/** Trials of in-memory cases are read as the elements of this array. */
const IN_MEMORY = 'cases';

/**
 * Runs an agent on every case of a dataset, `trials` times each, at most `concurrency` at once, and scores
 * every trial as `evaluateBatch()` scores a case. Lines come in the order of case then trial whatever
 * finishes first (`index` is the line's position: case position × trials + trial − 1, as in a batch
 * dataset holding one line per trial), streamed: only the lines a slow trial holds back are kept. A
 * trial that throws, times out or returns nothing readable is an error line with its reason.
 *
 * ```ts
 * const run = runAgent({ agent, dataset: 'cases.jsonl', trials: 3 });
 * for await (const line of run) console.log(line.id, line.trial, 'error' in line ? line.error : line.score);
 * console.log(run.summary().score.mean);
 * ```
 */
export function runAgent(options: RunAgentOptions): AgentRun {
  const { agent, shard, signal } = options;
  const trials = wholeOption(options.trials ?? 1, 'trials');
  const concurrency = wholeOption(options.concurrency ?? DEFAULT_CONCURRENCY, 'concurrency');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs))
    throw new ToolscoreInputError({ source: 'timeoutMs' }, `expected a number of milliseconds > 0, got ${timeoutMs}`);
  if (typeof agent !== 'function')
    throw new ToolscoreInputError({ source: 'agent' }, `expected a function, got ${describeType(agent)}`);
  if (shard !== undefined) checkShard(shard);
  const format = checkFormatName(options.format ?? 'auto');
  const defaults: CaseDefaults = {
    settings: {
      weights: options.weights,
      strict: options.strict,
      forbidden: options.forbidden,
      tools: options.tools,
      budgets: options.budgets,
      limits: options.limits,
    },
    format,
    ...(options.strictGold ? { strictGold: true } : {}),
    allowCaseLimits: options.allowCaseLimits === true,
  };
  const { limits } = resolveSettings(defaults.settings);
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  const scorer = new CaseScorer(defaults);
  const log = options.log ?? ((id, trial, text) => process.stderr.write(`${logLineText(id, trial, text)}\n`));
  const traces = options.tracesDir === undefined ? undefined : new TracesFolder(options.tracesDir);
  let stopped = false;
  let complete = false;
  /** A bug met by a trial (never the agent's failures, which are lines): the run stops with it. */
  let bug: unknown;
  let identity: () => DatasetIdentity | undefined = () => undefined;

  /** The case of a dataset item, checked once for all its trials (its gold and options as batch reads them). */
  async function readCase(item: BatchItem): Promise<ReadCase> {
    if (item.kind === 'error')
      return { id: item.id, failure: item.error, ...(item.line === undefined ? {} : { line: item.line }) };
    if (item.kind === 'files') throw new Error('a run reads a dataset, not trace files');
    const where: Where = item.kind === 'text' ? item.where : { file: IN_MEMORY, element: item.index };
    const line = 'line' in where ? where.line : undefined;
    const failed = (id: string, failure: string): ReadCase => ({
      id,
      failure,
      ...(line === undefined ? {} : { line }),
    });
    let text: string;
    let value: unknown;
    try {
      text = item.kind === 'text' ? item.text : (JSON.stringify(item.value) ?? 'null');
      value = JSON.parse(text);
    } catch {
      // The scorer's careful parser says where the text breaks; an in-memory case that is not JSON says why.
      if (item.kind === 'value') return failed(`#${item.index + 1}`, notJsonText('a case of the run'));
      const bad = await scorer.score(item);
      return failed(bad.id, 'error' in bad ? bad.error : notACaseText('text that is not JSON'));
    }
    const place = 'line' in where ? `${where.file}:${where.line}` : where.file;
    const path = 'element' in where ? `$[${where.element}]` : '$';
    if (!isObject(value))
      return failed(`#${item.index + 1}`, `${place} at ${path}: ${notACaseText(describeType(value))}`);
    // The id, gold and options as batch reads them, with no calls yet: a bad case fails before its agent runs.
    const { line: check, gold } = scorer.scoreCase({
      kind: 'text',
      index: item.index,
      text: withKeys(text, '"actual":[]'),
      where,
    });
    if ('error' in check)
      return failed(
        check.id,
        check.error.replace(/; expected \{id, expected, actual, options\?\}$/, `; expected ${RUN_CASE_SHAPE}`),
      );
    const { id } = check;
    if (Object.hasOwn(value, 'actual')) return failed(id, `${place} at ${path}: ${hasActualText(id)}`);
    if (!Object.hasOwn(value, 'input')) return failed(id, `${place} at ${path}: ${missingInputText(id)}`);
    return { id, input: value.input, text: oneLine(text), where, gold };
  }

  /** Runs one trial: the agent, its response read and scored, its trace written. */
  async function runTrial({ position, caseNumber, trial, read }: Unit): Promise<Slot> {
    if (read.failure !== undefined)
      return { line: withTrial(errorLine(read.id, position, read.failure, read.line), trial), resumed: false };
    const { id } = read;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new TrialTimeout(timedOutText(timeoutMs));
        controller.abort(reason);
        reject(reason);
      }, timeoutMs);
    });
    const context = {
      caseId: id,
      trial,
      signal: controller.signal,
      log: (...values: unknown[]) => log(id, trial, formatWithOptions({ colors: false }, ...values)),
    };
    let failure: string | undefined;
    let response: unknown;
    try {
      response = await Promise.race([Promise.resolve().then(() => agent(read.input, context)), timedOut]);
    } catch (error) {
      failure = error instanceof TrialTimeout ? error.message : threwText(redactSecrets(firstLine(error)));
    } finally {
      clearTimeout(timer);
    }
    // The response is scored as the JSON its trace holds, so `toolscore batch` on the traces gives the same lines.
    let keys = `"trial":${trial}`;
    if (failure === undefined) {
      let responseText: string | undefined;
      try {
        responseText = JSON.stringify(response);
      } catch (error) {
        failure = notJsonText(firstLine(error));
      }
      if (failure === undefined && responseText === undefined) failure = returnedNothingText(describeType(response));
      if (failure === undefined) {
        keys += `,"actual":${responseText}`;
        try {
          const data: unknown = JSON.parse(responseText!);
          const source = responseSource(id, trial);
          const { calls } = format === 'auto' ? autoExtract(data, source) : readWithFormat(data, format, source);
          keys += `,"calls":${JSON.stringify(calls)}`;
        } catch (error) {
          if (!(error instanceof ToolscoreInputError)) throw error;
          failure = error.message;
        }
      }
    }
    if (failure !== undefined) keys += `,"error":${JSON.stringify(failure)}`;
    const trace = withKeys(read.text, keys);
    const line =
      failure === undefined
        ? scorer.scoreCase({ kind: 'text', index: position, text: trace, where: read.where }, read.gold).line
        : errorLine(id, position, failure, 'line' in read.where ? read.where.line : undefined);
    await traces?.write(traceFilePath(caseNumber, id, trial), trace);
    return { line: withTrial(line, trial), trace, resumed: false };
  }

  async function* produce(): AsyncGenerator<ScoredBatch> {
    const source: BatchSource =
      typeof options.dataset === 'string'
        ? { dataset: options.dataset }
        : { cases: options.dataset as Iterable<BatchCase> | AsyncIterable<BatchCase> };
    const stream = await openSource(source, limits.maxLineBytes, {
      identify: shard !== undefined,
      countLines: true,
    });
    identity = () => {
      const dataset = stream.identity();
      // A shard's line counts the run's trials: shards of two runs with other --trials do not merge.
      return dataset === undefined ? undefined : { sha256: dataset.sha256, cases: dataset.cases * trials };
    };
    const total = (): number | undefined => {
      // A shard's share of the cases is known only once their ids are read.
      const cases = stream.total();
      return cases === undefined || shard !== undefined ? undefined : cases * trials;
    };
    const units = unitsOf(stream.items);
    const earlier = new EarlierLines(options.previous);
    const queue: Slot[] = [];
    const progress: RunProgress = { done: 0, total: undefined, failed: 0, resumed: 0 };
    const window = concurrency * WINDOW_PER_SLOT;
    let running = 0;
    let exhausted = false;
    let wake: () => void = () => undefined;
    const onStop = () => {
      stopped = true;
      wake();
    };
    if (signal?.aborted) stopped = true;
    else signal?.addEventListener('abort', onStop, { once: true });
    try {
      for (;;) {
        // Start what may start: within the window, under the concurrency, until stopped (an earlier run's
        // lines still pass once stopped, in their places).
        while (!exhausted && queue.length < window && running < concurrency) {
          if (stopped && earlier.done) {
            exhausted = true;
            break;
          }
          const next = await units.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          const unit = next.value;
          const old = await earlier.at(unit);
          if (old !== undefined) {
            const tracePath = traceFilePath(unit.caseNumber, unit.read.id, unit.trial);
            queue.push({ line: withTrial(old, unit.trial), tracePath, resumed: true });
          } else if (!stopped) {
            const slot: Slot = { line: undefined, resumed: false };
            queue.push(slot);
            running++;
            void runTrial(unit).then(
              (done) => {
                Object.assign(slot, done);
                running--;
                wake();
              },
              (error: unknown) => {
                // A bug, not the agent's (its failures are lines): the run stops with it.
                slot.line = undefined;
                bug ??= error;
                running--;
                wake();
              },
            );
          }
        }
        if (bug !== undefined) throw bug;
        const ready: RunLine[] = [];
        while (queue.length > 0 && queue[0]!.line !== undefined) {
          const slot = queue.shift()!;
          ready.push(slot.line!);
          progress.done++;
          if ('error' in slot.line!) progress.failed++;
          if (slot.resumed) progress.resumed++;
          if (traces !== undefined) {
            const trace = slot.trace ?? (await traces.read(slot.tracePath!));
            if (trace !== undefined) await traces.append(trace);
          }
        }
        if (ready.length > 0) {
          progress.total = total();
          options.onProgress?.({ ...progress });
          yield batchOfLines(ready);
          continue;
        }
        if (exhausted && queue.length === 0) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (!stopped) {
        await earlier.end();
        complete = true;
      }
      await traces?.close();
    } catch (error) {
      await traces?.abandon();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onStop);
    }
  }

  async function* unitsOf(items: AsyncIterable<BatchItem>): AsyncGenerator<Unit> {
    for await (const item of items) {
      // Every trial of a case goes to the shard its id names, as in batch, so merge finds each line where it belongs.
      const read = await readCase(item);
      if (shard !== undefined && !inShard(item.index * trials, shard, read.id)) continue;
      for (let trial = 1; trial <= trials; trial++)
        yield { position: item.index * trials + trial - 1, caseNumber: item.index + 1, trial, read };
    }
  }

  const run = summarizedRun(produce, {
    minScore,
    createdAt: options.createdAt,
    // A shard's results end with which shard of which run they are, once the run went to its end.
    lastLine: () => {
      const dataset = identity();
      return shard === undefined || dataset === undefined || !complete ? undefined : shardLineText({ shard, dataset });
    },
  });
  return { ...run, stopped: () => stopped };
}

/** A trial's time ran out. */
class TrialTimeout extends Error {}

/** A whole number ≥ 1 given as an option. */
function wholeOption(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new ToolscoreInputError({ source: name }, `expected a whole number ≥ 1, got ${value}`);
  return value;
}

/** A JSON object's text with more keys at its end (`text` is an object: checked before). */
function withKeys(text: string, keys: string): string {
  const head = text.slice(0, text.lastIndexOf('}')).trimEnd();
  return `${head}${head.endsWith('{') ? '' : ','}${keys}}`;
}

/** A JSON text on one line: line breaks in JSON are only ever whitespace between tokens. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

function errorLine(id: string, index: number, error: string, line: number | undefined): BatchLine {
  return line === undefined ? { id, index, error } : { id, index, line, error };
}

/** The line with its trial right after `index`. */
function withTrial(line: BatchLine, trial: number): RunLine {
  const { id, index, ...rest } = line;
  return { id, index, trial, ...rest } as RunLine;
}

/** An earlier run's lines, in order, matched to this run's trials one by one. */
class EarlierLines {
  private readonly lines: AsyncIterator<BatchLine> | undefined;
  private head: BatchLine | undefined;
  private ended: boolean;

  constructor(lines: AsyncIterable<BatchLine> | undefined) {
    this.lines = lines?.[Symbol.asyncIterator]();
    this.ended = lines === undefined;
  }

  /** No earlier line is left. */
  get done(): boolean {
    return this.ended && this.head === undefined;
  }

  /** The earlier line of this trial, when the earlier run finished it; a line out of place is an error. */
  async at(unit: Unit): Promise<BatchLine | undefined> {
    const head = await this.peek();
    if (head === undefined || head.index > unit.position) return undefined;
    const { trial } = head as Partial<RunLine>;
    if (head.index < unit.position || head.id !== unit.read.id || trial !== unit.trial)
      throw new ToolscoreInputError(
        { source: 'results' },
        notThisRunText(trialName(head.id, trial, head.index), trialName(unit.read.id, unit.trial, unit.position)),
      );
    this.head = undefined;
    return head;
  }

  /** Checks that no earlier line is left over. */
  async end(): Promise<void> {
    const head = await this.peek();
    if (head !== undefined)
      throw new ToolscoreInputError(
        { source: 'results' },
        pastTheRunText(trialName(head.id, (head as Partial<RunLine>).trial, head.index)),
      );
  }

  private async peek(): Promise<BatchLine | undefined> {
    if (this.head === undefined && !this.ended) {
      const next = await this.lines!.next();
      if (next.done) this.ended = true;
      else this.head = next.value;
    }
    return this.head;
  }
}
