import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayText } from '../../src/reports/text.js';
import { SAMPLE_SERVER } from '../e2e/mcp-servers.js';
import { EXAMPLES, runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Red team: text from a trace, and paths as typed, that would act on a terminal or hide from the
 * reader. Everything goes through displayText, the one terminal-escaping function.
 */

describe('displayText escapes every character a terminal would act on or hide', () => {
  it.each([
    ['ESC (ANSI escapes)', 'a\u001b[31mb', 'a\\u001b[31mb'],
    ['C1 CSI', 'a\u009bb', 'a\\u009bb'],
    ['line breaks and tabs', 'a\nb\rc\td', 'a\\nb\\rc\\td'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['bidi overrides and isolates', 'a\u202eb\u2066c\u2069d', 'a\\u202eb\\u2066c\\u2069d'],
    ['the Arabic letter mark (a bidi control)', 'admin\u061c.txt', 'admin\\u061c.txt'],
    ['zero-width space, non-joiner and joiner', 'a\u200bb\u200cc\u200dd', 'a\\u200bb\\u200cc\\u200dd'],
    ['word joiner and byte-order mark', 'a\u2060b\ufeffc', 'a\\u2060b\\ufeffc'],
    [
      'tag characters (text hidden from the reader)',
      `ok${String.fromCodePoint(0xe0001, 0xe0041, 0xe007f)}`,
      'ok\\u{e0001}\\u{e0041}\\u{e007f}',
    ],
  ])('%s', (_, input, shown) => {
    expect(displayText(input)).toBe(shown);
  });

  it('leaves printable text alone, non-Latin scripts and emoji included', () => {
    expect(displayText('réservation 東京 عربى 🚀 tab-free')).toBe('réservation 東京 عربى 🚀 tab-free');
  });
});

describe('report-path lines', () => {
  const scratch = useScratchFolder('toolscore-hostile-terminal-');

  it('eval prints the report paths escaped', async () => {
    const dir = scratch.fresh();
    const run = await runCli(
      ['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', 'r\u001b]0;pwned\u0007.json', '--csv', 'm\u202e\u200b.csv'],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('JSON report: r\\u001b]0;pwned\\u0007.json\nCSV report: m\\u202e\\u200b.csv\n');
    expect(run.stdout).not.toMatch(/[\u001b\u0007\u202e\u200b]/);
  });

  it('mcp test prints "Report written to" with the path escaped', async () => {
    const dir = scratch.fresh();
    const run = await runCli([
      'mcp',
      'test',
      '--report',
      'json',
      '-o',
      join(dir, 'card\u001b[8m\u2066.json'),
      '--',
      process.execPath,
      SAMPLE_SERVER,
    ]);
    expect(run.code, run.stderr).not.toBe(2);
    expect(run.stdout).toContain(`Report written to ${dir}/card\\u001b[8m\\u2066.json\n`);
    expect(run.stdout).not.toMatch(/[\u001b\u2066]/);
  });

  it('validate prints the errors of both readings escaped', async () => {
    const dir = scratch.fresh();
    const file = join(dir, 'bad\u001b[2J.json');
    writeFileSync(file, '{"neither": "gold nor trace"}');
    const run = await runCli(['validate', file], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bad\\u001b[2J.json');
    expect(run.stderr).not.toContain('\u001b');
  });
});
