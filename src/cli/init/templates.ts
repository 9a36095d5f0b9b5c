import type { Project, Runner } from './project.js';
import type { Stack } from './stacks.js';

/** The name of the generated test, and of the snapshot it replays. */
export const TEST_NAME = 'my agent calls the right tools';

/**
 * `.ts` only where the runner reads TypeScript by itself: Vitest does; Jest reads toolscore's ESM
 * matchers only in its ESM mode, where a `.ts` test needs a TypeScript transform, and Node 20's
 * `node --test` has no type stripping, so those get `.mjs` in TypeScript projects too.
 */
export function testExtension(project: Pick<Project, 'typescript'>, runner: Runner): '.ts' | '.mjs' {
  return project.typescript && runner === 'vitest' ? '.ts' : '.mjs';
}

/** The runner's command for the generated test file alone, and the environment it needs. */
function runnerCommand(runner: Runner, file: string): { env: string; command: string } {
  switch (runner) {
    case 'vitest':
      return { env: '', command: `npx vitest run ${file}` };
    case 'jest':
      return { env: 'NODE_OPTIONS=--experimental-vm-modules ', command: `npx jest ${file}` };
    case 'node':
      return { env: '', command: `node --test ${file}` };
  }
}

/** The command that runs the generated test file alone. */
export function runCommand(runner: Runner, file: string): string {
  const { env, command } = runnerCommand(runner, file);
  return `${env}${command}`;
}

/**
 * The command that re-records the generated test's snapshot: the test file through its runner, not
 * `npm test`, which a new project's placeholder script fails and which need not run this file.
 */
function recordCommand(runner: Runner, file: string): string {
  const { env, command } = runnerCommand(runner, file);
  return `${env}npx toolscore record -- ${command}`;
}

/** A value written as source: JSON, indented under `indent`. */
function literal(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
}

/** The imports and the two checks of each runner. */
function runnerParts(runner: Runner): { imports: string[]; calls: (expected: string) => string; snapshot: string } {
  const name = `{ name: ${JSON.stringify(TEST_NAME)} }`;
  const matchers = {
    calls: (expected: string) => `  expect(response).toCallTools(${expected});`,
    snapshot: `  expect(response).toMatchToolSnapshot(${name});`,
  };
  switch (runner) {
    case 'vitest':
      return {
        imports: [
          "import { expect, test } from 'vitest';",
          "import 'toolscore/vitest'; // adds toCallTools, toCallTool and toMatchToolSnapshot to expect",
        ],
        ...matchers,
      };
    case 'jest':
      return {
        imports: ["import 'toolscore/jest'; // adds toCallTools, toCallTool and toMatchToolSnapshot to expect"],
        ...matchers,
      };
    case 'node':
      return {
        imports: ["import { test } from 'node:test';", "import { assertTools, checkSnapshot } from 'toolscore';"],
        calls: (expected) => `  assertTools(${expected}, response);`,
        snapshot: `  checkSnapshot(response, ${name});`,
      };
  }
}

/**
 * The first test: the agent call (standing in with a recorded response, so it passes with no key and
 * no network), the calls it must make, and the approved snapshot it replays.
 */
export function testFile(stack: Stack, runner: Runner, file: string): string {
  const extension = file.endsWith('.ts') ? '.ts' : '.mjs';
  const { imports, calls, snapshot } = runnerParts(runner);
  const signature = extension === '.ts' ? 'input: string): Promise<unknown>' : 'input)';
  const agentCall = stack.agentCall.map((line) => (line.startsWith('//') ? `  ${line}` : `  //   ${line}`));
  const what = `${stack.recordedWhat[0]!.toUpperCase()}${stack.recordedWhat.slice(1)}`;
  return [
    `// The first toolscore test, written by \`toolscore init\` for ${stack.label}.`,
    '// It passes as it is, against a recorded response. Put your own agent call in myAgent and the calls it',
    '// should make below, then run',
    `//   ${recordCommand(runner, file)}`,
    '//   npx toolscore approve --all',
    "// the snapshot then holds your agent's calls, and every later run (CI too) replays them.",
    ...imports,
    '',
    `/** ${what}: recorded, so the test needs no key and no network. */`,
    `const RECORDED = ${literal(stack.recorded, '')};`,
    '',
    `async function myAgent(${signature} {`,
    '  // Your agent call goes here, returning what it returns, for example:',
    ...agentCall,
    '  return RECORDED;',
    '}',
    '',
    `test(${JSON.stringify(TEST_NAME)}, async () => {`,
    `  const response = await myAgent(${JSON.stringify(stack.input)});`,
    '  // The calls it must make: a score under 0.9 fails, with a table of what differs.',
    calls(literal(stack.expected, '  ')),
    '  // No drift from the approved snapshot in .toolscore/snapshots (in CI a missing or pending one fails).',
    snapshot,
    '});',
    '',
  ].join('\n');
}

/** The command CI runs: the project's test script, else the runner over the whole project. */
export function ciTestCommand(project: Pick<Project, 'testScript'>, runner: Runner): string {
  if (project.testScript !== undefined) return 'npm test';
  return { vitest: 'npx vitest run', jest: 'npx jest', node: 'node --test' }[runner];
}

/**
 * The GitHub Actions workflow: install, then the tests with `CI` set, so every snapshot is replayed
 * as the gold standard and a missing, pending or drifted one fails without anything being written.
 */
export function workflowFile(project: Pick<Project, 'testScript' | 'lockfile'>, runner: Runner): string {
  return [
    '# Written by `toolscore init`: runs the tests on every push and pull request, replaying the approved',
    '# tool-call snapshots in .toolscore/snapshots. With CI set, a missing, pending or drifted snapshot',
    '# fails and nothing is re-recorded: record and approve them locally, then commit them.',
    'name: toolscore',
    'on:',
    '  push:',
    '  pull_request:',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: lts/*',
    ...(project.lockfile ? ['          cache: npm', '      - run: npm ci'] : ['      - run: npm install']),
    '      - name: Test, replaying the tool-call snapshots',
    `        run: ${ciTestCommand(project, runner)}`,
    '        env:',
    '          CI: "true"',
    // toolscore/jest is ESM, which Jest loads only with Node's VM modules on.
    ...(runner === 'jest' ? ['          NODE_OPTIONS: --experimental-vm-modules'] : []),
    '',
  ].join('\n');
}
