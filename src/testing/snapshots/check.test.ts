import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lateRefundChat, supportChat } from '../../../test/conversation-fixtures.js';
import { goldSchema } from '../../io/gold-schema.js';
import { ToolscoreAssertionError } from '../assertion-error.js';
import { checkSnapshot } from './check.js';
import { countSnapshotOutcomes, SNAPSHOT_LOG_ENV } from './ledger.js';
import type { SnapshotMode } from './mode.js';
import { SnapshotStore } from './store.js';

const LOCAL: SnapshotMode = { ci: false, update: false, record: false, allowPending: false };
const CI: SnapshotMode = { ...LOCAL, ci: true };

const calls = [
  { tool: 'search_flights', args: { destination: 'NYC' } },
  { tool: 'book_flight', args: { flight_id: 'FL-123' } },
];
const drifted = [
  { tool: 'search_flights', args: { destination: 'LA' } },
  { tool: 'book_flight', args: { flight_id: 'FL-123' } },
];

let root: string;
let store: SnapshotStore;
let log: string;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'toolscore-snap-'));
  store = new SnapshotStore(join(root, 'snapshots'));
  log = join(root, 'log');
  vi.stubEnv(SNAPSHOT_LOG_ENV, log);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  warn.mockRestore();
  rmSync(root, { recursive: true, force: true });
});

const check = (actual: unknown, mode: SnapshotMode, extra: { minScore?: number } = {}) =>
  checkSnapshot(actual, { name: 'books a flight', store, mode, source: 'vitest', ...extra });
const files = (): string[] => (readdirSync(store.root, { withFileTypes: true }).length ? readdirSync(store.root) : []);

describe('checkSnapshot', () => {
  it('records a missing snapshot unapproved, as plain pretty JSON, and warns', () => {
    expect(check(calls, LOCAL).outcome).toBe('created');
    const text = readFileSync(store.pathOf('books a flight'), 'utf8');
    const data = JSON.parse(text);
    expect(text).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(data).toMatchObject({
      schema_version: 1,
      name: 'books a flight',
      approved: false,
      source: 'vitest',
      toolscore_version: '0.1.0',
      calls,
    });
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^toolscore: snapshot "books a flight" created at .*: review it, then approve it: toolscore approve "books a flight"$/,
      ),
    );
  });

  it('warns while pending, replays once approved, fails on drift with the full table', () => {
    check(calls, LOCAL);
    expect(check(drifted, LOCAL).outcome).toBe('pending');
    store.approve('books a flight');
    const passed = check(calls, LOCAL);
    expect(passed.outcome).toBe('passed');
    expect(passed.result?.score).toBe(1);
    // Drift: destination wrong ⇒ F1 1/2 ⇒ score 0.4 + 0.15 + 0.2 + 0.1 = 0.85.
    expect(() => check(drifted, LOCAL)).toThrow(ToolscoreAssertionError);
    expect(() => check(drifted, LOCAL)).toThrow(
      /^snapshot "books a flight" no longer matches its approved calls \(.*\)\nExpected vs actual tool calls\n[\s\S]*destination: expected "NYC", got "LA"[\s\S]*score 0\.85 < 1\.00 required/,
    );
    expect(check(drifted, LOCAL, { minScore: 0.85 }).outcome).toBe('passed');
    expect(countSnapshotOutcomes(log)).toEqual({ created: 1, pending: 1, passed: 2, failed: 2 });
  });

  it('honours $ matchers written by hand into the snapshot', () => {
    check(calls, LOCAL);
    const file = store.pathOf('books a flight');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.calls[0].args.destination = { $one_of: ['NYC', 'LA'] };
    data.calls[1].args.flight_id = { $regex: 'FL-\\d+' };
    writeFileSync(file, JSON.stringify(data));
    store.approve('books a flight');
    expect(JSON.parse(readFileSync(file, 'utf8')).calls[0].args.destination).toEqual({ $one_of: ['NYC', 'LA'] });
    expect(check(drifted, LOCAL).outcome).toBe('passed');
    expect(() => check([{ tool: 'search_flights', args: { destination: 'SFO' } }, calls[1]], LOCAL)).toThrow(
      /destination: expected OneOf/,
    );
  });

  it('fails on an unknown key written by hand into the snapshot, naming the file and path', () => {
    check(calls, LOCAL);
    const file = store.pathOf('books a flight');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.approved = true;
    data.calls[1] = { tool: 'book_flight', arguments: { flight_id: 'FL-123' } };
    writeFileSync(file, JSON.stringify(data));
    // Read loosely, the second call would check no arguments and any booking would pass.
    expect(() => check([calls[0]!, { tool: 'book_flight', args: { flight_id: 'FL-999' } }], LOCAL)).toThrow(
      `${file} at $.calls[1]: unknown key "arguments"; did you mean "args"?`,
    );
  });

  it('keeps argument data with $ keys literal', () => {
    const odd = [{ tool: 'query', args: { filter: { $gt: 3 } } }];
    check(odd, { ...LOCAL, update: true });
    expect(JSON.parse(readFileSync(store.pathOf('books a flight'), 'utf8')).calls[0].args).toEqual({
      filter: { $literal: { $gt: 3 } },
    });
    expect(check(odd, LOCAL).outcome).toBe('passed');
  });

  it('in CI, a missing snapshot fails and nothing is written', () => {
    expect(() => check(calls, CI)).toThrow(/does not exist .*; in CI snapshots are never created/);
    expect(() => readdirSync(store.root)).toThrow();
  });

  it('in CI, a pending snapshot fails', () => {
    check(calls, LOCAL);
    expect(() => check(calls, CI)).toThrow(/is pending approval .*; in CI only approved snapshots pass/);
  });

  it('in CI, an update or record flag fails and writes nothing, even for a passing snapshot', () => {
    check(calls, LOCAL);
    store.approve('books a flight');
    const before = readFileSync(store.pathOf('books a flight'), 'utf8');
    for (const mode of [
      { ...CI, update: true },
      { ...CI, record: true },
      { ...CI, update: true, allowPending: true },
    ]) {
      expect(() => check(drifted, mode)).toThrow(
        /in CI snapshots are never written; snapshots must be recorded and approved locally/,
      );
    }
    expect(readFileSync(store.pathOf('books a flight'), 'utf8')).toBe(before);
    expect(() => checkSnapshot(calls, { name: 'new one', store, mode: { ...CI, update: true } })).toThrow(
      ToolscoreAssertionError,
    );
    expect(store.read('new one')).toBeUndefined();
  });

  it('allow-pending downgrades missing and pending to warnings in CI', () => {
    const mode = { ...CI, allowPending: true };
    expect(check(calls, mode).outcome).toBe('created');
    expect(check(calls, mode).outcome).toBe('pending');
  });

  it('update re-records drifted snapshots approved, keeps passing ones untouched', () => {
    const update = { ...LOCAL, update: true };
    expect(check(calls, update).outcome).toBe('updated');
    expect(store.read('books a flight')?.data.approved).toBe(true);
    const before = readFileSync(store.pathOf('books a flight'), 'utf8');
    expect(check(calls, update).outcome).toBe('passed');
    expect(readFileSync(store.pathOf('books a flight'), 'utf8')).toBe(before);
    expect(check(drifted, update).outcome).toBe('updated');
    expect(store.read('books a flight')?.data.calls).toEqual(drifted);
    expect(check(drifted, LOCAL).outcome).toBe('passed');
  });

  it('record mode re-records drifted snapshots for review, unapproved', () => {
    check(calls, LOCAL);
    store.approve('books a flight');
    const record = { ...LOCAL, record: true };
    expect(check(calls, record).outcome).toBe('passed');
    expect(check(drifted, record).outcome).toBe('recorded');
    expect(store.read('books a flight')?.data).toMatchObject({ approved: false, source: 'record', calls: drifted });
  });

  it('reports a corrupt snapshot by its path and never overwrites it', () => {
    const file = store.pathOf('books a flight');
    check(calls, LOCAL);
    writeFileSync(file, '{"name": "books a flight", "calls": [');
    for (const mode of [LOCAL, { ...LOCAL, update: true }]) {
      expect(() => check(calls, mode)).toThrow(file);
    }
    expect(readFileSync(file, 'utf8')).toBe('{"name": "books a flight", "calls": [');
    writeFileSync(
      file,
      JSON.stringify({
        schema_version: 1,
        name: 'books a flight',
        approved: true,
        calls: [{ tool: 'x', args: { a: { $nope: 1 } } }],
      }),
    );
    expect(() => check(calls, LOCAL)).toThrow(`${file} at $.calls[0].args.a: unknown operator $nope`);
  });

  it('leaves no temporary files behind', () => {
    check(calls, LOCAL);
    check(drifted, { ...LOCAL, update: true });
    expect(files()).toEqual([store.pathOf('books a flight').split('/').at(-1)]);
  });
});

describe('SnapshotStore', () => {
  it('lists snapshots by name, reports corrupt files, approves and removes by name or file name', () => {
    checkSnapshot(calls, { name: 'b', store, mode: LOCAL });
    checkSnapshot(calls, { name: 'a', store, mode: LOCAL });
    writeFileSync(join(store.root, 'broken.json'), 'nope');
    const { snapshots, corrupt } = store.list();
    expect(snapshots.map((snapshot) => snapshot.data.name)).toEqual(['a', 'b']);
    expect(corrupt).toEqual([
      { file: join(store.root, 'broken.json'), reason: expect.stringContaining('invalid JSON') },
    ]);
    const fileName = store.pathOf('b').split('/').at(-1)!;
    expect(store.approve(fileName.replace(/\.json$/, '')).data.approved).toBe(true);
    expect(store.remove('a')).toBe(true);
    expect(store.remove('a')).toBe(false);
    expect(() => store.approve('a')).toThrow('no snapshot named "a"');
  });
});

describe('credentials in snapshots', () => {
  const key = `sk-proj-${'Ab3dE'.repeat(8)}`;
  const withSecret = [
    { tool: 'http_get', args: { url: 'https://api.example.com/v1?x=1', headers: { Authorization: `Bearer ${key}` } } },
  ];

  it('are stored as a pattern that keeps the shape, never the secret, and the replay still passes', () => {
    check(withSecret, LOCAL);
    const text = readFileSync(store.pathOf('books a flight'), 'utf8');
    expect(text).not.toContain(key);
    expect(JSON.parse(text).calls).toEqual([
      {
        tool: 'http_get',
        args: { url: 'https://api.example.com/v1?x=1', headers: { Authorization: { $regex: 'Bearer \\S+' } } },
      },
    ]);
    store.approve('books a flight');
    expect(check(withSecret, LOCAL).outcome).toBe('passed');
    // Another token in the same place replays too; a different shape is drift.
    const rotated = [
      {
        tool: 'http_get',
        args: { ...withSecret[0]!.args, headers: { Authorization: `Bearer ${key.replace('Ab3', 'Zz9')}` } },
      },
    ];
    expect(check(rotated, LOCAL).outcome).toBe('passed');
    expect(() =>
      check([{ tool: 'http_get', args: { ...withSecret[0]!.args, headers: { Authorization: 'Basic abc' } } }], LOCAL),
    ).toThrow(ToolscoreAssertionError);
  });

  it('are kept as recorded with TOOLSCORE_SHOW_SECRETS=1', () => {
    vi.stubEnv('TOOLSCORE_SHOW_SECRETS', '1');
    check(withSecret, LOCAL);
    expect(readFileSync(store.pathOf('books a flight'), 'utf8')).toContain(key);
  });
});

describe('conversations (a trace of two or more user messages)', () => {
  const name = 'support chat';
  const chatCheck = (actual: unknown, mode: SnapshotMode) =>
    checkSnapshot(actual, { name, store, mode, source: 'vitest' });
  /** The support chat's snapshot, written by reading test/conversation-fixtures.ts: one turn per user message. */
  const SUPPORT_TURNS_RECORDED = [
    { user: 'Where is order 7?', calls: [{ tool: 'get_order', args: { id: 7 } }] },
    { user: 'Please refund it', calls: [{ tool: 'refund_order', args: { id: 7 } }] },
    { user: 'Thanks!', calls: [] },
  ];

  it('are recorded by turns, as schema_version 2, and the same chat replays', () => {
    expect(chatCheck(supportChat, LOCAL).outcome).toBe('created');
    const text = readFileSync(store.pathOf(name), 'utf8');
    const data = JSON.parse(text);
    expect(Object.keys(data)).toEqual([
      'schema_version',
      'name',
      'created_at',
      'updated_at',
      'toolscore_version',
      'approved',
      'source',
      'turns',
    ]);
    expect(data).toMatchObject({ schema_version: 2, name, approved: false, turns: SUPPORT_TURNS_RECORDED });
    // schemas/gold.json describes it as it describes a flat snapshot.
    expect(goldSchema.safeParse(data).success).toBe(true);
    store.approve(name);
    const replay = chatCheck(supportChat, LOCAL);
    expect(replay.outcome).toBe('passed');
    expect(replay.result?.score).toBe(1);
    expect(replay.result?.metrics.turn_pass_rate).toBe(1);
  });

  it('a call made one turn late is drift naming the turns, even in CI', () => {
    chatCheck(supportChat, LOCAL);
    store.approve(name);
    // Turn 1 right (1); turn 2 no call where one was recorded (0); turn 3 a call where none was (0): 1/3.
    for (const mode of [LOCAL, CI]) {
      let error: unknown;
      try {
        chatCheck(lateRefundChat, mode);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ToolscoreAssertionError);
      const { message, result } = error as ToolscoreAssertionError;
      expect(message).toMatch(/^snapshot "support chat" no longer matches its approved calls/);
      expect(message).toContain('warning: refund_order expected in turn 2, made in turn 3');
      expect(message).toContain('score 0.33 < 1.00 required');
      expect(result?.score).toBe(0.333333333333);
      expect(result?.topIssues.map((issue) => issue.problem)).toEqual([
        'refund_order expected in turn 2, made in turn 3',
      ]);
    }
  });

  it('a flat snapshot re-recorded from a conversation becomes turns; its other keys stay in place', () => {
    const flat = [
      { tool: 'get_order', args: { id: 7 } },
      { tool: 'refund_order', args: { id: 7 } },
    ];
    chatCheck(flat, LOCAL);
    store.approve(name);
    // The flat snapshot scores the chat as one list: the same two calls ⇒ 1.
    expect(chatCheck(lateRefundChat, LOCAL).outcome).toBe('passed');
    expect(chatCheck(lateRefundChat, { ...LOCAL, record: true }).outcome).toBe('passed');
    // Update on drift: the lost refund (turn 2 of the chat has none) ⇒ re-recorded by turns and approved.
    const lost = supportChat.filter((_, i) => i !== 5 && i !== 6);
    expect(chatCheck(lost, { ...LOCAL, update: true }).outcome).toBe('updated');
    const data = JSON.parse(readFileSync(store.pathOf(name), 'utf8'));
    expect(Object.keys(data).at(-1)).toBe('turns');
    expect(data).toMatchObject({
      schema_version: 2,
      approved: true,
      source: 'vitest',
      turns: [SUPPORT_TURNS_RECORDED[0], { user: 'Please refund it', calls: [] }, SUPPORT_TURNS_RECORDED[2]],
    });
    expect(data.calls).toBeUndefined();
    // And back: a one-turn recording is version 1 with `calls` again.
    expect(chatCheck(flat, { ...LOCAL, update: true }).outcome).toBe('updated');
    expect(JSON.parse(readFileSync(store.pathOf(name), 'utf8'))).toMatchObject({ schema_version: 1, calls: flat });
  });

  it('a credential in a user message is stored as its shape', () => {
    const key = `sk-proj-${'Ab3dE'.repeat(8)}`;
    const chat = supportChat.map((message, i) =>
      i === 4 ? { role: 'user', content: `refund it, key ${key}` } : message,
    );
    chatCheck(chat, LOCAL);
    const text = readFileSync(store.pathOf(name), 'utf8');
    expect(text).not.toContain(key);
    expect(JSON.parse(text).turns[1].user).toEqual({ $regex: 'refund it, key \\S+' });
    store.approve(name);
    expect(chatCheck(chat, LOCAL).outcome).toBe('passed');
  });
});

describe('snapshot files written before conversations', () => {
  /** A snapshot file exactly as releases before turns wrote it. */
  const OLD_FILE = `${JSON.stringify(
    {
      schema_version: 1,
      name: 'books a flight',
      created_at: '2025-01-02T03:04:05.000Z',
      updated_at: '2025-01-02T03:04:05.000Z',
      toolscore_version: '0.1.0',
      approved: true,
      source: 'vitest',
      calls,
    },
    null,
    2,
  )}\n`;

  it('still read, replay and pass, and are never rewritten by a passing check', () => {
    const file = store.pathOf('books a flight');
    mkdirSync(store.root, { recursive: true });
    writeFileSync(file, OLD_FILE);
    const snapshot = store.read('books a flight')!;
    expect(snapshot.expected.map((call) => call.tool)).toEqual(['search_flights', 'book_flight']);
    expect(snapshot.gold.turns).toBeUndefined();
    expect(check(calls, CI).outcome).toBe('passed');
    expect(check(calls, { ...LOCAL, update: true }).outcome).toBe('passed');
    expect(readFileSync(file, 'utf8')).toBe(OLD_FILE);
    expect(() => check(drifted, LOCAL)).toThrow('score 0.85 < 1.00 required');
  });

  it('an unknown version, or a version without its list, is an error naming the path', () => {
    const file = store.pathOf('books a flight');
    mkdirSync(store.root, { recursive: true });
    writeFileSync(file, OLD_FILE.replace('"schema_version": 1', '"schema_version": 3'));
    expect(() => store.read('books a flight')).toThrow(`${file} at $.schema_version: expected 1 or 2, got 3`);
    writeFileSync(file, OLD_FILE.replace('"schema_version": 1', '"schema_version": 2'));
    expect(() => store.read('books a flight')).toThrow(
      `${file} at $.turns: expected an array of turns (schema_version 2), got nothing`,
    );
  });
});
