import { execFile, execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolscoreInputError } from '../../src/core/errors.js';
import { writeFileAtomic, writeFileAtomicSync } from '../../src/io/atomic-write.js';
import { SnapshotStore, newSnapshotData } from '../../src/testing/snapshots/store.js';
import { EXAMPLES, runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Output paths that are not plain files. Every subprocess has a
 * timeout; the FIFO readers are `cat` with one too, so a write that never opens the pipe fails the
 * test instead of hanging it.
 */
const freshDir = useScratchFolder('toolscore-writes-').fresh;
const TIMEOUT = 15_000;

/** Starts `cat FIFO` (it blocks until a writer opens the pipe) and resolves with what it read. */
function readFifo(fifo: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile('cat', [fifo], { timeout: TIMEOUT }, (error, stdout) => (error ? fail(error) : done(stdout)));
  });
}

function makeFifo(dir: string, name = 'pipe'): string {
  const fifo = join(dir, name);
  execFileSync('mkfifo', [fifo], { timeout: TIMEOUT });
  return fifo;
}

/**
 * A character device like /dev/null (major 1, minor 3) in a scratch folder. The real /dev/null is not
 * used: a regression would replace it for every process on the machine (the tests run as root, who can).
 */
function makeNullDevice(dir: string): string {
  const device = join(dir, 'null');
  execFileSync('mknod', ['-m', '666', device, 'c', '1', '3'], { timeout: TIMEOUT });
  return device;
}

describe('writeFileAtomic writes through devices and FIFOs and replaces the target of a symbolic link', () => {
  it('writes into a FIFO, which stays a FIFO', async () => {
    const dir = freshDir();
    const fifo = makeFifo(dir);
    const read = readFifo(fifo);
    await writeFileAtomic(fifo, '{"score": 1}\n');
    expect(await read).toBe('{"score": 1}\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('writes into a null device, which stays a character device', async () => {
    const dir = freshDir();
    const device = makeNullDevice(dir);
    await writeFileAtomic(device, 'report\n');
    writeFileAtomicSync(device, 'snapshot\n');
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['null']);
  });

  it('replaces the target of a symbolic link in another folder, keeping the link, with the temporary file beside the target', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'reports'));
    mkdirSync(join(dir, 'store'));
    writeFileSync(join(dir, 'store/report.json'), 'old\n');
    symlinkSync('../store/report.json', join(dir, 'reports/latest.json'));
    await writeFileAtomic(join(dir, 'reports/latest.json'), 'new\n');
    expect(lstatSync(join(dir, 'reports/latest.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'reports/latest.json'))).toBe('../store/report.json');
    expect(readFileSync(join(dir, 'store/report.json'), 'utf8')).toBe('new\n');
    expect([readdirSync(join(dir, 'reports')), readdirSync(join(dir, 'store'))]).toEqual([['latest.json'], ['report.json']]);
  });

  it('creates the missing target of a dangling link instead of replacing the link', async () => {
    const dir = freshDir();
    symlinkSync('out/report.json', join(dir, 'link.json'));
    await writeFileAtomic(join(dir, 'link.json'), 'first\n');
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'out/report.json'), 'utf8')).toBe('first\n');
  });

  it('refuses a loop of links with one line, leaving both links', async () => {
    const dir = freshDir();
    symlinkSync('b', join(dir, 'a'));
    symlinkSync('a', join(dir, 'b'));
    const error = await writeFileAtomic(join(dir, 'a'), 'x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).toBe(`${join(dir, 'a')}: too many symbolic links (more than 40)`);
    expect([lstatSync(join(dir, 'a')).isSymbolicLink(), lstatSync(join(dir, 'b')).isSymbolicLink()]).toEqual([true, true]);
  });

  it('any chain of relative and absolute links: every link stays, the last target holds the text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), fc.boolean(), async (absolute, targetExists) => {
        const dir = freshDir();
        const names = absolute.map((_, index) => `link-${index}`);
        if (targetExists) writeFileSync(join(dir, 'target.txt'), 'old');
        absolute.forEach((isAbsolute, index) => {
          const next = index + 1 < names.length ? names[index + 1]! : 'target.txt';
          symlinkSync(isAbsolute ? join(dir, next) : next, join(dir, names[index]!));
        });
        await writeFileAtomic(join(dir, names[0]!), 'new');
        for (const name of names) expect(lstatSync(join(dir, name)).isSymbolicLink()).toBe(true);
        expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toBe('new');
        expect(readdirSync(dir).sort()).toEqual([...names, 'target.txt'].sort());
      }),
      { numRuns: 25 },
    );
  });

  it('a snapshot file that is a link keeps the link when the snapshot is saved', () => {
    const dir = freshDir();
    const store = new SnapshotStore(join(dir, 'snapshots'));
    const file = store.save(newSnapshotData('books a flight', [{ tool: 'search', args: {} }], { approved: false, source: 'trace' }));
    writeFileSync(join(dir, 'kept.json'), readFileSync(file));
    execFileSync('ln', ['-sf', join(dir, 'kept.json'), file], { timeout: TIMEOUT });
    store.approve('books a flight');
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect((JSON.parse(readFileSync(join(dir, 'kept.json'), 'utf8')) as { approved: boolean }).approved).toBe(true);
  });
});

describe('toolscore eval writes reports through devices, FIFOs and links', { timeout: 60_000 }, () => {
  it('-o and --junit on a null device (as /dev/null) leave it a character device', async () => {
    const dir = freshDir();
    const device = makeNullDevice(dir);
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', device, '--junit', device], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`JSON report: ${device}\nJUnit report: ${device}\n`);
    expect(statSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['null']);
  });

  it('--csv into a FIFO sends the report to its reader', async () => {
    const dir = freshDir();
    const fifo = makeFifo(dir);
    const read = readFifo(fifo);
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--csv', fifo], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect((await read).split('\r\n')[0]).toBe('category,metric,value');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('-o through a link updates the target and keeps the link', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'old.json'), '{}');
    symlinkSync('old.json', join(dir, 'report.json'));
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', 'report.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(readlinkSync(join(dir, 'report.json'))).toBe('old.json');
    expect((JSON.parse(readFileSync(join(dir, 'old.json'), 'utf8')) as { summary: { score: number } }).summary.score).toBe(0.835);
  });
});
