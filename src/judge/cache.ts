import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import { canonicalJson } from '../match/canonical.js';
import type { JudgeProvider } from '../metrics/semantic.js';
import type { ShownPair } from './pairs.js';
import type { Verdict } from './parse.js';

/** Everything a verdict depends on; two questions with the same parts get the same cached verdict. */
export interface VerdictKeyParts {
  provider: JudgeProvider;
  model: string;
  promptVersion: string;
  /** The pair as shown to the judge, credentials masked: keys and cache files never hold a credential. */
  pair: ShownPair;
  temperature: number;
  /** Which of the `samples` answers this is (0-based): each sample is asked and cached on its own. */
  sample: number;
}

/** The JSON the key is made from: calls by tool, arguments and purpose, with keys sorted. */
function keyText(parts: VerdictKeyParts): string {
  const { expected, actual } = parts.pair;
  return canonicalJson({
    provider: parts.provider,
    model: parts.model,
    prompt_version: parts.promptVersion,
    temperature: parts.temperature,
    sample: parts.sample,
    expected: { tool: expected.tool, args: expected.args, description: expected.description ?? null },
    actual: { tool: actual.tool, args: actual.args },
  });
}

/** The cache key of a verdict: the SHA-256 of its parts. */
export function verdictKey(parts: VerdictKeyParts): string {
  return createHash('sha256').update(keyText(parts)).digest('hex');
}

/** Verdicts kept on disk, one JSON file per key, so a replayed evaluation asks nothing and scores the same. */
export interface VerdictCache {
  get(key: string): Promise<Verdict | undefined>;
  set(key: string, parts: VerdictKeyParts, verdict: Verdict): Promise<void>;
}

/** A cache in `dir` (created on first write; written atomically), or one that keeps nothing when `dir` is null. */
export function openVerdictCache(dir: string | null): VerdictCache {
  if (dir === null) return { get: async () => undefined, set: async () => undefined };
  const file = (key: string): string => join(dir, `${key}.json`);
  return {
    async get(key) {
      let text: string;
      try {
        text = await readFile(file(key), 'utf8');
      } catch {
        return undefined;
      }
      try {
        const entry = JSON.parse(text) as { score?: unknown; explanation?: unknown };
        if (
          typeof entry.score !== 'number' ||
          entry.score < 0 ||
          entry.score > 1 ||
          typeof entry.explanation !== 'string'
        )
          return undefined;
        return { score: entry.score, explanation: entry.explanation };
      } catch {
        // A damaged entry is asked again and overwritten.
        return undefined;
      }
    },
    async set(key, parts, verdict) {
      // The question is kept beside the answer, so an entry can be read and audited by itself.
      const entry = {
        score: verdict.score,
        explanation: verdict.explanation,
        key: JSON.parse(keyText(parts)) as unknown,
      };
      await writeFileAtomic(file(key), `${JSON.stringify(entry, null, 2)}\n`);
    },
  };
}
