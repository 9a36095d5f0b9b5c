import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ToolscoreInputError } from '../core/errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { RunRecord, RunStore } from '../store/types.js';
import type { PageContext } from './layout.js';
import { EXPORTED_LINKS } from './links.js';
import { PAGE_SIZE } from './query.js';
import { renderNamed } from './site.js';
import { EXPORT_TEXT } from './text.js';

/*
 * `toolscore view --export DIR`: the served pages as a static site (relative links, no token, no script),
 * for a CI artifact. DIR must be new, empty, or an earlier export (it holds the mark file): a folder of
 * other files, or a file, is refused before anything is written. Each page is written atomically.
 */

/** The file an export leaves in its folder, so a later export knows the folder is its own. */
const MARK = '.toolscore-view';

/** Refuses a DIR that is a file, or a folder of other files that is not an earlier export. */
function checkFolder(dir: string): void {
  let entries: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new ToolscoreInputError({ source: dir }, EXPORT_TEXT.notAFolder);
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (entries.length > 0 && !entries.includes(MARK))
    throw new ToolscoreInputError({ source: dir }, EXPORT_TEXT.notOurs);
}

/** Every page of a list: its first page, then `page` 2, 3, … as long as there are rows. */
function pagesOf(total: number): number[] {
  return Array.from({ length: Math.max(1, Math.ceil(total / PAGE_SIZE)) }, (_, k) => k + 1);
}

/** Every run, newest first. */
async function allRuns(store: RunStore): Promise<RunRecord[]> {
  const runs: RunRecord[] = [];
  for (;;) {
    const page = await store.listRuns({ offset: runs.length, limit: 1000 });
    runs.push(...page.items);
    if (runs.length >= page.total || page.items.length === 0) return runs;
  }
}

/** Writes the site; answers how many pages were written. */
export async function exportSite(store: RunStore, dir: string): Promise<number> {
  checkFolder(dir);
  const context: PageContext = { links: EXPORTED_LINKS, storeLabel: store.label, watch: false };
  let written = 0;
  const write = async (name: string, page: number | undefined) => {
    const search = new URLSearchParams(page === undefined || page === 1 ? {} : { page: String(page) });
    const html = await renderNamed(store, context, name, search);
    if (html === undefined) return;
    const file = page === undefined || page === 1 ? name : name.replace(/\.html$/, `-page-${page}.html`);
    await writeFileAtomic(join(dir, file), html);
    written++;
  };
  await writeFileAtomic(join(dir, MARK), 'toolscore view --export wrote this folder; a later export may replace it.\n');
  const runs = await allRuns(store);
  for (const page of pagesOf(runs.length)) await write('index.html', page);
  for (const [k, run] of runs.entries()) {
    for (const page of pagesOf(run.cases)) await write(`run-${run.id}.html`, page);
    for (let offset = 0; offset < run.cases; offset += 1000)
      for (const item of (await store.listCases(run.id, { offset, limit: 1000 })).items)
        await write(`case-${run.id}-${item.position}.html`, undefined);
    const previous = runs.slice(k + 1).find((other) => other.command === run.command && other.gold === run.gold);
    if (previous !== undefined) {
      const counts = Object.values(await store.changeCounts(previous.id, run.id));
      for (const page of pagesOf(counts.reduce((sum, n) => sum + n, 0)))
        await write(`compare-${previous.id}-${run.id}.html`, page);
    }
  }
  return written;
}
