import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLI, childEnv, runCli, runProgram, useScratchFolder } from '../e2e/run-cli.js';

const scratch = useScratchFolder('toolscore-hostile-init-');

/** What a folder holds, every level, as sorted relative paths (folders end in /). */
function contents(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .map((entry) => {
      const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
      return entry.isDirectory() ? `${path}/` : path;
    })
    .sort();
}

/** A project folder `work/project` beside an `outside` folder, with a package.json. */
function project(): { work: string; root: string } {
  const work = scratch.fresh();
  const root = join(work, 'project');
  mkdirSync(root);
  mkdirSync(join(work, 'outside'));
  writeFileSync(join(root, 'package.json'), '{}');
  return { work, root };
}

describe('init writes only inside the project', () => {
  test('a dangling link test/toolscore.test.mjs → ../../outside/evil.mjs is refused; nothing is written anywhere', async () => {
    const { work, root } = project();
    mkdirSync(join(root, 'test'));
    symlinkSync('../../outside/evil.mjs', join(root, 'test', 'toolscore.test.mjs'));
    // Before the fix: exit 0, and the test was created as outside/evil.mjs.
    const run = await runCli(['init', '--yes'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolscore: test/toolscore.test.mjs: would be written to ${join(work, 'outside', 'evil.mjs')}, outside the project (${root}); nothing was written (give --dir an absolute path to put the test elsewhere on purpose)\n`,
    );
    expect(contents(join(work, 'outside'))).toEqual([]);
    expect(contents(root)).toEqual(['package.json', 'test/', 'test/toolscore.test.mjs']);
  });

  test('--dir ../x is refused; an absolute --dir is taken on purpose', async () => {
    const { work, root } = project();
    const run = await runCli(['init', '--yes', '--dir', '../x'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolscore: ../x/toolscore.test.mjs: would be written to ${join(work, 'x', 'toolscore.test.mjs')}, outside the project (${root}); nothing was written (give --dir an absolute path to put the test elsewhere on purpose)\n`,
    );
    expect(existsSync(join(work, 'x'))).toBe(false);
    expect(contents(root)).toEqual(['package.json']);

    const absolute = await runCli(['init', '--yes', '--no-ci', '--dir', join(work, 'outside')], { cwd: root });
    expect(absolute.code).toBe(0);
    expect(contents(join(work, 'outside'))).toEqual(['toolscore.test.mjs']);

    // So is an absolute TOOLSCORE_SNAPSHOT_DIR, which the snapshot store reads; a relative one going up is not.
    const snapshots = join(work, 'snapshots');
    const chosen = await runCli(['init', '--yes', '--no-ci', '--force'], {
      cwd: root,
      env: { TOOLSCORE_SNAPSHOT_DIR: snapshots },
    });
    expect(chosen.code).toBe(0);
    expect(contents(snapshots)).toEqual(['my_agent_calls_the_right_tools-6e5c03ae.json']);
    const upward = await runCli(['init', '--yes', '--no-ci', '--force'], {
      cwd: root,
      env: { TOOLSCORE_SNAPSHOT_DIR: '../up' },
    });
    expect(upward.code).toBe(2);
    expect(existsSync(join(work, 'up'))).toBe(false);
  });

  test('a folder in the way (.github is a file) is found before anything is written', async () => {
    const { root } = project();
    writeFileSync(join(root, '.github'), 'not a folder');
    // Before the fix: the test and the snapshot were written, then the workflow failed.
    const run = await runCli(['init', '--yes'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolscore: .github/workflows/toolscore.yml: ${join(root, '.github')} is a file, not a folder; nothing was written\n`,
    );
    expect(contents(root)).toEqual(['.github', 'package.json']);
  });

  test('a read-only .github is found before anything is written', async () => {
    const { work, root } = project();
    mkdirSync(join(root, '.github'), { mode: 0o555 });
    // Root may write anywhere, so as root (CI, containers) the CLI runs as nobody, in folders it may use.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const dir of [scratch.root(), work, root]) chmodSync(dir, 0o777);
    const run = asRoot
      ? await runProgram(
          'setpriv',
          ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, 'init', '--yes'],
          { cwd: root, env: childEnv() },
        )
      : await runCli(['init', '--yes'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('toolscore: .github/workflows/toolscore.yml: permission denied; nothing was written\n');
    expect(contents(root)).toEqual(['.github/', 'package.json']);
  });

  test('--force over a FIFO where the test goes is refused, not written through (it would wait for a reader)', async () => {
    const { root } = project();
    mkdirSync(join(root, 'test'));
    execFileSync('mkfifo', [join(root, 'test', 'toolscore.test.mjs')]);
    const run = await runCli(['init', '--yes', '--force'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: test/toolscore.test.mjs: is not a regular file (a FIFO, a device or a socket); nothing was written\n',
    );
    expect(contents(root)).toEqual(['package.json', 'test/', 'test/toolscore.test.mjs']);
  }, 40_000);
});

describe('init reads package.json as a regular file only', () => {
  const cases: [string, (path: string) => void, string][] = [
    ['a FIFO', (path) => execFileSync('mkfifo', [path]), 'is a FIFO (named pipe), expected a regular file'],
    ['a link to /dev/zero', (path) => symlinkSync('/dev/zero', path), 'is a character device, expected a regular file'],
    ['a folder', (path) => mkdirSync(path), 'is a directory, expected a JSON file'],
  ];
  for (const [what, make, reason] of cases) {
    test(`package.json as ${what}: a one-line error, exit 2, nothing written`, async () => {
      const root = scratch.fresh();
      make(join(root, 'package.json'));
      // Before the fix: the FIFO and /dev/zero hung init (killed here after 30 s); the folder crashed it.
      const run = await runCli(['init', '--yes'], { cwd: root });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`toolscore: ${join(root, 'package.json')}: ${reason}\n`);
      expect(contents(root).filter((path) => !path.startsWith('package.json'))).toEqual([]);
    }, 40_000);
  }
});

describe('init writes all its files or none', () => {
  afterEach(() => {
    vi.doUnmock('../../src/io/atomic-write.js');
    vi.resetModules();
  });

  test('a write failing after others were made: they and their new folders are removed, and an overwritten file comes back', async () => {
    const { root } = project();
    mkdirSync(join(root, 'test'));
    writeFileSync(join(root, 'test', 'toolscore.test.mjs'), 'the user’s own test');
    vi.resetModules();
    vi.doMock('../../src/io/atomic-write.js', async (original) => {
      const real = await original<typeof import('../../src/io/atomic-write.js')>();
      // The error class of the fresh module graph, the one init's code checks against.
      const { ToolscoreInputError } = await import('../../src/core/errors.js');
      return {
        ...real,
        // The workflow's write fails after the folders are made: a full disk, say.
        writeFileAtomic: async (path: string, text: string) => {
          if (path.endsWith('toolscore.yml')) {
            mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
            throw new ToolscoreInputError({ source: path }, 'cannot write file (ENOSPC: no space left on device)');
          }
          return real.writeFileAtomic(path, text);
        },
      };
    });
    const { runInit } = await import('../../src/cli/commands/init.js');
    const cwd = process.cwd();
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    process.chdir(root);
    try {
      await expect(runInit({ yes: true, ci: true, force: true })).rejects.toThrow(
        `${join(root, '.github', 'workflows', 'toolscore.yml')}: cannot write file (ENOSPC: no space left on device); nothing was written (the files written before it were removed)`,
      );
    } finally {
      process.chdir(cwd);
      stdout.mockRestore();
    }
    expect(contents(root)).toEqual(['package.json', 'test/', 'test/toolscore.test.mjs']);
    expect(readFileSync(join(root, 'test', 'toolscore.test.mjs'), 'utf8')).toBe('the user’s own test');
  });
});
