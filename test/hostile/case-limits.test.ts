import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readToolCatalogue } from '../../src/schemas/catalogue.js';
import { generateGoldCases } from '../../src/schemas/generate-gold.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Red team, round 2: limits a file can raise. A dataset case's `options.limits` overrode every limit the
 * command line set (`maxPairingCells: 1e12` let one case pair 6,000 × 6,000 calls for 18 s), and
 * `generate -n 1000000000` ran out of memory. CLI runs are bounded by runProgram's 30 s timeout
 * (npm run build first).
 */

const scratch = useScratchFolder('toolscore-hostile-case-limits-');

/** `n` calls of one tool, each with its own argument. */
const calls = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({ tool: 'get', args: { id: i + offset } }));

const OK_CASE = { id: 'ok', expected: [{ tool: 'get', args: { id: 1 } }], actual: [{ tool: 'get', args: { id: 1 } }] };

function writeCases(dir: string, cases: readonly unknown[]): void {
  writeFileSync(join(dir, 'cases.jsonl'), cases.map((c) => `${JSON.stringify(c)}\n`).join(''));
}

async function batch(dir: string, flags: readonly string[] = []) {
  const run = await runCli(['batch', 'cases.jsonl', '-o', 'results.jsonl', '--jobs', '1', '--no-progress', ...flags], {
    cwd: dir,
  });
  const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { run, lines };
}

const RAISE_HINT =
  "a case may lower the run's limits, not raise them (--allow-case-limits, allowCaseLimits: true in evaluateBatch, lets a dataset raise them)";

describe("a dataset case may lower the command line's limits, never raise them", () => {
  test('maxPairingCells 1e12 on a 6,000 × 6,000 case: an error line naming the option, at once', async () => {
    const dir = scratch.fresh();
    writeCases(dir, [
      { id: 'huge', expected: calls(6000), actual: calls(6000, 1), options: { limits: { maxPairingCells: 1e12 } } },
      OK_CASE,
    ]);
    const { run, lines } = await batch(dir);
    // The refused case is a lost case, so the run fails its gate (exit 1) while the next case is scored.
    expect(run.code, run.stderr).toBe(1);
    expect(lines[0]).toEqual({
      id: 'huge',
      index: 0,
      line: 1,
      error: `cases.jsonl:1 at $.options.limits.maxPairingCells: 1000000000000 raises the run's maxPairingCells of 4000000; ${RAISE_HINT}`,
    });
    expect(lines[1]).toMatchObject({ id: 'ok', score: 1 });
  });

  test('a limit the command line set is the bound: --max-depth 5, a case asking for 6', async () => {
    const dir = scratch.fresh();
    writeCases(dir, [{ ...OK_CASE, id: 'deeper', options: { limits: { maxDepth: 6 } } }]);
    const { run, lines } = await batch(dir, ['--max-depth', '5']);
    expect(run.code).toBe(2);
    expect(lines).toEqual([
      {
        id: 'deeper',
        index: 0,
        line: 1,
        error: `cases.jsonl:1 at $.options.limits.maxDepth: 6 raises the run's maxDepth of 5; ${RAISE_HINT}`,
      },
    ]);
  });

  test('lowering a limit is honoured: maxPairingCells 8 stops a 3 × 3 pairing the run allows', async () => {
    const dir = scratch.fresh();
    writeCases(dir, [
      { id: 'lower', expected: calls(3), actual: calls(3), options: { limits: { maxPairingCells: 8 } } },
      { id: 'equal', expected: calls(3), actual: calls(3), options: { limits: { maxPairingCells: 9 } } },
    ]);
    const { run, lines } = await batch(dir, ['--max-pairing-cells', '9']);
    expect(run.code, run.stderr).toBe(1);
    expect(lines[0]).toEqual({
      id: 'lower',
      index: 0,
      line: 1,
      error:
        'limits at maxPairingCells: pairing 3 expected with 3 actual calls of "get" needs more than 8 cells; raise limits.maxPairingCells (--max-pairing-cells) or split the trace',
    });
    expect(lines[1]).toMatchObject({ id: 'equal', score: 1 });
  });

  test('--allow-case-limits lets a case raise them', async () => {
    const dir = scratch.fresh();
    writeCases(dir, [
      { id: 'raise', expected: calls(3), actual: calls(3), options: { limits: { maxPairingCells: 9 } } },
    ]);
    const refused = await batch(dir, ['--max-pairing-cells', '4']);
    expect(refused.lines[0]!.error).toBe(
      `cases.jsonl:1 at $.options.limits.maxPairingCells: 9 raises the run's maxPairingCells of 4; ${RAISE_HINT}`,
    );
    const allowed = await batch(dir, ['--max-pairing-cells', '4', '--allow-case-limits']);
    expect(allowed.run.code, allowed.run.stderr).toBe(0);
    expect(allowed.lines[0]).toMatchObject({ id: 'raise', score: 1 });
  });
});

describe('generate -n is capped before anything is made', () => {
  test('-n 1000000000: one line, exit 2, at once', async () => {
    const dir = scratch.fresh();
    writeFileSync(
      join(dir, 'tools.json'),
      JSON.stringify([{ name: 'get', description: 'Gets.', input_schema: { type: 'object', properties: {} } }]),
    );
    expect(await runCli(['generate', '--tools', 'tools.json', '-n', '1000000000'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolscore: -n: 1000000000 cases is more than the 1,000,000 one run makes; ask for fewer, or split the catalogue\n',
    });
  });

  test('-n × tools counts: 400,000 for each of 3 tools is 1,200,000', async () => {
    const dir = scratch.fresh();
    const tool = (name: string) => ({ name, description: 'Gets.', input_schema: { type: 'object', properties: {} } });
    writeFileSync(join(dir, 'tools.json'), JSON.stringify([tool('a'), tool('b'), tool('c')]));
    expect(await runCli(['generate', '--tools', 'tools.json', '-n', '400000'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolscore: -n: 400000 cases for each of 3 tools is more than the 1,000,000 one run makes; ask for fewer, or split the catalogue\n',
    });
  });

  test('the library refuses the same before it allocates anything', () => {
    const catalogue = readToolCatalogue(
      [
        { name: 'a', input_schema: { type: 'object', properties: {} } },
        { name: 'b', input_schema: { type: 'object', properties: {} } },
      ],
      'tools',
    );
    expect(() => generateGoldCases(catalogue, { perTool: 1e9 })).toThrow(
      new RangeError(
        'perTool must be a whole number ≥ 1 and perTool × tools at most 1000000, got 1000000000 for 2 tools',
      ),
    );
    expect(() => generateGoldCases(catalogue, { perTool: 500_001 })).toThrow(RangeError);
    expect(generateGoldCases(catalogue, { perTool: 1 }).cases.map((c) => c.tool)).toEqual(['a', 'b']);
  });
});
