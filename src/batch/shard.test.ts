import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inShard, parseShard, shardOf, shardSize } from './shard.js';

describe('parseShard', () => {
  test('i/n, 1-based', () => {
    expect(parseShard('1/3', undefined, {})).toEqual({ index: 1, count: 3 });
    expect(parseShard('3/3', undefined, {})).toEqual({ index: 3, count: 3 });
  });

  test.each([
    ['3/2', '--shard: shard 3 of 2 does not exist; shards are numbered 1 to 2'],
    ['0/0', '--shard: expected at least 1 shard, got 0'],
    ['0/2', '--shard: shard 0 of 2 does not exist; shards are numbered 1 to 2'],
    ['1/', '--shard: expected i/n such as 1/3, or auto, got "1/"'],
    ['-1/2', '--shard: expected i/n such as 1/3, or auto, got "-1/2"'],
  ])('%s is refused', (text, message) => {
    expect(() => parseShard(text, undefined, {})).toThrow(message);
  });

  test('auto: the Kubernetes JOB_COMPLETION_INDEX (0-based) with --shard-count', () => {
    expect(parseShard('auto', '4', { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 4 });
    expect(parseShard('auto', '4', { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 4, count: 4 });
    expect(() => parseShard('auto', '4', { JOB_COMPLETION_INDEX: '4' })).toThrow('shard 5 of 4 does not exist');
    expect(() => parseShard('auto', '4', {})).toThrow('JOB_COMPLETION_INDEX is not set');
    expect(() => parseShard('auto', undefined, { JOB_COMPLETION_INDEX: '1' })).toThrow('needs --shard-count N');
    expect(() => parseShard('1/2', '2', {})).toThrow('--shard-count: goes with --shard auto');
  });
});

describe('inShard', () => {
  test('the shards of a count split the positions: each position in exactly one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(10_000), (count, position) => {
        const owners = Array.from({ length: count }, (_, i) => i + 1).filter((index) =>
          inShard(position, { index, count }),
        );
        expect(owners).toEqual([(position % count) + 1]);
      }),
    );
  });
});

describe('shardSize', () => {
  test('the cases of a total a shard takes: 10 cases in 3 shards are 4, 3 and 3 (property: the count inShard keeps)', () => {
    expect([1, 2, 3].map((index) => shardSize(10, { index, count: 3 }))).toEqual([4, 3, 3]);
    expect(shardSize(1, { index: 2, count: 3 })).toBe(0);
    expect(shardSize(7, undefined)).toBe(7);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(200), fc.nat(19), (count, total, k) => {
        const shard = { index: (k % count) + 1, count };
        const kept = Array.from({ length: total }, (_, position) => position).filter((position) =>
          inShard(position, shard),
        );
        expect(shardSize(total, shard)).toBe(kept.length);
      }),
    );
  });
});

describe('shardOf', () => {
  test('a case goes by its position; a trial by its case id, FNV-1a ("a" hashes to 0xe40c292c, 3826002220 mod 3 = 1)', () => {
    expect(shardOf(5, undefined, 3)).toBe(3);
    expect([0, 1, 2, 3].map((position) => shardOf(position, 'a', 3))).toEqual([2, 2, 2, 2]);
    expect(inShard(7, { index: 2, count: 3 }, 'a')).toBe(true);
    expect(inShard(7, { index: 2, count: 3 })).toBe(true);
    expect(inShard(8, { index: 2, count: 3 }, 'a')).toBe(true);
    expect(inShard(8, { index: 2, count: 3 })).toBe(false);
  });
});
