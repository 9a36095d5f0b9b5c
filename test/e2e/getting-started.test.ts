import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { runProgram } from './run-cli.js';

/*
 * docs/getting-started.md as an npm user reads it: every shell block, in order, in one empty folder, with
 * the package installed from its packed tarball (`npm install --save-dev toolscore` is pointed at it, so
 * no registry is asked for toolscore). A block fenced `sh exit=N` must end with N (else 0); a plain
 * block right after a shell block is what it prints.
 */

/** Longest any one step may take; the install reads from npm's cache first. */
const STEP_TIMEOUT = 100_000;

interface Step {
  line: number;
  code: string;
  exit: number;
  /** What the page shows the step printing, when it does. */
  output?: string;
}

/** The shell blocks of the page, each with the output block that follows it. */
function stepsOf(text: string): Step[] {
  const lines = text.split('\n');
  const steps: Step[] = [];
  const closing = (from: number): number => {
    const end = lines.indexOf('```', from);
    if (end < 0) throw new Error(`docs/getting-started.md:${from}: a block is never closed`);
    return end;
  };
  for (let i = 0; i < lines.length; i++) {
    const open = /^```sh(?: exit=(\d+))?$/.exec(lines[i]!);
    if (!open) continue;
    const end = closing(i + 1);
    const step: Step = { line: i + 1, code: lines.slice(i + 1, end).join('\n'), exit: Number(open[1] ?? 0) };
    let next = end + 1;
    while (lines[next] === '') next++;
    if (lines[next] === '```') {
      const outputEnd = closing(next + 1);
      step.output = `${lines.slice(next + 1, outputEnd).join('\n')}\n`;
      i = outputEnd;
    } else i = end;
    steps.push(step);
  }
  return steps;
}

/** The environment of a user's shell: no npm_* settings of an `npm test` that runs us, no CI, no colour. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  for (const key of ['CI', 'GITHUB_STEP_SUMMARY', 'GITHUB_ACTIONS', 'FORCE_COLOR']) delete env[key];
  env.NO_COLOR = '1';
  return env;
}

const STEPS = stepsOf(readFileSync(join(REPO_ROOT, 'docs/getting-started.md'), 'utf8'));
const INSTALL = 'npm install --save-dev toolscore';

let work: string;
let folder: string;
let tarball: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'toolscore-getting-started-'));
  const packed = await runProgram('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: REPO_ROOT,
    env: userEnv(),
    timeout: STEP_TIMEOUT,
  });
  expect(packed.code, packed.stderr).toBe(0);
  tarball = join(work, (JSON.parse(packed.stdout) as [{ filename: string }])[0].filename);
  folder = join(work, 'my-agent');
  mkdirSync(folder);
}, STEP_TIMEOUT + 10_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('docs/getting-started.md, step by step in an empty folder', () => {
  it('installs the package first, then runs it through npx', () => {
    expect(STEPS[0]!.code).toContain(INSTALL);
    expect(STEPS.slice(1).every((step) => !/^toolscore /m.test(step.code))).toBe(true);
    expect(STEPS.filter((step) => /^npx toolscore /m.test(step.code))).toHaveLength(3);
  });

  for (const step of STEPS) {
    it(
      `docs/getting-started.md:${step.line}`,
      async () => {
        const code = step.code.replace(
          INSTALL,
          `npm install --save-dev ${tarball} --no-audit --no-fund --prefer-offline`,
        );
        const run = await runProgram('bash', ['-e', '-c', code], {
          cwd: folder,
          env: userEnv(),
          timeout: STEP_TIMEOUT,
        });
        expect(run.code, run.stdout + run.stderr).toBe(step.exit);
        if (step.output !== undefined) expect(run.stdout).toBe(step.output);
      },
      STEP_TIMEOUT + 10_000,
    );
  }
});
