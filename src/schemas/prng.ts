/**
 * A small seeded random source (mulberry32 over an FNV-1a hash of the seed text): the same tool name
 * gives the same numbers on every machine and every run, so generated scenarios never change between
 * runs of the same server.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** FNV-1a, 32 bits, over the UTF-16 code units of a text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A random source seeded by a text (a tool name). */
export function seededRandom(seed: string): Random {
  let state = hashText(seed) || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min, max) {
      if (max <= min) return min;
      return min + Math.floor(next() * (max - min + 1));
    },
    pick(items) {
      return items[Math.floor(next() * items.length)]!;
    },
    chance(p) {
      return next() < p;
    },
  };
}
