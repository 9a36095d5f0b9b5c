import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, runCli, type Run, useScratchFolder } from './run-cli.js';

/* `toolscore eval --html --markdown --junit --csv --ci`: the report files and the job summary. */

/** A fresh empty folder to run in. */
const freshDir = useScratchFolder('toolscore-cli-reports-').fresh;

function read(dir: string, name: string): string {
  return readFileSync(join(dir, name), 'utf8');
}

function expectInputError(run: Run, fragment: string): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain(fragment);
}

describe('toolscore eval report flags', () => {
  it('writes every report asked for, from one view, and names each file', async () => {
    const dir = freshDir();
    const run = await runCli(
      [
        'eval',
        EXAMPLES.gold,
        EXAMPLES.trace,
        '--html',
        'out/report.html',
        '--markdown',
        'out/report.md',
        '--junit',
        'out/junit.xml',
        '--csv',
        'out/metrics.csv',
      ],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'JSON report: toolscore.json\nHTML report: out/report.html\nMarkdown report: out/report.md\nJUnit report: out/junit.xml\nCSV report: out/metrics.csv\n',
    );
    expect(read(dir, 'out/report.html')).toContain('id="score">83.5%</span>');
    expect(read(dir, 'out/report.md').split('\n')[0]).toBe('## ⚠️ Toolscore evaluation: WARN: score 83.5%, grade B');
    expect(read(dir, 'out/junit.xml')).toContain('tests="7" failures="3"');
    const csv = read(dir, 'out/metrics.csv');
    expect(csv.startsWith('category,metric,value\r\nsummary,generated_at,')).toBe(true);
    expect(csv).toContain('\r\nsummary,score,0.835\r\n');
    // The JSON report and the others were made at the same moment.
    const timestamp = JSON.parse(read(dir, 'toolscore.json')).timestamp as string;
    expect(csv).toContain(`summary,generated_at,${timestamp}\r\n`);
    expect(read(dir, 'out/report.md')).toContain(`on ${timestamp}</sub>`);
  });

  it('--min-score reaches the reports: the JUnit score case fails and the HTML names the gate', async () => {
    const dir = freshDir();
    const run = await runCli(
      ['eval', EXAMPLES.gold, EXAMPLES.trace, '--min-score', '0.9', '--junit', 'junit.xml', '--html', 'report.html'],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(read(dir, 'junit.xml')).toContain(
      '<failure message="Score 83.5% is below the required 90.0%" type="score">',
    );
    expect(read(dir, 'report.html')).toContain('<p class="bad" id="gate">Score 83.5% is below the required 90.0%</p>');
  });

  it('--ci appends the Markdown report to $GITHUB_STEP_SUMMARY, after what other steps wrote', async () => {
    const dir = freshDir();
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# Earlier step\n');
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--ci'], {
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY\n');
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# Earlier step\n## ⚠️ Toolscore evaluation: WARN: score 83.5%, grade B\n')).toBe(true);
    expect(text).toContain('<summary>Expected vs actual tool calls</summary>');
  });

  it('--ci without $GITHUB_STEP_SUMMARY adds nothing', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--ci'], {
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: '' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('Job summary');
  });

  it('refuses a report path that is an input or another report, and writes nothing', async () => {
    const dir = freshDir();
    const gold = join(dir, 'gold.json');
    writeFileSync(gold, readFileSync(EXAMPLES.gold));
    const before = readFileSync(gold, 'utf8');
    expectInputError(
      await runCli(['eval', gold, EXAMPLES.trace, '--html', gold], { cwd: dir }),
      `toolscore: --html: ${JSON.stringify(gold)} is the gold file; writing the report there would overwrite it`,
    );
    expect(readFileSync(gold, 'utf8')).toBe(before);
    expectInputError(
      await runCli(['eval', gold, EXAMPLES.trace, '--csv', EXAMPLES.trace], { cwd: dir }),
      'toolscore: --csv:',
    );
    expectInputError(
      await runCli(['eval', gold, EXAMPLES.trace, '--markdown', 'r.out', '--junit', './r.out'], { cwd: dir }),
      'toolscore: --junit: "./r.out" is also the --markdown report; each report needs a file of its own',
    );
    expectInputError(
      await runCli(['eval', gold, EXAMPLES.trace, '--html', 'toolscore.json'], { cwd: dir }),
      'is also the --output report',
    );
    expect(existsSync(join(dir, 'toolscore.json'))).toBe(false);
    expect(existsSync(join(dir, 'r.out'))).toBe(false);
  });

  it('an unwritable report path is a one-line input error', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'a-folder'));
    expectInputError(
      await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--markdown', 'a-folder'], { cwd: dir }),
      'toolscore: a-folder:',
    );
  });
});
