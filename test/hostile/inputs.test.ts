import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { EXAMPLES, runCli, useScratchFolder } from '../e2e/run-cli.js';

// Every run goes through the built CLI (npm run build), each bounded by runProgram's 30 s timeout.
const scratch = useScratchFolder('toolscore-hostile-inputs-');
const { gold, trace } = EXAMPLES;

/** A named pipe nobody writes to: reading it would wait for ever. */
function fifo(dir: string, name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path], { timeout: 5_000 });
  return path;
}

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A listening Unix socket file (no network). */
async function socketFile(dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  const server = createServer();
  servers.push(server);
  await new Promise<void>((done) => server.listen(path, done));
  return path;
}

describe('inputs that are not regular files are refused with one line and exit 2', () => {
  test('/dev/zero as the trace (it never ends)', async () => {
    const run = await runCli(['eval', gold, '/dev/zero'], { cwd: scratch.fresh() });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolscore: /dev/zero: is a character device, expected a regular file\n',
    });
  });

  test('a .jsonl symbolic link to /dev/zero, as the trace and as the gold file', async () => {
    const dir = scratch.fresh();
    const link = join(dir, 'trace.jsonl');
    symlinkSync('/dev/zero', link);
    expect(await runCli(['eval', gold, link], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${link}: is a character device, expected a regular file\n`,
    });
    expect(await runCli(['eval', link, trace], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${link}: is a character device, expected a regular file\n`,
    });
  });

  test('a FIFO as the gold file, the trace, the forbidden rules and the tool catalogue (nobody writes to it)', async () => {
    const dir = scratch.fresh();
    const pipe = fifo(dir, 'pipe.json');
    const refused = `toolscore: ${pipe}: is a FIFO (named pipe), expected a regular file\n`;
    for (const args of [
      [pipe, trace],
      [gold, pipe],
      [gold, trace, '--forbidden', pipe],
      [gold, trace, '--tools', pipe],
    ]) {
      expect(await runCli(['eval', ...args], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: refused });
    }
    expect(await runCli(['validate', pipe], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: refused });
  });

  test('a Unix socket as the trace', async () => {
    const dir = scratch.fresh();
    const socket = await socketFile(dir, 'trace.jsonl');
    expect(await runCli(['eval', gold, socket], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${socket}: is a socket, expected a regular file\n`,
    });
  });
});

describe('a JSON Lines line past --max-line-bytes', () => {
  const call = (value: string) => JSON.stringify({ tool: 'get_weather', args: { city: value } });

  test('is refused at its line number before it is read whole, with exit 2', async () => {
    const dir = scratch.fresh();
    const path = join(dir, 'trace.jsonl');
    // Line 2 is 141 bytes with its CR; lines 1 and 3 are 47 and 46.
    writeFileSync(path, `${call('Lisbon')}\n${call('x'.repeat(99))}\r\n${call('Porto')}\n`);
    expect(await runCli(['eval', gold, path, '--max-line-bytes', '100'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${path}:2: line longer than 100 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended\n`,
    });
  });

  test('a line of exactly the limit is read (the CR of a CRLF break counts, the LF does not)', async () => {
    const dir = scratch.fresh();
    const path = join(dir, 'trace.jsonl');
    const line = call('x'.repeat(58));
    expect(Buffer.byteLength(line)).toBe(99);
    writeFileSync(path, `${line}\r\n`);
    const run = await runCli(['eval', gold, path, '--max-line-bytes', '100'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'toolscore.json'), 'utf8')).summary.trace_calls_count).toBe(1);
    expect((await runCli(['eval', gold, path, '--max-line-bytes', '99'], { cwd: dir })).stderr).toBe(
      `toolscore: ${path}:1: line longer than 99 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended\n`,
    );
  });

  test('--max-line-bytes 0 is a usage error', async () => {
    const run = await runCli(['eval', gold, trace, '--max-line-bytes', '0'], { cwd: scratch.fresh() });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolscore: limits at maxLineBytes: expected a positive whole number\n',
    });
  });
});
