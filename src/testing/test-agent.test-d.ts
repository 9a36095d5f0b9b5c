/*
 * Type tests of testAgent() and cases() with trials; checked by `npm run typecheck`. The calls sit in
 * a function that never runs (test-agent.test.ts and cases.test.ts test what they do).
 */
import { expectTypeOf } from 'vitest';
import type { EvaluationResult } from '../evaluation/result.js';
import { cases } from './cases.js';
import { testAgent } from './test-agent.js';
import type { AgentTestContext, AgentTrials } from './trials.js';

const expected = [{ tool: 'get_weather', args: { city: 'NYC' } }];
const agent = (input: string, context: AgentTestContext) => [
  { tool: 'get_weather', args: { city: input, n: context.trial } },
];

export function typed(): void {
  // Once: the evaluation; with trials: the trials.
  expectTypeOf(testAgent({ agent, input: 'NYC', expected })).toEqualTypeOf<Promise<EvaluationResult>>();
  expectTypeOf(testAgent({ agent, input: 'NYC', expected, trials: 3 })).toEqualTypeOf<Promise<AgentTrials>>();
  void testAgent({ agent, input: 'NYC', expected, trials: 3, passHatK: { k: 1, min: 0.9 }, concurrency: 2 });
  // An agent that ignores its context is still an agent.
  void testAgent({ agent: (input: string) => [{ tool: input }], input: 'NYC', expected });

  // A conversation gold: `{ turns }`, with trials too.
  const turns = {
    turns: [
      { user: 'weather?', calls: expected },
      { user: 'thanks', calls: [] },
    ],
  };
  expectTypeOf(testAgent({ agent, input: 'NYC', expected: turns })).toEqualTypeOf<Promise<EvaluationResult>>();
  expectTypeOf(testAgent({ agent, input: 'NYC', expected: turns, trials: 2 })).toEqualTypeOf<Promise<AgentTrials>>();
  // @ts-expect-error: the turns are listed under `turns`
  void testAgent({ agent, input: 'NYC', expected: { turn: [] } });

  // @ts-expect-error: a pass^k requirement needs trials
  void testAgent({ agent, input: 'NYC', expected, passHatK: { k: 1, min: 0.9 } });
  // @ts-expect-error: the requirement is { k, min }
  void testAgent({ agent, input: 'NYC', expected, trials: 3, passHatK: 0.9 });

  // cases() with trials: every case carries them, ready to spread into testAgent.
  const list = cases([{ input: 'NYC', expected }], { trials: 3 });
  expectTypeOf(list[0]!.trials).toEqualTypeOf<number>();
  for (const testCase of list) expectTypeOf(testAgent({ agent, ...testCase })).toEqualTypeOf<Promise<AgentTrials>>();
  expectTypeOf(cases([{ input: 'NYC', expected }])[0]!).not.toHaveProperty('trials');
}
