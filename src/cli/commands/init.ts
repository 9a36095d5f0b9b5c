import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readFileSync,
  realpathSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ToolscoreInputError } from '../../core/errors.js';
import { closestName } from '../../core/spelling.js';
import { autoExtract } from '../../formats/auto.js';
import { followLinks, writeFileAtomic } from '../../io/atomic-write.js';
import { displayText } from '../../reports/text.js';
import { recordedSnapshot } from '../../testing/snapshots/recorded-calls.js';
import { SnapshotStore, newSnapshotData } from '../../testing/snapshots/store.js';
import {
  INIT_CANCELLED,
  INIT_FILE_ROLES,
  INIT_INSTALL,
  INIT_NO_PACKAGE,
  initDetectedText,
  initExistingText,
  initMjsText,
  initNextText,
  initOutsideText,
  initQuestionText,
  initUnknownText,
  initUnwritableText,
  initWriteFailedText,
  initWroteText,
} from '../init/text.js';
import { detectProject, RUNNERS, type Runner } from '../init/project.js';
import { STACKS, type Stack } from '../init/stacks.js';
import { runCommand, TEST_NAME, testExtension, testFile, workflowFile } from '../init/templates.js';

/** Flags of `toolscore init`. */
export interface InitFlags {
  framework?: string;
  runner?: string;
  dir?: string;
  yes?: boolean;
  /** False with --no-ci: no workflow is written. */
  ci: boolean;
  force?: boolean;
}

const STACK_IDS = STACKS.map((stack) => stack.id);

/** The stack a --framework value (an id, or one of its package names) names, or a usage error. */
function stackNamed(value: string, source: string): Stack {
  const lower = value.toLowerCase();
  const stack = STACKS.find((candidate) => candidate.id === lower || candidate.packages.includes(lower));
  if (stack !== undefined) return stack;
  throw new ToolscoreInputError({ source }, initUnknownText(value, STACK_IDS, closestName(value, STACK_IDS)));
}

/** The runner a --runner value names, or a usage error. */
function runnerNamed(value: string, source: string): Runner {
  const lower = value.toLowerCase();
  const runner = RUNNERS.find((candidate) => candidate === lower || (candidate === 'node' && lower === 'node:test'));
  if (runner !== undefined) return runner;
  throw new ToolscoreInputError({ source }, initUnknownText(value, RUNNERS, closestName(value, RUNNERS)));
}

/** Asks until the answer names a known value; Enter takes the default. */
async function ask<T>(
  prompt: ReturnType<typeof createInterface>,
  signal: AbortSignal,
  what: string,
  known: readonly string[],
  fallback: string,
  parse: (value: string, source: string) => T,
): Promise<T> {
  for (;;) {
    const answer = (await prompt.question(initQuestionText(what, known, fallback), { signal })).trim();
    try {
      return parse(answer === '' ? fallback : answer, what);
    } catch (error) {
      if (!(error instanceof ToolscoreInputError)) throw error;
      process.stderr.write(`${displayText(error.message)}\n`);
    }
  }
}

/** The folder the test goes in by default: test/ or tests/ when there is one, else test/. */
function defaultTestDir(root: string): string {
  return ['test', 'tests', '__tests__'].find((dir) => existsSync(join(root, dir))) ?? 'test';
}

/** One file init writes: where it is named, where it really lands, and the folders to be made for it. */
interface PlannedFile {
  path: string;
  text: string;
  role: keyof typeof INIT_FILE_ROLES;
  /** The path with its symbolic links (its own and its folders') followed. */
  target: string;
  /** Folders that do not exist yet, outermost first. */
  newFolders: string[];
}

/** Where `path` lands once every symbolic link on the way is followed, and the folders to be made for it. */
function landing(path: string): { target: string; newFolders: string[] } {
  const followed = followLinks(path);
  const missing: string[] = [];
  let folder = dirname(followed);
  while (!entryExists(folder) && dirname(folder) !== folder) {
    missing.unshift(basename(folder));
    folder = dirname(folder);
  }
  // A dangling link among the folders counts as the place it points to.
  let real = existsSync(folder) ? realpathSync(folder) : followLinks(folder);
  const newFolders: string[] = [];
  for (const name of missing) {
    real = join(real, name);
    newFolders.push(real);
  }
  return { target: join(real, basename(followed)), newFolders };
}

/** Whether there is anything at `path`, a dangling link included. */
function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` is `root` or inside it. */
function isInside(path: string, root: string): boolean {
  const from = relative(root, path);
  return from === '' || (!from.startsWith('..') && !isAbsolute(from));
}

/**
 * Why a file could not be written there, found before anything is written: a folder in the way that
 * is a file, a target that is a folder, or no permission. Undefined when it can be written.
 */
function unwritable(file: PlannedFile): string | undefined {
  const closest = file.newFolders.length > 0 ? dirname(file.newFolders[0]!) : dirname(file.target);
  try {
    if (!statSync(closest).isDirectory()) return `${closest} is a file, not a folder`;
    accessSync(closest, constants.W_OK);
    if (existsSync(file.target)) {
      const entry = statSync(file.target);
      if (entry.isDirectory()) return 'is a directory, expected a file path';
      // A FIFO would be written through and wait for a reader; a device is no file of a project.
      if (!entry.isFile()) return 'is not a regular file (a FIFO, a device or a socket)';
      accessSync(file.target, constants.W_OK);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'permission denied'
      : `cannot write file (${(error as Error).message})`;
  }
  return undefined;
}

/**
 * Writes every file or none: on a failure, the files written so far are put back as they were (or
 * removed) and the folders made for them are removed, then the error is thrown.
 */
async function writeAll(files: readonly PlannedFile[]): Promise<void> {
  const done: { file: PlannedFile; before: string | undefined }[] = [];
  const madeFolders: string[] = [];
  try {
    for (const file of files) {
      for (const folder of file.newFolders) if (!existsSync(folder)) madeFolders.push(folder);
      const before = existsSync(file.target) ? readFileSync(file.target, 'utf8') : undefined;
      await writeFileAtomic(file.target, file.text);
      done.push({ file, before });
    }
  } catch (error) {
    for (const { file, before } of done.reverse()) {
      if (before === undefined) rmSync(file.target, { force: true });
      else await writeFileAtomic(file.target, before);
    }
    for (const folder of madeFolders.reverse()) {
      try {
        rmdirSync(folder);
      } catch {
        // Not empty (or already gone): something else is in it.
      }
    }
    if (!(error instanceof ToolscoreInputError)) throw error;
    throw new ToolscoreInputError(error.location, initWriteFailedText(error.reason));
  }
}

/**
 * `toolscore init`: detects the project's agent stack and test runner from package.json and writes a
 * first test that passes against a recorded response of that stack, its approved snapshot, and a
 * GitHub Actions workflow that replays snapshots. Never overwrites without --force (exit 1, naming the
 * files); asks only on a terminal, and not with --yes.
 */
export async function runInit(flags: InitFlags): Promise<number> {
  const root = process.cwd();
  const chosenStack = flags.framework !== undefined ? stackNamed(flags.framework, '--framework') : undefined;
  const chosenRunner = flags.runner !== undefined ? runnerNamed(flags.runner, '--runner') : undefined;
  const project = await detectProject(root);
  let stack = chosenStack ?? project.stack;
  let runner = chosenRunner ?? project.runner;
  let asked = false;
  if (!flags.yes && process.stdin.isTTY === true && process.stdout.isTTY === true) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    // Ctrl+C ends the questions as Ctrl+D does: the pending question rejects with an AbortError.
    const cancel = new AbortController();
    prompt.on('SIGINT', () => cancel.abort());
    try {
      if (chosenStack === undefined)
        stack = await ask(prompt, cancel.signal, 'agent stack', STACK_IDS, stack.id, stackNamed);
      if (chosenRunner === undefined)
        runner = await ask(prompt, cancel.signal, 'test runner', RUNNERS, runner, runnerNamed);
      asked = true;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
      process.stderr.write(`\n${INIT_CANCELLED}\n`);
      return 1;
    } finally {
      prompt.close();
    }
  }

  const extension = testExtension(project, runner);
  const testPath = join(flags.dir ?? defaultTestDir(root), `toolscore.test${extension}`);
  const snapshotPath = relative(root, new SnapshotStore().pathOf(TEST_NAME));
  const snapshot = newSnapshotData(TEST_NAME, recordedSnapshot(autoExtract(stack.recorded, 'actual')), {
    approved: true,
    source: 'init',
  });
  const wanted: { path: string; text: string; role: keyof typeof INIT_FILE_ROLES }[] = [
    { path: testPath, text: testFile(stack, runner, testPath), role: 'test' },
    { path: snapshotPath, text: `${JSON.stringify(snapshot, null, 2)}\n`, role: 'snapshot' },
    ...(flags.ci
      ? [
          {
            path: join('.github', 'workflows', 'toolscore.yml'),
            text: workflowFile(project, runner),
            role: 'workflow' as const,
          },
        ]
      : []),
  ];

  // Every file lands inside the project (a relative --dir going up, or a link leading out, is refused);
  // an absolute --dir (or TOOLSCORE_SNAPSHOT_DIR, which the snapshot store reads) is the user's choice.
  const realRoot = realpathSync(root);
  const files: PlannedFile[] = wanted.map((file) => ({ ...file, ...landing(resolve(root, file.path)) }));
  const chosenFolder = { test: flags.dir, snapshot: process.env.TOOLSCORE_SNAPSHOT_DIR, workflow: undefined };
  for (const file of files) {
    const folder = chosenFolder[file.role];
    const chosenElsewhere = folder !== undefined && isAbsolute(folder);
    if (!chosenElsewhere && !isInside(file.target, realRoot))
      throw new ToolscoreInputError({ source: file.path }, initOutsideText(file.target, realRoot));
  }
  const existing = files.filter((file) => existsSync(file.target)).map((file) => file.path);
  if (existing.length > 0 && !flags.force) {
    process.stderr.write(`${initExistingText(existing.map(displayText)).join('\n')}\n`);
    return 1;
  }

  for (const file of files) {
    const problem = unwritable(file);
    if (problem !== undefined) throw new ToolscoreInputError({ source: file.path }, initUnwritableText(problem));
  }

  const lines = initDetectedText({
    stack: stack.label,
    stackFrom: project.stackFrom,
    chosen: chosenStack !== undefined || (asked && stack !== project.stack),
    alsoFound: project.alsoFound,
    runner,
    runnerFrom: project.runnerFrom,
    runnerChosen: chosenRunner !== undefined || (asked && runner !== project.runner),
    language: project.typescript ? 'TypeScript' : 'JavaScript',
  });
  if (project.typescript && extension === '.mjs') lines.push(`  ${initMjsText(runner)}`);
  lines.push('');
  await writeAll(files);
  for (const file of files) lines.push(initWroteText(file.path, INIT_FILE_ROLES[file.role]));
  if (!project.hasPackageJson) lines.push('', INIT_NO_PACKAGE);
  else if (!project.listsToolscore) lines.push('', INIT_INSTALL);
  lines.push(...initNextText(runCommand(runner, testPath)));
  process.stdout.write(`${lines.map((line) => displayText(line)).join('\n')}\n`);
  return 0;
}
