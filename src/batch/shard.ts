import { ToolscoreInputError } from '../core/errors.js';
import type { Environment } from '../core/types.js';
import type { BatchShardLine } from './types.js';

/** One of `count` slices of a dataset; `index` is 1-based (`--shard 1/3` … `3/3`). */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Which shard a case belongs to (1-based). By position: the case at 0-based position k is in shard
 * (k mod count) + 1; round robin needs no count of the cases up front (the input is a stream) and gives
 * every shard the same share of a dataset whose hard cases are bunched together. A trial of a case
 * (`trialId`: the id its trials share) goes by that id instead, so every trial of a case is in one
 * shard and each shard's trial statistics are whole: shard (FNV-1a of the id mod count) + 1.
 */
export function shardOf(position: number, trialId: string | undefined, count: number): number {
  return (trialId === undefined ? position % count : idHash(trialId) % count) + 1;
}

/** Whether a case is in a shard (every case is in no shard at all: the whole run). */
export function inShard(position: number, shard: Shard | undefined, trialId?: string): boolean {
  return shard === undefined || shardOf(position, trialId, shard.count) === shard.index;
}

/** 32-bit FNV-1a over the id's UTF-16 code units: the same on every machine, and cheap. */
function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A shard's last results line, keys in one fixed order (so every shard of a dataset writes the same bytes but its index). */
export function shardLineText({ shard, dataset }: BatchShardLine): string {
  return JSON.stringify({
    shard: { index: shard.index, count: shard.count },
    dataset: { sha256: dataset.sha256, cases: dataset.cases },
  });
}

/** How many of `total` cases (positions 0 to total − 1) a shard takes by position (trials aside). */
export function shardSize(total: number, shard: Shard | undefined): number {
  return shard === undefined ? total : Math.max(0, Math.ceil((total - (shard.index - 1)) / shard.count));
}

/** Checks a shard: whole numbers with 1 ≤ index ≤ count. */
export function checkShard(shard: Shard, source = 'shard'): Shard {
  const { index, count } = shard;
  if (!Number.isSafeInteger(count) || count < 1)
    throw new ToolscoreInputError({ source }, `expected at least 1 shard, got ${String(count)}`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count)
    throw new ToolscoreInputError(
      { source },
      `shard ${String(index)} of ${count} does not exist; shards are numbered 1 to ${count}`,
    );
  return shard;
}

/** A whole number as typed (`3`, not `3.0`, ` 3` or `0x3`). */
function wholeNumber(text: string): number {
  return /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Reads `--shard i/n`, or `--shard auto`: the Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` (0-based)
 * as shard index + 1, with the count from `--shard-count`. On GitHub Actions and other schedulers the
 * values are passed explicitly (`--shard ${{ matrix.shard }}/3`).
 */
export function parseShard(text: string, countText: string | undefined, env: Environment): Shard {
  if (text === 'auto') {
    const completion = env.JOB_COMPLETION_INDEX;
    if (completion === undefined || completion === '')
      throw new ToolscoreInputError(
        { source: '--shard auto' },
        'JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job sets it); elsewhere pass --shard i/n',
      );
    if (countText === undefined)
      throw new ToolscoreInputError(
        { source: '--shard auto' },
        "needs --shard-count N (the Job's completions) to know how many shards there are",
      );
    const index = wholeNumber(completion);
    if (Number.isNaN(index))
      throw new ToolscoreInputError(
        { source: 'JOB_COMPLETION_INDEX' },
        `expected a whole number ≥ 0, got ${JSON.stringify(completion)}`,
      );
    const count = wholeNumber(countText);
    if (Number.isNaN(count))
      throw new ToolscoreInputError(
        { source: '--shard-count' },
        `expected a whole number ≥ 1, got ${JSON.stringify(countText)}`,
      );
    return checkShard({ index: index + 1, count }, 'JOB_COMPLETION_INDEX');
  }
  if (countText !== undefined)
    throw new ToolscoreInputError(
      { source: '--shard-count' },
      'goes with --shard auto; --shard i/n already gives the count',
    );
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null)
    throw new ToolscoreInputError(
      { source: '--shard' },
      `expected i/n such as 1/3, or auto, got ${JSON.stringify(text)}`,
    );
  return checkShard({ index: wholeNumber(match[1]!), count: wholeNumber(match[2]!) }, '--shard');
}
