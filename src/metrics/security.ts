import { DEFAULT_LIMITS, tooDeepError } from '../core/limits.js';
import type { ToolCall } from '../core/types.js';
import { hasOwnProperty } from '../core/objects.js';
import { unreadableArgumentsText } from '../formats/support/calls.js';

/** Kinds of credential recognised in arguments, most specific first. */
export const SECRET_KINDS = [
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
] as const;

/** One kind of credential. */
export type SecretKind = (typeof SECRET_KINDS)[number];

/** A credential found in a call's arguments. Never holds the secret itself. */
export interface SecretFinding {
  /** 0-based position of the call in the trace. */
  index: number;
  /** Tool of the call. */
  tool: string;
  /** Where in the arguments: `headers.Authorization`, `files[0].content`; `(arguments text)` when they were not JSON. */
  path: string;
  /** What kind of credential. */
  kind: SecretKind;
  /** A masked preview such as `sk-p…9Q`. */
  preview: string;
}

/** `metrics.security_metrics`. */
export interface SecurityMetrics {
  secret_count: number;
  secrets: SecretFinding[];
}

interface SecretPattern {
  kind: SecretKind;
  regex: RegExp;
  /** Whether a match is a credential rather than a placeholder, a slug or an empty template. */
  accept: (match: string) => boolean;
}

/** API keys must mix digits and both cases, so kebab-case slugs such as `sk-some-long-identifier` are not reported. */
const mixesCases = (match: string): boolean => /\d/.test(match) && /[a-z]/.test(match) && /[A-Z]/.test(match);

/**
 * Placeholders written in docs and templates: a run of eight `x`, `X` or `0` (`ghp_xxxx…`,
 * `AKIAXXXXXXXXXXXXXXXX`, `…/XXXXXXXXXXXXXXXXXXXXXXXX`). Real tokens are random; such a run has a
 * chance of about 1e-12 per position.
 */
const isPlaceholder = (match: string): boolean => /x{8}|X{8}|0{8}/.test(match);
const notPlaceholder = (match: string): boolean => !isPlaceholder(match);

/** The smallest real private key (Ed25519, PKCS #8) is 64 base64 characters; shorter bodies are templates (`...`, `xxx`). */
const MIN_PRIVATE_KEY_BODY = 64;

/** Whether a PEM block has a key in it, not an empty or placeholder body. */
function hasKeyBody(match: string): boolean {
  const body = match.slice(match.indexOf('-----', 5) + 5).replace(/-----END [A-Z0-9 ]*-----$/, '');
  let count = 0;
  for (let i = 0; i < body.length && count < MIN_PRIVATE_KEY_BODY; i++) {
    const ch = body.charCodeAt(i);
    // an escaped line break or tab in JSON text (`\n`) is not key material
    if (ch === 0x5c && /[nrt]/.test(body[i + 1] ?? '')) i++;
    else if (/[A-Za-z0-9+/]/.test(body[i]!)) count++;
  }
  return count >= MIN_PRIVATE_KEY_BODY;
}

/** Whether a JWT's first segment is a JSON object header with an `alg`, as every JWS and JWE header has. */
function hasJwtHeader(token: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8')) as unknown;
    return header !== null && typeof header === 'object' && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

/**
 * The URL schemes of databases and message brokers, then `user:password@host`. The password runs to
 * the last `@` before the host, so `p@ss` passwords are claimed whole; whitespace, quotes, `<>` and
 * backslashes end the URL (it sits in JSON text or prose).
 */
const CONNECTION_URL =
  /(?:postgres(?:ql)?|mysqlx?|mariadb|mssql|sqlserver|mongodb|rediss?|amqps?)(?:\+[a-z0-9]+)?:\/\/(?<user>[^\s:/@"'<>\\`]*):(?<password>[^\s/"'<>\\`]+)@(?<host>[^\s/?#@"'<>\\`]+)(?:[/?#][^\s"'<>\\`]*)?/;

/** Words written where a password goes in docs and templates (`mongodb://user:password@…`). */
const PASSWORD_PLACEHOLDERS = new Set(['pass', 'passwd', 'pwd', 'secret', 'changeme']);

/**
 * Whether the password of a connection URL stands for one: a template (`${…}`, `{…}`, `$(…)`, `$VAR`,
 * `%VAR%`, `<…>`), a placeholder word, "password" spelled in it without a digit (`YOUR_PASSWORD`,
 * `REPLACE_WITH_PASSWORD`, `mypassword`), or a run of one character (`xxxx`, `****`).
 */
function isPlaceholderPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return (
    /[{}<>]|\$[(A-Za-z_]|%[A-Za-z_]+%/.test(password) ||
    PASSWORD_PLACEHOLDERS.has(lower) ||
    (lower.includes('password') && !/\d/.test(lower)) ||
    /^(.)\1*$/.test(password)
  );
}

/**
 * Where a token may start: not after a letter or digit, but after an underscore, which joins words in
 * identifiers (`tool_AKIA…`, `send_AIza…`: a key embedded in a tool name), and right after an escaped
 * line break or tab, as in JSON text held in a string (`"…\nsk-ant-…"`).
 */
const START = String.raw`(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))`;

/** Where a fixed-length token ends: before no letter or digit (an underscore may follow: `AKIA…_v2`). */
const END = '(?![A-Za-z0-9])';

/**
 * Prefixes distinctive enough (a dash or underscore inside, and a fixed shape after) to be found glued
 * to the word before them: `tokensk-ant-api03-…`, `Bearerghp_…`. Prefixes that ordinary words or
 * encoded blobs contain by chance (`sk-`, `AKIA`, `AIza`, `sk_test_`) still need a start (see START). Each
 * glued shape either has a fixed length or ends in an open run, so a failed scan stays short or a
 * match consumes the run: glued starts cost linear time.
 */
const GLUED = '';

/**
 * Where a token made of dotted base64url segments (a JWT, a `ghs_` installation token) may start:
 * after no base64url character, or after an escaped line break. A scan that fails then ends before the
 * next place one may start, so a long run of `eyJeyJ…` or `-ghs_1_-ghs_1_…` costs linear time.
 */
const SEGMENTED_START = String.raw`(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))`;

/**
 * Body length an `sk-` key glued to a word must have: real project and Anthropic keys have 95 to 160
 * characters after the prefix; the shorter shapes a word start accepts are too common glued to text.
 */
const MIN_GLUED_BODY = 80;

/** A global regex from alternatives, each starting with `${START}` where it needs a word start. */
const regex = (...alternatives: string[]): RegExp => new RegExp(alternatives.join('|'), 'g');

const PATTERNS: readonly SecretPattern[] = [
  {
    // The header, then the body up to the END line (or up to the first character a PEM body never
    // holds), so redaction hides the key itself and not only its header. The body may hold
    // encrypted-PEM headers (`Proc-Type: 4,ENCRYPTED`) and escaped line breaks (`\n` in JSON text).
    kind: 'private_key',
    regex:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:(?!-----)[A-Za-z0-9+/=\s:,.\\-])*(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?/g,
    accept: hasKeyBody,
  },
  {
    // Glued to a word only with the key type and the length real keys have (`api03-` + 95), so a
    // fat-fingered `ssk-ant-api04-NotARealKey…` is not one.
    kind: 'anthropic_api_key',
    regex: regex(
      String.raw`${START}sk-ant-[A-Za-z0-9_-]{20,}`,
      String.raw`${GLUED}sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{${MIN_GLUED_BODY},}`,
    ),
    accept: (m) => mixesCases(m) && notPlaceholder(m),
  },
  {
    kind: 'openai_api_key',
    regex: regex(
      String.raw`${START}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{32,}`,
      String.raw`${GLUED}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{${MIN_GLUED_BODY},}`,
      String.raw`${START}sk-[A-Za-z0-9]{32,}`,
    ),
    accept: (m) => mixesCases(m) && notPlaceholder(m),
  },
  {
    // Classic tokens; installation tokens in the stateless format `ghs_<app id>_<JWT>` (GitHub, 2026);
    // fine-grained personal access tokens.
    kind: 'github_token',
    regex: regex(
      String.raw`${GLUED}gh[pousr]_[A-Za-z0-9]{36}${END}`,
      String.raw`${SEGMENTED_START}ghs_[0-9]+_[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
      String.raw`${GLUED}github_pat_[A-Za-z0-9_]{60,}`,
    ),
    accept: notPlaceholder,
  },
  {
    // AWS documentation keys end in EXAMPLE (AKIAIOSFODNN7EXAMPLE).
    kind: 'aws_access_key_id',
    regex: regex(String.raw`${START}(?:AKIA|ASIA)[0-9A-Z]{16}${END}`),
    accept: (m) => notPlaceholder(m) && !m.endsWith('EXAMPLE'),
  },
  // Exactly 39 characters: a key may end in `-`, where a trailing \b would fail.
  {
    kind: 'google_api_key',
    regex: regex(String.raw`${START}AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`),
    accept: notPlaceholder,
  },
  {
    // Each Slack token type has numeric ids before its secret, so slugs (`xoxb-my-bot-token`) and
    // short samples (`xoxp-1234567890`) are not tokens: user (xoxp/xoxe), bot and legacy bot
    // (xoxb), workspace and refresh (xoxa/xoxr, with a digit), legacy (xoxo/xoxs), configuration
    // (xoxe.xoxp-, xoxe-), app-level (xapp-), and incoming-webhook / workflow URLs.
    kind: 'slack_token',
    regex: regex(
      String.raw`${GLUED}xox[pe](?:-[0-9]{6,}){3}-[A-Za-z0-9]{20,}`,
      String.raw`${GLUED}xoxb-[0-9]{6,}-(?:[0-9]{6,}(?:-[A-Za-z0-9]+)?|[A-Za-z0-9]{18,})`,
      String.raw`${START}xox[ar]-(?:[0-9]-)?(?=[A-Za-z]*[0-9])[A-Za-z0-9]{8,}(?:-[A-Za-z0-9]+)*`,
      String.raw`${START}xox[os]-[0-9]{4,}(?:-[0-9]{4,})+(?:-[A-Fa-f0-9]+)?`,
      String.raw`${START}xoxe\.xox[bp]-[0-9]-[A-Za-z0-9]{100,}`,
      String.raw`${START}xoxe-[0-9]-[A-Za-z0-9]{100,}`,
      String.raw`${START}xapp-[0-9]-[A-Za-z0-9]+-[0-9]+-[A-Za-z0-9]+`,
      String.raw`(?:${START}https?://)?${START}hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{40,}`,
    ),
    accept: notPlaceholder,
  },
  // Live and test-mode secret and restricted keys (publishable pk_ keys are public).
  {
    kind: 'stripe_secret_key',
    regex: regex(String.raw`${START}[sr]k_(?:live|test)_[A-Za-z0-9]{24,}`),
    accept: notPlaceholder,
  },
  {
    // Header, claims and signature in base64url. The header must decode to a JSON object naming its
    // algorithm: a one-segment base64 JSON blob (`ops_eyJ…`, `glc_eyJ…`) or a payload alone is not a
    // token.
    kind: 'jwt',
    regex: regex(
      String.raw`${SEGMENTED_START}eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])`,
    ),
    accept: (m) => hasJwtHeader(m) && notPlaceholder(m),
  },
  {
    // A database or broker URL with a password: `postgres://u:pw@h/db`, `mongodb+srv://u:pw@…`,
    // `redis://:pw@…`, `jdbc:mysql://…`, SQLAlchemy's `postgresql+psycopg2://…`. The whole URL is
    // claimed (the path and query may hold more). A URL without a password is not a credential,
    // nor one whose password is a placeholder or a template (`${PASSWORD}`, `{password}`, `$(DB_PASS)`).
    kind: 'connection_string',
    regex: regex(String.raw`${START}${CONNECTION_URL.source}`),
    accept: (m) => !isPlaceholderPassword(CONNECTION_URL.exec(m)!.groups!.password!),
  },
];

/** The shortest text any pattern accepts (a Slack app-level token such as `xapp-1-a-1-a`); shorter strings are skipped. */
const MIN_SECRET_LENGTH = 12;

/** Cheap test that rules out almost every string before the full patterns run. */
const TRIGGER =
  /-----BEGIN |sk-|gh[pousr]_|github_pat_|AKIA|ASIA|AIza|xox[a-z][-.]|xapp-|hooks\.slack\.com|[sr]k_(?:live|test)_|eyJ|(?:postgres|mysql|mariadb|mssql|sqlserver|mongodb|redis|amqp)[a-z0-9+]*:\/\//;

/** A credential inside a text: where it is and what kind. */
export interface SecretMatch {
  kind: SecretKind;
  start: number;
  end: number;
  preview: string;
}

/** Finds credentials in a text, without overlaps (an earlier, more specific kind claims its span). */
export function findSecretsInText(text: string): SecretMatch[] {
  return mayHoldCredential(text) ? scanForSecrets(text) : [];
}

/**
 * The one cheap check before any pattern runs: long enough, and holding a prefix some credential starts
 * with. Nearly every argument string fails it. `scanForSecrets` is what it stands in front of, and the
 * property test checks they agree on any text.
 */
function mayHoldCredential(text: string): boolean {
  return text.length >= MIN_SECRET_LENGTH && TRIGGER.test(text);
}

/**
 * The plain scan: every pattern over the whole text, with no quick check in front.
 * @internal Exported for the property test of the quick check.
 */
export function scanForSecrets(text: string): SecretMatch[] {
  // Claimed spans, sorted by start; they never overlap, so they are sorted by end too.
  const found: SecretMatch[] = [];
  for (const { kind, regex, accept } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!accept(match[0])) continue;
      // The first claimed span ending after `start` is the only one that can overlap.
      let low = 0;
      let high = found.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (found[mid]!.end <= start) low = mid + 1;
        else high = mid;
      }
      if (low < found.length && found[low]!.start < end) continue;
      found.splice(low, 0, { kind, start, end, preview: maskSecret(kind, match[0]) });
    }
  }
  return found;
}

/**
 * A preview that never shows a secret: the first 4 and last 2 characters (a connection URL: where it points).
 * @internal Exported for its tests only.
 */
export function maskSecret(kind: SecretKind, secret: string): string {
  if (kind === 'private_key') return '-----BEGIN … PRIVATE KEY-----';
  if (kind === 'connection_string') {
    // Where it points, never the password: `postgres://app:…@db.internal:5432`.
    const { user, host } = CONNECTION_URL.exec(secret)!.groups!;
    return `${secret.slice(0, secret.indexOf('://') + 3)}${user}:…@${host}`;
  }
  return `${secret.slice(0, 4)}…${secret.slice(-2)}`;
}

/** Replaces every credential in a text with `[REDACTED kind: preview]`. */
export function redactSecrets(text: string): string {
  const found = findSecretsInText(text);
  let out = text;
  for (let k = found.length - 1; k >= 0; k--) {
    const { kind, start, end, preview } = found[k]!;
    out = `${out.slice(0, start)}[REDACTED ${kind}: ${preview}]${out.slice(end)}`;
  }
  return out;
}

/**
 * Replaces every credential in a text with `[REDACTED kind]`, without a preview, so a rotated credential
 * masks to the same text: snapshot names and replay cassette keys rely on that.
 */
export function redactSecretKinds(text: string): string {
  const found = findSecretsInText(text);
  let out = text;
  for (let k = found.length - 1; k >= 0; k--) {
    const { kind, start, end } = found[k]!;
    out = `${out.slice(0, start)}[REDACTED ${kind}]${out.slice(end)}`;
  }
  return out;
}

/** The path of a finding in arguments a reader could not read: their text is scanned as it is. */
const ARGUMENTS_TEXT = '(arguments text)';

/**
 * Scans every string at any depth of each call's arguments. A quick walk first checks the nesting
 * limit and looks for strings that could hold a credential; only a call that has one is walked again
 * to build the findings with their paths. Arguments that were not JSON (their call failed) are
 * scanned in the text they came as: a credential in a truncated call was sent all the same.
 */
export function securityMetrics(
  actual: readonly ToolCall[],
  maxDepth: number = DEFAULT_LIMITS.maxDepth,
): SecurityMetrics {
  const secrets: SecretFinding[] = [];
  for (let index = 0; index < actual.length; index++) {
    const call = actual[index]!;
    if (call.args === null) continue;
    const text = unreadableArgumentsText(call.args);
    if (text !== undefined) {
      for (const { kind, preview } of findSecretsInText(text))
        secrets.push({ index, tool: call.tool, path: ARGUMENTS_TEXT, kind, preview });
      continue;
    }
    if (mayHoldSecret(call.args, 0, maxDepth, index)) scanCallArguments(call, index, maxDepth, secrets);
  }
  return { secret_count: secrets.length, secrets };
}

/**
 * The detailed scan of one call's arguments, adding its findings to `secrets`. A function of its own so
 * that the loop above creates no closures: closures over its variables would make V8 allocate a context
 * for every call scanned (about 1 KB per evaluation), not only for the few that may hold a credential.
 */
function scanCallArguments(call: ToolCall, index: number, maxDepth: number, secrets: SecretFinding[]): void {
  const trail: (string | number)[] = [];
  const report = (match: SecretMatch): void => {
    secrets.push({ index, tool: call.tool, path: argumentPath(trail), kind: match.kind, preview: match.preview });
  };
  scanValue(call.args, {
    trail,
    maxDepth,
    report,
    tooDeep: () => tooDeepError('actual', `$[${index}].args`, maxDepth),
  });
}

/**
 * Whether any string inside a container could hold a credential. Also the nesting guard: it runs
 * before any recursive comparison and stops at the limit. `depth` counts keys and positions from the
 * arguments object of call `index`.
 */
function mayHoldSecret(container: object, depth: number, maxDepth: number, index: number): boolean {
  if (depth >= maxDepth) throw tooDeepError('actual', `$[${index}].args`, maxDepth);
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const item: unknown = container[i];
      if (
        typeof item === 'string'
          ? mayHoldCredential(item)
          : item !== null && typeof item === 'object' && mayHoldSecret(item, depth + 1, maxDepth, index)
      )
        return true;
    }
    return false;
  }
  // for…in reads the enumeration cache without allocating a key list; inherited keys are skipped.
  for (const key in container) {
    if (!hasOwnProperty.call(container, key)) continue;
    const item: unknown = (container as Record<string, unknown>)[key];
    if (
      typeof item === 'string'
        ? mayHoldCredential(item)
        : item !== null && typeof item === 'object' && mayHoldSecret(item, depth + 1, maxDepth, index)
    )
      return true;
  }
  return false;
}

/** The state of one detailed scan: where it is, and what to do on a finding or on nesting past the limit. */
interface Walk {
  trail: (string | number)[];
  maxDepth: number;
  report(match: SecretMatch): void;
  tooDeep(): Error;
}

/** `headers.Authorization`, `files[0].content`: keys joined by dots, positions in brackets. */
function argumentPath(trail: readonly (string | number)[]): string {
  let path = '';
  for (const segment of trail) {
    path += typeof segment === 'number' ? `[${segment}]` : path ? `.${segment}` : segment;
  }
  return path;
}

/** Walks a value, keeping `trail` at the current position (built into a path only on a finding). */
function scanValue(value: unknown, walk: Walk): void {
  if (typeof value === 'string') {
    for (const match of findSecretsInText(value)) walk.report(match);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const { trail } = walk;
  if (trail.length >= walk.maxDepth) throw walk.tooDeep();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      trail.push(i);
      scanValue(value[i], walk);
      trail.pop();
    }
  } else {
    for (const key of Object.keys(value)) {
      trail.push(key);
      scanValue((value as Record<string, unknown>)[key], walk);
      trail.pop();
    }
  }
}

/**
 * A copy of a JSON value with every credential in every string (keys included) replaced by
 * `[REDACTED kind: preview]` (or what `redact` makes of the string). Parts without credentials are
 * shared, not copied.
 */
export function redactDeep<T>(value: T, redact: (text: string) => string = redactSecrets): T {
  if (typeof value === 'string') return redact(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const clean = redactDeep(item, redact);
      if (clean !== item) (copy ??= value.slice())[i] = clean;
    });
    return (copy ?? value) as T;
  }
  let changed = false;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const cleanKey = redact(key);
    const clean = redactDeep(item, redact);
    if (cleanKey !== key || clean !== item) changed = true;
    return [cleanKey, clean] as const;
  });
  // Object.fromEntries defines own properties, so a "__proto__" key stays data.
  return (changed ? Object.fromEntries(entries) : value) as T;
}
