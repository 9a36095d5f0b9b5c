import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { CLI, childEnv, runCli, useScratchFolder } from './run-cli.js';

const freshDir = useScratchFolder('toolscore-run-cli-').fresh;

/** A folder holding a copy of examples/run (agent.mjs, cases.jsonl). */
function exampleDir(): string {
  const dir = freshDir();
  cpSync(join(REPO_ROOT, 'examples/run'), dir, { recursive: true });
  return dir;
}

function linesOf(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('toolscore run', () => {
  test('runs the example .mjs agent 3 times per case; batch re-scores its traces to the same lines', async () => {
    const dir = exampleDir();
    const run = await runCli(
      [
        'run',
        'agent.mjs',
        '--dataset',
        'cases.jsonl',
        '--trials',
        '3',
        '--concurrency',
        '2',
        '-o',
        'results.jsonl',
        '--traces-dir',
        'traces',
        '--summary',
        'summary.json',
      ],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = linesOf(join(dir, 'results.jsonl'));
    // Every second trial of the flight swaps its cities: selection 1, argument F1 0, sequence 1 ⇒ 0.7.
    expect(lines.map((line) => [line.id, line.index, line.trial, line.score])).toEqual([
      ['weather-paris', 0, 1, 1],
      ['weather-paris', 1, 2, 1],
      ['weather-paris', 2, 3, 1],
      ['flight-nyc-paris', 3, 1, 1],
      ['flight-nyc-paris', 4, 2, 0.7],
      ['flight-nyc-paris', 5, 3, 1],
      ['hotel-rome', 6, 1, 1],
      ['hotel-rome', 7, 2, 1],
      ['hotel-rome', 8, 3, 1],
    ]);
    // (8 × 1 + 0.7) / 9
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).score.mean).toBeCloseTo(0.966667, 5);
    expect(run.stderr).toContain('[flight-nyc-paris #2] flight-nyc-paris: search_flights\n');
    expect(readdirSync(join(dir, 'traces')).sort()).toEqual([
      '0001-weather-paris',
      '0002-flight-nyc-paris',
      '0003-hotel-rome',
      'cases.jsonl',
    ]);

    const rescore = await runCli(['batch', 'traces/cases.jsonl', '--jobs', '1', '-o', 'rescored.jsonl'], { cwd: dir });
    expect(rescore.code, rescore.stderr).toBe(0);
    const withoutTrial = (line: Record<string, unknown>) => {
      const { trial: _, ...rest } = line;
      return rest;
    };
    expect(linesOf(join(dir, 'rescored.jsonl')).map(withoutTrial)).toEqual(lines.map(withoutTrial));
  });

  test('loads a TypeScript agent without a build step, by its named export', async () => {
    const dir = freshDir();
    writeFileSync(
      join(dir, 'agent.ts'),
      `interface Call { tool: string; args: Record<string, unknown> }
       export const agent = async (input: { city: string }): Promise<Call[]> => [{ tool: 'get_weather', args: { city: input.city } }];\n`,
    );
    writeFileSync(
      join(dir, 'cases.jsonl'),
      `${JSON.stringify({ id: 'oslo', input: { city: 'Oslo' }, expected: [{ tool: 'get_weather', args: { city: 'Oslo' } }] })}\n`,
    );
    const run = await runCli(['run', 'agent.ts', '--export', 'agent', '--dataset', 'cases.jsonl', '-o', 'r.jsonl'], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(linesOf(join(dir, 'r.jsonl')).map((line) => [line.id, line.trial, line.score])).toEqual([['oslo', 1, 1]]);
  });

  test('a module without such an export, or no module, is one line and exit 2', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'agent.mjs'), 'export const helper = () => 1;\n');
    writeFileSync(join(dir, 'cases.jsonl'), '{"id":"a","input":1,"expected":[]}\n');
    const noDefault = await runCli(['run', 'agent.mjs', '--dataset', 'cases.jsonl'], { cwd: dir });
    expect(noDefault.code).toBe(2);
    expect(noDefault.stderr).toBe(
      'toolscore: agent.mjs: expected a default export that is a function async (input, context) => response, got nothing; functions exported: helper (pick one with --export NAME)\n',
    );
    const missing = await runCli(['run', 'nowhere.ts', '--dataset', 'cases.jsonl'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('toolscore: nowhere.ts: no such agent module\n');
    writeFileSync(join(dir, 'broken.mjs'), 'export default (;\n');
    const broken = await runCli(['run', 'broken.mjs', '--dataset', 'cases.jsonl'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^toolscore: broken\.mjs: the agent module failed to load: .+\n$/);
  });

  test('Ctrl-C stops starting trials and keeps what is done; --resume completes the run, running no trial twice', async () => {
    const dir = freshDir();
    // Each call leaves a file behind, so the test counts the agent's calls across both processes.
    writeFileSync(
      join(dir, 'agent.mjs'),
      `import { writeFileSync } from 'node:fs';
       export default async (input, { caseId, trial, log }) => {
         writeFileSync(\`calls/\${caseId}-\${trial}\`, '');
         log('started');
         await new Promise((done) => setTimeout(done, 150));
         return [{ tool: 'echo', args: { n: input } }];
       };\n`,
    );
    const cases = Array.from({ length: 8 }, (_, k) =>
      JSON.stringify({ id: `c${k}`, input: k, expected: [{ tool: 'echo', args: { n: k } }] }),
    );
    writeFileSync(join(dir, 'cases.jsonl'), `${cases.join('\n')}\n`);
    mkdirSync(join(dir, 'calls'));
    const args = [
      CLI,
      'run',
      'agent.mjs',
      '--dataset',
      'cases.jsonl',
      '--trials',
      '2',
      '--concurrency',
      '2',
      '-o',
      'results.jsonl',
    ];
    const first = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, args, { cwd: dir, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      let sent = false;
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // After the third trial has started: two done or running, the rest not started.
        if (!sent && stderr.split('started').length > 3) {
          sent = true;
          child.kill('SIGINT');
        }
      });
      child.on('exit', (code) => {
        clearTimeout(killer);
        done({ code, stderr });
      });
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('toolscore run: stopping: no new trials');
    expect(first.stderr).toMatch(
      /toolscore run: interrupted after \d+ of 16 trials; the results hold them\. To complete the run: toolscore run agent\.mjs --dataset cases\.jsonl --trials 2 --concurrency 2 -o results\.jsonl --resume\n$/,
    );
    const kept = linesOf(join(dir, 'results.jsonl'));
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(16);
    // Every trial that started was finished and kept, in order.
    expect(kept.length).toBe(readdirSync(join(dir, 'calls')).length);
    expect(kept.map((line) => line.index)).toEqual(Array.from({ length: kept.length }, (_, k) => k));

    const second = await runCli(args.slice(1).concat('--resume'), { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    const all = linesOf(join(dir, 'results.jsonl'));
    expect(all.map((line) => `${line.id}#${line.trial}:${line.score}`)).toEqual(
      Array.from({ length: 16 }, (_, k) => `c${Math.floor(k / 2)}#${(k % 2) + 1}:1`),
    );
    expect(all.slice(0, kept.length)).toEqual(kept);
    // 16 trials, each run once over the two processes.
    expect(readdirSync(join(dir, 'calls'))).toHaveLength(16);
  });

  test("--replay record keeps each case's tool results in its cassette; --replay (strict) answers every trial from it, and a call not recorded fails the trial", async () => {
    const dir = freshDir();
    const replay = pathToFileURL(join(REPO_ROOT, 'dist/replay/index.js')).href;
    // The tool draws a random number, so only a replayed result can repeat; LIVE=0 makes a real call throw.
    writeFileSync(
      join(dir, 'agent.mjs'),
      `import { openCassette } from ${JSON.stringify(replay)};
export default async (input, context) => {
  const cassette = openCassette(context.caseId);
  const result = await cassette.tool('lookup', { q: input }, () => {
    if (process.env.LIVE === '0') throw new Error('the real tool ran');
    return { value: Math.random() };
  });
  return [{ tool: 'lookup', args: { q: input }, result }];
};
`,
    );
    const cases = [
      { id: 'a', input: 'x', expected: [{ tool: 'lookup', args: { q: 'x' } }] },
      { id: 'b', input: 'y', expected: [{ tool: 'lookup', args: { q: 'y' } }] },
    ];
    writeFileSync(join(dir, 'cases.jsonl'), `${cases.map((c) => JSON.stringify(c)).join('\n')}\n`);
    const base = ['run', 'agent.mjs', '--dataset', 'cases.jsonl', '--cassettes', 'tapes', '--no-progress'];

    const tooMany = await runCli([...base, '--replay', 'record', '--trials', '2'], { cwd: dir });
    expect([tooMany.code, tooMany.stderr]).toEqual([
      2,
      'toolscore: --replay: record writes one cassette per case: record with --trials 1, then replay with --trials 2\n',
    ]);
    const record = await runCli([...base, '--replay', 'record', '--traces-dir', 'recorded'], { cwd: dir });
    expect(record.code, record.stderr).toBe(0);
    expect(readdirSync(join(dir, 'tapes'))).toHaveLength(2);
    const recorded = (id: string) => linesOf(join(dir, 'recorded', 'cases.jsonl')).find((line) => line.id === id)!;
    const resultOf = (line: Record<string, unknown>) => (line.calls as { result: unknown }[])[0]!.result;

    const replayed = await runCli([...base, '--replay', '--trials', '3', '--traces-dir', 'replayed', '-o', 'r.jsonl'], {
      cwd: dir,
      env: { LIVE: '0' },
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(linesOf(join(dir, 'r.jsonl')).map((line) => [line.id, line.trial, line.score])).toEqual([
      ['a', 1, 1],
      ['a', 2, 1],
      ['a', 3, 1],
      ['b', 1, 1],
      ['b', 2, 1],
      ['b', 3, 1],
    ]);
    for (const line of linesOf(join(dir, 'replayed', 'cases.jsonl')))
      expect(resultOf(line)).toEqual(resultOf(recorded(line.id as string)));

    // A new case has no cassette: under strict replay its trial is an error naming the tool and arguments
    // (and with no trial scored, the run is exit 2).
    writeFileSync(join(dir, 'cases.jsonl'), `${JSON.stringify({ id: 'c', input: 'z', expected: [] })}\n`);
    const missing = await runCli([...base, '--replay', 'strict', '-o', 'm.jsonl'], {
      cwd: dir,
      env: { LIVE: '0' },
    });
    expect(missing.code).toBe(2);
    expect(linesOf(join(dir, 'm.jsonl'))[0]!.error).toContain(
      'no recorded call of tool "lookup" with arguments {"q":"z"}',
    );
  });
});
