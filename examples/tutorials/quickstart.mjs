// @ts-check
/**
 * Quickstart: score an agent's tool calls in memory, loosen the gold standard where the agent may
 * differ, then score files the way `toolscore eval` does.
 *
 *   npm run build && node examples/tutorials/quickstart.mjs
 */
import { evaluate, evaluateTrace } from 'toolscore';
import { repoFile, runIfMain } from './run.mjs';

/** @type {import('./run.mjs').Tutorial} */
export const tutorial = async (print) => {
  // 1. The calls you expected, and the calls the agent made (here it added a `units` argument).
  const expected = [{ tool: 'get_weather', args: { city: 'Lisbon' } }];
  const actual = [{ tool: 'get_weather', args: { city: 'Lisbon', units: 'metric' } }];
  const strict = evaluate({ expected, actual });
  // The added argument halves argument precision: F1 = 2/3, so the score is 0.4 + 0.3·2/3 + 0.2 + 0.1 = 0.9.
  print(
    `score ${strict.score.toFixed(3)}, grade ${strict.grade}, argument F1 ${strict.metrics.argument_metrics.f1.toFixed(3)}`,
  );

  // 2. If extra arguments are fine, say so in the gold standard: they are no longer counted.
  const relaxed = evaluate({ expected: [{ ...expected[0], extra_args: 'allow' }], actual });
  print(`with "extra_args": "allow": score ${relaxed.score}`);

  // 3. From files, with every check: the bundled travel-agent example.
  const result = await evaluateTrace({
    goldFile: repoFile('examples/gold.json'),
    traceFile: repoFile('examples/trace.json'),
  });
  print(`examples/: score ${result.score.toFixed(3)}, grade ${result.grade}, verdict ${result.verdict}`);
  for (const issue of result.topIssues) print(`  - ${issue.problem}`);
};

await runIfMain(import.meta.url, tutorial);
