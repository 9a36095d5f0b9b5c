import type { ResultsChunk } from '../batch/run.js';
import { redactDeep } from '../metrics/security.js';
import { openStore, storeOf } from '../store/open.js';
import { contentSha256, gitState } from '../store/provenance.js';
import { keptText } from '../store/text.js';
import type { RunStore, RunWriter, StoredCommand } from '../store/types.js';
import { displayText } from '../reports/text.js';

/** `--store [path|url]`, on every command whose runs can be kept. */
export interface StoreFlags {
  /** A path or URL; true when given alone; absent when not given (TOOLSCORE_STORE may still name one). */
  store?: string | boolean;
}

/** A run being kept: its lines go to `writer`; `commit` makes it visible and answers the line to print. */
export interface RunKeeper {
  writer: RunWriter;
  commit(summary: unknown): Promise<string>;
  /** Drops the run (the command failed) and closes the store. */
  abort(): Promise<void>;
}

/** What the command ran on: its positional arguments, flags, and the files whose bytes are hashed. */
interface RunContext {
  args: readonly (string | string[] | undefined)[];
  flags: object;
  /** The gold file, dataset or folder of gold files. */
  gold?: string | undefined;
  tools?: string | undefined;
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The hash of a file the command reads, or null when it cannot be read (the command then says why). */
async function hashOf(path: string | undefined): Promise<string | null> {
  return path === undefined ? null : contentSha256(path).catch(() => null);
}

/**
 * Opens the store `--store` (or TOOLSCORE_STORE) names and starts the command's run, before any work,
 * so a store that cannot be used fails the command at once (exit 2) with nothing written. Undefined
 * when no store is asked for. The options are kept as given, keys snake_case, credentials masked.
 */
export async function startKeeping(
  flags: StoreFlags,
  command: StoredCommand,
  context: RunContext,
): Promise<RunKeeper | undefined> {
  const spec = storeOf(flags.store, process.env);
  if (spec === undefined) return undefined;
  const store: RunStore = await openStore(spec, 'write');
  try {
    const given: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(context.flags))
      if (key !== 'store' && value !== undefined) given[snakeCase(key)] = value;
    const git = await gitState(process.cwd());
    const writer = await store.begin({
      command,
      started_at: new Date().toISOString(),
      options: redactDeep({ arguments: context.args.filter((arg) => arg !== undefined), flags: given }),
      git_commit: git?.commit ?? null,
      git_branch: git?.branch ?? null,
      gold: context.gold ?? null,
      gold_sha256: await hashOf(context.gold),
      tools_sha256: await hashOf(context.tools),
    });
    let ended = false;
    return {
      writer,
      async commit(summary) {
        ended = true;
        try {
          const id = await writer.commit({
            finished_at: new Date().toISOString(),
            summary,
            onWait: (text) => process.stderr.write(`toolscore: ${displayText(store.label)}: ${text}\n`),
          });
          return keptText(id, displayText(store.label));
        } finally {
          await store.close();
        }
      },
      async abort() {
        if (ended) return;
        ended = true;
        await writer.abort();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Runs the command's work; when it fails, the run is dropped (and the store closed) before the error goes on. */
export async function keeping<T>(keeper: RunKeeper | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await keeper?.abort();
    throw error;
  }
}

/** The chunks of a run's results text, each also written (with its lines' columns when read) to the run being kept. */
export async function* keptChunks(chunks: AsyncIterable<ResultsChunk>, writer: RunWriter): AsyncGenerator<string> {
  for await (const { text, columns } of chunks) {
    await writer.addText(text, columns);
    yield text;
  }
}
