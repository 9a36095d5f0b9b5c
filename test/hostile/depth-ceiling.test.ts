import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MAX_DEPTH_CEILING } from '../../src/core/limits.js';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

const scratch = useScratchFolder('toolscore-hostile-depth-');

/** A one-call file whose arguments (and result) nest `depth` levels of objects, as text (no recursion). */
function deepFile(depth: number, open = '{"a":', close = '}'): string {
  const value = `${open.repeat(depth - 1)}1${close.repeat(depth - 1)}`;
  return `[{"tool":"t","args":{"x":${value}},"result":{"x":${value}}}]`;
}

describe('--max-depth stops below what the stack can walk', () => {
  test('--max-depth 1000000000 with a 100,000-deep file: a usage error, not a stack overflow', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'deep.json'), deepFile(100_000));
    // Before the fix: "unexpected error: Maximum call stack size exceeded".
    const run = await runCli(['eval', 'deep.json', 'deep.json', '--max-depth', '1000000000'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: --max-depth: expected at most 1500: deeper nesting overflows the stack of the walks that read it\n',
    );
  }, 40_000);

  test('at the ceiling, 1,500 levels of objects or arrays score and render in every report; 1,501 is an input error', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'objects.json'), deepFile(MAX_DEPTH_CEILING));
    writeFileSync(join(dir, 'arrays.json'), deepFile(MAX_DEPTH_CEILING, '[', ']'));
    writeFileSync(join(dir, 'deeper.json'), deepFile(MAX_DEPTH_CEILING + 1));
    for (const file of ['objects.json', 'arrays.json']) {
      const run = await runCli(
        [
          'eval',
          file,
          file,
          '--max-depth',
          '1500',
          '--html',
          'r.html',
          '--markdown',
          'r.md',
          '--junit',
          'r.xml',
          '-o',
          'r.json',
        ],
        { cwd: dir },
      );
      expect(run.stderr).not.toContain('unexpected error');
      expect(run.code).toBe(0);
    }
    const deeper = await runCli(['eval', 'deeper.json', 'deeper.json', '--max-depth', '1500'], { cwd: dir });
    expect(deeper.code).toBe(2);
    expect(deeper.stderr).toContain(
      'toolscore: deeper.json at $[0].args: arguments nested deeper than 1500 levels, the most limits.maxDepth (--max-depth) allows',
    );
  }, 60_000);

  test('limits.maxDepth past the ceiling is refused by the library, as is a batch case raising it', async () => {
    expect(() => evaluate({ expected: [], actual: [], limits: { maxDepth: 1e9 } })).toThrow(
      'limits at maxDepth: expected at most 1500: deeper nesting overflows the stack of the walks that read it',
    );
    const dir = scratch.fresh();
    const call = { tool: 't', args: {} };
    const line = { id: 'c1', expected: [call], actual: [call], options: { limits: { maxDepth: 1e9 } } };
    writeFileSync(join(dir, 'cases.jsonl'), `${JSON.stringify(line)}\n`);
    const run = await runCli(['batch', 'cases.jsonl', '-o', 'out'], { cwd: dir });
    expect(run.stderr).not.toContain('unexpected error');
    expect(run.code).toBe(2);
  }, 40_000);
});

describe('a file of several runs nested past what the stack holds', () => {
  test('batch: the deep run is its own error line, the other run is scored, no crash', async () => {
    const dir = scratch.fresh();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const uses = (args: string) => `{"tool_uses": [{"name": "a", "args": ${args}}]}`;
    writeFileSync(
      join(dir, 'x.evalset.json'),
      `{"eval_set_id": "s", "eval_cases": [{"eval_id": "deep", "conversation": [{"invocation_id": "i", "intermediate_data": ${uses(`{"x": ${deep}}`)}}]}, {"eval_id": "ok", "conversation": [{"invocation_id": "i", "intermediate_data": ${uses('{}')}}]}]}`,
    );
    writeFileSync(join(dir, 'gold.json'), '[{"tool": "a"}]');
    // Before the fix: "unexpected error: Maximum call stack size exceeded".
    const run = await runCli(
      [
        'batch',
        '--gold',
        'gold.json',
        '--traces',
        'x.evalset.json',
        '--jobs',
        '1',
        '--max-errors',
        '1',
        '-o',
        'r.jsonl',
      ],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 case scored, 1 could not be read or scored\n/);
    expect(run.stdout).toContain(
      '  x.evalset.json#deep: input is nested too deeply to process; lower limits.maxDepth (--max-depth) or flatten the arguments',
    );
  }, 40_000);
});
