import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI, EXAMPLES, childEnv, runCli, runProgram, useScratchFolder } from './run-cli.js';

/* `eval -o -`: the JSON report on stdout, everything else on stderr, so the output pipes into jq. */
const freshDir = useScratchFolder('toolscore-stdout-').fresh;

describe('toolscore eval -o -', () => {
  it('writes the JSON report to stdout and the verdict to stderr, creating no file', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', '-', '--no-color'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { summary: { score: number; grade: string }; trace_calls: unknown[] };
    // 0.835 by hand: see the example's verdict in cli.test.ts.
    expect([report.summary.score, report.summary.grade, report.trace_calls.length]).toEqual([0.835, 'B', 5]);
    expect(run.stderr).toContain('Score 83.5%   Grade B   WARN');
    expect(run.stderr).toContain('\nJSON report: standard output\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('pipes into jq, with the exit code of the gate kept', async () => {
    const dir = freshDir();
    const script = '"$0" "$1" eval "$2" "$3" -o - --min-score 0.9 | jq -r ".summary.score"; exit "${PIPESTATUS[0]}"';
    const run = await runProgram('bash', ['-c', script, process.execPath, CLI, EXAMPLES.gold, EXAMPLES.trace], {
      cwd: dir,
      env: childEnv(),
      timeout: 30_000,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('0.835\n');
    expect(run.stderr).toContain('toolscore: score 0.835 is below --min-score 0.9\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('"-" for any other output is refused before anything runs, not written as a file named "-"', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--html', '-', '--no-color'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: --html: "-" is not stdout here: --html writes the report to a file (to name a file "-", write ./-)\n',
    );
    expect(readdirSync(dir)).toEqual([]);
    const record = await runCli(['mcp', 'record', '-o', '-', '--', process.execPath, '-e', '0'], { cwd: dir });
    expect(record.code).toBe(2);
    // Its stdout is the MCP client's channel: no report could go there.
    expect(record.stderr).toBe(
      'toolscore: --output: "-" is not stdout here: --output writes the session to a file (to name a file "-", write ./-)\n',
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
