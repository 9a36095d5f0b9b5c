import { fileExists } from './file-exists.js';
import { httpOk, httpStatus } from './http.js';
import { sqlRows } from './sql-rows.js';
import type { SideEffectValidator } from './types.js';

const validators = new Map<string, SideEffectValidator>([
  ['http_ok', httpOk],
  ['http_status', httpStatus],
  ['file_exists', fileExists],
  ['sql_rows', sqlRows],
]);

/**
 * Adds (or replaces) a side-effect check that gold files can name under `side_effects`:
 * `registerSideEffect('email_sent', (call, expected, ctx) => ({passed: …, reason: '…'}))`.
 */
export function registerSideEffect(name: string, validator: SideEffectValidator): void {
  if (typeof name !== 'string' || name === '') throw new TypeError('registerSideEffect needs a non-empty name');
  if (typeof validator !== 'function')
    throw new TypeError(`registerSideEffect(${JSON.stringify(name)}) needs a validator function`);
  validators.set(name, validator);
}

/** The check registered under a name. */
export function getSideEffect(name: string): SideEffectValidator | undefined {
  return validators.get(name);
}

/** Names of every registered check, sorted. */
export function sideEffectNames(): string[] {
  return [...validators.keys()].sort();
}
