import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test, vi } from 'vitest';
import { checkSnapshot } from '../../src/testing/snapshots/check.js';
import { REPO_ROOT } from '../corpus.js';

/*
 * The README's test ("In your tests"), run as it is written against the bundled examples/trace.json:
 * only its imports are pointed at the sources, and `travelAgent` answers with the trace. Its snapshot is
 * recorded and approved first, in a scratch folder, as `toolscore approve` would.
 */
const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
const block = /## In your tests\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
if (block === undefined) throw new Error('README.md: no ts block under "## In your tests"');
const name = /test\('([^']+)'/.exec(block)?.[1];
if (name === undefined) throw new Error('README.md: the example declares no test');

const trace: unknown = JSON.parse(readFileSync(resolve(REPO_ROOT, 'examples/trace.json'), 'utf8'));
const source = (path: string): string => JSON.stringify(pathToFileURL(resolve(REPO_ROOT, path)).href);
const code = block
  .replace("from 'toolscore';", `from ${source('src/index.ts')};`)
  .replace("import 'toolscore/vitest';", `import ${source('src/vitest.ts')};`);
expect(code).not.toMatch(/'toolscore[/']/);

const snapshots = mkdtempSync(join(tmpdir(), 'toolscore-readme-'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(snapshots, { recursive: true, force: true });
});
vi.stubEnv('TOOLSCORE_SNAPSHOT_DIR', snapshots);
const quiet = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
checkSnapshot(trace, {
  name: `test/docs/readme-example.test.ts > ${name}`,
  store: snapshots,
  source: 'vitest',
  mode: { ci: false, update: true, record: false, allowPending: false },
});
quiet.mockRestore();

(globalThis as { travelAgent?: unknown }).travelAgent = async (_prompt: string) => trace;
const dir = resolve(REPO_ROOT, 'test-artifacts', 'readme');
mkdirSync(dir, { recursive: true });
const file = join(dir, 'in-your-tests.ts');
writeFileSync(file, code);
// Declares the README's test here, in this file.
await import(pathToFileURL(file).href);

test('the README example is the one run above', () => {
  expect(code).toContain("test('calls search_flights, then book_flight'");
  expect(code).toContain("toCallTools([{ tool: 'search_flights' }, { tool: 'book_flight'");
});
