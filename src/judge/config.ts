import { ToolscoreInputError } from '../core/errors.js';
import type { Environment } from '../core/types.js';
import { JUDGE_PROVIDERS, type JudgeProvider } from '../metrics/semantic.js';

/** The model used when none is named. */
export const DEFAULT_JUDGE_MODEL = 'gpt-4o-mini';

/** Where verdicts are cached, relative to the working directory, unless `cacheDir` says otherwise. */
export const DEFAULT_CACHE_DIR = '.toolscore/judge-cache';

/** How the LLM judge is reached and how it is asked. Every field is optional. */
export interface JudgeConfig {
  /** Model name (default `gpt-4o-mini`); `claude*` means Anthropic and `gemini*` Gemini unless `provider` says otherwise. */
  model?: string;
  /** Inferred when omitted: a `baseURL` means `openai_compatible`, else from the model name, else `openai`. */
  provider?: JudgeProvider;
  /** Read from the provider's environment variable when omitted. */
  apiKey?: string;
  /** Address of the API. Alone it means an OpenAI-compatible server (Ollama, vLLM, Groq); with an explicit provider, that provider's API at another address (a gateway). */
  baseURL?: string;
  /** Sampling temperature (default 0). Not for Anthropic, whose current API takes none. */
  temperature?: number;
  /** Retries of a request that timed out, could not connect, was rate limited (429) or hit a server error (5xx); default 2. */
  maxRetries?: number;
  /** Time one attempt may take before it is abandoned, in milliseconds (default 60000). */
  timeoutMs?: number;
  /** Ask this many times and take the median score of each pair (default 1). */
  samples?: number;
  /** Fail rather than send more than this many requests in one evaluation (retries not counted; default no limit). */
  maxCalls?: number;
  /** Folder of cached verdicts (default `.toolscore/judge-cache`), or `false` to ask every time. */
  cacheDir?: string | false;
}

/** What `judge` options accept: `true` for the defaults, a model name, or a full config. */
export type JudgeOption = true | string | JudgeConfig;

/** A judge config with every choice made and checked. */
export interface ResolvedJudgeConfig {
  model: string;
  provider: JudgeProvider;
  /** The key sent; `not-needed` for an OpenAI-compatible server given none. */
  apiKey: string;
  baseURL: string | undefined;
  temperature: number;
  maxRetries: number;
  timeoutMs: number;
  samples: number;
  maxCalls: number;
  /** `null` when caching is off. */
  cacheDir: string | null;
}

/** The environment variables a provider's key is read from, in order. */
export const API_KEY_VARIABLES: Readonly<Record<JudgeProvider, readonly string[]>> = {
  openai: ['OPENAI_API_KEY'],
  openai_compatible: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GOOGLE_API_KEY', 'GEMINI_API_KEY'],
};

const FIELDS = new Set([
  'model',
  'provider',
  'apiKey',
  'baseURL',
  'temperature',
  'maxRetries',
  'timeoutMs',
  'samples',
  'maxCalls',
  'cacheDir',
]);

/** The vendor whose models a name belongs to, when the name says so. */
function modelFamily(model: string): 'openai' | 'anthropic' | 'gemini' | undefined {
  const name = model.toLowerCase();
  if (name.startsWith('claude')) return 'anthropic';
  if (name.startsWith('gemini')) return 'gemini';
  if (/^(gpt-|chatgpt-|o\d)/.test(name)) return 'openai';
  return undefined;
}

/**
 * Checks a judge option and makes every choice: provider, key, defaults. Throws a one-line input error
 * for an unknown field, a bad value, conflicting settings or a missing key, before anything is sent.
 */
export function resolveJudgeConfig(option: JudgeOption, env: Environment = process.env): ResolvedJudgeConfig {
  const config = toConfig(option);
  const model = config.model ?? DEFAULT_JUDGE_MODEL;
  const baseURL = config.baseURL === undefined || config.baseURL === '' ? undefined : checkBaseURL(config.baseURL);
  const provider = resolveProvider(config, model, baseURL);
  if (provider === 'anthropic' && config.temperature !== undefined) {
    throw new ToolscoreInputError(
      { source: 'judge.temperature' },
      'the Anthropic API (version 2026-10-21, @anthropic-ai/sdk 1) takes no temperature; leave it out and use samples for stable scores',
    );
  }
  return {
    model,
    provider,
    apiKey: resolveApiKey(provider, model, config.apiKey, env),
    baseURL,
    temperature: checkNumber('temperature', config.temperature ?? 0, 0, 2, false),
    maxRetries: checkNumber('maxRetries', config.maxRetries ?? 2, 0, 10, true),
    timeoutMs: checkNumber('timeoutMs', config.timeoutMs ?? 60_000, 1, 3_600_000, true),
    samples: checkNumber('samples', config.samples ?? 1, 1, 100, true),
    maxCalls:
      config.maxCalls === undefined
        ? Infinity
        : checkNumber('maxCalls', config.maxCalls, 1, Number.MAX_SAFE_INTEGER, true),
    cacheDir: config.cacheDir === false ? null : checkCacheDir(config.cacheDir ?? DEFAULT_CACHE_DIR),
  };
}

function toConfig(option: JudgeOption): JudgeConfig {
  if (option === true) return {};
  if (typeof option === 'string') {
    if (option.trim() === '')
      throw new ToolscoreInputError({ source: 'judge' }, 'expected a model name, got an empty string');
    return { model: option };
  }
  if (option === null || typeof option !== 'object' || Array.isArray(option)) {
    throw new ToolscoreInputError(
      { source: 'judge' },
      `expected true, a model name or a JudgeConfig object, got ${JSON.stringify(option) ?? typeof option}`,
    );
  }
  for (const key of Object.keys(option)) {
    if (!FIELDS.has(key))
      throw new ToolscoreInputError(
        { source: 'judge' },
        `unknown field ${JSON.stringify(key)}; known fields: ${[...FIELDS].join(', ')}`,
      );
  }
  for (const key of ['model', 'apiKey', 'baseURL'] as const) {
    if (option[key] !== undefined && typeof option[key] !== 'string') {
      throw new ToolscoreInputError(
        { source: `judge.${key}` },
        `expected a string, got ${JSON.stringify(option[key])}`,
      );
    }
  }
  if (option.model !== undefined && option.model.trim() === '')
    throw new ToolscoreInputError({ source: 'judge.model' }, 'expected a model name, got an empty string');
  return option;
}

function resolveProvider(config: JudgeConfig, model: string, baseURL: string | undefined): JudgeProvider {
  const family = modelFamily(model);
  const explicit = config.provider;
  if (explicit === undefined) return baseURL !== undefined ? 'openai_compatible' : (family ?? 'openai');
  if (!(JUDGE_PROVIDERS as readonly string[]).includes(explicit)) {
    throw new ToolscoreInputError(
      { source: 'judge.provider' },
      `unknown provider ${JSON.stringify(explicit)}; expected one of ${JUDGE_PROVIDERS.join(', ')}`,
    );
  }
  if (explicit === 'openai_compatible') {
    if (baseURL === undefined) {
      throw new ToolscoreInputError(
        { source: 'judge.provider' },
        'openai_compatible needs baseURL, the address of the server (e.g. http://localhost:11434/v1 for Ollama)',
      );
    }
    return explicit;
  }
  if (config.model === undefined && explicit !== 'openai') {
    throw new ToolscoreInputError(
      { source: 'judge.model' },
      `the default model ${DEFAULT_JUDGE_MODEL} is an OpenAI model; name a ${explicit} model for provider ${explicit}`,
    );
  }
  if (family !== undefined && family !== explicit) {
    throw new ToolscoreInputError(
      { source: 'judge.provider' },
      `model ${JSON.stringify(model)} is served by ${family}, not ${explicit}; drop provider to infer it, or use openai_compatible with baseURL for a server that hosts it`,
    );
  }
  return explicit;
}

function resolveApiKey(provider: JudgeProvider, model: string, given: string | undefined, env: Environment): string {
  if (given !== undefined && given !== '') return given;
  const variables = API_KEY_VARIABLES[provider];
  for (const name of variables) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  // A local server (Ollama, vLLM) takes any key; the OpenAI SDK insists on one.
  if (provider === 'openai_compatible') return 'not-needed';
  throw new ToolscoreInputError(
    { source: 'judge.apiKey' },
    `the ${provider} judge (model ${model}) needs an API key: set ${variables.join(' or ')}, or pass apiKey in the judge config`,
  );
}

function checkBaseURL(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolscoreInputError(
      { source: 'judge.baseURL' },
      `expected an http(s) URL such as http://localhost:11434/v1, got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolscoreInputError({ source: 'judge.baseURL' }, `expected an http(s) URL, got ${JSON.stringify(text)}`);
  }
  return text.replace(/\/+$/, '');
}

function checkCacheDir(dir: unknown): string {
  if (typeof dir !== 'string' || dir.trim() === '') {
    throw new ToolscoreInputError(
      { source: 'judge.cacheDir' },
      `expected a folder path or false, got ${JSON.stringify(dir)}`,
    );
  }
  return dir;
}

function checkNumber(name: string, value: unknown, min: number, max: number, integer: boolean): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const kind = integer ? 'an integer' : 'a number';
    throw new ToolscoreInputError(
      { source: `judge.${name}` },
      `expected ${kind} from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}
