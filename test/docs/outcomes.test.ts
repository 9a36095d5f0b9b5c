import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { outcomeResult } from '../report-fixtures.js';
import { renderReportConsole } from '../../src/reports/console.js';

/*
 * The worked examples of docs/outcomes.md, run against the source (runnable.test.ts runs them
 * against the build too): their numbers are the ones the page quotes, worked out by hand there.
 */
const PAGE = readFileSync(resolve(REPO_ROOT, 'docs/outcomes.md'), 'utf8');
const BLOCKS = [...PAGE.matchAll(/^```ts runnable\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
const SOURCE = pathToFileURL(resolve(REPO_ROOT, 'src/index.ts')).href;

describe('docs/outcomes.md', () => {
  it('has the four worked examples', () => {
    expect(BLOCKS).toHaveLength(4);
    for (const quoted of ['score **1**', '**0.667**', '**0.5**', '**1** passed', 'scores it **1**', '2 state checks'])
      expect(PAGE).toContain(quoted);
  });

  BLOCKS.forEach((code, k) => {
    it(`worked example ${k + 1} holds`, async () => {
      const dir = resolve(REPO_ROOT, 'test-artifacts', 'outcomes');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `example-${k + 1}.ts`);
      writeFileSync(file, code.replace("from 'toolscore'", `from '${SOURCE}'`));
      await import(pathToFileURL(file).href);
    });
  });

  it('"In the reports" quotes the console exactly as it prints the outcome fixture', () => {
    const section = PAGE.slice(PAGE.indexOf('## In the reports'), PAGE.indexOf('## Worked examples'));
    const quoted = /^```text\n([\s\S]*?)^```$/m.exec(section)![1]!;
    const text = renderReportConsole(outcomeResult());
    const printed = text.slice(text.indexOf('Outcome checks  '), text.indexOf('Top issues to fix'));
    expect(quoted).toBe(printed.replace(/\n+$/, '\n'));
  });
});
