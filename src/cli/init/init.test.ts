import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { evaluate } from '../../evaluation/evaluate.js';
import { autoExtract } from '../../formats/auto.js';
import { detectProject } from './project.js';
import { STACKS } from './stacks.js';
import { ciTestCommand, testExtension, testFile, workflowFile } from './templates.js';

const scratch = mkdtempSync(join(tmpdir(), 'toolscore-init-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project folder holding these files. */
function project(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(scratch, 'p-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

describe('the recorded response of each stack', () => {
  // Read off each recording by hand: the tools it calls, in order, and the format that reads it.
  const READ: Record<string, [format: string, tools: string[]]> = {
    mastra: ['vercel-ai', ['weatherTool']],
    'openai-agents': ['openai-agents', ['side_effect_tool']],
    langgraph: ['langchain', ['search']], // LangGraph's updates are LangChain messages
    langchain: ['langchain', ['magic_function']],
    'vercel-ai': ['vercel-ai', ['get_weather']],
    anthropic: ['anthropic', ['get_weather']],
    openai: ['openai', ['get_current_weather', 'get_current_weather']],
    gemini: ['gemini', ['get_current_weather', 'get_current_weather']],
    mcp: ['mcp', ['search_nodes']],
    generic: ['calls', ['get_weather']],
  };

  test.each(STACKS.map((stack) => [stack.id, stack] as const))('%s is read as its format and scores 1', (id, stack) => {
    const extracted = autoExtract(stack.recorded);
    expect([extracted.format, extracted.calls.map((call) => call.tool)]).toEqual(READ[id]);
    const result = evaluate({ expected: stack.expected, actual: stack.recorded });
    expect(result.score).toBe(1);
  });

  test('the arguments come through as recorded', () => {
    const args = (id: string) =>
      autoExtract(STACKS.find((stack) => stack.id === id)!.recorded).calls.map((c) => c.args);
    expect(args('openai')).toEqual([{ location: 'Seattle, WA' }, { location: 'San Francisco, CA' }]);
    expect(args('langgraph')).toEqual([{ query: 'current weather in San Francisco' }]);
    expect(args('langchain')).toEqual([{ input: 3 }]);
    expect(args('gemini')).toEqual([{ location: 'New Delhi' }, { location: 'San Francisco' }]);
  });
});

describe('detectProject', () => {
  test('a framework wins over the provider SDK it builds on; the others are listed', async () => {
    const found = await detectProject(
      project({
        'package.json': { dependencies: { openai: '^6', '@openai/agents': '^0.3' }, devDependencies: { vitest: '^4' } },
      }),
    );
    expect([found.stack.id, found.stackFrom, found.alsoFound, found.runner, found.runnerFrom]).toEqual([
      'openai-agents',
      '@openai/agents',
      ['openai'],
      'vitest',
      'dependency',
    ]);
  });

  test('no known library is generic; no runner is node:test; the npm init placeholder is no test script', async () => {
    const found = await detectProject(
      project({ 'package.json': { scripts: { test: 'echo "Error: no test specified" && exit 1' } } }),
    );
    expect([found.stack.id, found.runner, found.runnerFrom, found.testScript, found.typescript]).toEqual([
      'generic',
      'node',
      'default',
      undefined,
      false,
    ]);
  });

  test('without a package.json everything is the default, and it says there is none', async () => {
    const found = await detectProject(project({}));
    expect([found.stack.id, found.runner, found.typescript, found.hasPackageJson, found.listsToolscore]).toEqual([
      'generic',
      'node',
      false,
      false,
      false,
    ]);
    expect((await detectProject(project({ 'package.json': {} }))).hasPackageJson).toBe(true);
  });

  test('the runner from the test script; TypeScript from tsconfig.json', async () => {
    const found = await detectProject(
      project({ 'package.json': { dependencies: { ai: '5' }, scripts: { test: 'jest --ci' } }, 'tsconfig.json': '{}' }),
    );
    expect([found.stack.id, found.runner, found.runnerFrom, found.testScript, found.typescript]).toEqual([
      'vercel-ai',
      'jest',
      'test script',
      'jest --ci',
      true,
    ]);
  });

  test('a package.json that is not JSON names the file', async () => {
    const root = project({ 'package.json': '{"dependencies": ' });
    await expect(detectProject(root)).rejects.toThrow(join(root, 'package.json'));
  });
});

describe('templates', () => {
  test('.ts only for Vitest in a TypeScript project', () => {
    expect([
      testExtension({ typescript: true }, 'vitest'),
      testExtension({ typescript: true }, 'jest'),
      testExtension({ typescript: true }, 'node'),
      testExtension({ typescript: false }, 'vitest'),
    ]).toEqual(['.ts', '.mjs', '.mjs', '.mjs']);
  });

  test('the test shows where the agent call goes and embeds the recording', () => {
    const openai = STACKS.find((stack) => stack.id === 'openai')!;
    const text = testFile(openai, 'node', 'test/toolscore.test.mjs');
    expect(text).toContain('// Your agent call goes here');
    expect(text).toContain('//   return new OpenAI().chat.completions.create(');
    expect(text).toContain('"arguments": "{\\"location\\": \\"Seattle, WA\\"}"');
    expect(text).toContain("import { assertTools, checkSnapshot } from 'toolscore';");
    expect(text).toContain('async function myAgent(input) {');
  });

  test("the test names a record command that runs it, never npm test (a new project's placeholder script fails)", () => {
    const openai = STACKS.find((stack) => stack.id === 'openai')!;
    const lines = (runner: 'vitest' | 'jest' | 'node', file: string) =>
      testFile(openai, runner, file).split('\n').slice(2, 5);
    expect(lines('vitest', 'test/toolscore.test.ts')).toEqual([
      '// should make below, then run',
      '//   npx toolscore record -- npx vitest run test/toolscore.test.ts',
      '//   npx toolscore approve --all',
    ]);
    expect(lines('jest', 'spec/toolscore.test.mjs')[1]).toBe(
      '//   NODE_OPTIONS=--experimental-vm-modules npx toolscore record -- npx jest spec/toolscore.test.mjs',
    );
    expect(lines('node', 'test/toolscore.test.mjs')[1]).toBe(
      '//   npx toolscore record -- node --test test/toolscore.test.mjs',
    );
    expect(testFile(openai, 'vitest', 'test/toolscore.test.ts')).not.toContain('npm test');
  });

  test('the workflow runs the tests with CI set; Jest gets VM modules; no lockfile means npm install', () => {
    const workflow = parse(workflowFile({ testScript: 'vitest run', lockfile: true }, 'vitest'));
    const steps = workflow.jobs.test.steps;
    expect(steps.map((step: { run?: string }) => step.run).filter(Boolean)).toEqual(['npm ci', 'npm test']);
    expect(steps.at(-1).env).toEqual({ CI: 'true' });
    const jest = parse(workflowFile({ testScript: undefined, lockfile: false }, 'jest'));
    expect(jest.jobs.test.steps.slice(2).map((step: { run?: string }) => step.run)).toEqual([
      'npm install',
      'npx jest',
    ]);
    expect(jest.jobs.test.steps.at(-1).env).toEqual({ CI: 'true', NODE_OPTIONS: '--experimental-vm-modules' });
    expect(ciTestCommand({ testScript: undefined }, 'node')).toBe('node --test');
  });
});
