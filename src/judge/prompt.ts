import { createHash } from 'node:crypto';
import type { ShownCall, ShownPair } from './pairs.js';

/** Who the model is asked to be. */
export const SYSTEM_PROMPT =
  'You judge the tool calls of an LLM agent. For each pair you decide whether the actual call carries out the intent of the expected call. You answer with JSON only.';

const SCORING_GUIDE = `Scoring guide:
- Tool names that are synonyms or differ only in word order or style are fine (search_web and web_search).
- Argument names that are synonyms are fine (query and q).
- Values that mean the same are fine ("NYC" and "New York City").
- A missing optional argument is fine; the order of arguments never matters.
- A value written as {"$regex": ...}, {"$any": true} or another "$" operator is a pattern the actual value should satisfy.
- 1.0: the same intent and arguments. 0.8-0.9: minor differences. 0.5-0.7: significant differences. 0.0-0.4: a different intent.`;

const BATCH_ANSWER = `Answer with one JSON object and nothing else, holding one item per pair:
{"scores": [{"index": <pair number>, "score": <0.0 to 1.0>, "explanation": "<one sentence>"}]}`;

const SINGLE_ANSWER = `Answer with one JSON object and nothing else:
{"score": <0.0 to 1.0>, "explanation": "<one sentence>"}`;

/**
 * A short hash of every fixed word the judge is told. It is part of each cache key, so rewording the
 * prompt never replays verdicts given to the old wording.
 */
export const PROMPT_VERSION = createHash('sha256')
  .update([SYSTEM_PROMPT, SCORING_GUIDE, BATCH_ANSWER, SINGLE_ANSWER].join('\0'))
  .digest('hex')
  .slice(0, 12);

/** One call as the judge sees it: tool, arguments as JSON (matchers in their `$` form), and what it is for. */
function describeCall(label: string, call: ShownCall): string {
  const lines = [`${label}: ${call.tool}`];
  if (call.description) lines.push(`Purpose: ${call.description}`);
  lines.push(call.args === null ? 'Arguments: not checked' : `Arguments: ${JSON.stringify(call.args, null, 2)}`);
  return lines.join('\n');
}

function describePair(pair: ShownPair): string {
  return [describeCall('Expected tool', pair.expected), describeCall('Actual tool', pair.actual)].join('\n');
}

/** The question for several pairs at once, numbered from 0. */
export function batchPrompt(pairs: readonly ShownPair[]): string {
  const blocks = pairs.map((pair, index) => `Pair ${index}\n${describePair(pair)}`);
  return [
    `Score how well each actual tool call carries out the intent of its expected call. There ${pairs.length === 1 ? 'is 1 pair' : `are ${pairs.length} pairs`}, numbered 0 to ${pairs.length - 1}.`,
    SCORING_GUIDE,
    ...blocks,
    `${BATCH_ANSWER}\nGive exactly ${pairs.length} item${pairs.length === 1 ? '' : 's'}, with index 0 to ${pairs.length - 1}.`,
  ].join('\n\n');
}

/** The question for one pair, asked when a batched answer did not give its verdict. */
export function singlePrompt(pair: ShownPair): string {
  return [
    'Score how well the actual tool call carries out the intent of the expected call.',
    SCORING_GUIDE,
    describePair(pair),
    SINGLE_ANSWER,
  ].join('\n\n');
}
