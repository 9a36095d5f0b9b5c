import type { RunStore } from '../store/types.js';
import type { PageContext } from './layout.js';
import { casePage } from './pages/case.js';
import { comparePage } from './pages/compare.js';
import { runPage } from './pages/run.js';
import { runsPage } from './pages/runs.js';
import { ViewRequestError, casesParams, compareParams, noParams, runsParams } from './query.js';

/*
 * The pages by file name, the same for the server and the export: `index.html` (runs), `run-ID.html`,
 * `case-RUN-POSITION.html`, `compare-A-B.html`. A served page reads its query parameters; an exported
 * one is rendered with the page number only.
 */

/** The largest id a page name may carry (past it the store could not hold the number exactly). */
const MAX_ID = Number.MAX_SAFE_INTEGER;

function idOf(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw new ViewRequestError(`${text} is not a run id or position`);
  return id;
}

/** The page named `name` with its parameters, rendered; undefined when there is no such page or record. */
export async function renderNamed(
  store: RunStore,
  context: PageContext,
  name: string,
  search: URLSearchParams,
): Promise<string | undefined> {
  if (name === 'index.html') return runsPage(store, context, runsParams(search));
  let match = /^run-([0-9]{1,16})\.html$/.exec(name);
  if (match !== null) return runPage(store, context, idOf(match[1]!), casesParams(search));
  match = /^case-([0-9]{1,16})-([0-9]{1,16})\.html$/.exec(name);
  if (match !== null) {
    noParams(search);
    return casePage(store, context, idOf(match[1]!), idOf(match[2]!));
  }
  match = /^compare-([0-9]{1,16})-([0-9]{1,16})\.html$/.exec(name);
  if (match !== null) return comparePage(store, context, idOf(match[1]!), idOf(match[2]!), compareParams(search));
  return undefined;
}

/** The runs page's "compare two runs" form lands here: the compare page's name for `?a=&b=`. */
export function compareTarget(search: URLSearchParams): string {
  const ids = ['a', 'b'].map((key) => {
    const value = search.get(key) ?? '';
    if (!/^[1-9][0-9]{0,15}$/.test(value))
      throw new ViewRequestError(
        `parameter "${key}" is ${JSON.stringify(value)}: expected a run id (a whole number from 1)`,
      );
    return Number(value);
  });
  return `compare-${ids[0]}-${ids[1]}.html`;
}
