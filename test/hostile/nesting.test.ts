import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

const DEPTH = 100_000;
const raise = 'raise limits.maxDepth (--max-depth) if this is intended';

/** `{"a": {"a": … 1 …}}`, DEPTH objects, built without recursion. */
function nested(depth = DEPTH): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

/** An operator wrapping itself DEPTH times, e.g. {"$contains": {"$contains": … 1}}. */
function nestedOperator(wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let i = 0; i < DEPTH; i++) value = wrap(value);
  return value;
}

const call = { tool: 't', args: { x: 1 } };

describe('values nested 100,000 levels anywhere in a call are a one-line input error', () => {
  test('a result', () => {
    expect(() => evaluate({ expected: [call], actual: [{ ...call, result: nested() }] })).toThrow(
      `actual at $[0].result: results nested deeper than 1000 levels; ${raise}`,
    );
  });

  test('metadata, given as such or as extra keys of the call', () => {
    expect(() => evaluate({ expected: [call], actual: [{ ...call, metadata: nested() }] })).toThrow(
      `actual at $[0].metadata: metadata nested deeper than 1000 levels; ${raise}`,
    );
    expect(() => evaluate({ expected: [call], actual: [{ ...call, trace: nested() }] })).toThrow(
      `actual at $[0].metadata: metadata nested deeper than 1000 levels; ${raise}`,
    );
  });

  test('a structured error', () => {
    expect(() => evaluate({ expected: [call], actual: [{ ...call, error: nested() }] })).toThrow(
      'actual at $[0].error: the error is nested too deeply to read; flatten it',
    );
  });

  test('operators nested in operators: $contains, $one_of, and the data of $literal', () => {
    const deepArgs = `expected at $[0].args: arguments nested deeper than 1000 levels; ${raise}`;
    for (const x of [
      nestedOperator((inner) => ({ $contains: inner })),
      nestedOperator((inner) => ({ $one_of: [inner] })),
      { $literal: nested() },
    ]) {
      expect(() => evaluate({ expected: [{ tool: 't', args: { x } }], actual: [call] })).toThrow(deepArgs);
    }
  });

  test('side effects and schemas of gold calls', () => {
    expect(() => evaluate({ expected: [{ ...call, side_effects: nested() }], actual: [call] })).toThrow(
      `expected at $[0].side_effects: side effects nested deeper than 1000 levels; ${raise}`,
    );
    expect(() => evaluate({ expected: [{ ...call, schema: nested() }], actual: [call] })).toThrow(
      `expected at $[0].schema: a schema nested deeper than 1000 levels; ${raise}`,
    );
  });

  test('arguments of a forbidden rule', () => {
    expect(() =>
      evaluate({ expected: [call], actual: [call], forbidden: [{ tool: 't', args: { x: nested() } }] }),
    ).toThrow(`forbidden at $[0].args: arguments nested deeper than 1000 levels; ${raise}`);
  });

  test('at the limit everything is scored: $one_of 499 deep (998 levels), a result of 1,000 levels, a $literal filling the limit', () => {
    let oneOf: unknown = 'x';
    // Each $one_of is two levels of JSON: the operator object and its array.
    for (let i = 0; i < 499; i++) oneOf = { $one_of: [oneOf] };
    let literalData: unknown = 1;
    for (let i = 0; i < 998; i++) literalData = [literalData];
    const result = evaluate({
      expected: [{ tool: 't', args: { x: { $literal: literalData }, y: oneOf } }],
      actual: [{ tool: 't', args: { x: literalData, y: 'x' }, result: nested(1_000), metadata: { deep: nested(999) } }],
    });
    expect(result.score).toBe(1);
    expect(() =>
      evaluate({ expected: [{ tool: 't', args: { x: { $literal: [literalData] } } }], actual: [call] }),
    ).toThrow(`expected at $[0].args: arguments nested deeper than 1000 levels; ${raise}`);
  });
});

describe('through the CLI (built dist): one line, exit 2', () => {
  const scratch = useScratchFolder('toolscore-hostile-nesting-');
  const deepJson = (inner: string) => `${'{"a":'.repeat(DEPTH)}${inner}${'}'.repeat(DEPTH)}`;

  test('eval with a deep result, metadata, error or side effect; validate with a deep error', async () => {
    const dir = scratch.fresh();
    const gold = join(dir, 'gold.json');
    const trace = join(dir, 'trace.json');
    writeFileSync(gold, JSON.stringify([call]));
    writeFileSync(trace, JSON.stringify([call]));
    const cases: [string, string, string][] = [
      [
        'result',
        `[{"tool":"t","args":{"x":1},"result":${deepJson('1')}}]`,
        `actual at $[0].result: results nested deeper than 1000 levels; ${raise}`,
      ],
      [
        'metadata',
        `[{"tool":"t","args":{"x":1},"metadata":${deepJson('1')}}]`,
        `actual at $[0].metadata: metadata nested deeper than 1000 levels; ${raise}`,
      ],
      ['error', `[{"tool":"t","args":{"x":1},"error":${deepJson('1')}}]`, ''],
    ];
    for (const [name, text, reason] of cases) {
      const path = join(dir, `${name}.json`);
      writeFileSync(path, text);
      const run = await runCli(['eval', gold, path], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `toolscore: ${reason || `${path} at $[0].error: the error is nested too deeply to read; flatten it`}\n`,
      );
    }
    const deepGold = join(dir, 'deep-gold.json');
    writeFileSync(deepGold, `[{"tool":"t","args":{"x":1},"side_effects":${deepJson('1')}}]`);
    expect(await runCli(['eval', deepGold, trace], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${deepGold} at $[0].side_effects: side effects nested deeper than 1000 levels; ${raise}\n`,
    });
    const validated = await runCli(['validate', join(dir, 'error.json'), '--kind', 'trace'], { cwd: dir });
    expect(validated).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${join(dir, 'error.json')} at $[0].error: the error is nested too deeply to read; flatten it\n`,
    });
  });

  test('validate with deep arguments in a trace (it prints them without scoring)', async () => {
    const dir = scratch.fresh();
    const path = join(dir, 'trace.json');
    writeFileSync(path, `[{"tool":"t","args":{"x":${deepJson('1')}}}]`);
    expect(await runCli(['validate', path, '--kind', 'trace'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${path} at $[0].args: arguments nested deeper than 1000 levels; ${raise}\n`,
    });
  });

  test('validate reads a trace with a deep result without walking it', async () => {
    const dir = scratch.fresh();
    const path = join(dir, 'trace.json');
    writeFileSync(path, `[{"tool":"t","args":{"x":1},"result":${deepJson('1')}}]`);
    const run = await runCli(['validate', path, '--kind', 'trace', '--no-color'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('1 call');
  });
});
