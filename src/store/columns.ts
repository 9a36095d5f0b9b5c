import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import type { Dialect } from './schema.js';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** How each dialect reads a JSON value `b` (SQLite: the line as JSONB; PostgreSQL: as jsonb, `o` as json). */
const READ: Record<
  Dialect,
  {
    /** The JSON type at a path of keys: SQLite's json_type names, or PostgreSQL's jsonb_typeof names. */
    type(keys: readonly string[]): string;
    text(keys: readonly string[]): string;
    types: { text: string; number: readonly string[]; integer: string; object: string; true: string; false: string };
    /** The object at `tools`, as the line wrote it (its keys in the line's order). */
    toolsObject: string;
    /** An object with one key, the value given, and `{}` as its value. */
    oneKeyObject(value: string): string;
    integer(value: string): string;
    real(value: string): string;
  }
> = {
  sqlite: {
    type: (keys) => `json_type(b, '$.${keys.join('.')}')`,
    text: (keys) => `(b ->> '$.${keys.join('.')}')`,
    types: {
      text: "'text'",
      number: ["'integer'", "'real'"],
      integer: "'integer'",
      object: "'object'",
      true: "'true'",
      false: "'false'",
    },
    toolsObject: "(b -> '$.tools')",
    oneKeyObject: (value) => `json_object(${value}, json('{}'))`,
    integer: (value) => value,
    real: (value) => value,
  },
  postgres: {
    type: (keys) => `jsonb_typeof(b #> '{${keys.join(',')}}')`,
    text: (keys) => `(b #>> '{${keys.join(',')}}')`,
    types: {
      text: "'string'",
      number: ["'number'"],
      integer: "'number'",
      object: "'object'",
      true: "'boolean'",
      false: "'boolean'",
    },
    toolsObject: "(o -> 'tools')::text",
    oneKeyObject: (value) => `json_build_object(${value}, '{}'::json)::text`,
    integer: (value) => `(${value})::numeric::bigint`,
    real: (value) => `(${value})::double precision`,
  },
};

/**
 * The columns the store filters and sorts on, read by the database itself from a results line of any
 * command (batch's and run's lines, scored or error; BFCL's verdict lines, whose `valid` is the
 * leaderboard's verdict; compare's models), in `CASE_COLUMNS` order after `position`: the JSON is parsed
 * once, in C, not in this thread. Null for what the line does not say; the line is kept as written.
 * Reads `pos` (the position), `l` (the line's text), `d` (the detail's) and `b` (the line parsed; and
 * `o`, as json, on PostgreSQL, whose jsonb does not keep the order of keys).
 */
export function caseColumnsSql(dialect: Dialect): string {
  const { type, text, types, toolsObject, oneKeyObject, integer, real } = READ[dialect];
  const isText = (keys: string[]) => `${type(keys)} = ${types.text}`;
  const textAt = (keys: string[]) => `CASE WHEN ${isText(keys)} THEN ${text(keys)} END`;
  const valid = ['valid'];
  const validIs = (value: 'true' | 'false') =>
    dialect === 'sqlite'
      ? `${type(valid)} = ${types[value]}`
      : `${type(valid)} = 'boolean' AND ${text(valid)} = '${value}'`;
  const trialIsWhole =
    dialect === 'sqlite'
      ? `${type(['trial'])} = ${types.integer}`
      : `${type(['trial'])} = 'number' AND ${text(['trial'])} ~ '^[0-9]{1,15}$'`;
  return [
    'pos',
    `COALESCE(${textAt(['id'])}, ${text(['id'])}, ${textAt(['name'])}, CAST(pos AS TEXT))`,
    `CASE WHEN ${trialIsWhole} THEN ${integer(text(['trial']))} END`,
    `CASE WHEN (${type(['error'])} IS NULL OR NOT ${isText(['error'])}) AND ${type(['score'])} IN (${types.number.join(', ')}) THEN ${real(text(['score']))} END`,
    `CASE WHEN ${isText(['grade'])} AND ${text(['grade'])} IN (${list(GRADES)}) THEN ${text(['grade'])} END`,
    `CASE WHEN ${isText(['verdict'])} AND ${text(['verdict'])} IN ('PASS', 'WARN', 'FAIL') THEN ${text(['verdict'])} WHEN ${validIs('true')} THEN 'PASS' WHEN ${validIs('false')} THEN 'FAIL' END`,
    `CASE WHEN ${isText(['top_issue', 'kind'])} AND ${text(['top_issue', 'kind'])} IN (${list(ISSUE_KINDS)}) THEN ${text(['top_issue', 'kind'])} END`,
    `COALESCE(${textAt(['top_issue', 'problem'])}, ${textAt(['error'])})`,
    `CASE WHEN ${type(['tools'])} = ${types.object} THEN ${toolsObject} WHEN ${isText(['top_issue', 'tool'])} AND ${text(['top_issue', 'tool'])} <> '' THEN ${oneKeyObject(text(['top_issue', 'tool']))} ELSE '{}' END`,
    textAt(['error']),
    'l',
    'd',
  ].join(',\n  ');
}

/** A shard's closing line (which dataset, which shard) is not a case: the condition that keeps the rest. */
export function isCaseSql(dialect: Dialect): string {
  const { type } = READ[dialect];
  return `(${type(['id'])} IS NOT NULL OR ${type(['shard'])} IS NULL)`;
}

/** A run's headline numbers over its case rows (a table or subquery with the case columns). */
export const TALLY_SQL = `SELECT COUNT(*) AS cases, COUNT(error) AS errors, AVG(score) AS mean_score,
  SUM(CASE WHEN verdict = 'PASS' THEN 1 ELSE 0 END) AS verdict_pass,
  SUM(CASE WHEN verdict = 'WARN' THEN 1 ELSE 0 END) AS verdict_warn,
  SUM(CASE WHEN verdict = 'FAIL' THEN 1 ELSE 0 END) AS verdict_fail`;
