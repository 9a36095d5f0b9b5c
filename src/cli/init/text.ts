/* Every sentence `toolscore init` prints. */
import type { Project } from './project.js';

/** What was detected, one line each: `agent stack: OpenAI SDK (from the dependency openai)`. */
export function initDetectedText(found: {
  stack: string;
  stackFrom: string | undefined;
  chosen: boolean;
  alsoFound: readonly string[];
  runner: string;
  runnerFrom: Project['runnerFrom'];
  runnerChosen: boolean;
  language: 'TypeScript' | 'JavaScript';
}): string[] {
  const stackWhy = found.chosen
    ? 'as chosen'
    : found.stackFrom !== undefined
      ? `from the dependency ${found.stackFrom}`
      : 'no known agent library among the dependencies';
  const runnerWhy = found.runnerChosen
    ? 'as chosen'
    : {
        dependency: 'from the dependencies',
        'test script': 'from the test script',
        default: 'no Vitest or Jest found',
      }[found.runnerFrom];
  const runnerName = found.runner === 'node' ? 'node:test' : found.runner === 'vitest' ? 'Vitest' : 'Jest';
  return [
    `agent stack: ${found.stack} (${stackWhy})`,
    ...(found.alsoFound.length > 0 && !found.chosen
      ? [`  also found: ${found.alsoFound.join(', ')} (choose another with --framework)`]
      : []),
    `test runner: ${runnerName} (${runnerWhy})`,
    `language:    ${found.language}`,
  ];
}

/** Why a TypeScript project gets an .mjs test. */
export function initMjsText(runner: string): string {
  return runner === 'jest'
    ? 'the test is .mjs: Jest reads the toolscore matchers in its ESM mode, where .ts would need a TypeScript transform'
    : 'the test is .mjs: node --test on Node 20 runs no TypeScript';
}

/** One written file. */
export function initWroteText(file: string, what: string): string {
  return `wrote ${file}  (${what})`;
}

/** What each written file is. */
export const INIT_FILE_ROLES = {
  test: 'the first test, passing against a recorded response',
  snapshot: 'its approved snapshot, replayed as the gold standard',
  workflow: 'GitHub Actions: the tests, replaying snapshots',
} as const;

/** Said when package.json does not list toolscore, which the test imports. */
export const INIT_INSTALL =
  'toolscore is not in package.json yet; the test imports it: npm install --save-dev toolscore';

/** Said when there is no package.json at all: the test needs a project that installs toolscore. */
export const INIT_NO_PACKAGE =
  'there is no package.json here, so everything above is a default; make one and install toolscore: npm init -y && npm install --save-dev toolscore';

/** The next command to run. */
export function initNextText(command: string): string[] {
  return ['', `next: ${command}`, 'then put your own agent call in myAgent (the comment there shows where)'];
}

/** The files that are already there, one line each, then what to do. */
export function initExistingText(files: readonly string[]): string[] {
  return [
    ...files.map((file) => `toolscore: ${file} already exists`),
    'toolscore: nothing was written; pass --force to overwrite these files',
  ];
}

/** A value of --framework or --runner that is not known. */
export function initUnknownText(value: string, known: readonly string[], suggestion: string | undefined): string {
  const hint = suggestion !== undefined ? `; did you mean ${JSON.stringify(suggestion)}?` : '';
  return `unknown value ${JSON.stringify(value)}${hint} (one of: ${known.join(', ')})`;
}

/** The questions were ended with Ctrl+C or Ctrl+D. */
export const INIT_CANCELLED = 'toolscore: cancelled; nothing was written';

/** The question asked on a terminal; Enter takes the default. */
export function initQuestionText(what: string, known: readonly string[], fallback: string): string {
  return `${what} (${known.join(', ')}) [${fallback}]: `;
}

/** A file init would write that ends up outside the project (a relative --dir going up, or a symbolic link). */
export function initOutsideText(target: string, root: string): string {
  return `would be written to ${target}, outside the project (${root}); nothing was written (give --dir an absolute path to put the test elsewhere on purpose)`;
}

/** A file init could not write; what it had written before is removed. */
export function initWriteFailedText(reason: string): string {
  return `${reason}; nothing was written (the files written before it were removed)`;
}

/** A file init cannot write, found before anything is written. */
export function initUnwritableText(reason: string): string {
  return `${reason}; nothing was written`;
}
