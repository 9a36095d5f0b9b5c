import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ToolscoreInputError, describeType } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { readJsonFile } from '../../io/files.js';
import { GENERIC_STACK, STACKS, type Stack } from './stacks.js';

/** The test runners a generated test can be written for. */
export const RUNNERS = ['vitest', 'jest', 'node'] as const;
export type Runner = (typeof RUNNERS)[number];

/** What `toolscore init` found in a project folder. */
export interface Project {
  /** The stack, and the dependency that named it (undefined for generic). */
  stack: Stack;
  stackFrom: string | undefined;
  /** Other stacks' dependencies also present, in detection order. */
  alsoFound: string[];
  runner: Runner;
  /** Why this runner: a dependency, the test script, or the default. */
  runnerFrom: 'dependency' | 'test script' | 'default';
  /** tsconfig.json exists or typescript is a dependency. */
  typescript: boolean;
  /** The `test` script, when it is a real one (npm init's placeholder is not). */
  testScript: string | undefined;
  /** toolscore itself is a dependency (the generated test imports it). */
  listsToolscore: boolean;
  /** There is a package.json to read (without one, everything is the default). */
  hasPackageJson: boolean;
  /** package-lock.json exists, so CI can `npm ci` and cache. */
  lockfile: boolean;
}

/** The placeholder `npm init` writes, which fails rather than runs anything. */
const PLACEHOLDER_TEST = /no test specified/;

/**
 * The dependencies and devDependencies named in package.json (empty without one). It is read as a
 * regular file only: a FIFO or a link to /dev/zero would hang the read, a folder is no package.json.
 */
async function readPackage(root: string): Promise<{ names: Set<string>; test: string | undefined; found: boolean }> {
  const file = join(root, 'package.json');
  if (!existsSync(file)) return { names: new Set(), test: undefined, found: false };
  const data = await readJsonFile(file);
  if (!isObject(data))
    throw new ToolscoreInputError({ source: file, path: '$' }, `expected an object, got ${describeType(data)}`);
  const keys = (field: string): string[] => (isObject(data[field]) ? Object.keys(data[field]) : []);
  const names = new Set([...keys('dependencies'), ...keys('devDependencies'), ...keys('peerDependencies')]);
  const scripts = isObject(data.scripts) ? data.scripts : {};
  const test = typeof scripts.test === 'string' && !PLACEHOLDER_TEST.test(scripts.test) ? scripts.test : undefined;
  return { names, test, found: true };
}

/** The runner a project uses: vitest or jest among the dependencies, else named in the test script, else node:test. */
function detectRunner(names: Set<string>, test: string | undefined): Pick<Project, 'runner' | 'runnerFrom'> {
  if (names.has('vitest')) return { runner: 'vitest', runnerFrom: 'dependency' };
  if (names.has('jest')) return { runner: 'jest', runnerFrom: 'dependency' };
  if (test !== undefined && /\bvitest\b/.test(test)) return { runner: 'vitest', runnerFrom: 'test script' };
  if (test !== undefined && /\bjest\b/.test(test)) return { runner: 'jest', runnerFrom: 'test script' };
  if (test !== undefined && /node\b.*--test\b/.test(test)) return { runner: 'node', runnerFrom: 'test script' };
  return { runner: 'node', runnerFrom: 'default' };
}

/** Reads package.json (and the files beside it) in `root`: the agent stack, the test runner, TypeScript or not. */
export async function detectProject(root: string): Promise<Project> {
  const { names, test, found: hasPackageJson } = await readPackage(root);
  const found: { stack: Stack; from: string }[] = [];
  for (const stack of STACKS) {
    const from = stack.packages.find((name) => names.has(name));
    if (from !== undefined) found.push({ stack, from });
  }
  const [first, ...rest] = found;
  return {
    stack: first?.stack ?? GENERIC_STACK,
    stackFrom: first?.from,
    alsoFound: rest.map(({ from }) => from),
    ...detectRunner(names, test),
    typescript: existsSync(join(root, 'tsconfig.json')) || names.has('typescript'),
    testScript: test,
    listsToolscore: names.has('toolscore'),
    hasPackageJson,
    lockfile: existsSync(join(root, 'package-lock.json')),
  };
}
