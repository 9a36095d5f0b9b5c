import { createRequire } from 'node:module';

// node:crypto loads two dozen internal modules: required on the first name, so importing toolscore
// does not pay for it.
const require = createRequire(import.meta.url);

/** Longest readable part of a stored file's name. */
const MAX_READABLE = 100;

/**
 * The JSON file a named thing is stored in (a snapshot, a replay cassette): its name made safe for every
 * file system (each run of characters other than letters, digits, `.`, `-` and `_` becomes one `_`, no
 * leading or trailing dots, at most 100 characters, `fallback` when nothing is left), then the first 8
 * hex digits of the SHA-1 of the full name, so names that read the same once made safe still get their
 * own file.
 */
export function safeJsonFileName(name: string, fallback: string): string {
  const readable =
    name
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .slice(0, MAX_READABLE)
      .replace(/^[._]+|[._]+$/g, '') || fallback;
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const hash = createHash('sha1').update(name, 'utf8').digest('hex').slice(0, 8);
  return `${readable}-${hash}.json`;
}
