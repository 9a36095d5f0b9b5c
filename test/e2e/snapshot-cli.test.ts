import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportChat } from '../conversation-fixtures.js';
import { runCli, useScratchFolder } from './run-cli.js';

/*
 * The snapshot commands' exit codes, as in the Python tool (reference §12): a name that matches no
 * snapshot is 1, `record --from-trace` over an existing snapshot is 1 unless --update, which
 * re-records it and approves it.
 */
const freshDir = useScratchFolder('toolscore-snapshot-cli-').fresh;

/** A folder with a trace of two calls and a snapshot folder. */
function project(): { dir: string; trace: string; snapshots: string } {
  const dir = freshDir();
  const trace = join(dir, 'trace.json');
  writeFileSync(
    trace,
    JSON.stringify([
      { tool: 'search_flights', args: { destination: 'NYC' } },
      { tool: 'book_flight', args: { flight_id: 'FL-1' } },
    ]),
  );
  return { dir, trace, snapshots: join(dir, 'snapshots') };
}

interface Stored {
  approved: boolean;
  created_at: string;
  calls: { tool: string; args: Record<string, unknown> }[];
}

describe('toolscore record --from-trace over an existing snapshot', () => {
  it('keeps an approved snapshot and exits 1 naming it, even with CI=true; --update re-records and approves it', async () => {
    const { dir, trace, snapshots } = project();
    // A local run unless the test says CI: this suite itself may run under CI=true.
    const record = (extra: string[] = [], env: Record<string, string> = { CI: '' }) =>
      runCli(['record', '--from-trace', trace, '--name', 'books', '--dir', snapshots, ...extra], { cwd: dir, env });
    const first = await record();
    expect(first.code, first.stderr).toBe(0);
    const file = first.stdout.match(/\(2 calls, (.+)\), pending approval/)![1]!;
    expect(first.stdout).toBe(`recorded books (2 calls, ${file}), pending approval: toolscore approve "books"\n`);
    expect((await runCli(['approve', 'books', '--dir', snapshots], { cwd: dir, env: { CI: '' } })).code).toBe(0);
    const approved = readFileSync(file, 'utf8');

    for (const env of [{ CI: '' }, { CI: 'true' }] as Record<string, string>[]) {
      const again = await record([], env);
      expect(again.code).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr).toBe(
        `toolscore: snapshot "books" already exists (${file}); nothing written: pass --update to re-record it and approve it\n`,
      );
      expect(readFileSync(file, 'utf8')).toBe(approved);
    }

    writeFileSync(trace, JSON.stringify([{ tool: 'search_flights', args: { destination: 'LA' } }]));
    const updated = await record(['--update']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toBe(`re-recorded and approved books (1 call, ${file})\n`);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    expect([stored.approved, stored.calls, stored.created_at]).toEqual([
      true,
      [{ tool: 'search_flights', args: { destination: 'LA' } }],
      (JSON.parse(approved) as Stored).created_at,
    ]);
  });

  it('--update in CI writes nothing and exits 1, as an update flag does in test runs', async () => {
    const { dir, trace, snapshots } = project();
    const run = await runCli(['record', '--from-trace', trace, '--name', 'books', '--dir', snapshots, '--update'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^toolscore: snapshot "books": an update or record flag is set, but in CI snapshots are never written; .*\n$/,
    );
    expect((await runCli(['snapshots', 'list', '--dir', snapshots], { cwd: dir })).stdout).toBe(
      `no snapshots in ${snapshots}\n`,
    );
  });

  it('record --update -- CMD runs CMD with TOOLSCORE_UPDATE=1', async () => {
    const { dir, snapshots } = project();
    const script = 'process.stdout.write(`${process.env.TOOLSCORE_RECORD} ${process.env.TOOLSCORE_UPDATE}\\n`)';
    const run = await runCli(['record', '--update', '--dir', snapshots, '--', process.execPath, '-e', script], {
      cwd: dir,
      env: { TOOLSCORE_UPDATE: '' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('1 1\ntoolscore: no snapshots checked\n');
  });
});

describe('an unknown snapshot name exits 1 and changes nothing', () => {
  it('approve, snapshots show and snapshots rm', async () => {
    const { dir, trace, snapshots } = project();
    await runCli(['record', '--from-trace', trace, '--name', 'books', '--dir', snapshots], { cwd: dir });
    for (const args of [
      ['approve', 'books', 'nope'],
      ['snapshots', 'show', 'nope'],
      ['snapshots', 'rm', 'nope', '--yes'],
    ]) {
      const run = await runCli([...args, '--dir', snapshots], { cwd: dir });
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toBe(`toolscore: ${snapshots}: no snapshot named "nope"\n`);
      expect(run.stdout).toBe('');
    }
    // The known name given beside the unknown one was not approved.
    expect((await runCli(['snapshots', 'list', '--dir', snapshots], { cwd: dir })).stdout).toMatch(
      /^pending {3}books {2}\(2 calls, /,
    );
  });

  it('--help of approve and snapshots show lists the exit codes', async () => {
    for (const args of [
      ['approve', '--help'],
      ['snapshots', 'show', '--help'],
      ['record', '--help'],
    ]) {
      const run = await runCli(args);
      expect(run.stdout).toContain(
        '\nExit codes:\n  0  done\n  1  no snapshot has that name, and nothing was changed;',
      );
    }
  });
});

describe('a conversation through the snapshot commands', () => {
  it('record --from-trace stores its turns; list counts them; show prints each turn; approve keeps them', async () => {
    const { dir, snapshots } = project();
    const chat = join(dir, 'chat.json');
    writeFileSync(chat, JSON.stringify(supportChat));
    const recorded = await runCli(['record', '--from-trace', chat, '--name', 'support', '--dir', snapshots], {
      cwd: dir,
    });
    expect(recorded.code, recorded.stderr).toBe(0);
    const file = recorded.stdout.match(/\(2 calls in 3 turns, (.*)\), pending approval/)?.[1];
    expect(file, recorded.stdout).toBeDefined();
    const list = await runCli(['snapshots', 'list', '--dir', snapshots], { cwd: dir });
    expect(list.stdout).toBe(`pending   support  (2 calls in 3 turns, ${file})\n`);
    const shown = await runCli(['snapshots', 'show', 'support', '--dir', snapshots], { cwd: dir });
    // Written by reading the chat: get_order after the first message, refund_order after the second, none after "Thanks!".
    expect(shown.stdout.slice(shown.stdout.indexOf('  turn 1'))).toBe(
      [
        '  turn 1: user "Where is order 7?"',
        '    [',
        '      {',
        '        "tool": "get_order",',
        '        "args": {',
        '          "id": 7',
        '        }',
        '      }',
        '    ]',
        '  turn 2: user "Please refund it"',
        '    [',
        '      {',
        '        "tool": "refund_order",',
        '        "args": {',
        '          "id": 7',
        '        }',
        '      }',
        '    ]',
        '  turn 3: user "Thanks!" (no calls)',
        '',
      ].join('\n'),
    );
    const before = JSON.parse(readFileSync(file!, 'utf8'));
    expect((await runCli(['approve', 'support', '--dir', snapshots], { cwd: dir })).code).toBe(0);
    const after = JSON.parse(readFileSync(file!, 'utf8'));
    expect(after).toEqual({ ...before, approved: true, updated_at: after.updated_at });
    expect(after.schema_version).toBe(2);
    expect(after.turns.map((turn: { calls: unknown[] }) => turn.calls.length)).toEqual([1, 1, 0]);
  });
});
