import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type Run } from './run-cli.js';
import { RUNNER_TIMEOUT, makeProject, runNode, runVitest } from './runners/project.js';

/*
 * Record → approve → replay → drift, through the CLI and real Vitest runs of the fixture project's
 * snapshots.test.mjs (one snapshot by the matcher, one by the fixture). The agent goes to NYC unless
 * AGENT_DESTINATION says otherwise. Drifting to LA: selection 1, F1 2/3 (origin and flight_id right),
 * sequence 1, redundancy 0 ⇒ score 0.4 + 0.2 + 0.2 + 0.1 = 0.9 < 1.
 */
const MATCHER = 'snapshots.test.mjs > books a flight';
const FIXTURE = 'snapshots.test.mjs > books a flight through the fixture';

let project: string;
let snapshotDir: string;

/** `toolscore ARGS` in the project. */
function toolscore(args: readonly string[]): Promise<Run> {
  return runNode([CLI, ...args], project);
}
/** The snapshot tests of the project, in a Vitest run. */
function snapshots(env: Record<string, string> = {}, args: readonly string[] = []): Promise<Run> {
  return runVitest(project, ['snapshots', ...args], env);
}
/** Every snapshot file's name and content. */
function files(): Record<string, string> {
  if (!existsSync(snapshotDir)) return {};
  return Object.fromEntries(
    readdirSync(snapshotDir).map((name) => [name, readFileSync(join(snapshotDir, name), 'utf8')]),
  );
}
function fileOf(name: string): string {
  const found = Object.entries(files()).find(([, text]) => (JSON.parse(text) as { name: string }).name === name);
  if (!found) throw new Error(`no snapshot ${name}`);
  return join(snapshotDir, found[0]);
}
const output = (run: Run): string => run.stdout + run.stderr;

beforeAll(() => {
  project = makeProject(join(import.meta.dirname, 'runners/fixtures/vitest'));
  snapshotDir = join(project, '.toolscore/snapshots');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the snapshot cycle through the CLI and Vitest', { timeout: RUNNER_TIMEOUT }, () => {
  it('in CI, missing snapshots fail and nothing is written', async () => {
    const run = await snapshots({ CI: 'true' });
    expect(run.code).toBe(1);
    expect(output(run)).toContain(`snapshot "${MATCHER}" does not exist`);
    expect(output(run)).toContain('in CI snapshots are never created');
    expect(run.stdout).toContain('toolscore: 2 snapshots failed\n');
    expect(files()).toEqual({});
  });

  it('in CI, TOOLSCORE_UPDATE=1 and vitest -u fail and write nothing', async () => {
    for (const run of [
      await snapshots({ CI: 'true', TOOLSCORE_UPDATE: '1' }),
      await snapshots({ CI: 'true' }, ['-u']),
    ]) {
      expect(run.code).toBe(1);
      expect(output(run)).toContain(
        'in CI snapshots are never written; snapshots must be recorded and approved locally and committed',
      );
    }
    expect(files()).toEqual({});
  });

  it('a local run records both snapshots, pending approval, and passes with warnings', async () => {
    const run = await snapshots();
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout).toContain('toolscore: 2 snapshots created (pending approval)\n');
    expect(output(run)).toContain(`toolscore: snapshot "${MATCHER}" created at ${snapshotDir}/`);
    const data = JSON.parse(readFileSync(fileOf(MATCHER), 'utf8'));
    expect(data).toMatchObject({
      schema_version: 1,
      name: MATCHER,
      approved: false,
      source: 'vitest',
      calls: [
        { tool: 'search_flights', args: { origin: 'SFO', destination: 'NYC' } },
        { tool: 'book_flight', args: { flight_id: 'FL-1024' } },
      ],
    });
  });

  it('pending snapshots: warn locally, fail in CI, listed by the CLI', async () => {
    const local = await snapshots();
    expect(local.code).toBe(0);
    expect(local.stdout).toContain('toolscore: 2 snapshots pending approval\n');
    const ci = await snapshots({ CI: 'true' });
    expect(ci.code).toBe(1);
    expect(output(ci)).toContain('in CI only approved snapshots pass');
    const list = await toolscore(['snapshots', 'list', '--pending']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').filter(Boolean)).toEqual([
      `pending   ${MATCHER}  (2 calls, ${fileOf(MATCHER)})`,
      `pending   ${FIXTURE}  (2 calls, ${fileOf(FIXTURE)})`,
    ]);
  });

  it('approve NAME and --all, then every run replays, in CI too', async () => {
    const one = await toolscore(['approve', MATCHER]);
    expect(one.stdout).toBe(`approved ${MATCHER} (${fileOf(MATCHER)})\n`);
    const all = await toolscore(['approve', '--all']);
    expect(all.stdout).toBe(`approved ${FIXTURE} (${fileOf(FIXTURE)})\n1 snapshot approved\n`);
    expect((await toolscore(['snapshots', 'list', '--pending'])).stdout).toBe(
      `no pending snapshots in ${snapshotDir}\n`,
    );
    for (const env of [{}, { CI: 'true' }] as Record<string, string>[]) {
      const run = await snapshots(env);
      expect(run.code, output(run)).toBe(0);
      expect(run.stdout).toContain('toolscore: 2 snapshots passed\n');
    }
  });

  it('drift fails with the full table; under CI an update flag changes nothing', async () => {
    const before = files();
    const run = await snapshots({ AGENT_DESTINATION: 'LA' });
    expect(run.code).toBe(1);
    expect(output(run)).toContain(
      `snapshot "${MATCHER}" no longer matches its approved calls (${fileOf(MATCHER)})\nExpected vs actual tool calls\n`,
    );
    expect(output(run)).toContain(
      '  1  search_flights(origin="SFO", destination="NYC")  search_flights(origin="SFO", destination="LA")  destination: expected "NYC", got "LA"',
    );
    expect(output(run)).toContain('score 0.90 < 1.00 required · selection 1.00 · args 0.67 · sequence 1.00');
    expect(run.stdout).toContain('toolscore: 2 snapshots failed\n');
    const ci = await snapshots({ AGENT_DESTINATION: 'LA', CI: 'true', TOOLSCORE_UPDATE: '1' });
    expect(ci.code).toBe(1);
    expect(files()).toEqual(before);
  });

  it('a matcher written by hand into the snapshot loosens it', async () => {
    const file = fileOf(MATCHER);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.calls[0].args.destination = { $one_of: ['NYC', 'LA'] };
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
    const run = await snapshots({ AGENT_DESTINATION: 'LA' }, ['-t', 'books a flight$']);
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout).toContain('toolscore: 1 snapshot passed\n');
  });

  it('toolscore record -- CMD re-records drifted snapshots for review', async () => {
    const run = await runNode(
      [CLI, 'record', '--', process.execPath, join(project, 'node_modules/vitest/vitest.mjs'), 'run', 'snapshots'],
      project,
      { AGENT_DESTINATION: 'LA' },
    );
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout).toContain('toolscore: 1 snapshot re-recorded (pending approval), 1 passed\n');
    const fixture = JSON.parse(readFileSync(fileOf(FIXTURE), 'utf8'));
    expect(fixture).toMatchObject({ approved: false, source: 'record' });
    expect(fixture.calls[0].args.destination).toBe('LA');
    // The hand-loosened snapshot passed, so it kept its matcher.
    expect(JSON.parse(readFileSync(fileOf(MATCHER), 'utf8')).calls[0].args.destination).toEqual({
      $one_of: ['NYC', 'LA'],
    });
  });

  it('TOOLSCORE_UPDATE=1 re-records and re-approves locally', async () => {
    const run = await snapshots({ TOOLSCORE_UPDATE: '1' });
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout).toContain('toolscore: 1 snapshot updated, 1 passed\n');
    expect(JSON.parse(readFileSync(fileOf(FIXTURE), 'utf8'))).toMatchObject({
      approved: true,
      calls: [{ args: { destination: 'NYC' } }, {}],
    });
    const ci = await snapshots({ CI: 'true' });
    expect(ci.code, output(ci)).toBe(0);
  });

  it('a corrupt snapshot file fails by its path and is never overwritten', async () => {
    const file = fileOf(FIXTURE);
    writeFileSync(file, '{"name": ');
    for (const env of [{}, { TOOLSCORE_UPDATE: '1' }] as Record<string, string>[]) {
      const run = await snapshots(env);
      expect(run.code).toBe(1);
      expect(output(run)).toContain(file);
    }
    expect(readFileSync(file, 'utf8')).toBe('{"name": ');
    const list = await toolscore(['snapshots', 'list']);
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(new RegExp(`^toolscore: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid JSON`));
    expect((await toolscore(['snapshots', 'rm', file.split('/').at(-1)!, '--yes'])).code).toBe(0);
  });

  it('snapshots rm, then in CI the missing snapshot fails', async () => {
    const removed = await toolscore(['snapshots', 'rm', MATCHER, '--yes']);
    expect(removed.stdout).toMatch(/^deleted snapshots\.test\.mjs > books a flight \(/);
    expect((await toolscore(['snapshots', 'show', MATCHER])).code).toBe(1);
    const ci = await snapshots({ CI: 'true' }, ['-t', 'books a flight$']);
    expect(ci.code).toBe(1);
    expect(output(ci)).toContain(`snapshot "${MATCHER}" does not exist`);
    expect(files()).toEqual({});
  });

  it('record --from-trace writes a pending snapshot that show and approve read', async () => {
    const trace = join(project, 'trace.json');
    writeFileSync(
      trace,
      JSON.stringify([
        { tool: 'search_flights', args: { origin: 'SFO', destination: 'NYC' } },
        { tool: 'book_flight', args: { flight_id: 'FL-1024' } },
      ]),
    );
    const recorded = await toolscore(['record', '--from-trace', trace, '--name', MATCHER]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout).toContain(`recorded ${MATCHER} (2 calls,`);
    const shown = await toolscore(['snapshots', 'show', MATCHER]);
    expect(shown.stdout).toContain('  state: pending approval\n  recorded by: trace, toolscore 0.1.0\n');
    await toolscore(['approve', MATCHER]);
    const run = await snapshots({ CI: 'true' }, ['-t', 'books a flight$']);
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout).toContain('toolscore: 1 snapshot passed\n');
  });

  it('CLI misuse is exit 2 with one line saying why', async () => {
    for (const [args, reason] of [
      [['approve'], 'expected snapshot names, or --all to approve every pending snapshot'],
      [['approve', MATCHER, '--all'], 'give snapshot names or --all, not both'],
      [['snapshots', 'rm', MATCHER], 'not a terminal, so cannot ask: pass --yes to delete without asking'],
      [
        ['record', '--name', 'x'],
        'expected --from-trace FILE --name NAME, or -- CMD... to run a test suite in record mode',
      ],
      [['record', '--', 'no-such-command-here'], 'command not found: no-such-command-here'],
    ] as [string[], string][]) {
      const run = await toolscore(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^toolscore: .*${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`));
    }
    expect(existsSync(fileOf(MATCHER))).toBe(true);
  });
});
