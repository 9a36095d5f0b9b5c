import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../corpus.js';
import { onTerminal, runProgram, type Run } from './run-cli.js';
import { RUNNER_TIMEOUT, runJest, runNode, runnerEnv, runVitest } from './runners/project.js';

/*
 * `toolscore init` from the packed tarball, installed once into a shared node_modules (with this
 * repository's Vitest and Jest linked beside it) that every scratch project links to. Each project names
 * its agent library in package.json only: the generated test passes against its recorded response.
 */

/** Longest any one npm step may take; the install reads from npm's cache first. */
const NPM_TIMEOUT = 100_000;

/** The environment for nested npm runs, without the npm_* settings of an `npm test` that runs us. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return env;
}

let work: string;
let shared: string;

/** The installed CLI. */
const cli = () => join(shared, 'node_modules/toolscore/dist/cli/main.js');

beforeAll(
  async () => {
    work = mkdtempSync(join(tmpdir(), 'toolscore-init-'));
    const packed = await runProgram('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: REPO_ROOT,
      env: npmEnv(),
      timeout: NPM_TIMEOUT,
    });
    expect(packed.code, packed.stderr).toBe(0);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    shared = join(work, 'shared');
    mkdirSync(shared);
    writeFileSync(join(shared, 'package.json'), JSON.stringify({ name: 'shared', private: true, type: 'module' }));
    const installed = await runProgram(
      'npm',
      ['install', join(work, filename), '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'],
      { cwd: shared, env: npmEnv(), timeout: NPM_TIMEOUT },
    );
    expect(installed.code, installed.stderr).toBe(0);
    for (const name of ['vitest', 'jest'])
      symlinkSync(resolve(REPO_ROOT, 'node_modules', name), join(shared, 'node_modules', name), 'dir');
  },
  2 * NPM_TIMEOUT + 10_000,
);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A scratch project with this package.json (and tsconfig.json when `typescript`), linked to the shared install. */
function project(pkg: Record<string, unknown>, options: { typescript?: boolean } = {}): string {
  const root = mkdtempSync(join(work, 'project-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'scratch', private: true, ...pkg }, null, 2));
  if (options.typescript) writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  symlinkSync(join(shared, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** `toolscore init ARGS` in `cwd`, off a terminal. */
function init(cwd: string, args: readonly string[] = ['--yes']): Promise<Run> {
  return runNode([cli(), 'init', ...args], cwd);
}

/** Every file under `root` but node_modules and the project's own, sorted, as relative paths. */
function filesOf(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter(
      (path) =>
        !path.startsWith('node_modules') && !['package.json', 'tsconfig.json', 'package-lock.json'].includes(path),
    )
    .sort();
}

const SNAPSHOT = '.toolscore/snapshots/my_agent_calls_the_right_tools-6e5c03ae.json';

/** Each stack, the dependency that names it, and the runner its project uses (each runner gets several). */
const CASES: [framework: string, dependency: string, runner: 'vitest' | 'jest' | 'node', typescript: boolean][] = [
  ['vercel-ai', 'ai', 'vitest', true],
  ['openai-agents', '@openai/agents', 'jest', false],
  ['langgraph', '@langchain/langgraph', 'node', false],
  ['langchain', 'langchain', 'vitest', false],
  ['anthropic', '@anthropic-ai/sdk', 'jest', true],
  ['openai', 'openai', 'node', true],
  ['gemini', '@google/genai', 'vitest', true],
  ['mastra', '@mastra/core', 'jest', false],
  ['mcp', '@modelcontextprotocol/sdk', 'node', false],
  ['generic', 'left-pad', 'vitest', false],
];

/** The runner's own report of one passing test. */
const PASSED = {
  vitest: /Tests {2}1 passed \(1\)/,
  jest: /Tests: {7}1 passed, 1 total/,
  node: /# pass 1\n# fail 0/,
};

describe('toolscore init, then the generated test with the real runner', () => {
  it.each(CASES)(
    '%s (%s) under %s',
    async (framework, dependency, runner, typescript) => {
      const devDependencies = runner === 'node' ? {} : { [runner]: '*' };
      const root = project({ dependencies: { [dependency]: '*' }, devDependencies }, { typescript });
      const ran = await init(root);
      expect(ran.code, ran.stderr).toBe(0);
      const extension = typescript && runner === 'vitest' ? 'ts' : 'mjs';
      const test = `test/toolscore.test.${extension}`;
      expect(filesOf(root)).toEqual([SNAPSHOT, '.github/workflows/toolscore.yml', test].sort());
      expect(ran.stdout).toContain(`wrote ${test}  (the first test, passing against a recorded response)\n`);
      if (framework !== 'generic') expect(ran.stdout).toContain(`(from the dependency ${dependency})`);
      else expect(ran.stdout).toContain('agent stack: any agent (no known agent library among the dependencies)');
      expect(readFileSync(join(root, test), 'utf8')).toContain('// Your agent call goes here');

      // CI=true: the approved snapshot is replayed, a missing one would fail.
      const env = { CI: 'true' };
      const result =
        runner === 'vitest'
          ? await runVitest(root, [test], env)
          : runner === 'jest'
            ? await runJest(root, [test], env)
            : await runNode(['--test', test], root, env);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(runner === 'jest' ? result.stderr : result.stdout).toMatch(PASSED[runner]);
      const next = {
        vitest: 'npx vitest run',
        jest: 'NODE_OPTIONS=--experimental-vm-modules npx jest',
        node: 'node --test',
      };
      expect(ran.stdout).toContain(`next: ${next[runner]} ${test}\n`);
    },
    2 * RUNNER_TIMEOUT,
  );
});

describe('what toolscore init refuses and takes', () => {
  it(
    'in CI the snapshot is what the test replays: without it the run fails, drifted from it too',
    async () => {
      const root = project({ dependencies: { openai: '*' }, devDependencies: { vitest: '*' } });
      expect((await init(root)).code).toBe(0);
      const snapshot = join(root, SNAPSHOT);
      const approved = readFileSync(snapshot, 'utf8');
      rmSync(snapshot);
      const missing = await runVitest(root, [], { CI: 'true' });
      expect(missing.code).toBe(1);
      expect(missing.stdout + missing.stderr).toContain('snapshot "my agent calls the right tools" does not exist');
      // The snapshot expects Seattle, WA then Portland: the recording's San Francisco, CA is drift.
      writeFileSync(snapshot, approved.replace('San Francisco, CA', 'Portland, OR'));
      const drifted = await runVitest(root, [], { CI: 'true' });
      expect(drifted.code).toBe(1);
      expect(drifted.stdout + drifted.stderr).toContain('location: expected "Portland, OR", got "San Francisco, CA"');
    },
    2 * RUNNER_TIMEOUT,
  );

  it(
    'never overwrites: exit 1 naming each file, nothing written; --force overwrites',
    async () => {
      const root = project({ dependencies: { openai: '*' } });
      expect((await init(root)).code).toBe(0);
      const test = join(root, 'test/toolscore.test.mjs');
      writeFileSync(test, 'mine\n');
      rmSync(join(root, '.github'), { recursive: true });
      const refused = await init(root);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        [
          'toolscore: test/toolscore.test.mjs already exists',
          `toolscore: ${SNAPSHOT} already exists`,
          'toolscore: nothing was written; pass --force to overwrite these files',
          '',
        ].join('\n'),
      );
      expect(readFileSync(test, 'utf8')).toBe('mine\n');
      expect(existsSync(join(root, '.github'))).toBe(false);
      const forced = await init(root, ['--yes', '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(readFileSync(test, 'utf8')).toContain("import { assertTools, checkSnapshot } from 'toolscore';");
    },
    RUNNER_TIMEOUT,
  );

  it(
    '--no-ci writes no workflow; --dir puts the test there; --framework and --runner override detection',
    async () => {
      const root = project({ dependencies: { openai: '*' } });
      const ran = await init(root, [
        '--yes',
        '--no-ci',
        '--dir',
        'spec/agent',
        '--framework',
        '@anthropic-ai/sdk',
        '--runner',
        'jest',
      ]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(filesOf(root)).toEqual([SNAPSHOT, 'spec/agent/toolscore.test.mjs']);
      expect(ran.stdout).toContain('agent stack: Anthropic SDK (as chosen)\n');
      expect(ran.stdout).toContain('test runner: Jest (as chosen)\n');
      const result = await runJest(root, ['spec/agent/toolscore.test.mjs'], { CI: 'true' });
      expect(result.code, result.stderr).toBe(0);
    },
    2 * RUNNER_TIMEOUT,
  );

  it(
    'an absolute --dir is taken as it is',
    async () => {
      const root = project({});
      const elsewhere = mkdtempSync(join(work, 'elsewhere-'));
      const ran = await init(root, ['--yes', '--no-ci', '--dir', elsewhere]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(readdirSync(elsewhere)).toEqual(['toolscore.test.mjs']);
      expect(ran.stdout).toContain(`next: node --test ${join(elsewhere, 'toolscore.test.mjs')}\n`);
    },
    RUNNER_TIMEOUT,
  );

  it(
    'an unknown --framework or --runner is a usage error with a suggestion',
    async () => {
      const root = project({});
      const framework = await init(root, ['--framework', 'lanchain']);
      expect([framework.code, framework.stderr]).toEqual([
        2,
        'toolscore: --framework: unknown value "lanchain"; did you mean "langchain"? (one of: mastra, openai-agents, langgraph, langchain, vercel-ai, anthropic, openai, gemini, mcp, generic)\n',
      ]);
      const runner = await init(root, ['--runner', 'jets']);
      expect([runner.code, runner.stderr]).toEqual([
        2,
        'toolscore: --runner: unknown value "jets"; did you mean "jest"? (one of: vitest, jest, node)\n',
      ]);
      expect(filesOf(root)).toEqual([]);
    },
    RUNNER_TIMEOUT,
  );

  it(
    'the workflow parses and runs npm test with CI set; a TypeScript project under Jest gets .mjs',
    async () => {
      const root = project(
        { dependencies: { '@google/genai': '*' }, devDependencies: { jest: '*' }, scripts: { test: 'jest' } },
        { typescript: true },
      );
      writeFileSync(join(root, 'package-lock.json'), '{}\n');
      const ran = await init(root);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(
        'the test is .mjs: Jest reads the toolscore matchers in its ESM mode, where .ts would need a TypeScript transform',
      );
      const workflow = parse(readFileSync(join(root, '.github/workflows/toolscore.yml'), 'utf8'));
      expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request']);
      const steps = workflow.jobs.test.steps as { uses?: string; run?: string; env?: Record<string, string> }[];
      expect(steps.map((step) => step.uses ?? step.run)).toEqual([
        'actions/checkout@v4',
        'actions/setup-node@v4',
        'npm ci',
        'npm test',
      ]);
      expect(steps[3]!.env).toEqual({ CI: 'true', NODE_OPTIONS: '--experimental-vm-modules' });
      // What that step runs, here: the project's test script under the workflow's environment.
      const result = await runNode(
        [resolve(REPO_ROOT, 'node_modules/jest/bin/jest.js')],
        root,
        steps[3]!.env as Record<string, string>,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(PASSED.jest);
    },
    2 * RUNNER_TIMEOUT,
  );
});

describe('the record command the generated test names', () => {
  it(
    "works in a project whose test script is npm init's placeholder",
    async () => {
      const root = project({
        dependencies: { openai: '*' },
        devDependencies: { vitest: '*' },
        scripts: { test: 'echo "Error: no test specified" && exit 1' },
      });
      expect((await init(root)).code).toBe(0);
      const text = readFileSync(join(root, 'test/toolscore.test.mjs'), 'utf8');
      const command = /^\/\/ {3}(npx toolscore record -- .*)$/m.exec(text)?.[1];
      expect(command).toBe('npx toolscore record -- npx vitest run test/toolscore.test.mjs');
      // npx finds vitest among the project's bins, as after npm install --save-dev vitest.
      const bin = join(shared, 'node_modules/.bin/vitest');
      if (!existsSync(bin)) symlinkSync('../vitest/vitest.mjs', bin);
      const env = runnerEnv();
      for (const key of Object.keys(env)) if (/^npm_/i.test(key)) delete env[key];
      const recorded = await runProgram('sh', ['-c', command!], { cwd: root, env, timeout: RUNNER_TIMEOUT });
      expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
      expect(recorded.stdout).toMatch(PASSED.vitest);
    },
    2 * RUNNER_TIMEOUT,
  );
});

const STACK_QUESTION =
  'agent stack (mastra, openai-agents, langgraph, langchain, vercel-ai, anthropic, openai, gemini, mcp, generic) [openai]: ';

describe('toolscore init on a terminal', () => {
  it(
    'asks for the stack and the runner, re-asks after a misspelling, and Enter takes the default',
    async () => {
      const root = project({ dependencies: { openai: '*' }, devDependencies: { vitest: '*' } });
      const terminal = onTerminal([process.execPath, cli(), 'init'], root);
      await terminal.until(STACK_QUESTION);
      terminal.key('anthropc\n');
      await terminal.until('agent stack: unknown value "anthropc"; did you mean "anthropic"?');
      await terminal.until(STACK_QUESTION, terminal.output().indexOf('did you mean'));
      terminal.key('anthropic\n');
      await terminal.until('test runner (vitest, jest, node) [vitest]: ');
      terminal.key('\n');
      expect(await terminal.exited).toBe(0);
      expect(terminal.output()).toContain('agent stack: Anthropic SDK (as chosen)');
      expect(terminal.output()).toContain('test runner: Vitest (from the dependencies)');
      expect(readFileSync(join(root, 'test/toolscore.test.mjs'), 'utf8')).toContain('for Anthropic SDK.');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'Ctrl+C at a question writes nothing and exits 1',
    async () => {
      const root = project({ dependencies: { openai: '*' } });
      const terminal = onTerminal([process.execPath, cli(), 'init'], root);
      await terminal.until(STACK_QUESTION);
      terminal.key('\x03');
      expect(await terminal.exited).toBe(1);
      expect(terminal.output()).toContain('toolscore: cancelled; nothing was written');
      expect(filesOf(root)).toEqual([]);
    },
    RUNNER_TIMEOUT,
  );
});
