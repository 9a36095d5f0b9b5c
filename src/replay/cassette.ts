import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { childPath, describeType, ToolscoreInputError } from '../core/errors.js';
import type { Environment } from '../core/types.js';
import { writeFileAtomicSync } from '../io/atomic-write.js';
import { safeJsonFileName } from '../io/file-name.js';
import { parseJson } from '../io/json.js';
import { canonicalJson } from '../match/canonical.js';
import { redactDeep, redactSecretKinds } from '../metrics/security.js';
import { type ReplayMode, replayFromEnv } from './mode.js';
import { modelRequestText, strictMissText, toolCallText, unrecordableText } from './text.js';

/** Layout version of cassette files (`toolscore_cassette`). */
const CASSETTE_VERSION = 1;

/** A recorded tool execution: the tool, its arguments, and what it returned or threw, credentials masked. */
export interface ToolEntry {
  tool: string;
  args: unknown;
  /** The result's JSON form; absent when the tool returned undefined or threw. */
  result?: unknown;
  /** What the tool threw. */
  error?: { name: string; message: string };
}

/** A recorded model response: the canonical request, and the response or the parts of its stream. */
export interface ModelEntry {
  model: string;
  request: unknown;
  response?: unknown;
  stream?: unknown[];
}

/** Where a cassette is and how it is used; what is not given comes from the environment (`replayFromEnv`). */
export interface CassetteOptions {
  mode?: ReplayMode;
  /** The folder of cassettes. */
  dir?: string;
  /** Read for what is not given (default `process.env`). */
  env?: Environment;
}

/** A call a strict cassette does not hold. Its message names the tool and arguments, or the model request. */
export class ReplayMissError extends Error {
  override readonly name = 'ReplayMissError';
  /** The cassette file. */
  readonly cassette: string;

  constructor(message: string, cassette: string) {
    super(message);
    this.cassette = cassette;
  }
}

/**
 * A value as a cassette holds it: its JSON form (a Date becomes its ISO text, undefined members go)
 * with every credential replaced by `[REDACTED kind]`, as snapshots mask names. Keys are made from this
 * form both when recording and when replaying, so a masked recording still answers the real call, and
 * a rotated credential changes no key.
 */
function masked(value: unknown, what: string): unknown {
  if (value === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(value) ?? 'null');
  } catch (error) {
    throw new TypeError(unrecordableText(what, error));
  }
  return redactDeep(json, redactSecretKinds);
}

type Kind = 'tools' | 'model';

/**
 * The recorded tool executions and model responses of one case, kept in one JSON file of the cassette
 * folder named after the case. Calls are keyed by their canonical JSON (tool and arguments, or the
 * model request), masked; identical calls made again replay their recordings in the order recorded.
 * Wrap tools and models with it (`replayTools`, `replayAgentsTool`, `replayMcpClient`, `replayMiddleware`).
 */
export class Cassette {
  readonly caseId: string;
  readonly mode: ReplayMode;
  /** The cassette file (resolved), or null in mode `off`. */
  readonly path: string | null;
  readonly #entries: { tools: ToolEntry[]; model: ModelEntry[] } = { tools: [], model: [] };
  /** Recorded entries by key, in the order recorded. */
  readonly #byKey = new Map<string, number[]>();
  /** How many times each key was asked for so far. */
  readonly #asked = new Map<string, number>();
  readonly #existed: boolean;

  constructor(caseId: string, options: CassetteOptions = {}) {
    const fromEnv = options.mode === undefined || options.dir === undefined ? replayFromEnv(options.env) : undefined;
    this.caseId = caseId;
    this.mode = options.mode ?? fromEnv!.mode;
    this.path = this.mode === 'off' ? null : resolve(cassettePath(options.dir ?? fromEnv!.dir, caseId));
    this.#existed = this.path !== null && existsSync(this.path);
    if (this.mode === 'record') this.#save();
    else if (this.#existed) this.#load(this.path!);
  }

  /**
   * Runs a tool through the cassette: answered from the recording when the mode replays and it holds
   * the call, otherwise `run` is called and (unless the mode is `off`) its result or error recorded.
   */
  async tool<T>(tool: string, args: unknown, run: () => T | PromiseLike<T>): Promise<T> {
    if (this.mode === 'off') return run();
    const call = { tool: redactSecretKinds(tool), args: masked(args ?? {}, `arguments of tool ${tool}`) };
    const entry = this.#replay('tools', call, () => toolCallText(call.tool, canonicalJson(call.args)));
    if (entry !== undefined) {
      if (entry.error !== undefined) throw Object.assign(new Error(entry.error.message), { name: entry.error.name });
      return entry.result as T;
    }
    let result: T;
    try {
      result = await run();
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      this.#record('tools', { ...call, error: masked({ name, message }, 'error') as ToolEntry['error'] });
      throw error;
    }
    this.#record('tools', { ...call, result: masked(result, `result of tool ${tool}`) });
    return result;
  }

  /**
   * The recorded response to a model request (`model` names the model, `request` is what it was asked,
   * without volatile parts), when the mode replays and the cassette holds it; undefined when the
   * request should go to the model (`recordModel` then keeps what it answered). Strict mode throws instead.
   */
  replayModel(model: string, request: unknown): ModelEntry | undefined {
    if (this.mode === 'off') return undefined;
    const key = { model, request: masked(request, `request to model ${model}`) };
    return this.#replay('model', key, () => modelRequestText(model, key.request, canonicalJson));
  }

  /** Records a model's response (or its stream's parts) to a request `replayModel` did not answer. */
  recordModel(model: string, request: unknown, answer: { response: unknown } | { stream: unknown[] }): void {
    if (this.mode === 'off') return;
    this.#record('model', {
      model,
      request: masked(request, `request to model ${model}`),
      ...('response' in answer
        ? { response: masked(answer.response, `response of model ${model}`) }
        : { stream: masked(answer.stream, `stream of model ${model}`) as unknown[] }),
    });
  }

  /** The next recording of this call, when the mode replays; a strict cassette without one throws. */
  #replay<K extends Kind>(
    kind: K,
    call: K extends 'tools' ? Pick<ToolEntry, 'tool' | 'args'> : Pick<ModelEntry, 'model' | 'request'>,
    describe: () => string,
  ): (K extends 'tools' ? ToolEntry : ModelEntry) | undefined {
    if (this.mode === 'record') return undefined;
    const key = keyOf(kind, call);
    const asked = (this.#asked.get(key) ?? 0) + 1;
    this.#asked.set(key, asked);
    const recorded = this.#byKey.get(key) ?? [];
    if (asked <= recorded.length)
      return this.#entries[kind][recorded[asked - 1]!] as K extends 'tools' ? ToolEntry : ModelEntry;
    if (this.mode === 'strict')
      throw new ReplayMissError(
        strictMissText(describe(), asked, recorded.length, this.path!, this.#existed),
        this.path!,
      );
    return undefined;
  }

  #record<K extends Kind>(kind: K, entry: K extends 'tools' ? ToolEntry : ModelEntry): void {
    const list = this.#entries[kind] as (typeof entry)[];
    list.push(entry);
    if (this.mode === 'replay') {
      // A call replay mode recorded counts as replayed: asking again moves on to a new recording.
      this.#index(kind, list.length - 1);
    }
    this.#save();
  }

  #index(kind: Kind, at: number): void {
    const key = keyOf(kind, this.#entries[kind][at]!);
    const indexes = this.#byKey.get(key);
    if (indexes === undefined) this.#byKey.set(key, [at]);
    else indexes.push(at);
  }

  #save(): void {
    const file = { toolscore_cassette: CASSETTE_VERSION, case: this.caseId, ...this.#entries };
    writeFileAtomicSync(this.path!, `${JSON.stringify(file, null, 2)}\n`);
  }

  #load(path: string): void {
    const data = parseJson(readFileSync(path, 'utf8'), path);
    const fail = (at: string, expected: string, got: unknown): never => {
      throw new ToolscoreInputError({ source: path, path: at }, `expected ${expected}, got ${describeType(got)}`);
    };
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return fail('$', 'a cassette object', data);
    const file = data as Record<string, unknown>;
    if (file.toolscore_cassette !== CASSETTE_VERSION)
      fail('$.toolscore_cassette', `cassette layout ${CASSETTE_VERSION}`, file.toolscore_cassette);
    for (const kind of ['tools', 'model'] as const) {
      const list = file[kind] ?? [];
      if (!Array.isArray(list)) fail(`$.${kind}`, 'an array', list);
      (list as unknown[]).forEach((entry, i) => {
        const at = childPath(childPath('$', kind), i);
        if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(at, 'an object', entry);
        const name = kind === 'tools' ? 'tool' : 'model';
        const value = (entry as Record<string, unknown>)[name];
        if (typeof value !== 'string') fail(childPath(at, name), 'a string', value);
      });
      (this.#entries[kind] as unknown[]) = list as unknown[];
      for (let at = 0; at < (list as unknown[]).length; at++) this.#index(kind, at);
    }
  }
}

/** The key of a call: its kind and its masked parts as canonical JSON. */
function keyOf(kind: Kind, call: Partial<ToolEntry & ModelEntry>): string {
  return kind === 'tools'
    ? `tools ${canonicalJson(call.tool)} ${canonicalJson(call.args)}`
    : `model ${canonicalJson(call.model)} ${canonicalJson(call.request)}`;
}

/** The cassette of one case (`caseId` names its file), in the mode and folder given, else from the environment. */
export function openCassette(caseId: string, options?: CassetteOptions): Cassette {
  return new Cassette(caseId, options);
}

/** The file `caseId`'s cassette is kept in, inside `dir`. */
export function cassettePath(dir: string, caseId: string): string {
  return join(dir, safeJsonFileName(caseId, 'cassette'));
}
