/** A judging thread of `evaluateBfcl()`: it judges each batch of entries the main thread posts, in order. */
import { serveBatches } from '../batch/pool.js';
import type { BfclItem, BfclLine, BfclSettings } from './types.js';
import { BfclJudge } from './verdict.js';

serveBatches<BfclSettings, BfclItem, BfclLine[]>((settings) => {
  const judge = new BfclJudge(settings);
  return (items) => items.map((item) => judge.judge(item));
});
