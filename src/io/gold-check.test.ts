import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';
import { UnknownGoldKeyError } from './gold-check.js';
import { loadGoldFile } from './gold.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-gold-check-'));
const corpus = (path: string): string => fileURLToPath(new URL(`../../test/corpus/${path}`, import.meta.url));

function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data, null, 2));
  return path;
}

const SWAPPED = 'are the gold and trace files swapped?';

describe('loading a gold file says what it does not understand', () => {
  const gold = file('typo.json', [
    { tool: 'search', arguments: { q: 'lisbon' } },
    { tool: 'book', args: { id: 1 } },
  ]);

  test('an unknown key is a warning naming the file and path, and the call still loads', async () => {
    const warnings: string[] = [];
    const calls = await loadGoldFile(gold, { warnings });
    // "arguments" is not read: the call does not check arguments, as before.
    expect(calls).toEqual([
      { tool: 'search', args: null },
      { tool: 'book', args: { id: 1 } },
    ]);
    expect(warnings).toEqual([`${gold} at $[0]: unknown key "arguments"; did you mean "args"?`]);
  });

  test('with strictGold the first unknown key is an input error', async () => {
    const error = await loadGoldFile(gold, { strictGold: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownGoldKeyError);
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).toBe(`${gold} at $[0]: unknown key "arguments"; did you mean "args"?`);
  });

  test('a real trace given as gold: readable ones warn, unreadable ones say so in the error', async () => {
    const custom = corpus('comparable-tools/toolscore/trace_custom.json');
    const warnings: string[] = [];
    await loadGoldFile(custom, { warnings });
    expect(warnings).toEqual([
      `${custom} at $.calls[0].duration: a call has a recorded duration, as a trace's calls do and a gold file's do not; ${SWAPPED}`,
    ]);
    const openai = corpus('comparable-tools/toolscore/trace_openai.json');
    await expect(loadGoldFile(openai)).rejects.toThrow(
      `${openai} at $[0].tool: expected a non-empty tool name, got nothing (this looks like a trace (openai format), not a gold file; ${SWAPPED})`,
    );
  });

  test("a trace's own keys are not listed one by one: the swap hint stands for them", async () => {
    const trace = file('recorded.json', [
      { tool: 'search', args: { q: 'x' }, id: 'call_1', result: 'ok', duration: 0.4 },
    ]);
    const warnings: string[] = [];
    await loadGoldFile(trace, { warnings });
    const hint = `a call has a recorded duration, as a trace's calls do and a gold file's do not; ${SWAPPED}`;
    expect(warnings).toEqual([`${trace} at $[0].duration: ${hint}`]);
    await expect(loadGoldFile(trace, { strictGold: true })).rejects.toThrow(
      `${trace} at $[0]: unknown key "id"; known keys: tool, args, description, side_effects, schema, metadata, optional, extra_args, result, succeeds, $any_order (${hint})`,
    );
    // Where the file may be either, a trace-looking file is read without the key check.
    const quiet: string[] = [];
    await loadGoldFile(trace, { warnings: quiet, strictGold: true, swapHints: false });
    expect(quiet).toEqual([]);
  });

  test('a file with no call list is an error that says what it holds instead', async () => {
    // tau-bench writes a task's gold as "actions" of {name, kwargs}.
    const actions = file('actions.json', {
      actions: [{ name: 'cancel_reservation', kwargs: { reservation_id: 'EHGLP3' } }],
    });
    await expect(loadGoldFile(actions)).rejects.toThrow(
      `${actions} at $: expected a JSON array of calls (or {"calls": [...]}), got an object (unknown key "actions"; did you mean "calls"?)`,
    );
  });

  test('a call with no tool: the error names the key that was probably meant', async () => {
    const named = file('named.json', [{ name: 'search', arguments: { q: 'x' } }]);
    await expect(loadGoldFile(named)).rejects.toThrow(
      `${named} at $[0].tool: expected a non-empty tool name, got nothing (unknown key "name"; did you mean "tool"?)`,
    );
  });

  test('evaluateTrace puts the gold warnings among the result warnings; strictGold makes them an error', async () => {
    const trace = file('trace.json', [{ tool: 'search', args: { q: 'lisbon' } }]);
    const result = await evaluateTrace({ goldFile: gold, traceFile: trace, validateSideEffects: false });
    expect(result.warnings).toEqual([`${gold} at $[0]: unknown key "arguments"; did you mean "args"?`]);
    await expect(evaluateTrace({ goldFile: gold, traceFile: trace, strictGold: true })).rejects.toThrow(
      UnknownGoldKeyError,
    );
  });

  test('evaluateTrace refuses a trace holding gold operators and no recorded result: the files look swapped', async () => {
    const trace = file('gold-as-trace.json', [{ tool: 'search', args: { q: { $regex: 'lis.*' } } }]);
    await expect(evaluateTrace({ goldFile: gold, traceFile: trace, validateSideEffects: false })).rejects.toThrow(
      new ToolscoreInputError(
        { source: trace },
        `call 1 (search) has a $regex operator in its arguments (at args.q) and no call has a recorded result: this looks like a gold file; ${SWAPPED}`,
      ),
    );
  });
});
