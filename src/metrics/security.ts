import type { ToolCall } from '../core/types.js';

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
] as const;

/** One kind of credential. */
export type SecretKind = (typeof SECRET_KINDS)[number];

/** A credential found in a call's arguments. Never holds the secret itself. */
export interface SecretFinding {
  /** 0-based position of the call in the trace. */
  index: number;
  /** Tool of the call. */
  tool: string;
  /** Where in the arguments: `headers.Authorization`, `files[0].content`. */
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
  /** API keys must mix digits and both cases, so kebab-case slugs are not reported. */
  mixedCase: boolean;
}

const PATTERNS: readonly SecretPattern[] = [
  { kind: 'private_key', regex: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/g, mixedCase: false },
  { kind: 'anthropic_api_key', regex: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, mixedCase: true },
  { kind: 'openai_api_key', regex: /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{32,}|\bsk-[A-Za-z0-9]{32,}/g, mixedCase: true },
  { kind: 'github_token', regex: /\bgh[pousr]_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{60,}/g, mixedCase: false },
  { kind: 'aws_access_key_id', regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, mixedCase: false },
  { kind: 'google_api_key', regex: /\bAIza[0-9A-Za-z_-]{35}\b/g, mixedCase: false },
  { kind: 'slack_token', regex: /\bxox[abprs]-[0-9A-Za-z-]{10,}/g, mixedCase: false },
  { kind: 'stripe_secret_key', regex: /\b[sr]k_live_[A-Za-z0-9]{24,}/g, mixedCase: false },
];

/** Cheap test that rules out almost every string before the full patterns run. */
const TRIGGER = /-----BEGIN |sk-|gh[pousr]_|github_pat_|AKIA|ASIA|AIza|xox[abprs]-|[sr]k_live_/;

/** A credential inside a text: where it is and what kind. */
export interface SecretMatch {
  kind: SecretKind;
  start: number;
  end: number;
  preview: string;
}

/** Finds credentials in a text, without overlaps (an earlier, more specific kind claims its span). */
export function findSecretsInText(text: string): SecretMatch[] {
  if (!TRIGGER.test(text)) return [];
  const found: SecretMatch[] = [];
  for (const { kind, regex, mixedCase } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (mixedCase && !(/\d/.test(match[0]) && /[a-z]/.test(match[0]) && /[A-Z]/.test(match[0]))) continue;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      found.push({ kind, start, end, preview: maskSecret(kind, match[0]) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A preview that never shows a secret: the first 4 and last 2 characters. */
export function maskSecret(kind: SecretKind, secret: string): string {
  if (kind === 'private_key') return '-----BEGIN … PRIVATE KEY-----';
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

/** Scans every string at any depth of each call's arguments. */
export function securityMetrics(actual: readonly ToolCall[]): SecurityMetrics {
  const secrets: SecretFinding[] = [];
  const trail: (string | number)[] = [];
  actual.forEach((call, index) => {
    if (!call.args) return;
    scanValue(call.args, trail, (match) => secrets.push({ index, tool: call.tool, path: argumentPath(trail), kind: match.kind, preview: match.preview }));
  });
  return { secret_count: secrets.length, secrets };
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
function scanValue(value: unknown, trail: (string | number)[], report: (match: SecretMatch) => void): void {
  if (typeof value === 'string') {
    if (value.length < 15) return; // shorter than any credential shape (a Slack token is 15 at least)
    for (const match of findSecretsInText(value)) report(match);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      trail.push(i);
      scanValue(value[i], trail, report);
      trail.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      trail.push(key);
      scanValue((value as Record<string, unknown>)[key], trail, report);
      trail.pop();
    }
  }
}
