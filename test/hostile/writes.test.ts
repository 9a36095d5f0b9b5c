import { execFile, execFileSync } from 'node:child_process';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolscoreInputError } from '../../src/core/errors.js';
import { writeFileAtomic, writeFileAtomicSync } from '../../src/io/atomic-write.js';
import { SnapshotStore, newSnapshotData } from '../../src/testing/snapshots/store.js';
import { EXAMPLES, runCli, type Run, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Output paths that are not plain files, and output paths that name an input. Every subprocess has a
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

/** The input error of a CLI run: exit 2, one line naming what is wrong. */
function expectRefused(run: Run, line: string): void {
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr).toBe(`${line}\n`);
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
    expect([readdirSync(join(dir, 'reports')), readdirSync(join(dir, 'store'))]).toEqual([
      ['latest.json'],
      ['report.json'],
    ]);
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
    expect([lstatSync(join(dir, 'a')).isSymbolicLink(), lstatSync(join(dir, 'b')).isSymbolicLink()]).toEqual([
      true,
      true,
    ]);
  });

  it('any chain of relative and absolute links: every link stays, the last target holds the text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (absolute, targetExists) => {
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
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a snapshot file that is a link keeps the link when the snapshot is saved', () => {
    const dir = freshDir();
    const store = new SnapshotStore(join(dir, 'snapshots'));
    const file = store.save(
      newSnapshotData(
        'books a flight',
        { calls: [{ tool: 'search', args: {} }] },
        { approved: false, source: 'trace' },
      ),
    );
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
    expect(
      (JSON.parse(readFileSync(join(dir, 'old.json'), 'utf8')) as { summary: { score: number } }).summary.score,
    ).toBe(0.835);
  });
});

describe('no output of a run may be one of its inputs', { timeout: 60_000 }, () => {
  it('eval refuses -o on the --db SQLite file, the rules, the tool catalogue and a hard link to the gold file, and writes nothing', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'app.db'), 'SQLite format 3\u0000 rows');
    writeFileSync(join(dir, 'tools.json'), '[]');
    writeFileSync(join(dir, 'gold.json'), readFileSync(EXAMPLES.gold));
    linkSync(join(dir, 'gold.json'), join(dir, 'gold-link.json'));
    const cases: [string[], string][] = [
      [
        ['-o', 'app.db', '--db', 'sqlite:app.db'],
        'toolscore: --output: "app.db" is the --db database; writing the report there would overwrite it',
      ],
      [
        ['--html', 'app.db', '--db', `sqlite:${join(dir, 'app.db')}`],
        'toolscore: --html: "app.db" is the --db database; writing the report there would overwrite it',
      ],
      [
        ['-o', 'rules.json', '--forbidden', 'rules.json'],
        'toolscore: --output: "rules.json" is the forbidden-rules file; writing the report there would overwrite it',
      ],
      [
        ['--csv', 'tools.json', '--tools', 'tools.json'],
        'toolscore: --csv: "tools.json" is the tool catalogue; writing the report there would overwrite it',
      ],
      [
        ['-o', 'gold-link.json'],
        'toolscore: --output: "gold-link.json" is the gold file; writing the report there would overwrite it',
      ],
    ];
    writeFileSync(join(dir, 'rules.json'), readFileSync(EXAMPLES.forbidden));
    for (const [flags, line] of cases)
      expectRefused(await runCli(['eval', join(dir, 'gold.json'), EXAMPLES.trace, ...flags], { cwd: dir }), line);
    expect(readFileSync(join(dir, 'app.db'), 'utf8')).toBe('SQLite format 3\u0000 rows');
    expect(readFileSync(join(dir, 'gold.json'), 'utf8')).toBe(readFileSync(EXAMPLES.gold, 'utf8'));
    expect(readdirSync(dir).sort()).toEqual(['app.db', 'gold-link.json', 'gold.json', 'rules.json', 'tools.json']);
  });

  it('eval --ci refuses a $GITHUB_STEP_SUMMARY that is an input or a report, before writing anything', async () => {
    const dir = freshDir();
    const gold = join(dir, 'gold.json');
    writeFileSync(gold, readFileSync(EXAMPLES.gold));
    expectRefused(
      await runCli(['eval', gold, EXAMPLES.trace, '--ci'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: gold } }),
      `toolscore: $GITHUB_STEP_SUMMARY: ${JSON.stringify(gold)} is the gold file; writing the job summary there would overwrite it`,
    );
    expectRefused(
      await runCli(['eval', gold, EXAMPLES.trace, '--ci', '-o', 'report.json'], {
        cwd: dir,
        env: { GITHUB_STEP_SUMMARY: join(dir, 'report.json') },
      }),
      `toolscore: $GITHUB_STEP_SUMMARY: ${JSON.stringify(join(dir, 'report.json'))} is also the --output report; each report needs a file of its own`,
    );
    expect(readFileSync(gold, 'utf8')).toBe(readFileSync(EXAMPLES.gold, 'utf8'));
    expect(readdirSync(dir)).toEqual(['gold.json']);
  });

  it('mcp record refuses -o on the server script or its --config file, before starting the server', async () => {
    const dir = freshDir();
    const script = 'process.stdout.write("started\\n");\n';
    writeFileSync(join(dir, 'server.mjs'), script);
    const config = JSON.stringify({ mcpServers: { notes: { command: 'node', args: ['server.mjs'], cwd: dir } } });
    writeFileSync(join(dir, 'mcp.json'), config);
    expectRefused(
      await runCli(['mcp', 'record', '-o', 'server.mjs', '--', 'node', 'server.mjs'], { cwd: dir }),
      'toolscore: --output: "server.mjs" is the server command\'s file; writing the session there would overwrite it',
    );
    expectRefused(
      await runCli(['mcp', 'record', '-o', join(dir, 'server.mjs'), '--config', join(dir, 'mcp.json')], {
        cwd: freshDir(),
      }),
      `toolscore: --output: ${JSON.stringify(join(dir, 'server.mjs'))} is the server command's file; writing the session there would overwrite it`,
    );
    expectRefused(
      await runCli(['mcp', 'record', '-o', 'mcp.json', '--config', 'mcp.json'], { cwd: dir }),
      'toolscore: --output: "mcp.json" is the --config file; writing the session there would overwrite it',
    );
    expect([readFileSync(join(dir, 'server.mjs'), 'utf8'), readFileSync(join(dir, 'mcp.json'), 'utf8')]).toEqual([
      script,
      config,
    ]);
  });

  it('mcp test --ci refuses a $GITHUB_STEP_SUMMARY that is the server script', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'server.mjs'), '// a server\n');
    expectRefused(
      await runCli(['mcp', 'test', '--ci', '--', 'node', 'server.mjs'], {
        cwd: dir,
        env: { GITHUB_STEP_SUMMARY: 'server.mjs' },
      }),
      'toolscore: $GITHUB_STEP_SUMMARY: "server.mjs" is the server command\'s file; writing the job summary there would overwrite it',
    );
    expect(readFileSync(join(dir, 'server.mjs'), 'utf8')).toBe('// a server\n');
  });

  it('record --from-trace refuses a trace that is the snapshot file itself', async () => {
    const dir = freshDir();
    const store = new SnapshotStore(join(dir, 'snapshots'));
    const file = store.save(
      newSnapshotData('a', { calls: [{ tool: 'search', args: {} }] }, { approved: true, source: 'trace' }),
    );
    const before = readFileSync(file, 'utf8');
    expectRefused(
      await runCli(['record', '--from-trace', file, '--name', 'a', '--dir', store.root], { cwd: dir }),
      `toolscore: --name: ${JSON.stringify(file)} is the trace file; writing the snapshot there would overwrite it`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
