// The guide's "Pytest Integration", as Vitest fixtures: toolscoreEval resolves gold files against
// tests/gold_standards and traces against tests/traces; toolscoreAssert holds the assertion helpers.
import { describe } from 'vitest';
import { test } from 'toolscore/vitest';

test('agent accuracy', async ({ toolscoreEval, toolscoreAssert }) => {
  const result = await toolscoreEval('gold_calls.json', 'trace.json');
  toolscoreAssert.assertInvocationAccuracy(result, 0.9);
  toolscoreAssert.assertSelectionAccuracy(result, 0.9);
  toolscoreAssert.assertArgumentF1(result, 0.8);
});

describe('agent performance', () => {
  test('agent meets requirements', async ({ toolscoreEval, toolscoreAssert }) => {
    const result = await toolscoreEval('gold_standard.json', 'agent_trace.json');
    toolscoreAssert.assertInvocationAccuracy(result, 0.9);
    toolscoreAssert.assertSelectionAccuracy(result, 0.9);
    toolscoreAssert.assertArgumentF1(result, 0.8);
  });

  test('agent efficiency', async ({ toolscoreEval, toolscoreAssert }) => {
    const result = await toolscoreEval('gold_standard.json', 'agent_trace.json');
    toolscoreAssert.assertRedundancyBelow(result, 0.1);
  });

  test('multiple scenarios', async ({ toolscoreEval, toolscoreAssert }) => {
    const scenarios: [string, string, number][] = [
      ['scenario1_gold.json', 'scenario1_trace.json', 0.95],
      ['scenario2_gold.json', 'scenario2_trace.json', 0.9],
      ['scenario3_gold.json', 'scenario3_trace.json', 0.85],
    ];
    for (const [gold, trace, minAccuracy] of scenarios) {
      const result = await toolscoreEval(gold, trace);
      toolscoreAssert.assertSelectionAccuracy(result, minAccuracy, `Failed for ${gold}`);
    }
  });

  test('the assertTools one-liner as a fixture', ({ toolscoreAssertTools }) => {
    toolscoreAssertTools(
      [{ tool: 'get_weather', args: { city: 'NYC' } }],
      [{ tool: 'get_weather', args: { city: 'NYC' } }],
    );
  });
});
