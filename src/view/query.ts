import { GRADES, type Grade } from '../core/grade.js';
import { ISSUE_KINDS, type IssueKind } from '../core/issues.js';
import type { CaseChange, CaseQuery, JoinQuery, RunQuery } from '../store/types.js';

/*
 * A page's query parameters, checked before the store is asked: an unknown parameter or a bad value is
 * a 400 with one line naming it and what was expected, never a guess.
 */

/** A request the viewer refuses: the one line the 400 answer holds. */
export class ViewRequestError extends Error {
  override readonly name = 'ViewRequestError';
}

/** Rows on one page of a list. */
export const PAGE_SIZE = 50;
/** The highest page number asked for (past it the offset would lose precision long before). */
const MAX_PAGE = 1_000_000_000;

const CASE_SORTS = ['position', 'score', '-score', 'id'] as const;
const CHANGES = ['regressed', 'improved', 'same', 'added', 'removed'] as const;
/** Which lines the run page lists: every one, the ones not scored, the scored ones. */
const ERROR_FILTERS = ['only', 'none'] as const;

type Params = ReadonlyMap<string, string>;

/** The parameters of a query string; a parameter given twice or not known to the page is refused. */
function paramsOf(search: URLSearchParams, known: readonly string[]): Params {
  const params = new Map<string, string>();
  for (const [key, value] of search) {
    if (!known.includes(key))
      throw new ViewRequestError(
        `unknown parameter "${key}": this page takes ${known.map((k) => `"${k}"`).join(', ')}`,
      );
    if (params.has(key)) throw new ViewRequestError(`parameter "${key}" is given twice: give it once`);
    params.set(key, value);
  }
  return params;
}

function oneOf<T extends string>(params: Params, key: string, allowed: readonly T[]): T | undefined {
  const value = params.get(key);
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new ViewRequestError(`parameter "${key}" is ${JSON.stringify(value)}: expected one of ${allowed.join(', ')}`);
  return value as T;
}

function text(params: Params, key: string): string | undefined {
  const value = params.get(key);
  return value === undefined || value === '' ? undefined : value;
}

/** The page number: a whole number from 1. */
function pageNumber(params: Params): number {
  const value = params.get('page');
  if (value === undefined || value === '') return 1;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > MAX_PAGE)
    throw new ViewRequestError(
      `parameter "page" is ${JSON.stringify(value)}: expected a whole number from 1 to ${MAX_PAGE}`,
    );
  return Number(value);
}

/** What the runs page shows: filters as given, and the store's query. */
export interface RunsParams {
  branch: string | undefined;
  gold: string | undefined;
  page: number;
  query: RunQuery;
}

export function runsParams(search: URLSearchParams): RunsParams {
  const params = paramsOf(search, ['branch', 'gold', 'page']);
  const page = pageNumber(params);
  const branch = text(params, 'branch');
  const gold = text(params, 'gold');
  return { branch, gold, page, query: { branch, gold, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } };
}

/** What the run page shows: its filters and sort as given, and the store's query. */
export interface CasesParams {
  sort: (typeof CASE_SORTS)[number];
  grade: Grade | undefined;
  tool: string | undefined;
  kind: IssueKind | undefined;
  errors: (typeof ERROR_FILTERS)[number] | undefined;
  q: string | undefined;
  page: number;
  query: CaseQuery;
}

export function casesParams(search: URLSearchParams): CasesParams {
  const params = paramsOf(search, ['sort', 'grade', 'tool', 'kind', 'errors', 'q', 'page']);
  const page = pageNumber(params);
  const sort = oneOf(params, 'sort', CASE_SORTS) ?? 'position';
  const grade = oneOf(params, 'grade', GRADES);
  const kind = oneOf(params, 'kind', ISSUE_KINDS);
  const errors = oneOf(params, 'errors', ERROR_FILTERS);
  const tool = text(params, 'tool');
  const q = text(params, 'q');
  return {
    sort,
    grade,
    tool,
    kind,
    errors,
    q,
    page,
    query: {
      sort,
      grade: grade === undefined ? undefined : [grade],
      tool,
      issueKind: kind,
      errors: errors === undefined ? undefined : errors === 'only',
      text: q,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
  };
}

/** What the compare page shows: its filters as given, and the store's query. */
export interface CompareParams {
  change: CaseChange | undefined;
  q: string | undefined;
  page: number;
  query: JoinQuery;
}

export function compareParams(search: URLSearchParams): CompareParams {
  const params = paramsOf(search, ['change', 'q', 'page']);
  const page = pageNumber(params);
  const change = oneOf(params, 'change', CHANGES);
  const q = text(params, 'q');
  return {
    change,
    q,
    page,
    query: {
      change: change === undefined ? undefined : [change],
      text: q,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
  };
}

/** Pages without parameters (a case) refuse any. */
export function noParams(search: URLSearchParams): void {
  paramsOf(search, []);
}

/** The number of pages `total` rows fill (at least one), refusing a page past the last. */
export function pageCount(total: number, page: number): number {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw new ViewRequestError(`page ${page} is past the last page (${pages})`);
  return pages;
}
