import { describe, expect as vitestExpect, it } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { ANY } from '../match/matchers/any.js';
import { Regex } from '../match/matchers/regex.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { type call, expect, expectTools } from './fluent-expect.js';

/** A travel agent: searches, then books the first flight; cancels when asked to. */
async function travelAgent(prompt: string): Promise<unknown> {
  const destination = /to (\w+)/.exec(prompt)?.[1] ?? 'NYC';
  const calls: unknown[] = [
    { tool: 'search_flights', args: { origin: 'SFO', destination } },
    { tool: 'book_flight', args: { flight_id: 'FL-123' } },
  ];
  if (prompt.includes('cancel')) calls.push({ tool: 'cancel_booking', args: { booking: 'B1', refund: true } });
  return calls;
}

describe('fluent expect', () => {
  it('runs the issue’s example', async () => {
    const result = await expect(travelAgent)
      .on('book me a flight to NYC')
      .calls('search_flights', { origin: ANY, destination: 'NYC' })
      .thenCalls('book_flight', { flight_id: Regex('FL-\\d+') })
      .doesNotCall('cancel_booking')
      .withScore(0.9)
      .run();
    vitestExpect(result.score).toBe(1);
    vitestExpect(result.metrics.policy_metrics?.rule_count).toBe(1);
  });

  it('fails on a wrong listed argument whatever the score, with what failed above the table', async () => {
    // destination wrong: selection 1, F1 2/3 (2 of 3 args right), sequence 1, redundancy 0 ⇒ 0.4 + 0.2 + 0.2 + 0.1 = 0.9,
    // which reaches the default 0.9: the score alone used to pass it.
    const run = expect(travelAgent)
      .on('book me a flight to LA')
      .calls('search_flights', { origin: 'SFO', destination: 'NYC' })
      .calls('book_flight', { flight_id: 'FL-123' });
    const error = await run.run().catch((caught: unknown) => caught);
    vitestExpect(error).toBeInstanceOf(ToolscoreAssertionError);
    vitestExpect((error as ToolscoreAssertionError).result?.score).toBeCloseTo(0.9, 12);
    vitestExpect((error as ToolscoreAssertionError).message).toMatch(
      /^the calls do not meet the expectation:\n {2}- search_flights called with different arguments: destination: expected "NYC", got "LA"\n\nExpected vs actual tool calls[\s\S]*score 0\.90 ≥ 0\.90 required/,
    );
    await vitestExpect(run.withScore(0).run()).rejects.toThrow('destination: expected "NYC", got "LA"');
  });

  it('fails on a declared call not made, but not on a mayCall left out', async () => {
    const response = [{ tool: 'search', args: { q: 'x' } }];
    await vitestExpect(expectTools(response).calls('search').calls('book').withScore(0).run()).rejects.toThrow(
      '  - expected call to book was not made\n',
    );
    vitestExpect((await expectTools(response).calls('search').mayCall('book').run()).score).toBe(1);
  });

  it('leaves extra arguments, extra calls and order to the score', async () => {
    // An argument beyond the declared ones: F1 2/3 (precision 1/2, recall 1) ⇒ 0.4 + 0.2 + 0.2 + 0.1 = 0.9.
    const extraArg = [{ tool: 'search', args: { q: 'x', page: 2 } }];
    vitestExpect((await expectTools(extraArg).calls('search', { q: 'x' }).run()).score).toBeCloseTo(0.9, 12);
    await vitestExpect(expectTools(extraArg).calls('search', { q: 'x' }).withScore(0.95).run()).rejects.toThrow(
      'score 0.90 < 0.95 required',
    );
  });

  it('checks forbidden calls first, naming each offending call and the tools called', async () => {
    const run = expect(travelAgent).on('book to NYC and cancel').calls('search_flights').doesNotCall('cancel_booking');
    await vitestExpect(run.run()).rejects.toThrow(
      new ToolscoreAssertionError(
        [
          'the agent made a forbidden call:',
          '  call 3 (cancel_booking): cancel_booking(booking="B1", refund=true)',
          'tools called: search_flights, book_flight, cancel_booking',
        ].join('\n'),
      ).message,
    );
  });

  it('forbids only calls whose listed arguments match', async () => {
    const agent = expect(travelAgent).on('book to NYC and cancel');
    await vitestExpect(agent.doesNotCall('cancel_booking', { refund: false }).run()).resolves.toBeDefined();
    await vitestExpect(agent.doesNotCall('cancel_booking', { refund: true }).run()).rejects.toThrow(
      ToolscoreAssertionError,
    );
  });

  it('with only forbidden rules, does not check the score', async () => {
    const result = await expect(travelAgent).on('book to NYC').doesNotCall('delete_account').run();
    vitestExpect(result.goldCalls).toEqual([]);
  });

  it('calls(tool) does not check arguments; calls(tool, {}) expects none', async () => {
    const response = [{ tool: 'search', args: { q: 'x' } }];
    vitestExpect((await expectTools(response).calls('search').run()).argumentF1).toBe(1);
    vitestExpect((await expectTools(response).calls('search', {}).withScore(0).run()).argumentF1).toBe(0);
  });

  it('takes an already-produced raw response', async () => {
    const response = {
      content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } }],
      role: 'assistant',
    };
    vitestExpect((await expect(response).calls('get_weather', { city: 'Paris' }).run()).score).toBe(1);
  });

  it('strict args and weights', async () => {
    // Lenient equality trims strings; strict does not.
    const response = [{ tool: 'get_weather', args: { city: ' Paris' } }];
    vitestExpect((await expect(response).calls('get_weather', { city: 'Paris' }).run()).score).toBe(1);
    await vitestExpect(expect(response).calls('get_weather', { city: 'Paris' }).withStrictArgs().run()).rejects.toThrow(
      'city: expected "Paris", got " Paris"',
    );
    // An extra argument: 0.4 + 0.3·2/3 + 0.2 + 0.1 = 0.9; without the argument weight the rest renormalize
    // to (0.4 + 0.2 + 0.1) / 0.7 = 1.
    const extraArg = [{ tool: 'get_weather', args: { city: 'Paris', units: 'metric' } }];
    const declared = () => expect(extraArg).calls('get_weather', { city: 'Paris' }).withScore(0.95);
    await vitestExpect(declared().run()).rejects.toThrow('score 0.90 < 0.95 required');
    vitestExpect((await declared().withWeights({ argument_f1: 0 }).run()).score).toBeCloseTo(1, 12);
  });

  it('keeps every step whether or not its return value is used', async () => {
    const steps = expect([{ tool: 'a', args: { n: 1 } }, { tool: 'b' }]);
    steps.calls('a', { n: 2 });
    steps.thenCalls('b');
    steps.withScore(0.5);
    // a with n=2 against n=1: selection 1, argument F1 0, sequence 1, no redundancy: 0.4 + 0.2 + 0.1 = 0.7,
    // over 0.5, but n is wrong.
    const error = (await steps.run().catch((caught: unknown) => caught)) as ToolscoreAssertionError;
    vitestExpect(error.message).toContain('a called with different arguments: n: expected 2, got 1');
    vitestExpect(error.result?.score).toBeCloseTo(0.7, 12);
    vitestExpect(error.result?.goldCalls.map((call) => call.tool)).toEqual(['a', 'b']);
    const chained = expect([{ tool: 'a' }]);
    vitestExpect(chained.calls('a').doesNotCall('z').withStrictArgs()).toBe(chained);
    const forbidding = expect([{ tool: 'z' }]);
    forbidding.doesNotCall('z');
    await vitestExpect(forbidding.run()).rejects.toThrow('the agent made a forbidden call:');
  });

  it('refuses to run with nothing declared, and a minimum outside [0, 1]', async () => {
    await vitestExpect(expect([]).run()).rejects.toThrow(ToolscoreInputError);
    await vitestExpect(expect([]).run()).rejects.toThrow(
      'nothing to check: declare calls(…) or doesNotCall(…) before run()',
    );
    vitestExpect(() => expect([]).withScore(9)).toThrow('expected a number between 0 and 1, got 9');
  });

  it('is typed: misspelt methods and wrong argument types do not compile', () => {
    const typed = (input: number): unknown => [{ tool: 'x', args: { n: input } }];
    // The checks below are for `tsc`; none of them runs.
    if (Math.random() > 2) {
      // @ts-expect-error an agent needs its input first
      expect(typed).calls('x');
      // @ts-expect-error the input has the agent's parameter type
      expect(typed).on('not a number');
      // @ts-expect-error misspelt method
      expect([]).call('x');
      // @ts-expect-error arguments are an object
      expect([]).calls('x', 42);
      // @ts-expect-error the minimum is a number
      expect([]).withScore('0.9');
      // @ts-expect-error tool names are strings
      expect([]).doesNotCall(1);
    }
    vitestExpect(typeof expect(typed).on(1).run).toBe('function');
  });
});

describe('a typo in the expected calls fails the expectation', () => {
  it('an unknown key inside callsInAnyOrder rejects, naming where it is', async () => {
    const typo = { tool: 'search', arguments: { q: 'x' } } as unknown as ReturnType<typeof call>;
    await vitestExpect(
      expectTools([{ tool: 'search', args: { q: 'y' } }])
        .callsInAnyOrder(typo)
        .run(),
    ).rejects.toThrow('expected at $.calls[0].$any_order[0]: unknown key "arguments"; did you mean "args"?');
  });
});
