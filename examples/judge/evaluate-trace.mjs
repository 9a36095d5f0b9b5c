/**
 * The file-based API with the judge: `judge: true` is the default config (gpt-4o-mini through OpenAI);
 * a model name or a JudgeConfig works too. The semantic score lands in metrics.semantic_metrics beside
 * the deterministic ones, and does not change the composite score.
 */
import { fileURLToPath } from 'node:url';
import { evaluateTrace } from 'toolscore';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const result = await evaluateTrace({ goldFile: here('gold.json'), traceFile: here('trace.json'), judge: true });

const semantic = result.metrics.semantic_metrics;
console.log(
  `Score: ${(result.score * 100).toFixed(1)}%  Selection accuracy: ${(result.selectionAccuracy * 100).toFixed(1)}%`,
);
console.log(
  `Semantic score (${semantic.provider} ${semantic.model_used}): ${(semantic.semantic_score * 100).toFixed(1)}%`,
);
for (const [k, pair] of semantic.pairs.entries()) {
  console.log(
    `  expected call ${pair.expected_index + 1} vs actual call ${pair.actual_index + 1}: ${semantic.per_call_scores[k]} (${semantic.explanations[k]})`,
  );
}
