/**
 * The user guide's "LLM-as-a-judge Semantic Correctness" example, in JavaScript. It needs the SDK of
 * each provider it uses (npm install openai@6 @anthropic-ai/sdk@1) and their keys (OPENAI_API_KEY,
 * ANTHROPIC_API_KEY); `node examples/judge/run-local.mjs` runs it against a local stand-in instead.
 */
import { readFileSync } from 'node:fs';
import { calculateSemanticCorrectness } from 'toolscore/judge';

const goldCalls = JSON.parse(readFileSync(new URL('./gold.json', import.meta.url), 'utf8'));
const traceCalls = JSON.parse(readFileSync(new URL('./trace.json', import.meta.url), 'utf8'));

// A bare model-name string is shorthand for { model: ... }.
let result = await calculateSemanticCorrectness(goldCalls, traceCalls, { judge: 'gpt-4o-mini' });
console.log(`gpt-4o-mini: ${(result.semantic_score * 100).toFixed(2)}%`);

// Or full control via a JudgeConfig (provider inferred from the model name):
result = await calculateSemanticCorrectness(goldCalls, traceCalls, {
  judge: { model: 'claude-3-5-haiku-latest' },
});

console.log(`Semantic Score: ${(result.semantic_score * 100).toFixed(2)}%`);
console.log(`Per-call scores: ${JSON.stringify(result.per_call_scores)}`);
console.log(`Explanations: ${JSON.stringify(result.explanations)}`);
