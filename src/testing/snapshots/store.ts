import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ToolscoreInputError, describeType } from '../../core/errors.js';
import type { ExpectedCall, Gold } from '../../core/types.js';
import { DEFAULT_GOLD_OPTIONS, readGold } from '../../gold/gold.js';
import { writeFileAtomicSync } from '../../io/atomic-write.js';
import { checkedGold } from '../../io/gold-check.js';
import { parseJson } from '../../io/json.js';
import { VERSION } from '../../core/version.js';
import { safeJsonFileName } from '../../io/file-name.js';

/**
 * Layout versions of snapshot files: 1 holds `calls` (one turn, the layout since the first release), 2
 * holds a conversation's `turns`. A one-turn recording is still written as version 1, so its file reads
 * the same in every release; a conversation is version 2, so a release that predates turns refuses it by
 * its version instead of misreading it.
 */
const SNAPSHOT_SCHEMA_VERSION = 1;
const CONVERSATION_SCHEMA_VERSION = 2;

/** Where snapshots live unless told otherwise, relative to the working folder. */
export const DEFAULT_SNAPSHOT_DIR = '.toolscore/snapshots';

/** The snapshot folder of this run: `TOOLSCORE_SNAPSHOT_DIR` when set, else `.toolscore/snapshots`. */
function snapshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLSCORE_SNAPSHOT_DIR || DEFAULT_SNAPSHOT_DIR;
}

/** A recorded call as written in a snapshot: arguments in their `$` operator form. */
export interface SnapshotCall {
  tool: string;
  args?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** One turn of a recorded conversation, as a conversation gold writes it: the user's message and the calls after it. */
export interface SnapshotTurn {
  /** The user's message opening the turn (credentials as `$regex` shapes); absent when the trace has none for it. */
  user?: unknown;
  calls: SnapshotCall[];
}

/** What a snapshot records: the calls of a one-turn trace, or a conversation's turns. */
export type SnapshotContent = { calls: SnapshotCall[] } | { turns: SnapshotTurn[] };

/** The JSON content of one snapshot file. */
export interface SnapshotData {
  schema_version: number;
  name: string;
  /** ISO-8601 UTC. */
  created_at: string;
  /** ISO-8601 UTC. */
  updated_at: string;
  toolscore_version: string;
  /** Whether a person approved the calls as the gold standard. */
  approved: boolean;
  /** What recorded it: `vitest`, `jest`, `test`, `record` or `trace`. */
  source: string;
  /** The calls of a one-turn recording (schema version 1), as written (hand-written `$` matchers included). */
  calls?: SnapshotCall[];
  /** A conversation's turns (schema version 2), in the conversation gold's shape. */
  turns?: SnapshotTurn[];
}

/** A snapshot read from its file. */
export interface Snapshot {
  /** Path of its file. */
  file: string;
  data: SnapshotData;
  /** The calls as a gold standard, `$` operators decoded into matchers (a conversation's: every turn's, in order). */
  expected: ExpectedCall[];
  /** The snapshot as a gold standard: its turns for a conversation. */
  gold: Gold;
}

/** A file in the store that could not be read as a snapshot. */
export interface CorruptSnapshot {
  file: string;
  reason: string;
}

/**
 * Snapshot files in one folder, one pretty JSON file per snapshot. Reads and writes are synchronous, so
 * snapshot matchers work without `await` like `toMatchSnapshot`. Every write goes to a temporary file
 * that is renamed over the target, so a reader never sees half a file. A file that cannot be read is an
 * error naming its path and is never overwritten.
 */
export class SnapshotStore {
  /** The folder, absolute. */
  readonly root: string;

  constructor(root: string = snapshotDir()) {
    this.root = resolve(root);
  }

  /** The path of the file that holds (or would hold) the snapshot `name`. */
  pathOf(name: string): string {
    return join(this.root, safeJsonFileName(name, 'snapshot'));
  }

  /** The snapshot `name`, or undefined when there is none. Throws a `ToolscoreInputError` for a corrupt file. */
  read(name: string): Snapshot | undefined {
    const file = this.pathOf(name);
    return existsSync(file) ? readSnapshotFile(file) : undefined;
  }

  /**
   * The file of the snapshot called `nameOrFile`, or the store's file called that (with or without
   * `.json`, as `list` shows it), without reading it; undefined when there is none.
   */
  fileOf(nameOrFile: string): string | undefined {
    const byName = this.pathOf(nameOrFile);
    if (existsSync(byName)) return byName;
    const entry = basename(nameOrFile);
    const path = join(this.root, entry.endsWith('.json') ? entry : `${entry}.json`);
    return existsSync(path) ? path : undefined;
  }

  /** The snapshot called `nameOrFile` (or whose file is called that); undefined when there is none. */
  find(nameOrFile: string): Snapshot | undefined {
    const file = this.fileOf(nameOrFile);
    return file === undefined ? undefined : readSnapshotFile(file);
  }

  /** Every snapshot, sorted by name, and the files that could not be read. */
  list(): { snapshots: Snapshot[]; corrupt: CorruptSnapshot[] } {
    const snapshots: Snapshot[] = [];
    const corrupt: CorruptSnapshot[] = [];
    if (!existsSync(this.root)) return { snapshots, corrupt };
    for (const entry of readdirSync(this.root).sort()) {
      if (!entry.endsWith('.json') || entry.startsWith('.')) continue;
      const file = join(this.root, entry);
      try {
        snapshots.push(readSnapshotFile(file));
      } catch (error) {
        if (!(error instanceof ToolscoreInputError)) throw error;
        corrupt.push({ file, reason: error.reason });
      }
    }
    snapshots.sort((a, b) => (a.data.name < b.data.name ? -1 : a.data.name > b.data.name ? 1 : 0));
    return { snapshots, corrupt };
  }

  /** Writes a snapshot (with `updated_at` set to now) atomically; returns its path. */
  save(data: SnapshotData): string {
    const file = this.pathOf(data.name);
    writeFileAtomicSync(file, `${JSON.stringify({ ...data, updated_at: new Date().toISOString() }, null, 2)}\n`);
    return file;
  }

  /** Marks a snapshot approved, keeping its calls exactly as written. Throws when there is none. */
  approve(nameOrFile: string): Snapshot {
    const snapshot = this.require(nameOrFile);
    if (!snapshot.data.approved) this.save({ ...snapshot.data, approved: true });
    return this.require(snapshot.data.name);
  }

  /** Deletes a snapshot file, readable or not; returns whether there was one. */
  remove(nameOrFile: string): boolean {
    const file = this.fileOf(nameOrFile);
    if (file === undefined) return false;
    rmSync(file, { force: true });
    return true;
  }

  /** The snapshot, or a `ToolscoreInputError` saying there is none. */
  require(nameOrFile: string): Snapshot {
    const snapshot = this.find(nameOrFile);
    if (!snapshot) throw snapshotNotFound(this.root, nameOrFile);
    return snapshot;
  }
}

/** The error for a name that matches no snapshot in the folder `root`; the CLI exits 1 on it, as the Python tool does. */
export function snapshotNotFound(root: string, nameOrFile: string): ToolscoreInputError {
  return new ToolscoreInputError({ source: root }, `no snapshot named ${JSON.stringify(nameOrFile)}`);
}

/** The number of calls a snapshot records, over all its turns. */
export function snapshotCallCount(data: SnapshotData): number {
  return data.turns === undefined
    ? (data.calls?.length ?? 0)
    : data.turns.reduce((count, turn) => count + turn.calls.length, 0);
}

const versionOf = (content: SnapshotContent): number =>
  'turns' in content ? CONVERSATION_SCHEMA_VERSION : SNAPSHOT_SCHEMA_VERSION;

/** A new snapshot record of `content`, created now. */
export function newSnapshotData(
  name: string,
  content: SnapshotContent,
  fields: { approved: boolean; source: string },
): SnapshotData {
  const now = new Date().toISOString();
  return {
    schema_version: versionOf(content),
    name,
    created_at: now,
    updated_at: now,
    toolscore_version: VERSION,
    approved: fields.approved,
    source: fields.source,
    ...content,
  };
}

/** A snapshot record re-recorded with `content` (a flat recording may become a conversation and back), its other keys kept in place. */
export function withRecording(data: SnapshotData, content: SnapshotContent): SnapshotData {
  const { calls: _calls, turns: _turns, ...kept } = data;
  return { ...kept, schema_version: versionOf(content), ...content };
}

/** Reads and checks one snapshot file; any problem is a `ToolscoreInputError` naming the path. */
function readSnapshotFile(file: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ToolscoreInputError({ source: file }, `cannot read snapshot (${(error as Error).message})`);
  }
  const data = parseJson(text, file);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ToolscoreInputError({ source: file, path: '$' }, `expected a snapshot object, got ${describeType(data)}`);
  }
  const record = data as Record<string, unknown>;
  const require = (key: string, type: 'string' | 'boolean' | 'number'): void => {
    if (typeof record[key] !== type)
      throw new ToolscoreInputError(
        { source: file, path: `$.${key}` },
        `expected a ${type}, got ${describeType(record[key])}`,
      );
  };
  require('name', 'string');
  require('approved', 'boolean');
  const conversation = record.schema_version === CONVERSATION_SCHEMA_VERSION;
  if (!conversation && record.schema_version !== SNAPSHOT_SCHEMA_VERSION) {
    throw new ToolscoreInputError(
      { source: file, path: '$.schema_version' },
      `expected ${SNAPSHOT_SCHEMA_VERSION} or ${CONVERSATION_SCHEMA_VERSION}, got ${JSON.stringify(record.schema_version) ?? 'nothing'}`,
    );
  }
  const key = conversation ? 'turns' : 'calls';
  if (!Array.isArray(record[key]))
    throw new ToolscoreInputError(
      { source: file, path: `$.${key}` },
      `expected an array of ${key} (schema_version ${String(record.schema_version)}), got ${describeType(record[key])}`,
    );
  // A snapshot serves as a test's gold: a typo in it (hand-edited matchers) is an error, never a pass.
  const read = checkedGold(record, file, { strictGold: true }, () => readGold(record, file));
  // A one-turn snapshot's gold is its calls alone, as it has always been scored.
  const gold: Gold = conversation ? read : { calls: read.calls, options: DEFAULT_GOLD_OPTIONS };
  return { file, data: record as unknown as SnapshotData, expected: gold.calls, gold };
}
