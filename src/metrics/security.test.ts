import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { corpusPath, readCorpusJsonl } from '../../test/corpus.js';
import { toActualCalls } from '../formats/support/calls.js';
import type { Args, ToolCall } from '../core/types.js';
import {
  SECRET_KINDS,
  findSecretsInText,
  maskSecret,
  redactDeep,
  redactSecretKinds,
  redactSecrets,
  securityMetrics,
  type SecretKind,
} from './security.js';

// Test tokens are assembled at run time, so no credential-shaped literal sits in the repository
// (push-protection scanners); the corpus vectors are kept gzip-compressed in test/corpus for the same reason.
const B64 = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDndJt7NaG8T64';
const pem = (label: string, body: string) =>
  `-----BEGIN ${label}PRIVATE KEY-----\n${body}\n-----END ${label}PRIVATE KEY-----`;
const PEM = pem('', `${B64}\n${B64}\n${B64.slice(0, 20)}==`);
const GITHUB = ['gh', 'p_', 'A1b2'.repeat(9)].join('');
const OPENAI = ['sk', '-proj-', 'Ab3'.repeat(12)].join('');
const ANTHROPIC = ['sk', '-ant-', 'api03-', 'Xy7_'.repeat(24), 'AA'].join('');
const AWS = ['AK', 'IA', 'QW3RTY5UIOP7ASDF'].join('');
const GOOGLE = ['AI', 'za', 'Sy', 'Bq7_'.repeat(7), 'Tk9Z-'].join('');
const SLACK_BOT = ['xo', 'xb-', '2398475486', '-', '2348975623000', '-', 'Fq8'.repeat(8)].join('');
const STRIPE = ['sk', '_live_', 'Zr4'.repeat(9)].join('');
/** base64url of a JSON value, as a JWT segment. */
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const JWT_HEADER = segment({ alg: 'HS256', typ: 'JWT' });
const JWT_CLAIMS = segment({ sub: '1234567890', name: 'Ana Lima', iat: 1_516_239_022 });
const JWT = [JWT_HEADER, JWT_CLAIMS, 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'].join('.');
const DB_URL = ['postgres://', 'app:', 'Tr0ub4dor-3x', '@db.internal:5432/orders'].join('');

const call = (tool: string, args: Args | null, extra: Partial<ToolCall> = {}): ToolCall => ({
  tool,
  args,
  is_error: false,
  ...extra,
});
const masked = (secret: string) => `${secret.slice(0, 4)}…${secret.slice(-2)}`;

/** The four places a value is put into a tool call's arguments, with the path a finding must name. */
const EMBEDDINGS: { name: string; args: (value: string) => Args; path: string }[] = [
  { name: 'top level', args: (value) => ({ token: value }), path: 'token' },
  {
    name: 'nested header',
    args: (value) => ({ headers: { Authorization: `Bearer ${value}` } }),
    path: 'headers.Authorization',
  },
  { name: 'array item', args: (value) => ({ items: ['first', value] }), path: 'items[1]' },
  { name: 'JSON string', args: (value) => ({ body: JSON.stringify({ config: { token: value } }) }), path: 'body' },
];

/**
 * Kinds found when `value` sits in a call's arguments, one list per embedding. Also checks what every
 * finding must hold: the embedding's path, the call's index and tool, a preview that is not the
 * secret, and a report and a redaction that hide the secret.
 */
function kindsInArgs(value: string): SecretKind[][] {
  return EMBEDDINGS.map(({ args, path }) => {
    const made = args(value);
    const metrics = securityMetrics([call('other', { note: 'nothing here' }), call('send', made)]);
    expect(metrics.secret_count).toBe(metrics.secrets.length);
    const scanned = Object.values(made)
      .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      .join(' ');
    for (const finding of metrics.secrets) {
      expect(finding).toMatchObject({ index: 1, tool: 'send', path });
    }
    const report = JSON.stringify(metrics);
    const redacted = redactSecrets(scanned);
    expect(findSecretsInText(redacted)).toEqual([]);
    for (const match of findSecretsInText(scanned)) {
      const secret = scanned.slice(match.start, match.end);
      expect(match.preview).toBe(maskSecret(match.kind, secret));
      if (match.kind !== 'private_key' && match.kind !== 'connection_string')
        expect(match.preview).toBe(masked(secret));
      const hidden = secret.slice(4, -2);
      expect(report).not.toContain(hidden);
      expect(redacted).not.toContain(hidden);
    }
    return metrics.secrets.map((finding) => finding.kind).sort();
  });
}

describe('findings: kind, path, preview', () => {
  test('paths name object keys with dots and array positions with brackets', () => {
    const metrics = securityMetrics([
      call('http_get', { url: 'https://api.github.com', headers: { Authorization: `Bearer ${GITHUB}` } }),
      call('noop', null),
      call('write_files', { files: [{ name: 'id_rsa', content: PEM }] }),
      call('deploy', { token: STRIPE, retries: 3 }),
    ]);
    expect(metrics).toEqual({
      secret_count: 3,
      secrets: [
        { index: 0, tool: 'http_get', path: 'headers.Authorization', kind: 'github_token', preview: 'ghp_…b2' },
        {
          index: 2,
          tool: 'write_files',
          path: 'files[0].content',
          kind: 'private_key',
          preview: '-----BEGIN … PRIVATE KEY-----',
        },
        { index: 3, tool: 'deploy', path: 'token', kind: 'stripe_secret_key', preview: 'sk_l…r4' },
      ],
    });
  });

  test('every kind, with its preview: the first 4 and last 2 characters', () => {
    const found = (text: string) => findSecretsInText(text).map(({ kind, preview }) => [kind, preview]);
    expect(found(OPENAI)).toEqual([['openai_api_key', 'sk-p…b3']]);
    expect(found(ANTHROPIC)).toEqual([['anthropic_api_key', 'sk-a…AA']]);
    expect(found(AWS)).toEqual([['aws_access_key_id', 'AKIA…DF']]);
    expect(found(GOOGLE)).toEqual([['google_api_key', 'AIza…Z-']]);
    expect(found(SLACK_BOT)).toEqual([['slack_token', 'xoxb…q8']]);
    expect(found(PEM)).toEqual([['private_key', '-----BEGIN … PRIVATE KEY-----']]);
    expect(found(JWT)).toEqual([['jwt', 'eyJh…5c']]);
    // a connection URL shows where it points, never the password
    expect(found(DB_URL)).toEqual([['connection_string', 'postgres://app:…@db.internal:5432']]);
    expect(SECRET_KINDS).toEqual([
      'private_key',
      'anthropic_api_key',
      'openai_api_key',
      'github_token',
      'aws_access_key_id',
      'google_api_key',
      'slack_token',
      'stripe_secret_key',
      'jwt',
      'connection_string',
    ]);
  });

  test('several secrets in one string are reported in order, each once', () => {
    const text = `a=${STRIPE} b=${AWS} c=${GITHUB}`;
    const matches = findSecretsInText(text);
    expect(matches.map((m) => m.kind)).toEqual(['stripe_secret_key', 'aws_access_key_id', 'github_token']);
    expect(matches.map((m) => text.slice(m.start, m.end))).toEqual([STRIPE, AWS, GITHUB]);
  });

  test('no overlapping findings: the earlier, more specific kind claims its span', () => {
    // this anthropic key holds an OpenAI-shaped `sk-…` run, which is not reported again
    const key = ['sk', '-ant-', 'api03-', 'Ab1-', 'sk-', 'Ab3'.repeat(12), 'AA'].join('');
    expect(findSecretsInText(`sk-${'Ab3'.repeat(12)}`).map((m) => m.kind)).toEqual(['openai_api_key']);
    expect(findSecretsInText(key).map((m) => [m.kind, m.start, m.end])).toEqual([['anthropic_api_key', 0, key.length]]);
    expect(securityMetrics([call('t', { k: key })]).secret_count).toBe(1);
  });

  test('only string values are scanned: not keys, numbers, results or errors', () => {
    expect(securityMetrics([call('t', { [GITHUB]: 1, n: 12345678901234567890 })]).secret_count).toBe(0);
    expect(securityMetrics([call('t', {}, { result: GITHUB, error: `bad key ${GITHUB}` })]).secret_count).toBe(0);
    expect(securityMetrics([call('t', null)])).toEqual({ secret_count: 0, secrets: [] });
    expect(securityMetrics([])).toEqual({ secret_count: 0, secrets: [] });
  });

  test('a top-level key is its own path; odd keys are joined as they are', () => {
    const metrics = securityMetrics([call('t', { 'api key': GITHUB, a: { 'b.c': [[STRIPE]] } })]);
    expect(metrics.secrets.map((s) => s.path)).toEqual(['api key', 'a.b.c[0][0]']);
  });
});

describe('precision: shapes that are not credentials', () => {
  test('kebab-case slugs are never keys', () => {
    for (const slug of [
      'sk-some-long-identifier-for-the-thing',
      'sk-ant-some-long-kebab-case-identifier-here',
      'sk-proj-the-name-of-a-project-in-kebab-case-form',
      'xoxb-my-bot-token-for-the-slack-channel',
      'xoxp-some-long-identifier-for-a-user',
      'xoxa-access-token-string',
      'xoxb-xoxb-my-bot-token',
      'sk_live_the_name_of_a_setting',
    ]) {
      expect(findSecretsInText(slug)).toEqual([]);
    }
  });

  test('placeholders are not credentials', () => {
    const none = [
      ['gh', 'p_', 'x'.repeat(36)].join(''),
      ['github', '_pat_', 'x'.repeat(22), '_', 'x'.repeat(59)].join(''),
      ['AK', 'IA', 'X'.repeat(16)].join(''),
      ['AK', 'IA', 'IOSFODNN7', 'EXAMPLE'].join(''),
      ['sk', '_live_', 'x'.repeat(24)].join(''),
      ['https://hooks.slack.com/services/', 'T00000000/B00000000/', 'X'.repeat(24)].join(''),
      pem('', '...'),
      pem('', 'xxx'),
      pem('OPENSSH ', ''),
      `-----BEGIN ${'PRIVATE'} KEY-----`,
    ];
    for (const text of none) expect(findSecretsInText(text)).toEqual([]);
  });

  test('Slack tokens need their numeric ids', () => {
    for (const text of [
      'xoxp-1234567890',
      'xoxb-12345-abcd234',
      'xoxp-1234-1234-1234-4ddbc191d40ee098cbaae6f3523ada2d',
      'xoxo-indieweb-1.jpg',
    ]) {
      expect(findSecretsInText(text)).toEqual([]);
    }
  });
});

describe('recall: credential shapes beyond the Python patterns', () => {
  test('a token at the start of a line inside JSON text (after an escaped \\n)', () => {
    const text = JSON.stringify({ env: `A=1\n${ANTHROPIC}\n${AWS}\n${GITHUB}\n${STRIPE}\n${SLACK_BOT}` });
    expect(text).toContain('\\nsk-ant-');
    expect(findSecretsInText(text).map((m) => m.kind)).toEqual([
      'anthropic_api_key',
      'aws_access_key_id',
      'github_token',
      'stripe_secret_key',
      'slack_token',
    ]);
    // but a letter n before the token is no separator
    expect(findSecretsInText(`n${AWS}`)).toEqual([]);
  });

  test('a Google key ending in "-" at the end of a string', () => {
    expect(GOOGLE.endsWith('-')).toBe(true);
    expect(findSecretsInText(GOOGLE).map((m) => m.kind)).toEqual(['google_api_key']);
    expect(findSecretsInText(`"${GOOGLE}"`).map((m) => m.kind)).toEqual(['google_api_key']);
    // a longer run of key characters is not a 39-character key
    expect(findSecretsInText(`${GOOGLE}x`)).toEqual([]);
  });

  test('GitHub installation tokens in the stateless ghs_<app id>_<JWT> format', () => {
    const jwt = ['eyJhbGciOiJSUzI1NiJ9', 'eyJpc3MiOiIxMjM0NSJ9', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'].join(
      '.',
    );
    const token = `ghs_12345_${jwt}`;
    expect(findSecretsInText(`token ${token}.`).map((m) => [m.kind, m.end - m.start])).toEqual([
      ['github_token', token.length],
    ]);
  });

  test('Stripe test-mode secret and restricted keys', () => {
    for (const prefix of ['sk_test_', 'rk_test_', 'rk_live_']) {
      expect(findSecretsInText(`${prefix}${'Zr4'.repeat(9)}`).map((m) => m.kind)).toEqual(['stripe_secret_key']);
    }
    expect(findSecretsInText(`pk_live_${'Zr4'.repeat(9)}`)).toEqual([]);
  });

  test('PGP private key blocks and encrypted PEM keys', () => {
    const pgp = `-----BEGIN PGP ${'PRIVATE'} KEY BLOCK-----\n\n${B64}\n${B64}\n=Ab1c\n-----END PGP PRIVATE KEY BLOCK-----`;
    expect(findSecretsInText(pgp).map((m) => [m.kind, m.start, m.end])).toEqual([['private_key', 0, pgp.length]]);
    const encrypted = pem('RSA ', `Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n${B64}\n${B64}`);
    expect(findSecretsInText(encrypted).map((m) => [m.kind, m.start, m.end])).toEqual([
      ['private_key', 0, encrypted.length],
    ]);
  });

  test('Slack app-level, legacy and configuration tokens and webhook URLs', () => {
    const tokens = [
      ['xa', 'pp-1-', 'A052FGTS2DL', '-5171572773297-', 'a6b1'.repeat(16)].join(''),
      ['xo', 'xs-', '416843729158-132049654-5609968301-', 'e708ba56e1'].join(''),
      ['xo', 'xe.xoxp-1-', 'Mi0yLTM0'.repeat(20)].join(''),
      ['xo', 'xp-', '41684372915-1320496754-45609968301-', 'e708ba56'.repeat(4)].join(''),
      ['https://hooks.slack.com', '/services/', 'T0DCUJB1Q/B0DD08H5G/', 'bJtrpFi1'.repeat(3)].join(''),
    ];
    for (const token of tokens)
      expect(findSecretsInText(`x ${token} y`).map((m) => [m.kind, m.end - m.start])).toEqual([
        ['slack_token', token.length],
      ]);
  });
});

describe('JWTs', () => {
  test('three base64url segments whose header is a JSON object naming its algorithm', () => {
    const es256 = [
      segment({ alg: 'ES256', kid: 'k1' }),
      segment({ iss: 'https://auth.example.com', exp: 1_900_000_000 }),
      'MEUCIQ'.repeat(14),
    ].join('.');
    for (const token of [JWT, es256]) {
      expect(kindsInArgs(token)).toEqual(EMBEDDINGS.map(() => ['jwt']));
      expect(findSecretsInText(`Authorization: Bearer ${token}`).map((m) => [m.kind, m.end - m.start])).toEqual([
        ['jwt', token.length],
      ]);
    }
  });

  test('hard negatives: base64 JSON that is not a token', () => {
    const none = [
      // one segment (a base64 JSON blob, as in 1Password and Grafana tokens or cursors)
      JWT_HEADER + JWT_CLAIMS,
      `ops_${JWT_CLAIMS}${JWT_CLAIMS}`,
      // header and claims without a signature, or a signature too short to be one
      `${JWT_HEADER}.${JWT_CLAIMS}`,
      `${JWT_HEADER}.${JWT_CLAIMS}.abc`,
      // a header that is not JSON, or JSON without "alg"
      ['eyJumpingJackFlash', 'eyJohnnyBGoode', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV'].join('.'),
      [segment({ typ: 'JWT' }), JWT_CLAIMS, 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV'].join('.'),
      // a placeholder
      ['eyJ', 'x'.repeat(30), '.eyJ', 'x'.repeat(30), '.', 'x'.repeat(30)].join(''),
    ];
    for (const text of none) expect(findSecretsInText(text), text).toEqual([]);
  });
});

describe('connection strings with a password', () => {
  test('database and broker URLs, the password running to the last @ before the host', () => {
    const urls = [
      'postgres://u:pw@h/db',
      ['postgresql', '+psycopg2://', 'svc:', 'Tr0ub4dor&3', '@10.0.0.5:5432/app'].join(''),
      ['mongodb+srv://', 'u:', 'pw', '@cluster0.example.mongodb.net/db?retryWrites=true&w=majority'].join(''),
      ['mysql://', 'root:', 'p@ss-W0rd', '@db.example.com:3306/app'].join(''),
      ['redis://', ':', 'pw', '@cache.internal:6379/0'].join(''),
      ['rediss://', 'default:', 'Xk29sdLq', '@cache.example.com:6380'].join(''),
      ['amqps://', 'guest:', 's3cr3tQ', '@rabbit.example.com/vhost'].join(''),
      DB_URL,
    ];
    for (const url of urls) {
      expect(kindsInArgs(url), url).toEqual(EMBEDDINGS.map(() => ['connection_string']));
      expect(findSecretsInText(`DATABASE_URL="${url}" rest`).map((m) => [m.kind, m.end - m.start])).toEqual([
        ['connection_string', url.length],
      ]);
    }
    // inside jdbc: the URL proper is claimed
    expect(redactSecrets('jdbc:mysql://admin:str0ngP4ss@db.company.com:3306/app_db')).toBe(
      'jdbc:[REDACTED connection_string: mysql://admin:…@db.company.com:3306]',
    );
  });

  test('hard negatives: no password, a placeholder or template password, another scheme', () => {
    const none = [
      'postgres://db.example.com:5432/orders',
      'postgres://app@db.example.com/orders',
      'postgres://user:password@localhost/db',
      'mongodb://YOUR_USERNAME:YOUR_PASSWORD@cluster.mongodb.net/test',
      'mysql://admin:REPLACE_WITH_PASSWORD@mysql.server.com:3306/database',
      'mysql://user:${PASSWORD}@example.com:3306/db',
      'postgresql://{username}:{password}@{{host}}:5432/{database}',
      'postgres://$(PGUSER):$(PGPASSWORD)@$(PGHOST)/$(PGDATABASE)',
      'redis://:<password>@cache:6379',
      'redis://:%REDIS_PASS%@cache:6379',
      'redis://:****@cache:6379',
      'mysql://dbuser:secret@mysql.server.com:3306/database',
      'jdbc:mysql://admin:pass@localhost:3306/mydb',
      // basic-auth web URLs are not a database credential kind
      'https://user:s3cr3tP4ss@api.example.com/v1',
    ];
    for (const text of none) expect(findSecretsInText(text), text).toEqual([]);
  });
});

describe('keys glued to the word before them', () => {
  test('distinctive prefixes are found glued to a word', () => {
    expect(redactSecrets(`mykey=${OPENAI}`)).toBe('mykey=[REDACTED openai_api_key: sk-p…b3]');
    expect(redactSecrets(`token${ANTHROPIC}`)).toBe('token[REDACTED anthropic_api_key: sk-a…AA]');
    expect(redactSecrets(`Bearer${GITHUB}`)).toBe('Bearer[REDACTED github_token: ghp_…b2]');
    expect(redactSecrets(`auth${SLACK_BOT}`)).toBe('auth[REDACTED slack_token: xoxb…q8]');
    const longProject = ['sk', '-proj-', 'Ab3'.repeat(30)].join('');
    expect(redactSecrets(`key${longProject}`)).toBe('key[REDACTED openai_api_key: sk-p…b3]');
  });

  test('hard negatives: shapes common glued to text still need a word start', () => {
    const none = [
      // a fat-fingered prefix (secretlint's own negative), and a short project-key shape glued
      'ssk-ant-api04-NotARealKeyButLooksLikeOne',
      `task-proj-${'Ab3'.repeat(12)}`,
      `tasksk-${'Ab3'.repeat(12)}`,
      `n${AWS}`,
      `data${GOOGLE}`,
      `mask_test_${'Zr4'.repeat(9)}`,
      // a JWT needs a start outside its alphabet (see SEGMENTED_START)
      `x${JWT}`,
    ];
    for (const text of none) expect(findSecretsInText(text), text).toEqual([]);
  });
});

describe('redactSecretKinds', () => {
  test('replaces each credential with its kind only, so a rotated credential masks to the same text', () => {
    const rotated = ['gh', 'p_', 'Z9y8'.repeat(9)].join('');
    expect(redactSecretKinds(`${GITHUB} and ${AWS}`)).toBe('[REDACTED github_token] and [REDACTED aws_access_key_id]');
    expect(redactSecretKinds(`token ${rotated}`)).toBe(redactSecretKinds(`token ${GITHUB}`));
    expect(redactDeep({ [GITHUB]: [OPENAI, 1] }, redactSecretKinds)).toEqual({
      '[REDACTED github_token]': ['[REDACTED openai_api_key]', 1],
    });
  });
});

describe('redactSecrets', () => {
  test('replaces each credential with its kind and preview, the rest untouched', () => {
    expect(redactSecrets(`curl -H "Authorization: Bearer ${OPENAI}" https://x`)).toBe(
      'curl -H "Authorization: Bearer [REDACTED openai_api_key: sk-p…b3]" https://x',
    );
    expect(redactSecrets(`${GITHUB} and ${AWS}`)).toBe(
      '[REDACTED github_token: ghp_…b2] and [REDACTED aws_access_key_id: AKIA…DF]',
    );
    expect(redactSecrets('nothing secret here: sk-short, AKIA, ghp_')).toBe(
      'nothing secret here: sk-short, AKIA, ghp_',
    );
    expect(redactSecrets('')).toBe('');
  });

  test('a private key is hidden whole, body and END line included', () => {
    expect(redactSecrets(`key:\n${PEM}\nnext line`)).toBe(
      'key:\n[REDACTED private_key: -----BEGIN … PRIVATE KEY-----]\nnext line',
    );
    // inside JSON text, with escaped line breaks
    expect(redactSecrets(JSON.stringify({ key: PEM, a: 1 }))).toBe(
      '{"key":"[REDACTED private_key: -----BEGIN … PRIVATE KEY-----]","a":1}',
    );
    // with no END line, the body still goes, up to the first character a PEM body never holds
    expect(redactSecrets(`| ${PEM.split('\n-----END')[0]} | next |`)).toBe(
      '| [REDACTED private_key: -----BEGIN … PRIVATE KEY-----]| next |',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The shared secret-detection corpus (corpus README §6).

interface GitleaksVector {
  rule_id: string;
  kind: 'tp' | 'fp';
  value: string;
}

/** gitleaks rules that are one of our eight kinds. */
const GITLEAKS_KIND: Record<string, SecretKind> = {
  'private-key': 'private_key',
  'anthropic-api-key': 'anthropic_api_key',
  'anthropic-admin-api-key': 'anthropic_api_key',
  'openai-api-key': 'openai_api_key',
  'github-pat': 'github_token',
  'github-fine-grained-pat': 'github_token',
  'github-oauth': 'github_token',
  'github-app-token': 'github_token',
  'github-refresh-token': 'github_token',
  'aws-access-token': 'aws_access_key_id',
  'gcp-api-key': 'google_api_key',
  'slack-bot-token': 'slack_token',
  'slack-user-token': 'slack_token',
  'slack-app-token': 'slack_token',
  'slack-config-access-token': 'slack_token',
  'slack-config-refresh-token': 'slack_token',
  'slack-legacy-bot-token': 'slack_token',
  'slack-legacy-workspace-token': 'slack_token',
  'slack-legacy-token': 'slack_token',
  'slack-webhook-url': 'slack_token',
  'stripe-access-token': 'stripe_secret_key',
};

/** gitleaks' own shape for Anthropic keys: exactly 93 characters, then AA. */
const GITLEAKS_ANTHROPIC = /^sk-ant-(?:api03|admin01)-[\w-]{93}AA$/;

/**
 * gitleaks fp vectors of covered rules that we report, each for a stated reason. They are matched by
 * rule and shape here, never written out.
 */
function knownFlaggedFp(vector: GitleaksVector): string | undefined {
  const { rule_id: rule, value } = vector;
  if (rule.startsWith('anthropic-') && GITLEAKS_ANTHROPIC.test(value)) {
    // A well-formed key of the *other* Anthropic rule (an admin key listed as a non-match of the
    // api-key rule, and the reverse). Both are anthropic_api_key for us: correctly reported.
    const other = rule === 'anthropic-api-key' ? 'admin01' : 'api03';
    expect(value.startsWith(`sk-ant-${other}-`)).toBe(true);
    return 'the other Anthropic key type';
  }
  if (rule.startsWith('anthropic-') && value.startsWith('sk-ant-')) {
    // Known over-detection: gitleaks wants exactly 93 characters and the final "AA"; these are a
    // truncated key and one ending in "BB". We keep the reference shape (sk-ant- + 20 or more key
    // characters mixing digits and both cases) and report them.
    expect(GITLEAKS_ANTHROPIC.test(value)).toBe(false);
    return 'near-miss Anthropic key';
  }
  if (rule === 'gcp-api-key' && /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/.test(value)) {
    // Known over-detection: well-formed Google API keys that gitleaks allow-lists by value (sample
    // keys published in firebase-android-sdk) or rejects by entropy (AIza + 35 times "a"). A shape
    // detector cannot tell them from live keys; we do not keep a list of published keys.
    return 'published sample Google key';
  }
  return undefined;
}

describe('corpus: gitleaks rule vectors', () => {
  const vectors = readCorpusJsonl('secrets', 'gitleaks-rule-vectors.jsonl') as GitleaksVector[];
  const covered = vectors.filter((v) => GITLEAKS_KIND[v.rule_id] !== undefined);

  test('the corpus holds the vectors this test was written against', () => {
    expect(vectors).toHaveLength(335);
    expect(covered.filter((v) => v.kind === 'tp')).toHaveLength(6);
    expect(covered.filter((v) => v.kind === 'fp')).toHaveLength(56);
  });

  test('recall 1: every tp of a covered rule is flagged with its kind, in all four placements', () => {
    for (const vector of covered.filter((v) => v.kind === 'tp')) {
      const kind = GITLEAKS_KIND[vector.rule_id]!;
      expect(kindsInArgs(vector.value), vector.rule_id).toEqual(EMBEDDINGS.map(() => [kind]));
    }
  });

  test('precision: no fp of a covered rule is flagged, except the listed ones', () => {
    const flagged = new Map<string, number>();
    for (const vector of covered.filter((v) => v.kind === 'fp')) {
      const kinds = kindsInArgs(vector.value);
      const reason = knownFlaggedFp(vector);
      if (reason === undefined) {
        expect(kinds, `${vector.rule_id}: ${vector.value.slice(0, 12)}…`).toEqual(EMBEDDINGS.map(() => []));
      } else {
        expect(kinds).toEqual(EMBEDDINGS.map(() => [GITLEAKS_KIND[vector.rule_id]!]));
        flagged.set(reason, (flagged.get(reason) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(flagged)).toEqual({
      'the other Anthropic key type': 2,
      'near-miss Anthropic key': 4,
      'published sample Google key': 17,
    });
  });

  test('vectors of rules outside our kinds are never claimed by one of them, except the JWTs they hold', () => {
    let jwts = 0;
    for (const vector of vectors.filter((v) => GITLEAKS_KIND[v.rule_id] === undefined)) {
      const kinds = findSecretsInText(vector.value).map((m) => m.kind);
      if (vector.rule_id === 'curl-auth-header' && vector.value.includes('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.')) {
        // Both vectors (the tp and the "Basic" fp of the curl rule) pass an HS256 JWT: a token either way.
        expect(kinds).toEqual(['jwt']);
        jwts++;
        continue;
      }
      expect(kinds, vector.rule_id).toEqual([]);
    }
    expect(jwts).toBe(2);
  });
});

interface SecretlintCase {
  case: string;
  should_flag: boolean;
  input: string;
  findings: { ruleId: string; messageId: string; range: [number, number]; matched: string }[];
}

/** secretlint findings that are one of our kinds. */
function secretlintKind(finding: SecretlintCase['findings'][number]): SecretKind | undefined {
  const rule = finding.ruleId.replace('@secretlint/secretlint-rule-', '');
  const byRule: Record<string, SecretKind> = {
    anthropic: 'anthropic_api_key',
    github: 'github_token',
    openai: 'openai_api_key',
    privatekey: 'private_key',
    slack: 'slack_token',
    stripe: 'stripe_secret_key',
    'database-connection-string': 'connection_string',
  };
  if (rule === 'aws') return finding.messageId === 'AWSAccessKeyID' ? 'aws_access_key_id' : undefined;
  // a service-account JSON holds a PEM private key
  if (rule === 'gcp') return finding.messageId === 'PrivateKeyJSON' ? 'private_key' : undefined;
  return byRule[rule];
}

/**
 * Known recall gap: secretlint reports the placeholder webhook `…/services/TXXXXX/BXXXXX/XXXXXXXXXX`;
 * we treat runs of X as placeholders, and its 24 characters are too short for a real webhook path
 * (gitleaks does not report it either).
 */
const isPlaceholderWebhook = (finding: SecretlintCase['findings'][number]) =>
  finding.messageId === 'IncomingWebhook' && /\/T[X]+\/B[X]+\/[X]+$/.test(finding.matched);

describe('corpus: secretlint preset-recommend snapshots', () => {
  const cases = readCorpusJsonl('secrets', 'secretlint-preset-recommend-snapshots.jsonl') as SecretlintCase[];
  const coveredFindings = (c: SecretlintCase) => c.findings.filter((f) => secretlintKind(f) !== undefined);

  test('the corpus holds the cases this test was written against', () => {
    expect(cases).toHaveLength(102);
    expect(cases.filter((c) => c.should_flag)).toHaveLength(54);
    const withCovered = cases.filter((c) => c.should_flag && coveredFindings(c).length > 0);
    // 20 cases with 33 findings of the eight API-key kinds, and the three database cases with 16 URLs
    expect(withCovered).toHaveLength(23);
    expect(withCovered.reduce((n, c) => n + coveredFindings(c).length, 0)).toBe(49);
  });

  test('recall 1: every covered finding is flagged with its kind at the same place (one listed gap)', () => {
    let gaps = 0;
    for (const c of cases.filter((x) => x.should_flag && coveredFindings(x).length > 0)) {
      const ours = findSecretsInText(c.input);
      const expected = coveredFindings(c).filter((f) => {
        if (!isPlaceholderWebhook(f)) return true;
        gaps++;
        return false;
      });
      for (const finding of expected) {
        const [start, end] = finding.range;
        const hit = ours.find((m) => m.start < end && start < m.end);
        expect(hit?.kind, `${c.case}: ${finding.messageId}`).toBe(secretlintKind(finding));
      }
      // nothing more than secretlint reports
      expect(ours.map((m) => m.kind).sort(), c.case).toEqual(expected.map((f) => secretlintKind(f)!).sort());
      // and the same in every placement inside a tool call
      expect(kindsInArgs(c.input), c.case).toEqual(
        EMBEDDINGS.map(() => expected.map((f) => secretlintKind(f)!).sort()),
      );
    }
    expect(gaps).toBe(1);
  });

  test('precision: nothing is flagged in the cases that must not be, except the listed ones', () => {
    let overDetected = 0;
    for (const c of cases.filter((x) => !x.should_flag)) {
      const ours = findSecretsInText(c.input);
      if (c.case === 'secretlint-rule-openai/ok.valid') {
        // Known over-detection: four keys of the exact OpenAI shape whose T3BlbkFJ marker was
        // replaced. secretlint and gitleaks require the marker; we keep the reference shape
        // (sk-proj-/sk-svcacct-/sk-admin- + 32, or sk- + 32 alphanumerics, mixing cases and digits).
        expect(ours.map((m) => m.kind)).toEqual([
          'openai_api_key',
          'openai_api_key',
          'openai_api_key',
          'openai_api_key',
        ]);
        for (const m of ours) expect(c.input.slice(m.start, m.end)).not.toContain('T3BlbkFJ');
        overDetected += ours.length;
        continue;
      }
      if (c.case === 'secretlint-rule-aws/ok.AWS Access Key ID--enableIDScanRule-false') {
        // Not a false positive: the same input is the "ng" case with secretlint's ID scan switched
        // on; access key IDs are always reported here.
        expect(ours.map((m) => m.kind)).toEqual(['aws_access_key_id']);
        continue;
      }
      expect(ours, c.case).toEqual([]);
      expect(kindsInArgs(c.input), c.case).toEqual(EMBEDDINGS.map(() => []));
    }
    expect(overDetected).toBe(4);
  });

  test('credentials outside our eight kinds are not claimed by one of them', () => {
    // (basic-auth web URLs, AWS secret keys and account IDs, and 15 other providers)
    for (const c of cases.filter((x) => x.should_flag && coveredFindings(x).length === 0)) {
      expect(findSecretsInText(c.input), c.case).toEqual([]);
    }
  });
});

describe('corpus: credentials in BFCL gold arguments (corpus README §6)', () => {
  const IDS = [
    'live_multiple_68-29-0',
    'live_multiple_73-33-0',
    'live_multiple_84-38-1',
    'live_simple_30-8-0',
    'live_parallel_multiple_3-2-1',
  ];
  type Answer = { id: string; ground_truth: Record<string, Record<string, unknown[]>>[] };
  const answers = readdirSync(corpusPath('bfcl', 'possible_answer'))
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readCorpusJsonl('bfcl', 'possible_answer', name) as Answer[])
    .filter((entry) => IDS.includes(entry.id));

  /** The calls of an entry, each argument taking its first non-empty accepted value. */
  const callsOf = (entry: Answer): ToolCall[] =>
    entry.ground_truth.flatMap((step) =>
      Object.entries(step).map(([tool, params]) =>
        call(
          tool,
          Object.fromEntries(
            Object.entries(params).map(([key, accepted]) => [key, accepted.find((v) => v !== '') ?? null]),
          ),
        ),
      ),
    );

  test('all five entries are found', () => {
    expect(answers.map((entry) => entry.id).sort()).toEqual([...IDS].sort());
  });

  test('what they hold: plain passwords and an API-key placeholder, which we do not report', () => {
    const passwords = answers.flatMap((entry) =>
      callsOf(entry).flatMap((c) => (c.args && 'password' in c.args ? [c.args.password] : [])),
    );
    expect(passwords).toHaveLength(3);
    const apiKeys = answers.flatMap((entry) =>
      callsOf(entry).flatMap((c) => (c.args && 'api_key' in c.args ? [c.args.api_key] : [])),
    );
    expect(apiKeys).toHaveLength(1);
    // Our kinds are provider-issued credential formats. Passwords ("12345", "securePass123",
    // "123412"), the "YOUR_API_KEY_HERE" placeholder and live_simple_30-8-0's bot id ("my-bot-id")
    // have no such format, so none is reported: a deliberate limit, not an oversight.
    for (const entry of answers)
      expect(securityMetrics(callsOf(entry)), entry.id).toEqual({ secret_count: 0, secrets: [] });
  });

  test('redaction leaves their arguments unchanged, so argument matching is not affected', () => {
    for (const entry of answers) {
      for (const c of callsOf(entry)) {
        const text = JSON.stringify(c.args);
        expect(redactSecrets(text)).toBe(text);
      }
    }
  });
});

describe('the short-string shortcut of the argument scan', () => {
  test('still finds the shortest credential shapes in arguments', () => {
    const calls = toActualCalls([{ tool: 't', args: { a: 'xapp-1-a-1-a', b: 'xoxa-abcdefg1' } }]);
    expect(securityMetrics(calls).secrets.map((secret) => [secret.path, secret.kind])).toEqual([
      ['a', 'slack_token'],
      ['b', 'slack_token'],
    ]);
  });
});

describe('precision and recall per kind', () => {
  /** A text and the credentials it holds, by kind (a kind once per credential). */
  interface Labelled {
    text: string;
    holds: SecretKind[];
  }

  /**
   * Every labelled text above: the two corpora as their authors label them (mapped to our kinds; a
   * well-formed key of the other Anthropic rule and the AWS case that only differs by an option
   * counted as the credentials they are, and the curl vectors as the JWT they hold), and the
   * real-looking positives and hard negatives of the new kinds written in this file.
   */
  function labelled(): Labelled[] {
    const items: Labelled[] = [];
    for (const v of readCorpusJsonl('secrets', 'gitleaks-rule-vectors.jsonl') as GitleaksVector[]) {
      const kind = GITLEAKS_KIND[v.rule_id];
      const otherAnthropic = v.rule_id.startsWith('anthropic-') && GITLEAKS_ANTHROPIC.test(v.value);
      const curlJwt = v.rule_id === 'curl-auth-header' && v.value.includes('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.');
      items.push({
        text: v.value,
        holds: (v.kind === 'tp' || otherAnthropic) && kind ? [kind] : curlJwt ? ['jwt'] : [],
      });
    }
    for (const c of readCorpusJsonl('secrets', 'secretlint-preset-recommend-snapshots.jsonl') as SecretlintCase[]) {
      const holds = c.findings.flatMap((f) => secretlintKind(f) ?? []);
      if (c.case === 'secretlint-rule-aws/ok.AWS Access Key ID--enableIDScanRule-false')
        holds.push('aws_access_key_id');
      items.push({ text: c.input, holds });
    }
    const tokens: [string, SecretKind][] = [
      [PEM, 'private_key'],
      [ANTHROPIC, 'anthropic_api_key'],
      [OPENAI, 'openai_api_key'],
      [GITHUB, 'github_token'],
      [AWS, 'aws_access_key_id'],
      [GOOGLE, 'google_api_key'],
      [SLACK_BOT, 'slack_token'],
      [STRIPE, 'stripe_secret_key'],
    ];
    for (const [token, kind] of tokens) items.push({ text: token, holds: [kind] });
    const es256 = [
      segment({ alg: 'ES256', kid: 'k1' }),
      segment({ iss: 'https://auth.example.com', exp: 1_900_000_000 }),
      'MEUCIQ'.repeat(14),
    ].join('.');
    for (const token of [JWT, es256, `Authorization: Bearer ${JWT}`]) items.push({ text: token, holds: ['jwt'] });
    for (const text of [
      JWT_HEADER + JWT_CLAIMS,
      `${JWT_HEADER}.${JWT_CLAIMS}`,
      [segment({ typ: 'JWT' }), JWT_CLAIMS, 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV'].join('.'),
    ]) {
      items.push({ text, holds: [] });
    }
    for (const url of [
      'postgres://u:pw@h/db',
      DB_URL,
      'redis://:pw@cache.internal:6379/0',
      'mongodb+srv://u:pw@cluster0.example.mongodb.net/db',
    ])
      items.push({ text: url, holds: ['connection_string'] });
    for (const url of [
      'postgres://app@db.example.com/orders',
      'postgres://user:password@localhost/db',
      'mysql://user:${PASSWORD}@example.com:3306/db',
      'https://user:s3cr3tP4ss@api.example.com/v1',
    ]) {
      items.push({ text: url, holds: [] });
    }
    return items;
  }

  /** Per kind: credentials found (tp), reported where there was none (fp), missed (fn); precision and recall to 3 decimals. */
  function figures(items: readonly Labelled[]) {
    const counts = new Map<SecretKind, { tp: number; fp: number; fn: number }>(
      SECRET_KINDS.map((kind) => [kind, { tp: 0, fp: 0, fn: 0 }]),
    );
    for (const { text, holds } of items) {
      const found = findSecretsInText(text).map((m) => m.kind);
      for (const kind of SECRET_KINDS) {
        const expected = holds.filter((k) => k === kind).length;
        const got = found.filter((k) => k === kind).length;
        const count = counts.get(kind)!;
        count.tp += Math.min(expected, got);
        count.fp += Math.max(0, got - expected);
        count.fn += Math.max(0, expected - got);
      }
    }
    const round = (x: number) => Math.round(x * 1000) / 1000;
    return Object.fromEntries(
      [...counts].map(([kind, { tp, fp, fn }]) => [
        kind,
        { tp, fp, fn, precision: round(tp / (tp + fp)), recall: round(tp / (tp + fn)) },
      ]),
    );
  }

  test('over both corpora and the positives and hard negatives of this file', () => {
    // The misses and false reports are the ones the corpus tests above list, each with its reason:
    // 4 near-miss Anthropic keys, 4 OpenAI keys without the T3BlbkFJ marker, 17 published sample Google
    // keys (the corpus has no live Google key, hence the low precision), 1 placeholder Slack webhook.
    expect(figures(labelled())).toEqual({
      private_key: { tp: 9, fp: 0, fn: 0, precision: 1, recall: 1 },
      anthropic_api_key: { tp: 9, fp: 4, fn: 0, precision: 0.692, recall: 1 },
      openai_api_key: { tp: 5, fp: 4, fn: 0, precision: 0.556, recall: 1 },
      github_token: { tp: 4, fp: 0, fn: 0, precision: 1, recall: 1 },
      aws_access_key_id: { tp: 3, fp: 0, fn: 0, precision: 1, recall: 1 },
      google_api_key: { tp: 1, fp: 17, fn: 0, precision: 0.056, recall: 1 },
      slack_token: { tp: 13, fp: 0, fn: 1, precision: 1, recall: 0.929 },
      stripe_secret_key: { tp: 5, fp: 0, fn: 0, precision: 1, recall: 1 },
      jwt: { tp: 5, fp: 0, fn: 0, precision: 1, recall: 1 },
      connection_string: { tp: 20, fp: 0, fn: 0, precision: 1, recall: 1 },
    });
  });
});
