import { ToolscoreInputError } from '../core/errors.js';
import { checkStateLimits, stateTooLargeError, type EvaluationLimits } from '../core/limits.js';
import { openRegularFile, readError, readJsonFile } from '../io/files.js';
import { parseJson } from '../io/json.js';
import type { DatabaseLimits } from '../side-effects/database.js';
import { parseDatabaseUrl, type DatabaseTarget } from '../side-effects/database-url.js';
import { readSqlState, readStateQueries, type StateQueries } from '../side-effects/sql-state.js';

/*
 * Where `evaluateTrace()` and `toolscore eval` read the before-state and the after-state from
 * (docs/outcomes.md): a JSON file, or a database read with named queries (`stateQueries`).
 */

/** The state options of `evaluateTrace()`. */
export interface StateSourceOptions {
  /** The world before the run: a JSON file, or a database (`sqlite:before.db`, `postgres://…`) read with `stateQueries`. */
  stateBefore?: string;
  /** The world after the run: a JSON file, or a database read with `stateQueries`. */
  stateAfter?: string;
  /** Named read-only queries whose rows make a state read from a database (`{"orders": "SELECT …"}`), or a JSON file of them. */
  stateQueries?: StateQueries | string;
}

/** One state to read: a JSON file, or a database. */
type StateSource = { kind: 'file'; path: string } | { kind: 'database'; target: DatabaseTarget };

/** The states' sources, checked before any file is read. */
export interface StateSources {
  before: StateSource;
  after: StateSource;
  /** The queries, or the file holding them (only when a state is a database). */
  queries?: StateQueries | string;
}

/** A `stateBefore` or `stateAfter` that names a database rather than a JSON file. */
function isDatabaseReference(text: string): boolean {
  return /^(sqlite:|postgres(ql)?:\/\/)/i.test(text) || /\.(db|sqlite3?)$/i.test(text);
}

function stateSource(text: unknown, option: 'stateBefore' | 'stateAfter'): StateSource {
  if (typeof text !== 'string' || text === '')
    throw new ToolscoreInputError({ source: option }, 'expected the path of a JSON file or a database URL');
  if (!isDatabaseReference(text)) return { kind: 'file', path: text };
  try {
    return { kind: 'database', target: parseDatabaseUrl(text) };
  } catch (error) {
    if (error instanceof ToolscoreInputError) throw new ToolscoreInputError({ source: option }, error.reason);
    throw error;
  }
}

/**
 * The sources of `stateBefore` and `stateAfter` (both or neither; `stateQueries` exactly when one is a
 * database), or undefined when no state is given.
 */
export function stateSources(options: StateSourceOptions): StateSources | undefined {
  const { stateBefore, stateAfter, stateQueries } = options;
  if (stateBefore === undefined && stateAfter === undefined) {
    if (stateQueries !== undefined)
      throw new ToolscoreInputError(
        { source: 'stateQueries' },
        'the queries read a state from a database: give stateBefore and stateAfter (--state-before, --state-after) too',
      );
    return undefined;
  }
  if (stateBefore === undefined || stateAfter === undefined)
    throw new ToolscoreInputError(
      { source: stateBefore === undefined ? 'stateBefore' : 'stateAfter' },
      'expected both stateBefore and stateAfter (--state-before, --state-after): the state check compares them',
    );
  const before = stateSource(stateBefore, 'stateBefore');
  const after = stateSource(stateAfter, 'stateAfter');
  const database = before.kind === 'database' ? 'stateBefore' : after.kind === 'database' ? 'stateAfter' : undefined;
  if (database !== undefined && stateQueries === undefined)
    throw new ToolscoreInputError(
      { source: database },
      'a state read from a database needs the queries that make it: stateQueries (--state-queries FILE)',
    );
  if (database === undefined && stateQueries !== undefined)
    throw new ToolscoreInputError(
      { source: 'stateQueries' },
      'neither state is a database (sqlite:…, postgres://…): the queries would read nothing',
    );
  return {
    before,
    after,
    ...(stateQueries === undefined
      ? {}
      : { queries: typeof stateQueries === 'string' ? stateQueries : readStateQueries(stateQueries, 'stateQueries') }),
  };
}

/** The files among the sources (a JSON state or a SQLite database), which no report may overwrite. */
export function stateFiles(sources: StateSources | undefined): string[] {
  if (sources === undefined) return [];
  const files = [sources.before, sources.after].flatMap((source) =>
    source.kind === 'file' ? [source.path] : source.target.kind === 'sqlite' ? [source.target.path] : [],
  );
  if (typeof sources.queries === 'string') files.push(sources.queries);
  return files;
}

/** Reads both states: JSON files within `maxStateBytes`, databases through their queries. */
export async function loadStates(
  sources: StateSources,
  limits: EvaluationLimits,
  dbLimits: DatabaseLimits,
  keepNumberKinds: boolean,
): Promise<{ before: unknown; after: unknown }> {
  const queries =
    typeof sources.queries === 'string'
      ? readStateQueries(await readJsonFile(sources.queries), sources.queries)
      : sources.queries;
  const read = async (source: StateSource, option: string): Promise<unknown> => {
    if (source.kind === 'file') {
      const value = await readJsonWithin(source.path, limits.maxStateBytes, keepNumberKinds);
      checkStateLimits(value, source.path, limits);
      return value;
    }
    const value = await readSqlState(source.target, queries!, dbLimits, option);
    checkStateLimits(value, option, limits);
    return value;
  };
  // One after the other: two SQLite children or connections at once buy nothing here.
  const before = await read(sources.before, 'stateBefore');
  const after = await read(sources.after, 'stateAfter');
  return { before, after };
}

/** A JSON file of at most `maxBytes`, refused before it is read when larger. */
async function readJsonWithin(path: string, maxBytes: number, keepNumberKinds: boolean): Promise<unknown> {
  const handle = await openRegularFile(path);
  let text: string;
  try {
    if ((await handle.stat()).size > maxBytes) throw stateTooLargeError(path, maxBytes);
    text = await handle.readFile('utf8');
  } catch (error) {
    if (error instanceof ToolscoreInputError) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
  return parseJson(text, path, { keepNumberKinds });
}
