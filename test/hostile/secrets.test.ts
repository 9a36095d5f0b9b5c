import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { findSecretsInText, redactSecrets } from '../../src/metrics/security.js';
import { renderReportConsole } from '../../src/reports/console.js';
import { renderReportCsv } from '../../src/reports/csv.js';
import { renderReportHtml } from '../../src/reports/html.js';
import { buildJsonReport } from '../../src/reports/json.js';
import { renderReportJunit } from '../../src/reports/junit.js';
import { renderReportMarkdown } from '../../src/reports/markdown.js';
import { buildReportView } from '../../src/reports/view-model.js';
import { checkSnapshot } from '../../src/testing/snapshots/check.js';
import type { SnapshotMode } from '../../src/testing/snapshots/mode.js';
import { SnapshotStore } from '../../src/testing/snapshots/store.js';

/*
 * Red team: credentials of every shape, in every place a trace can put them (tool names, argument
 * keys, values, glued to a word), and every output toolscore writes. Assembled at run time, so no
 * credential-shaped literal sits in the repository.
 */

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const SIGNATURE = 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJVadQssw5c';
const JWT = [segment({ alg: 'HS256', typ: 'JWT' }), segment({ sub: 'ana', admin: true }), SIGNATURE].join('.');
const DB_PASSWORD = 'Tr0ub4dor9x';
const DB_URL = ['postgres://', 'app:', DB_PASSWORD, '@db.internal:5432/orders'].join('');
const MONGO_PASSWORD = 'Qm7wZp2kLs';
const MONGO_URL = ['mongodb+srv://', 'svc:', MONGO_PASSWORD, '@cluster0.example.mongodb.net/app?retryWrites=true'].join(
  '',
);
const REDIS_URL = ['redis://', ':', 'Rd5pQx8v', '@cache.internal:6379'].join('');
const OPENAI_BODY = 'Ab3'.repeat(30);
const OPENAI = ['sk', '-proj-', OPENAI_BODY].join('');
const GITHUB_BODY = 'A1b2'.repeat(9);
const GITHUB = ['gh', 'p_', GITHUB_BODY].join('');

/** Pieces of the secrets that no output may hold: passwords, signatures, key bodies. */
const HIDDEN = [SIGNATURE, DB_PASSWORD, MONGO_PASSWORD, 'Rd5pQx8v', OPENAI_BODY.slice(0, 24), GITHUB_BODY.slice(0, 24)];

describe('every output masks JWTs, connection strings and glued keys, in names, keys and values', () => {
  const expected = [{ tool: 'query', args: { url: DB_URL } }, { tool: 'call_api' }];
  const actual = [
    { tool: 'query', args: { url: MONGO_URL, cache: REDIS_URL } },
    { tool: 'call_api', args: { headers: { Authorization: `Bearer ${JWT}` }, [`key${OPENAI}`]: 1 } },
    { tool: `leak_${GITHUB}`, args: { note: `tokenis${GITHUB}` } },
  ];
  const result = evaluate({ expected, actual });

  it('finds each credential in the values, with its kind', () => {
    expect(result.metrics.security_metrics.secrets.map((s) => [s.index, s.path, s.kind, s.preview])).toEqual([
      [0, 'url', 'connection_string', 'mongodb+srv://svc:…@cluster0.example.mongodb.net'],
      [0, 'cache', 'connection_string', 'redis://:…@cache.internal:6379'],
      [1, 'headers.Authorization', 'jwt', 'eyJh…5c'],
      [2, 'note', 'github_token', 'ghp_…b2'],
    ]);
  });

  it.each([
    ['console', () => renderReportConsole(result, { verbose: true, color: false })],
    ['JSON report', () => JSON.stringify(buildJsonReport(result, {}))],
    ['Markdown', () => renderReportMarkdown(buildReportView(result))],
    ['HTML', () => renderReportHtml(buildReportView(result))],
    ['JUnit', () => renderReportJunit(buildReportView(result))],
    ['CSV', () => renderReportCsv(buildReportView(result))],
  ])('%s', (_, render) => {
    const text = render();
    for (const hidden of HIDDEN) expect(text).not.toContain(hidden);
    expect(text).toContain('REDACTED');
  });

  it('the JSON report names each masked credential in tool names, keys and values', () => {
    const report = buildJsonReport(result, {});
    expect(report.trace_calls.map((c) => c.tool)).toEqual([
      'query',
      'call_api',
      'leak_[REDACTED github_token: ghp_…b2]',
    ]);
    expect(report.trace_calls[1]!.args).toEqual({
      headers: { Authorization: 'Bearer [REDACTED jwt: eyJh…5c]' },
      'key[REDACTED openai_api_key: sk-p…b3]': 1,
    });
    expect(report.gold_calls[0]!.args).toEqual({
      url: '[REDACTED connection_string: postgres://app:…@db.internal:5432]',
    });
  });
});

describe('snapshots keep no credential, in tool names and argument keys either', () => {
  const LOCAL: SnapshotMode = { ci: false, update: false, record: false, allowPending: false };
  let root: string;
  let store: SnapshotStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'toolscore-hostile-secrets-'));
    store = new SnapshotStore(join(root, 'snapshots'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubEnv('TOOLSCORE_SNAPSHOT_LOG', join(root, 'log'));
    vi.stubEnv('TOOLSCORE_SHOW_SECRETS', '');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    rmSync(root, { recursive: true, force: true });
  });

  const recorded = (github: string) => [
    {
      tool: `deploy_${github}`,
      args: { [`Bearer${github}`]: true, env: { [DB_URL]: 'primary' }, url: MONGO_URL, jwt: JWT },
    },
  ];

  it('stores names and keys masked, values as patterns, and replays, also with a rotated credential', () => {
    checkSnapshot(recorded(GITHUB), { name: 'deploy', store, mode: LOCAL });
    const text = readFileSync(store.pathOf('deploy'), 'utf8');
    for (const hidden of HIDDEN) expect(text).not.toContain(hidden);
    expect(findSecretsInText(text)).toEqual([]);
    expect(JSON.parse(text).calls).toEqual([
      {
        tool: 'deploy_[REDACTED github_token]',
        args: {
          'Bearer[REDACTED github_token]': true,
          env: { '[REDACTED connection_string]': 'primary' },
          url: { $regex: '\\S+' },
          jwt: { $regex: '\\S+' },
        },
      },
    ]);
    store.approve('deploy');
    expect(checkSnapshot(recorded(GITHUB), { name: 'deploy', store, mode: LOCAL }).outcome).toBe('passed');
    const rotated = ['gh', 'p_', 'Z9y8'.repeat(9)].join('');
    expect(checkSnapshot(recorded(rotated), { name: 'deploy', store, mode: LOCAL }).outcome).toBe('passed');
  });
});

describe('the detector stays linear on runs built to make it backtrack', () => {
  // 300,000 characters each: a quadratic scan would need some 10^10 steps and time out the test.
  const SIZE = 300_000;
  const run = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));
  it.each([
    ['JWT headers without dots', run('eyJ'), []],
    ['installation-token prefixes', run('-ghs_1_'), []],
    ['glued Anthropic prefixes', run('sk-ant-api03-'), []],
    ['glued project-key prefixes', run('xsk-proj-'), []],
    ['glued GitHub prefixes', run('ghp_'), []],
    ['connection-URL starts', run('postgres://u:'), []],
    ['passwords full of @', `postgres://u:${run('@')}`, []],
    ['Slack bot prefixes', run('xoxb-123456-'), []],
  ])('%s', (_, text, kinds) => {
    expect(findSecretsInText(text).map((m) => m.kind)).toEqual(kinds);
  });
});

describe('property: redaction hides every generated JWT and connection-string password, and is final', () => {
  const word = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z][a-z0-9]{${min - 1},${max - 1}}$`));
  // A password with a letter and a digit, so it is neither a placeholder word nor a run of one character.
  const password = fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9!_-]{0,12}$/), fc.constantFrom('a', 'Q', 'z'), fc.integer({ min: 0, max: 9 }))
    .map(([body, letter, digit]) => `${body}${letter}${digit}`);
  const connection = fc
    .record({
      scheme: fc.constantFrom('postgres', 'postgresql', 'mysql', 'mongodb', 'mongodb+srv', 'redis', 'rediss', 'amqp'),
      user: fc.oneof(fc.constant(''), word(1, 8)),
      password,
      host: fc
        .tuple(word(1, 10), fc.constantFrom('', '.internal', '.example.com:5432'))
        .map(([name, tail]) => `${name}${tail}`),
      path: fc.constantFrom('', '/db', '/app?sslmode=require'),
    })
    .map((p) => ({ text: `${p.scheme}://${p.user}:${p.password}@${p.host}${p.path}`, hidden: `:${p.password}@` }));
  const jwt = fc
    .record({
      claims: fc.dictionary(word(1, 6), fc.oneof(fc.string({ maxLength: 12 }), fc.integer())),
      alg: fc.constantFrom('HS256', 'RS256', 'ES384', 'none'),
      signature: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/).filter((s) => !/x{8}|X{8}|0{8}/.test(s)),
    })
    .filter(({ claims }) => JSON.stringify(claims).length > 2)
    .map(({ claims, alg, signature }) => ({
      text: [segment({ alg, typ: 'JWT' }), segment(claims), signature].join('.'),
      hidden: signature,
    }));

  it('in any text around them', () => {
    fc.assert(
      fc.property(
        fc.oneof(connection, jwt),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        (secret, before, after) => {
          const text = `${before} ${secret.text} ${after}`;
          const redacted = redactSecrets(text);
          expect(redacted).not.toContain(secret.hidden);
          expect(findSecretsInText(redacted)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
