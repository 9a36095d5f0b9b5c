import { ToolscoreInputError, childPath, describeType, textOf } from '../core/errors.js';
import { GRADES, type Grade } from '../core/grade.js';
import { isObject } from '../core/objects.js';
import { normalizeWeights } from '../core/weights.js';
import { BATCH_METRICS } from '../batch/types.js';
import { parseBudgets } from '../metrics/budget.js';
import type { Values } from './measures.js';
import {
  BASELINE_SCHEMA_VERSION,
  type BaselineCase,
  type BaselineCounts,
  type BaselineSettings,
  type BaselineTrialCase,
} from './types.js';

/** A baseline file as read: ours (any version up to this one) or the Python tool's, in one shape. */
export interface LoadedBaseline {
  /** `toolscore` for this tool's files, `python` for the Python tool's. */
  format: 'toolscore' | 'python';
  /** This tool's schema_version; null for a Python baseline. */
  schemaVersion: number | null;
  kind: 'trace' | 'batch';
  createdAt: string | null;
  /** `sha256:<hex>` (ours) or `md5:<hex>` (Python); null when the file has none. */
  goldHash: string | null;
  /** How the trace was scored; null for batches and Python baselines (defaults apply). */
  settings: BaselineSettings | null;
  /** The value of each measure the baseline holds. */
  values: Values;
  /** Per case, for a batch baseline (a case run several times keeps its n and c). */
  cases: readonly (BaselineCase | BaselineTrialCase)[] | null;
  /** For a batch baseline with trials: how a success was counted (`minScore` set when by score). */
  trials: { success: 'verdict' | 'min_score'; minScore: number | null } | null;
}

const COUNT_NAMES: readonly (keyof BaselineCounts)[] = [
  'failed_calls',
  'forbidden_calls',
  'credentials',
  'budget_violations',
];

/** Reads what a fault names: the source and a JSON path. */
class Reader {
  constructor(private readonly source: string) {}

  fail(path: string, reason: string): never {
    throw new ToolscoreInputError({ source: this.source, path }, reason);
  }

  object(value: unknown, path: string): Record<string, unknown> {
    return isObject(value) ? value : this.fail(path, `expected an object, got ${describeType(value)}`);
  }

  share(value: unknown, path: string, nullable: boolean): number | null {
    if (value === null && nullable) return null;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1) return value;
    return this.fail(path, `expected a number in [0, 1]${nullable ? ' or null' : ''}, got ${textOf(value)}`);
  }

  count(value: unknown, path: string): number {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    return this.fail(path, `expected a whole number ≥ 0, got ${textOf(value)}`);
  }

  text(value: unknown, path: string): string {
    return typeof value === 'string' ? value : this.fail(path, `expected a string, got ${describeType(value)}`);
  }

  grade(value: unknown, path: string, nullable: boolean): Grade | null {
    if (value === null && nullable) return null;
    return (GRADES as readonly unknown[]).includes(value)
      ? (value as Grade)
      : this.fail(path, `expected a grade (${GRADES.join(', ')}), got ${textOf(value)}`);
  }

  metrics(value: unknown, path: string): Values {
    const metrics = this.object(value, path);
    const values: Values = {};
    for (const name of BATCH_METRICS)
      values[name] = this.share(metrics[name], childPath(path, name), name === 'required_call_recall');
    return values;
  }
}

/**
 * Checks a parsed baseline file: this tool's (`schema_version` up to `BASELINE_SCHEMA_VERSION`; a newer
 * one is refused, since its meaning is unknown) or the Python tool's (`version`, `created_at`,
 * `gold_file_hash` as MD5, `metrics`, `metadata`). Faults name `source` and the JSON path.
 */
export function parseBaseline(data: unknown, source: string): LoadedBaseline {
  const read = new Reader(source);
  const root = read.object(data, '$');
  if (!Object.hasOwn(root, 'schema_version')) {
    if (isObject(root.metrics)) return parsePythonBaseline(root, read);
    return read.fail(
      '$',
      'expected a baseline: a toolscore baseline has "schema_version", a Python toolscore baseline "version" and "metrics"',
    );
  }
  const version = root.schema_version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return read.fail('$.schema_version', `expected a whole number ≥ 1, got ${textOf(version)}`);
  if (version > BASELINE_SCHEMA_VERSION)
    read.fail(
      '$.schema_version',
      `schema_version ${version} is newer than this toolscore reads (up to ${BASELINE_SCHEMA_VERSION}); upgrade toolscore or make the baseline again`,
    );
  const kind = root.kind as LoadedBaseline['kind'];
  if (kind !== 'trace' && kind !== 'batch')
    return read.fail('$.kind', `expected "trace" or "batch", got ${textOf(kind)}`);
  const values: Values = { score: read.share(root.score, '$.score', kind === 'batch') };
  read.grade(root.grade, '$.grade', kind === 'batch');
  Object.assign(values, read.metrics(root.metrics, '$.metrics'));
  const counts = read.object(root.counts, '$.counts');
  for (const name of COUNT_NAMES) values[name] = read.count(counts[name], `$.counts.${name}`);
  const common = {
    format: 'toolscore' as const,
    schemaVersion: version,
    kind,
    createdAt: read.text(root.created_at, '$.created_at'),
  };
  if (kind === 'trace') {
    const hash = read.text(root.gold_hash, '$.gold_hash');
    if (!/^sha256:[0-9a-f]{64}$/.test(hash))
      read.fail('$.gold_hash', `expected "sha256:" and 64 hex digits, got ${textOf(hash)}`);
    return {
      ...common,
      goldHash: hash,
      settings: parseSettings(root.settings, read, source),
      values,
      cases: null,
      trials: null,
    };
  }
  const cases = read.object(root.cases, '$.cases');
  values.cases_not_scored = read.count(cases.not_scored, '$.cases.not_scored');
  return {
    ...common,
    goldHash: null,
    settings: null,
    values,
    cases: parseCases(root.case_results, read),
    trials: root.trials === undefined ? null : parseTrials(root.trials, read),
  };
}

/** `trials` of a batch baseline: the success rule its cases' c were counted by. */
function parseTrials(value: unknown, read: Reader): LoadedBaseline['trials'] {
  const trials = read.object(value, '$.trials');
  const success = trials.success;
  if (success !== 'verdict' && success !== 'min_score')
    return read.fail('$.trials.success', `expected "verdict" or "min_score", got ${textOf(success)}`);
  const minScore = read.share(trials.min_score, '$.trials.min_score', success === 'verdict');
  if (success === 'verdict' && minScore !== null)
    read.fail('$.trials.min_score', `expected null when success is "verdict", got ${textOf(minScore)}`);
  return { success, minScore };
}

function parseSettings(value: unknown, read: Reader, source: string): BaselineSettings {
  const settings = read.object(value, '$.settings');
  const strict = settings.strict;
  if (typeof strict !== 'boolean') read.fail('$.settings.strict', `expected true or false, got ${textOf(strict)}`);
  return {
    weights: normalizeWeights(read.object(settings.weights, '$.settings.weights'), `${source} at $.settings.weights`),
    strict: strict as boolean,
    budgets:
      settings.budgets === null || settings.budgets === undefined
        ? null
        : parseBudgets(settings.budgets, `${source} at $.settings.budgets`),
    forbidden_rules: read.count(settings.forbidden_rules, '$.settings.forbidden_rules'),
  };
}

function parseCases(value: unknown, read: Reader): (BaselineCase | BaselineTrialCase)[] {
  if (!Array.isArray(value)) return read.fail('$.case_results', `expected an array, got ${describeType(value)}`);
  const seen = new Set<string>();
  return value.map((item, i) => {
    const path = `$.case_results[${i}]`;
    const entry = read.object(item, path);
    const id = read.text(entry.id, `${path}.id`);
    if (seen.has(id)) read.fail(`${path}.id`, `case id ${JSON.stringify(id)} appears twice; cases are matched by id`);
    seen.add(id);
    if (Object.hasOwn(entry, 'n')) {
      const n = read.count(entry.n, `${path}.n`);
      if (n < 1) read.fail(`${path}.n`, `expected a whole number ≥ 1 (the case's trials), got ${n}`);
      const c = read.count(entry.c, `${path}.c`);
      if (c > n) read.fail(`${path}.c`, `expected a whole number in [0, ${n}] (successes of n trials), got ${c}`);
      return {
        id,
        n,
        c,
        score: read.share(entry.score, `${path}.score`, true),
        grade: read.grade(entry.grade, `${path}.grade`, true),
        metrics: read.metrics(entry.metrics, `${path}.metrics`) as BaselineTrialCase['metrics'],
      };
    }
    return {
      id,
      score: read.share(entry.score, `${path}.score`, false)!,
      grade: read.grade(entry.grade, `${path}.grade`, false)!,
      metrics: read.metrics(entry.metrics, `${path}.metrics`) as BaselineCase['metrics'],
    };
  });
}

/** The Python tool's baseline: its metrics as they are (names it alone has are kept, and shown as not measured). */
function parsePythonBaseline(root: Record<string, unknown>, read: Reader): LoadedBaseline {
  const values: Values = {};
  const metrics = root.metrics as Record<string, unknown>;
  for (const name of Object.keys(metrics)) {
    const value = metrics[name];
    if (typeof value !== 'number' || !Number.isFinite(value))
      read.fail(childPath('$.metrics', name), `expected a number, got ${textOf(value)}`);
    values[name] = value as number;
  }
  const hash = root.gold_file_hash;
  if (hash !== undefined && hash !== '' && (typeof hash !== 'string' || !/^[0-9a-f]{32}$/i.test(hash)))
    read.fail('$.gold_file_hash', `expected an MD5 hex digest or "", got ${textOf(hash)}`);
  const created = root.created_at;
  return {
    format: 'python',
    schemaVersion: null,
    kind: 'trace',
    createdAt: typeof created === 'string' ? created : null,
    goldHash: typeof hash === 'string' && hash !== '' ? `md5:${hash.toLowerCase()}` : null,
    settings: null,
    values,
    cases: null,
    trials: null,
  };
}
