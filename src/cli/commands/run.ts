import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { readResultsFile } from '../../batch/results-file.js';
import { parseShard } from '../../batch/shard.js';
import { checkFormatName } from '../../formats/registry.js';
import { isWrittenThrough } from '../../io/atomic-write.js';
import { readJsonFile } from '../../io/files.js';
import { loadForbiddenRules } from '../../io/rules.js';
import { displayText } from '../../reports/text.js';
import { loadAgent } from '../../run/agent-module.js';
import { DEFAULT_CONCURRENCY, runAgent, type RunAgentOptions, type RunProgress } from '../../run/run-agent.js';
import type { Agent } from '../../run/types.js';
import {
  STOPPING_TEXT,
  abandonedText,
  interruptedText,
  logLineText,
  resumeNeedsOutputText,
  runFinishedText,
  runProgressText,
} from '../../run/text.js';
import { CASSETTES_VARIABLE, REPLAY_MODE_VARIABLE, REPLAY_MODES } from '../../replay/mode.js';
import { readToolCatalogue } from '../../schemas/catalogue.js';
import { checkOutputPaths } from '../output-paths.js';
import { LiveLine } from '../terminal.js';
import { keeping, startKeeping, type StoreFlags } from '../store-run.js';
import {
  numberFlag,
  parseBudgetFlags,
  parseLimitFlags,
  parseMinScore,
  parseWeightFlags,
  type ScoringFlags,
} from '../scoring-flags.js';
import {
  STDOUT_PATH,
  batchOutputs,
  finishRun,
  parseMaxErrors,
  parseMinPassHatK,
  type BatchOutputFlags,
} from './batch-output.js';

/** Flags of `toolscore run`, as commander parsed them. */
export interface RunFlags extends ScoringFlags, BatchOutputFlags, StoreFlags {
  /** The cases: JSON Lines or a JSON array of {id, input, expected, options?}. */
  dataset: string;
  /** As typed. */
  trials?: string;
  concurrency?: string;
  /** Seconds, as typed. */
  timeout?: string;
  /** The agent module's export to run (default: its default export). */
  export?: string;
  tracesDir?: string;
  shard?: string;
  shardCount?: string;
  /** Run only the trials the results file (-o) lacks. */
  resume?: boolean;
  /** `--replay` alone (true) or with its mode, as typed. */
  replay?: string | true;
  cassettes?: string;
  strictGold?: boolean;
  allowCaseLimits?: boolean;
  /** False after `--no-progress`. */
  progress: boolean;
}

/**
 * `--replay [mode]` and `--cassettes`: the agent runs in this process, so its cassettes (toolscore/replay)
 * read the mode and folder from the environment this sets, before the agent module is loaded.
 */
function setReplay(flags: RunFlags, trials: number): void {
  if (flags.replay === undefined) {
    if (flags.cassettes !== undefined) throw new ToolscoreInputError({ source: '--cassettes' }, 'goes with --replay');
    return;
  }
  const mode = flags.replay === true ? 'strict' : flags.replay.trim().toLowerCase();
  if (!(REPLAY_MODES as readonly string[]).includes(mode))
    throw new ToolscoreInputError(
      { source: '--replay' },
      `expected one of ${REPLAY_MODES.join(', ')}, got ${JSON.stringify(flags.replay)}`,
    );
  // Trials of one case share its cassette: several recording it at once would overwrite each other.
  if (mode === 'record' && trials > 1)
    throw new ToolscoreInputError(
      { source: '--replay' },
      `record writes one cassette per case: record with --trials 1, then replay with --trials ${trials}`,
    );
  process.env[REPLAY_MODE_VARIABLE] = mode;
  if (flags.cassettes !== undefined) process.env[CASSETTES_VARIABLE] = flags.cassettes;
}

/** The exit code of a run stopped by Ctrl-C, as shells report a process ended by SIGINT. */
const INTERRUPTED = 130;

/**
 * `toolscore run AGENT --dataset cases.jsonl`: runs the agent on every case, --trials times, and scores
 * each trial as batch scores a case; writes batch's results (with `trial`), summary and reports.
 */
export async function runRun(agentPath: string, flags: RunFlags): Promise<number> {
  const weights = parseWeightFlags(flags.weight);
  const minScore = flags.minScore === undefined ? undefined : parseMinScore(flags.minScore);
  const maxErrors = parseMaxErrors(flags);
  const passHatK = parseMinPassHatK(flags);
  const format = checkFormatName(flags.format, '--format');
  const trials = atLeastOne(flags.trials, '--trials') ?? 1;
  const concurrency = atLeastOne(flags.concurrency, '--concurrency');
  const timeout = numberFlag(flags.timeout, '--timeout');
  if (timeout === 0)
    throw new ToolscoreInputError({ source: '--timeout' }, 'expected a number of seconds > 0, got "0"');
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard, flags.shardCount, process.env);
  if (flags.shard === undefined && flags.shardCount !== undefined)
    throw new ToolscoreInputError({ source: '--shard-count' }, 'goes with --shard auto');
  if (flags.output === STDOUT_PATH && flags.summary === STDOUT_PATH)
    throw new ToolscoreInputError({ source: '--summary' }, 'the results already go to stdout (-o -)');
  if (flags.resume && (flags.output === undefined || flags.output === STDOUT_PATH))
    throw new ToolscoreInputError({ source: '--resume' }, resumeNeedsOutputText());
  const budgets = parseBudgetFlags(flags);
  const limits = parseLimitFlags(flags);
  checkOutputPaths(batchOutputs(flags), [
    ['dataset', flags.dataset],
    ['agent module', agentPath],
    ['forbidden-rules file', flags.forbidden],
    ['tool catalogue', flags.tools],
  ]);
  const forbidden = flags.forbidden === undefined ? undefined : await readJsonFile(flags.forbidden);
  if (flags.forbidden !== undefined) await loadForbiddenRules(flags.forbidden, limits.maxDepth);
  const tools = flags.tools === undefined ? undefined : await readJsonFile(flags.tools);
  if (flags.tools !== undefined) readToolCatalogue(tools, flags.tools);
  setReplay(flags, trials);
  const keep = await startKeeping(flags, 'run', { args: [agentPath], flags, gold: flags.dataset, tools: flags.tools });
  const loaded = await keeping(keep, () => loadAgent(agentPath, flags.export));
  // Calls of the agent not yet settled: a trial abandoned at --timeout goes on in the background, and the
  // command must not wait for it once the run is written (a stuck trial would hold the process, and CI).
  let unsettled = 0;
  const agent: Agent = (input, context) => {
    unsettled++;
    return Promise.resolve()
      .then(() => loaded(input, context))
      .finally(() => unsettled--);
  };

  const progress = new Progress(flags.progress);
  const stop = new AbortController();
  // First Ctrl-C: start no new trial, let the running ones end, write what is done. Second: quit now.
  const onInterrupt = () => {
    if (stop.signal.aborted) process.exit(INTERRUPTED);
    progress.clear();
    process.stderr.write(`${STOPPING_TEXT}\n`);
    stop.abort();
  };
  process.on('SIGINT', onInterrupt);
  const resuming = flags.resume === true && existsSync(flags.output!);
  const options: RunAgentOptions = {
    agent,
    dataset: flags.dataset,
    trials,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(timeout === undefined ? {} : { timeoutMs: timeout * 1000 }),
    format,
    ...(flags.strictGold ? { strictGold: true } : {}),
    allowCaseLimits: flags.allowCaseLimits === true,
    ...(weights === undefined ? {} : { weights }),
    ...(flags.strict ? { strict: true } : {}),
    ...(forbidden === undefined ? {} : { forbidden: forbidden as RunAgentOptions['forbidden'] }),
    ...(tools === undefined ? {} : { tools }),
    ...(budgets === undefined ? {} : { budgets }),
    limits,
    ...(shard === undefined ? {} : { shard }),
    ...(minScore === undefined ? {} : { minScore }),
    ...(flags.tracesDir === undefined ? {} : { tracesDir: flags.tracesDir }),
    ...(resuming ? { previous: readResultsFile(flags.output!) } : {}),
    signal: stop.signal,
    onProgress: (state) => progress.update(state),
    log: (id, trial, text) => {
      progress.clear();
      process.stderr.write(`${logLineText(displayText(id), trial, displayText(text))}\n`);
    },
  };
  try {
    const run = await keeping(keep, async () => runAgent(options));
    const code = await finishRun(run, flags, {
      minScore,
      maxErrors,
      passHatK,
      print: flags.output === STDOUT_PATH ? process.stderr : process.stdout,
      onEnd: () => progress.end(concurrency ?? DEFAULT_CONCURRENCY),
      writeResults: writeStreamed,
      keep,
    });
    if (run.stopped()) {
      const { total } = run.summary().cases;
      process.stderr.write(`${interruptedText(total, progress.total, resumeCommand(flags.output))}\n`);
    }
    const exitCode = run.stopped() ? INTERRUPTED : code;
    if (unsettled > 0) {
      process.stderr.write(`${abandonedText(unsettled)}\n`);
      await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
      process.exit(exitCode);
    }
    return exitCode;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** Resolves once what was written to a standard stream has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((done) => stream.write('', () => done()));
}

/** A whole number ≥ 1 typed for a flag. */
function atLeastOne(text: string | undefined, flag: string): number | undefined {
  const value = numberFlag(text, flag, true);
  if (value === 0) throw new ToolscoreInputError({ source: flag }, 'expected a whole number ≥ 1, got "0"');
  return value;
}

/**
 * The results written as they come, to a `.partial` file renamed into place at the end. Not through
 * an atomic write's temporary file, which Ctrl-C removes: here Ctrl-C ends the run, whose lines must
 * still be written; a second Ctrl-C quits and leaves the previous results file as it was.
 */
async function writeStreamed(path: string, chunks: AsyncIterable<string>): Promise<void> {
  if (isWrittenThrough(path)) {
    const stream = createWriteStream(path, { flags: 'a' });
    for await (const chunk of chunks)
      if (!stream.write(chunk)) await new Promise<void>((done) => stream.once('drain', () => done()));
    await new Promise<void>((done) => stream.end(() => done()));
    return;
  }
  const partial = `${path}.partial`;
  await mkdir(dirname(path), { recursive: true });
  const stream = createWriteStream(partial);
  try {
    for await (const chunk of chunks)
      if (!stream.write(chunk)) await new Promise<void>((done) => stream.once('drain', () => done()));
    await new Promise<void>((done, fail) => stream.end((error?: Error | null) => (error ? fail(error) : done())));
    await rename(partial, path);
  } catch (error) {
    stream.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** The command line that completes an interrupted run: this one with --resume. */
function resumeCommand(output: string | undefined): string {
  if (output === undefined || output === STDOUT_PATH) return 'run again with -o results.jsonl (nothing was kept)';
  const args = process.argv.slice(2).filter((arg) => arg !== '--resume');
  return `toolscore ${[...args, '--resume'].map((arg) => displayText(shellWord(arg))).join(' ')}`;
}

/** A word as a POSIX shell reads it back. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The progress line: redrawn on a terminal (stderr) a few times a second; nothing elsewhere. */
class Progress {
  private readonly started = performance.now();
  private readonly line: LiveLine;
  private last: RunProgress | undefined;

  constructor(enabled: boolean) {
    this.line = new LiveLine(enabled && process.stderr.isTTY === true);
  }

  /** The trials the run will give, when known. */
  get total(): number | undefined {
    return this.last?.total;
  }

  update(state: RunProgress): void {
    this.last = state;
    this.line.draw(() => {
      const seconds = (performance.now() - this.started) / 1000;
      const ran = state.done - state.resumed;
      const rate = seconds > 0 ? ran / seconds : 0;
      const left = state.total === undefined || rate === 0 ? undefined : (state.total - state.done) / rate;
      return runProgressText(state.done, state.total, state.failed, rate, left);
    });
  }

  /** Clears the line so another can be printed (it is drawn again on the next update). */
  clear(): void {
    if (this.line.drawn) process.stderr.write('\r\x1b[2K');
  }

  end(concurrency: number): void {
    if (!this.line.drawn) return;
    this.line.end(runFinishedText(this.last?.done ?? 0, performance.now() - this.started, concurrency));
  }
}
