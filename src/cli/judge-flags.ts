import { ToolscoreInputError } from '../core/errors.js';
import type { JudgeConfig } from '../judge/config.js';
import { JUDGE_PROVIDERS, type JudgeProvider } from '../metrics/semantic.js';

/** The `--llm-*` flags of `toolscore eval`, as commander parsed them. */
export interface JudgeFlags {
  /** Ask the LLM judge. */
  llmJudge?: boolean;
  llmModel?: string;
  llmProvider?: string;
  llmBaseUrl?: string;
  /** `--llm-samples` as typed. */
  llmSamples?: string;
  /** `--llm-max-calls` as typed. */
  llmMaxCalls?: string;
  /** `--llm-timeout` as typed, in seconds. */
  llmTimeout?: string;
  /** False after `--no-llm-cache`. */
  llmCache?: boolean;
}

/** A whole-number flag of at least 1. */
function countFlag(text: string, flag: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < 1) {
    throw new ToolscoreInputError(
      { source: flag },
      `expected a whole number of at least 1, got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/** Longest `--llm-timeout`: an hour, the most `timeoutMs` takes. */
const MAX_TIMEOUT_SECONDS = 3600;

/** `--llm-timeout` seconds (fractions allowed) as the whole milliseconds of `timeoutMs`. */
function timeoutFlag(text: string): number {
  const seconds = Number(text);
  const ms = Math.round(seconds * 1000);
  if (text.trim() === '' || !Number.isFinite(seconds) || ms < 1 || seconds > MAX_TIMEOUT_SECONDS) {
    throw new ToolscoreInputError(
      { source: '--llm-timeout' },
      `expected seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, got ${JSON.stringify(text)}`,
    );
  }
  return ms;
}

/**
 * The judge config the flags ask for, or `undefined` without `--llm-judge`. The other `--llm-*` flags
 * only tune the judge, so they are refused without it rather than ignored.
 */
export function judgeFromFlags(flags: JudgeFlags): JudgeConfig | undefined {
  const tuning: [string, unknown][] = [
    ['--llm-model', flags.llmModel],
    ['--llm-provider', flags.llmProvider],
    ['--llm-base-url', flags.llmBaseUrl],
    ['--llm-samples', flags.llmSamples],
    ['--llm-max-calls', flags.llmMaxCalls],
    ['--llm-timeout', flags.llmTimeout],
    ['--no-llm-cache', flags.llmCache === false ? true : undefined],
  ];
  if (!flags.llmJudge) {
    const given = tuning.find(([, value]) => value !== undefined);
    if (given) throw new ToolscoreInputError({ source: given[0] }, 'only applies with --llm-judge');
    return undefined;
  }
  if (flags.llmProvider !== undefined && !(JUDGE_PROVIDERS as readonly string[]).includes(flags.llmProvider)) {
    throw new ToolscoreInputError(
      { source: '--llm-provider' },
      `expected one of ${JUDGE_PROVIDERS.join(', ')}, got ${JSON.stringify(flags.llmProvider)}`,
    );
  }
  return {
    ...(flags.llmModel === undefined ? {} : { model: flags.llmModel }),
    ...(flags.llmProvider === undefined ? {} : { provider: flags.llmProvider as JudgeProvider }),
    ...(flags.llmBaseUrl === undefined ? {} : { baseURL: flags.llmBaseUrl }),
    ...(flags.llmSamples === undefined ? {} : { samples: countFlag(flags.llmSamples, '--llm-samples') }),
    ...(flags.llmMaxCalls === undefined ? {} : { maxCalls: countFlag(flags.llmMaxCalls, '--llm-max-calls') }),
    ...(flags.llmTimeout === undefined ? {} : { timeoutMs: timeoutFlag(flags.llmTimeout) }),
    ...(flags.llmCache === false ? { cacheDir: false as const } : {}),
  };
}
