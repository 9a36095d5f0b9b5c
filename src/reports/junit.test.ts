import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
  SECRET,
  conversationResult,
  exampleResult,
  expectGolden,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../../test/report-fixtures.js';
import { checkAntJunitSchema, failureOf } from '../../test/report-readers.js';
import { renderReportJunit } from './junit.js';
import { buildReportView } from './view-model.js';

describe('renderReportJunit', () => {
  it('matches the golden file for the bundled example', async () => {
    expectGolden('example.junit.xml', renderReportJunit(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
  });

  it('follows the Ant JUnit schema; one case for the score, one for safety, one per call row, failing with the Top issues', async () => {
    const [suite] = checkAntJunitSchema(renderReportJunit(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
    expect(suite!.attributes).toMatchObject({
      name: 'examples/gold.json vs examples/trace.json',
      timestamp: '2025-06-14T09:30:00',
      tests: '7',
      failures: '3',
      errors: '0',
      time: '5.850',
    });
    const properties = Object.fromEntries(
      suite!.children[0]!.children.map((property) => [property.attributes.name, property.attributes.value]),
    );
    expect(properties).toMatchObject({ score: '0.835', grade: 'B', verdict: 'WARN', required_call_recall: '0.75' });
    const cases = suite!.children.filter((child) => child.name === 'testcase');
    expect(
      cases.map((testCase) => [
        testCase.attributes.name,
        testCase.attributes.classname,
        testCase.attributes.time,
        failureOf(testCase)?.attributes.type ?? null,
      ]),
    ).toEqual([
      ['score', 'toolscore', '0', null],
      ['behavior and safety', 'toolscore', '0', null],
      ['expected call 1: get_weather', 'toolscore.calls', '0.410', null],
      ['expected call 2: search_flights', 'toolscore.calls', '1.870', 'argument_mismatch'],
      ['expected call 3: book_flight', 'toolscore.calls', '2.300', 'failed'],
      ['extra call 4: charge_card', 'toolscore.calls', '0.920', 'extra'],
      ['expected call 4: send_email', 'toolscore.calls', '0.350', null],
    ]);
    const flights = failureOf(cases[3]!)!;
    expect(flights.attributes.message).toBe(
      'search_flights called with different arguments: destination: expected "LIS", got "OPO"',
    );
    expect(flights.text).toContain(
      'Expected: search_flights(origin="LHR", destination="LIS", date="2025-06-14", passengers=2)',
    );
    expect(flights.text).toContain(
      'Actual: search_flights(origin="LHR", destination="OPO", date="2025-06-14", passengers=2)',
    );
    expect(failureOf(cases[4]!)!.attributes.message).toBe(
      'book_flight failed: "Payment declined: card expired" and was not retried successfully',
    );
  });

  it('fails the score case below --min-score, or on a FAIL verdict, with the Top issues in its body', async () => {
    const [gated] = checkAntJunitSchema(
      renderReportJunit(buildReportView(await exampleResult(), { ...EXAMPLE_OPTIONS, minScore: 0.9 })),
    );
    const score = failureOf(gated!.children.find((child) => child.attributes.name === 'score')!)!;
    expect(score.attributes).toEqual({ type: 'score', message: 'Score 83.5% is below the required 90.0%' });
    expect(score.text).toContain(
      'WARN: score 83.5%, grade B\nRequired calls completed: 3 of 4\nTop issues to fix:\n1. book_flight failed',
    );

    const failing = evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'c' }] });
    const [suite] = checkAntJunitSchema(renderReportJunit(buildReportView(failing, { now: FIXED_TIME })));
    expect(suite!.attributes.name).toBe('Toolscore evaluation');
    expect(failureOf(suite!.children.find((child) => child.attributes.name === 'score')!)!.attributes.message).toBe(
      'FAIL: score 0.0%, grade F',
    );
  });

  it('fails the safety case on error findings', () => {
    const result = evaluate({ expected: [{ tool: 'search' }], actual: [{ tool: 'search', args: { key: SECRET } }] });
    const [suite] = checkAntJunitSchema(renderReportJunit(buildReportView(result, { now: FIXED_TIME })));
    const safety = failureOf(suite!.children.find((child) => child.attributes.name === 'behavior and safety')!)!;
    expect(safety.attributes).toEqual({
      type: 'behavior_and_safety',
      message: 'call 1 (search) passes a credential (openai_api_key) in "key": sk-p…cd',
    });
  });

  it('stays well-formed and schema-valid with any input: markup, CDATA ends, forbidden characters, credentials', () => {
    const xml = renderReportJunit(
      buildReportView(hostileResult(), {
        goldFile: `${IMG_PAYLOAD}\u0000.json`,
        traceFile: ']]>.json',
        now: FIXED_TIME,
      }),
    );
    const [suite] = checkAntJunitSchema(xml);
    expect(xml).not.toContain(SECRET);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain(']]>');
    const names = suite!.children
      .filter((child) => child.name === 'testcase')
      .map((testCase) => testCase.attributes.name);
    expect(names).toEqual([
      'score',
      'behavior and safety',
      'expected call 1: search',
      `expected call 2: ${IMG_PAYLOAD}`,
      'expected call 3: =HYPERLINK("http://x")',
    ]);
    expect(suite!.attributes.name).toBe(`${IMG_PAYLOAD}\\u0000.json vs ]]>.json`);
    const wrongTool = failureOf(
      suite!.children.find((child) => child.attributes.name === `expected call 2: ${IMG_PAYLOAD}`)!,
    )!;
    expect(wrongTool.attributes.message).toBe(`called ${SCRIPT_PAYLOAD} where ${IMG_PAYLOAD} was expected`);
    // JSON text writes the lone surrogate as an escape; U+FFFE, which XML forbids, becomes U+FFFD.
    expect(wrongTool.text).toContain(`Actual: ${SCRIPT_PAYLOAD}(${IMG_PAYLOAD}="a\\u0000b\\ud800c\uFFFDd]]>e")`);
  });

  it("gives a conversation one test case per turn, failing with the turn's Top issue, and its pass rate as properties", () => {
    const xml = renderReportJunit(buildReportView(conversationResult(), { now: FIXED_TIME }));
    const [suite] = checkAntJunitSchema(xml);
    const cases = suite!.children.filter((child) => child.name === 'testcase');
    expect(cases.map((testCase) => [testCase.attributes.name, testCase.attributes.classname])).toEqual([
      ['score', 'toolscore'],
      ['behavior and safety', 'toolscore'],
      ['turn 1', 'toolscore.turns'],
      ['turn 2', 'toolscore.turns'],
      ['turn 3', 'toolscore.turns'],
      ['turn 4', 'toolscore.turns'],
      ['expected call 1: get_order', 'toolscore.calls'],
      ['expected call 2: cancel_order', 'toolscore.calls'],
      ['extra call 3: get_order', 'toolscore.calls'],
      ['expected call 3: refund', 'toolscore.calls'],
    ]);
    // Only turn 3 (score 0, FAIL) and the extra call's row fail; the whole scores 0.75 (WARN), so the score case passes.
    expect(suite!.attributes.tests).toBe('10');
    expect(suite!.attributes.failures).toBe('2');
    const turn3 = failureOf(cases.find((testCase) => testCase.attributes.name === 'turn 3')!)!;
    expect(turn3.attributes.message).toBe('unexpected call to get_order');
    expect(turn3.attributes.type).toBe('extra');
    expect(turn3.text.split('\n').slice(0, 2)).toEqual([
      'FAIL: score 0.0%, grade F',
      '1. unexpected call to get_order',
    ]);
    expect(failureOf(cases.find((testCase) => testCase.attributes.name === 'turn 4')!)).toBeUndefined();
    expect(xml).toContain('<property name="turn_pass_rate" value="0.75"/>');
    expect(xml).toContain('<property name="first_failing_turn" value="3"/>');
    expect(xml).not.toContain(SECRET);
  });

  it('names an unreached turn as such', () => {
    const result = evaluate({
      expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }] },
      actual: [{ tool: 'a', args: {}, turn: 1 }],
    });
    const [suite] = checkAntJunitSchema(renderReportJunit(buildReportView(result, { now: FIXED_TIME })));
    const turn2 = failureOf(suite!.children.find((child) => child.attributes.name === 'turn 2')!)!;
    expect(turn2.attributes.message).toBe('not reached');
    expect(turn2.attributes.type).toBe('not_reached');
    expect(turn2.text.split('\n')[0]).toBe('FAIL: score 0.0%, grade F');
    expect(suite!.children.some((child) => child.attributes.name === 'turn 1' && failureOf(child) === undefined)).toBe(
      true,
    );
  });

  it('fails an "outcome checks" case with every failed check and the state diff; a wrong result also fails its call', () => {
    const xml = renderReportJunit(buildReportView(outcomeResult(), { now: FIXED_TIME }));
    const [suite] = checkAntJunitSchema(xml);
    const cases = suite!.children.filter((child) => child.name === 'testcase');
    expect(cases.map((testCase) => [testCase.attributes.name, failureOf(testCase)?.attributes.type ?? null])).toEqual([
      ['score', null],
      ['behavior and safety', null],
      ['outcome checks', 'outcome'],
      ['expected call 1: get_order', 'wrong_result'],
      ['expected call 2: suspend_line', null],
    ]);
    const outcome = failureOf(cases[2]!)!;
    expect(outcome.attributes.message).toBe('get_order returned status "shipped", expected "delivered"');
    expect(outcome.text.split('\n')).toEqual([
      '2 of 5 outcome checks passed (40.0%): result 0 of 1, reply 1 of 2, state 1 of 2',
      'result: get_order returned status "shipped", expected "delivered"',
      'reply: the reply says "refund", which it must not',
      'state: changes nobody expected: $.tmp removed (was 1); $.lines.L2 "active" → "suspended"; $.lines.L3 added "active"',
      'State changes: 5 paths changed, 3 unexpected; expected values matched: 1 of 1',
      '$.tmp removed (was 1) (unexpected)',
      '$.lines.L1 "active" → "suspended" (covered by expected)',
      '$.lines.L2 "active" → "suspended" (unexpected)',
      '$.lines.L3 added "active" (unexpected)',
      '$.log[0] added "suspend L1" (covered by allowed)',
    ]);
    expect(failureOf(cases[3]!)!.attributes.message).toBe('get_order returned status "shipped", expected "delivered"');
    expect(suite!.attributes).toMatchObject({ tests: '5', failures: '2' });
    expect(xml).toContain('<property name="outcome_rate" value="0.4"/>');
  });

  it('an outcome case passes when every check passed, and a result without outcome checks has none', async () => {
    const passing = evaluate({
      expected: [{ tool: 'get_order', result: { status: 'shipped' } }],
      actual: [{ tool: 'get_order', result: { status: 'shipped' } }],
    });
    const [suite] = checkAntJunitSchema(renderReportJunit(buildReportView(passing, { now: FIXED_TIME })));
    const outcome = suite!.children.find((child) => child.attributes.name === 'outcome checks')!;
    expect(failureOf(outcome)).toBeUndefined();
    const example = renderReportJunit(buildReportView(await exampleResult(), EXAMPLE_OPTIONS));
    expect(example).not.toMatch(/outcome/);
  });

  it('hostile state paths and values stay well-formed, inert and masked', () => {
    const xml = renderReportJunit(buildReportView(hostileStateResult(), { now: FIXED_TIME }));
    const [suite] = checkAntJunitSchema(xml);
    const outcome = failureOf(suite!.children.find((child) => child.attributes.name === 'outcome checks')!)!;
    expect(outcome.text).toContain(
      '$["<script>window.__pwned=1</script>"] "old" → "<img src=x onerror=\\"window.__pwned=2\\">" (unexpected)',
    );
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain(SECRET);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });
});
