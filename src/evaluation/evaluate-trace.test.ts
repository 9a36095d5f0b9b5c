import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { corpusPath } from '../../test/corpus.js';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluateTrace } from './evaluate-trace.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-io-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('evaluateTrace on files', () => {
  test('the comparable Python tool example: custom trace matches its gold exactly', async () => {
    const result = await evaluateTrace({
      goldFile: corpusPath('comparable-tools/toolscore/gold_calls.json'),
      traceFile: corpusPath('comparable-tools/toolscore/trace_custom.json'),
    });
    expect(result.score).toBe(1);
    expect(result.goldCalls.map((call) => call.tool)).toEqual(['make_file', 'read_file']);
    expect(result.goldCalls[0]!.side_effects).toEqual({ file_exists: 'poem.txt' });
    expect(result.goldCalls[0]!.description).toBe('Create a file with a short poem');
    expect(result.traceCalls[0]).toMatchObject({
      tool: 'make_file',
      result: { success: true, path: 'poem.txt' },
      duration: 0.05,
      timestamp: 1704067200.0,
    });
    expect(result.traceCalls[1]!.result).toBe('Roses are red,\nViolets are blue.');
  });

  test('a gold file with extra keys (metadata.schema) still loads', async () => {
    const result = await evaluateTrace({
      goldFile: corpusPath('comparable-tools/toolscore/datasets__weather_agent.json'),
      traceFile: file(
        'weather.json',
        JSON.stringify([{ tool: 'get_current_weather', args: { location: 'San Francisco, CA', unit: 'fahrenheit' } }]),
      ),
    });
    expect(result.goldCalls).toHaveLength(2);
    expect(result.requiredCallRecall).toBe(0.5);
  });

  test('strict mode tells 1 from 1.0 as written in the files; lenient does not', async () => {
    const gold = file('gold-num.json', '[{"tool": "f", "args": {"n": 1, "m": [2.0], "s": "x"}}]');
    const trace = file('trace-num.json', '[{"tool": "f", "args": {"n": 1.0, "m": [2.0], "s": "x"}}]');
    const strict = await evaluateTrace({ goldFile: gold, traceFile: trace, strict: true });
    // n differs (1 vs 1.0), m and s match: 2 of 3
    expect(strict.argumentF1).toBeCloseTo(2 / 3, 12);
    expect(strict.topIssues[0]!.problem).toBe('f called with different arguments: n: expected 1, got 1.0');
    const lenient = await evaluateTrace({ goldFile: gold, traceFile: trace });
    expect(lenient.argumentF1).toBe(1);
  });

  test('gold matchers in $ operator form', async () => {
    const gold = file(
      'gold-ops.json',
      JSON.stringify([
        { tool: 'book', args: { flight: { $regex: 'FL-\\d+' }, seats: { $type: 'integer' }, when: { $any: true } } },
      ]),
    );
    const trace = file(
      'trace-ops.json',
      JSON.stringify({ calls: [{ tool: 'book', args: { flight: 'FL-42', seats: 2, when: 'now' } }] }),
    );
    expect((await evaluateTrace({ goldFile: gold, traceFile: trace })).score).toBe(1);
  });

  test('forbidden rules from a file, with $regex searching argv arrays', async () => {
    const rules = file(
      'rules.json',
      JSON.stringify([{ tool: 'shell', args: { argv: { $regex: 'rm -rf' } }, reason: 'no deletes' }]),
    );
    const gold = file('gold-shell.json', '[{"tool": "shell"}]');
    const trace = file('trace-shell.json', '[{"tool": "shell", "args": {"argv": ["rm", "-rf", "/tmp/x"]}}]');
    const result = await evaluateTrace({ goldFile: gold, traceFile: trace, forbidden: rules });
    expect(result.policyViolations).toEqual([
      { index: 0, tool: 'shell', args: { argv: ['rm', '-rf', '/tmp/x'] }, rule: 0, reason: 'no deletes' },
    ]);
  });

  test('custom traces keep falsy values and parse JSON-string arguments', async () => {
    const gold = file('gold-falsy.json', '[{"tool": "count", "args": {}}, {"tool": "sum", "args": {"a": 1}}]');
    const trace = file(
      'trace-falsy.json',
      '[{"tool": "count", "args": {}, "arguments": {"x": 1}, "result": 0, "duration": 0}, {"name": "sum", "arguments": "{\\"a\\": 1}"}]',
    );
    const result = await evaluateTrace({ goldFile: gold, traceFile: trace });
    expect(result.traceCalls[0]).toMatchObject({ tool: 'count', args: {}, result: 0, duration: 0 });
    expect(result.traceCalls[1]!.args).toEqual({ a: 1 });
    expect(result.score).toBe(1);
  });

  test('bad custom entries are skipped with warnings, not fatal', async () => {
    const gold = file('gold-w.json', '[{"tool": "a"}]');
    const trace = file('trace-w.json', '[{"tool": "a", "args": "{not json"}, {"tool": ""}, 5]');
    const result = await evaluateTrace({ goldFile: gold, traceFile: trace });
    expect(result.traceCalls).toHaveLength(1);
    expect(result.traceCalls[0]).toEqual({
      tool: 'a',
      args: {},
      is_error: true,
      error: 'arguments are not valid JSON: {not json',
    });
    expect(result.warnings).toEqual([
      `${trace} at $[0].args: arguments are not valid JSON; the call is read as failed, with no arguments`,
      `${trace} at $[1]: skipped a call with no tool name`,
      `${trace} at $[2]: skipped a number: expected a call object`,
    ]);
  });
});

describe('bad input gives one line naming the file and the place', () => {
  const gold = file('ok-gold.json', '[{"tool": "a"}]');
  const cases: [string, () => Promise<unknown>, string][] = [
    [
      'missing file',
      () => evaluateTrace({ goldFile: join(dir, 'nope.json'), traceFile: gold }),
      `${join(dir, 'nope.json')}: file not found`,
    ],
    [
      'invalid JSON with line and column',
      () =>
        evaluateTrace({
          goldFile: file('bad.json', '[\n  {"tool": "a"},\n  {"tool": "b" "args": {}}\n]'),
          traceFile: gold,
        }),
      `${join(dir, 'bad.json')}:3:16 at $[1]: invalid JSON: unexpected '"args"'; expected ',' or '}'`,
    ],
    [
      'gold entry without tool',
      () => evaluateTrace({ goldFile: file('notool.json', '[{"tool": "a"}, {"args": {}}]'), traceFile: gold }),
      `${join(dir, 'notool.json')} at $[1].tool: expected a non-empty tool name, got nothing`,
    ],
    [
      'non-object args',
      () => evaluateTrace({ goldFile: file('strargs.json', '[{"tool": "a", "args": "x"}]'), traceFile: gold }),
      `${join(dir, 'strargs.json')} at $[0].args: expected an object of arguments (or null), got a string`,
    ],
    [
      'unknown $ operator',
      () =>
        evaluateTrace({ goldFile: file('op.json', '[{"tool": "a", "args": {"n": {"$gte": 3}}}]'), traceFile: gold }),
      `${join(dir, 'op.json')} at $[0].args.n: unknown operator $gte; known operators: $any, $regex, $approx, $contains, $one_of, $type, $optional, $literal (wrap literal data in {"$literal": ...})`,
    ],
    [
      'gold that is not a list',
      () => evaluateTrace({ goldFile: file('obj.json', '{"tool": 1}'), traceFile: gold }),
      `${join(dir, 'obj.json')} at $: expected a JSON array of calls (or {"calls": [...]}), got an object`,
    ],
    [
      'unknown format',
      () => evaluateTrace({ goldFile: gold, traceFile: gold, format: 'xml' }),
      'format: unknown format "xml"; valid formats: auto, ',
    ],
    [
      'bad weight',
      () => evaluateTrace({ goldFile: gold, traceFile: gold, weights: { speed: 1 } as never }),
      'weights at speed: unknown weight "speed"',
    ],
    [
      'empty file',
      () => evaluateTrace({ goldFile: file('empty.json', '  \n'), traceFile: gold }),
      `${join(dir, 'empty.json')}:2:1 at $: invalid JSON: the file is empty; expected a JSON value`,
    ],
  ];
  test.each(cases)('%s', async (_name, run, message) => {
    const error = await run().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message.slice(0, message.length)).toBe(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('evaluateTrace on a file of several runs (an ADK eval set)', () => {
  const GOLD = [
    { tool: 'set_device_info', args: { location: 'Bedroom', status: 'OFF', device_id: 'device_2' } },
    { tool: 'get_device_info', args: { device_id: 'device_2' } },
  ];
  const ONE_CASE = corpusPath('frameworks/adk/dependent_tool_calls.evalset.json');
  /** The real case (its two calls are the gold's), then a case that called lookup. */
  function twoRuns(): string {
    const { eval_cases } = JSON.parse(readFileSync(ONE_CASE, 'utf8')) as { eval_cases: Record<string, unknown>[] };
    const other = {
      eval_id: 'other',
      conversation: [{ invocation_id: 'i', intermediate_data: { tool_uses: [{ name: 'lookup', args: {} }] } }],
    };
    return file('two.evalset.json', JSON.stringify({ eval_set_id: 's', eval_cases: [eval_cases[0], other] }));
  }
  const real = 'tests/integration/fixture/home_automation_agent/test_files/dependent_tool_calls.test.json';

  test('a file of one run reads as any trace, with no run named', async () => {
    const result = await evaluateTrace({ goldFile: file('g.json', JSON.stringify(GOLD)), traceFile: ONE_CASE });
    expect(result.score).toBe(1);
    expect(result.traceFile).toBe(ONE_CASE);
    expect(result.warnings).toEqual([]);
  });

  test('several runs without a run chosen: an error naming them and how to pick one', async () => {
    const traceFile = twoRuns();
    await expect(evaluateTrace({ goldFile: file('g.json', JSON.stringify(GOLD)), traceFile })).rejects.toThrow(
      new ToolscoreInputError(
        { source: traceFile },
        `holds 2 runs (${JSON.stringify(real)}, "other"); pass --run ID to score one (run: in evaluateTrace), or score each with toolscore batch --traces`,
      ),
    );
  });

  test('run: scores that run alone, named file#run', async () => {
    const traceFile = twoRuns();
    const goldFile = file('g.json', JSON.stringify(GOLD));
    const first = await evaluateTrace({ goldFile, traceFile, run: real });
    expect([first.score, first.traceCalls.length, first.traceFile]).toEqual([1, 2, `${traceFile}#${real}`]);
    const other = await evaluateTrace({ goldFile, traceFile, run: 'other' });
    expect(other.traceCalls.map((call) => call.tool)).toEqual(['lookup']);
  });

  test('run: an unknown id names the runs and the nearest; a file of one run says to leave it out', async () => {
    const goldFile = file('g.json', JSON.stringify(GOLD));
    const traceFile = twoRuns();
    await expect(evaluateTrace({ goldFile, traceFile, run: 'othr' })).rejects.toThrow(
      new ToolscoreInputError(
        { source: traceFile },
        `no run "othr" (did you mean "other"?); it holds 2 runs (${JSON.stringify(real)}, "other")`,
      ),
    );
    await expect(evaluateTrace({ goldFile, traceFile: ONE_CASE, run: 'x' })).rejects.toThrow(
      new ToolscoreInputError(
        { source: ONE_CASE },
        '--run "x": this file is one run, not several; leave --run out to read it',
      ),
    );
  });
});
