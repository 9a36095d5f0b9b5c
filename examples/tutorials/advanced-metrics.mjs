// @ts-check
/**
 * Advanced metrics: what each number answers, how to weight the score, and strict comparison.
 * The bundled example's figures are worked out in docs/metrics.md.
 *
 *   npm run build && node examples/tutorials/advanced-metrics.mjs
 */
import { evaluate, evaluateTrace } from 'toolscore';
import { repoFile, runIfMain } from './run.mjs';

/** @type {import('./run.mjs').Tutorial} */
export const tutorial = async (print) => {
  const files = { goldFile: repoFile('examples/gold.json'), traceFile: repoFile('examples/trace.json') };
  const result = await evaluateTrace(files);
  const m = result.metrics;

  // A metric selection guide: the question, the metric that answers it, its value here.
  /** @type {[string, string, number | null][]} */
  const guide = [
    ['right tools at all?', 'selection_accuracy', m.selection_accuracy],
    ['right arguments?', 'argument_metrics.f1', m.argument_metrics.f1],
    ['right order?', 'sequence_accuracy', m.sequence_metrics.sequence_accuracy],
    ['looping or repeating?', 'redundant_rate', m.efficiency_metrics.redundant_rate],
    ['did the required calls succeed?', 'required_call_recall', m.required_call_recall],
    ['step by step on the path?', 'trajectory_accuracy', m.trajectory_metrics.trajectory_accuracy],
  ];
  for (const [question, metric, value] of guide)
    print(`${question.padEnd(32)} ${metric.padEnd(22)} ${value?.toFixed(3)}`);

  // Weights are merged over the defaults and renormalised: (0.835 + 0.3 · 0.75) / 1.3.
  const weighted = await evaluateTrace({ ...files, weights: { required_call_recall: 0.3 } });
  print(`weighted with required_call_recall=0.3: ${weighted.score.toFixed(3)}`);

  // Lenient by default: 1 equals 1.0 and " NYC " equals "NYC"; strict mode tells the strings apart.
  const expected = [{ tool: 'search', args: { city: 'NYC' } }];
  const actual = [{ tool: 'search', args: { city: ' NYC ' } }];
  const lenient = evaluate({ expected, actual }).score;
  const strict = evaluate({ expected, actual, strict: true }).score;
  // Strict: the one argument is wrong, so argument F1 is 0: 0.4 + 0 + 0.2 + 0.1.
  print(`lenient ${lenient.toFixed(3)}, strict ${strict.toFixed(3)}`);
};

await runIfMain(import.meta.url, tutorial);
