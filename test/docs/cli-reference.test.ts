import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { cliReference } from '../../src/cli/reference.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { REPO_ROOT } from '../corpus.js';

/* docs/cli.md is generated from the program; it may never fall behind it. */
const PATH = resolve(REPO_ROOT, 'docs/cli.md');

describe('docs/cli.md', () => {
  it('is what the program generates (run npm run docs:cli after changing a command)', () => {
    const generated = cliReference(buildProgram());
    if (process.env.TOOLSCORE_UPDATE_GOLDEN === '1') writeFileSync(PATH, generated);
    expect(readFileSync(PATH, 'utf8'), 'docs/cli.md is stale: run npm run docs:cli').toBe(generated);
  });

  it('has a section for every command of the table, and each option of eval', () => {
    const text = readFileSync(PATH, 'utf8');
    for (const command of COMMANDS) expect(text).toContain(`## \`toolscore ${command.name}\``);
    for (const option of Object.values(COMMANDS.find((command) => command.name === 'eval')!.options))
      expect(text).toContain(option.flags);
  });
});
