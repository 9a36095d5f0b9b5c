import { availableParallelism } from 'node:os';
import { ToolscoreInputError } from '../../core/errors.js';
import { evaluateBatch, type BatchOptions, type BatchProgress } from '../../batch/evaluate-batch.js';
import { parseShard } from '../../batch/shard.js';
import { expandPatterns, type BatchSource } from '../../batch/sources.js';
import { checkFormatName } from '../../formats/registry.js';
import { readJsonFile } from '../../io/files.js';
import { loadForbiddenRules } from '../../io/rules.js';
import { readToolCatalogue } from '../../schemas/catalogue.js';
import { finishedText, progressText } from '../../batch/text.js';
import { checkOutputPaths, type InputFile } from '../output-paths.js';
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

/** Flags of `toolscore batch`, as commander parsed them. */
export interface BatchFlags extends ScoringFlags, BatchOutputFlags, StoreFlags {
  /** One gold file for every trace of --traces. */
  gold?: string;
  /** Trace files or glob patterns, repeatable. */
  traces: string[];
  /** Folders of gold files and traces, paired by relative path without extension. */
  goldDir?: string;
  traceDir?: string;
  /** `--jobs N` as typed. */
  jobs?: string;
  /** `--shard i/n` or `auto`, and `--shard-count N` for auto. */
  shard?: string;
  shardCount?: string;
  failFast?: boolean;
  /** An unknown key in a case's gold is an error line, not a warning. */
  strictGold?: boolean;
  /** Let a case's `options.limits` raise the limits of the command line. */
  allowCaseLimits?: boolean;
  /** How a conversation's turn scores make its score. */
  turnAggregate?: 'mean' | 'min';
  /** False after `--no-progress`. */
  progress: boolean;
}

/** The one input the flags name: a dataset, a gold file with traces, or two folders. */
async function sourceOf(dataset: string | undefined, flags: BatchFlags): Promise<BatchSource> {
  const given = [
    dataset !== undefined ? 'a dataset' : '',
    flags.gold !== undefined || flags.traces.length > 0 ? '--gold with --traces' : '',
    flags.goldDir !== undefined || flags.traceDir !== undefined ? '--gold-dir with --trace-dir' : '',
  ].filter(Boolean);
  if (given.length !== 1)
    throw new ToolscoreInputError(
      { source: 'batch' },
      given.length === 0
        ? 'expected a dataset file, --gold G --traces PATTERN, or --gold-dir G --trace-dir T'
        : `expected one input, got ${given.join(' and ')}`,
    );
  if (dataset !== undefined) return { dataset };
  if (flags.gold !== undefined || flags.traces.length > 0) {
    if (flags.gold === undefined || flags.traces.length === 0)
      throw new ToolscoreInputError(
        { source: flags.gold === undefined ? '--traces' : '--gold' },
        'goes with --gold G --traces PATTERN; give both',
      );
    return { gold: flags.gold, traces: await expandPatterns(flags.traces) };
  }
  if (flags.goldDir === undefined || flags.traceDir === undefined)
    throw new ToolscoreInputError(
      { source: flags.goldDir === undefined ? '--trace-dir' : '--gold-dir' },
      'goes with --gold-dir G --trace-dir T; give both',
    );
  return { goldDir: flags.goldDir, traceDir: flags.traceDir };
}

/** Every file the run reads: none of them may be written over. */
function batchInputs(source: BatchSource, flags: BatchFlags): InputFile[] {
  const inputs: InputFile[] = [
    ['forbidden-rules file', flags.forbidden],
    ['tool catalogue', flags.tools],
  ];
  if ('dataset' in source) inputs.push(['dataset', source.dataset]);
  if ('gold' in source) {
    inputs.push(['gold file', source.gold]);
    for (const trace of source.traces) inputs.push(['trace file', trace]);
  }
  return inputs;
}

/**
 * `toolscore batch`: scores every case of a dataset (or every trace against a gold file, or paired
 * folders), streaming, in worker threads; writes the results lines, the summary and the reports.
 */
export async function runBatch(dataset: string | undefined, flags: BatchFlags): Promise<number> {
  const weights = parseWeightFlags(flags.weight);
  const minScore = flags.minScore === undefined ? undefined : parseMinScore(flags.minScore);
  const maxErrors = parseMaxErrors(flags);
  const passHatK = parseMinPassHatK(flags);
  const format = checkFormatName(flags.format, '--format');
  const jobs = numberFlag(flags.jobs, '--jobs', true) ?? availableParallelism();
  if (jobs < 1) throw new ToolscoreInputError({ source: '--jobs' }, 'expected at least 1 job');
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard, flags.shardCount, process.env);
  if (flags.shard === undefined && flags.shardCount !== undefined)
    throw new ToolscoreInputError({ source: '--shard-count' }, 'goes with --shard auto');
  if (flags.output === STDOUT_PATH && flags.summary === STDOUT_PATH)
    throw new ToolscoreInputError({ source: '--summary' }, 'the results already go to stdout (-o -)');
  const budgets = parseBudgetFlags(flags);
  const limits = parseLimitFlags(flags);
  const source = await sourceOf(dataset, flags);
  checkOutputPaths(batchOutputs(flags), batchInputs(source, flags));
  // Read here so a bad file is reported against its path; the cases get the rules and tools as data.
  const forbidden = flags.forbidden === undefined ? undefined : await readJsonFile(flags.forbidden);
  if (flags.forbidden !== undefined) await loadForbiddenRules(flags.forbidden, limits.maxDepth);
  const tools = flags.tools === undefined ? undefined : await readJsonFile(flags.tools);
  if (flags.tools !== undefined) readToolCatalogue(tools, flags.tools);

  const keep = await startKeeping(flags, 'batch', {
    args: [dataset],
    flags,
    gold: dataset ?? flags.gold ?? flags.goldDir,
    tools: flags.tools,
  });
  const progress = new Progress(flags.progress, jobs);
  const options: BatchOptions = {
    format,
    jobs,
    failFast: flags.failFast === true,
    ...(flags.strictGold ? { strictGold: true } : {}),
    // A run kept in a store: the scoring threads read each line's columns, so this thread parses none.
    ...(keep === undefined ? {} : { lineColumns: true }),
    allowCaseLimits: flags.allowCaseLimits === true,
    ...(weights === undefined ? {} : { weights }),
    ...(flags.strict ? { strict: true } : {}),
    ...(flags.turnAggregate === undefined ? {} : { turnAggregate: flags.turnAggregate }),
    ...(forbidden === undefined ? {} : { forbidden: forbidden as BatchOptions['forbidden'] }),
    ...(tools === undefined ? {} : { tools }),
    ...(budgets === undefined ? {} : { budgets }),
    limits,
    ...(shard === undefined ? {} : { shard }),
    ...(minScore === undefined ? {} : { minScore }),
    // Only a line on a terminal needs the run's progress (a JSON Lines file's cases are counted for it).
    ...(progress.drawn ? { onProgress: (state: BatchProgress) => progress.update(state) } : {}),
  };
  return keeping(keep, () => {
    const run = evaluateBatch(source, options);
    return finishRun(run, flags, {
      minScore,
      maxErrors,
      passHatK,
      failFast: flags.failFast === true,
      print: flags.output === STDOUT_PATH ? process.stderr : process.stdout,
      onEnd: () => progress.end(run.summary().cases.total),
      keep,
    });
  });
}

/** The progress line: redrawn on a terminal (stderr) a few times a second; elsewhere one line at the end. */
class Progress {
  private readonly started = performance.now();
  private readonly line: LiveLine;

  constructor(
    private readonly enabled: boolean,
    private readonly jobs: number,
  ) {
    this.line = new LiveLine(enabled);
  }

  /** Whether the line is redrawn as the run goes. */
  get drawn(): boolean {
    return this.line.drawn;
  }

  update({ done, total, failed, readShare }: BatchProgress): void {
    this.line.draw(() => progressText(done, total, failed, (performance.now() - this.started) / 1000, readShare));
  }

  /** The final line: the cases the run yielded, scored or not. */
  end(done: number): void {
    if (!this.enabled) return;
    this.line.end(finishedText(done, (performance.now() - this.started) / 1000, this.jobs));
  }
}
