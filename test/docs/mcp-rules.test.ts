import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintRulesReference } from '../../src/mcp/lint/reference.js';
import { LINT_RULES } from '../../src/mcp/lint/rules.js';
import { REPO_ROOT } from '../corpus.js';

/* docs/mcp-rules.md is generated from the lint rule table; it may never fall behind it. */
const PATH = resolve(REPO_ROOT, 'docs/mcp-rules.md');

describe('docs/mcp-rules.md', () => {
  it('is what the rule table generates (run npm run docs:mcp-rules after changing a rule)', () => {
    const generated = lintRulesReference();
    if (process.env.TOOLSCORE_UPDATE_GOLDEN === '1') writeFileSync(PATH, generated);
    expect(readFileSync(PATH, 'utf8'), 'docs/mcp-rules.md is stale: run npm run docs:mcp-rules').toBe(generated);
  });

  it('has one row for every rule, in the order of the table, and docs/mcp.md links to it', () => {
    const rows = readFileSync(PATH, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => /^\| `([a-z-]+)`/.exec(line)?.[1]);
    expect(rows).toEqual(LINT_RULES.map((rule) => rule.id));
    expect(rows).toHaveLength(20);
    expect(readFileSync(resolve(REPO_ROOT, 'docs/mcp.md'), 'utf8')).toContain('](mcp-rules.md)');
  });
});
