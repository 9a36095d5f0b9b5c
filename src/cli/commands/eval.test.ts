import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../../core/errors.js';
import { runEval, type EvalFlags } from './eval.js';
import { captureOutput } from '../../../test/capture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-eval-'));

function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

/** Runs eval with the default flags, returning its exit code and what it printed. */
async function evaluate(gold: string, trace: string, flags: Partial<EvalFlags> = {}) {
  const {
    value: code,
    error,
    stdout,
    stderr,
  } = await captureOutput(() =>
    runEval(gold, trace, {
      format: 'auto',
      output: join(dir, 'report.json'),
      weight: [],
      color: false,
      sideEffects: false,
      maxCallsPerTool: [],
      ...flags,
    } as EvalFlags),
  );
  if (error !== undefined) throw error;
  return { code, stdout, stderr };
}

describe('toolscore eval never blames the agent for the reader', () => {
  const gold = file('gold.json', [{ tool: 'get_weather', args: { city: 'Paris' } }]);

  test('zero calls with a "found nothing it could use" warning says the score is the reader\'s', async () => {
    // Gemini content given as a bare list of parts: the reader finds no call in it.
    const trace = file('parts.json', {
      candidates: [{ content: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] }],
    });
    const run = await evaluate(gold, trace);
    expect(run.stdout).toContain(
      `The trace reader found nothing it could use in ${trace} (see the warnings): the score says nothing about the agent's calls. Check --format.\n`,
    );
    expect(run.stderr).toContain(
      'read as gemini but found no tool calls it could use, though the input holds "functionCall" entries',
    );
  });

  test("a plain chat with no call is the agent's zero: no such line", async () => {
    const trace = file('chat.json', [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: 'I cannot tell.' },
    ]);
    const run = await evaluate(gold, trace);
    expect(run.stdout).not.toContain('The trace reader found nothing');
    expect(run.stderr).not.toContain('found no tool calls it could use');
  });
});

describe('toolscore eval says what the gold file holds that it does not understand', () => {
  const gold = file('arguments.json', [{ tool: 'get_weather', arguments: { city: 'Paris' } }]);
  const trace = file('weather.json', [{ tool: 'get_weather', args: { city: 'Paris' }, result: 'sunny' }]);

  test('an unknown key is a warning on stderr, as the reader warnings are', async () => {
    const run = await evaluate(gold, trace);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning: ${gold} at $[0]: unknown key "arguments"; did you mean "args"?\n`);
  });

  test('--strict-gold refuses it: the input error the CLI prints and exits 2 on', async () => {
    const run = evaluate(gold, trace, { strictGold: true });
    await expect(run).rejects.toBeInstanceOf(ToolscoreInputError);
    await expect(run).rejects.toThrow(`${gold} at $[0]: unknown key "arguments"; did you mean "args"?`);
  });
});

describe('toolscore eval --explain', () => {
  const gold = file('explain-gold.json', [{ tool: 'get_weather', args: { city: 'Paris' } }]);
  const trace = file('explain-trace.json', { content: 'x', kind: { type: 'tool_use' } });
  const line = `toolscore: ${trace} at $: could not detect the trace format: the nearest is anthropic, which lacked tool_result (--explain)`;

  test('an undetected trace is printed with every format, what it looks for and what the trace lacked; exit 2', async () => {
    const run = await evaluate(gold, trace, { explain: true });
    expect(run.code).toBe(2);
    const lines = run.stderr.split('\n');
    expect(lines[0]).toBe(line);
    expect(lines[1]).toBe(
      'could not detect the trace format of an object with keys content, kind: the nearest is anthropic, which lacked tool_result.',
    );
    expect(lines.filter((text) => text.startsWith('  custom: '))).toEqual([
      '  custom: looks for a list of {tool, args} calls or {"calls": [...]}; lacked: calls, tool, args',
    ]);
  });

  test('-v does the same (it listed every format before --explain); without either the one line is thrown for the CLI', async () => {
    const verbose = await evaluate(gold, trace, { verbose: true });
    expect(verbose.code).toBe(2);
    expect(verbose.stderr).toBe((await evaluate(gold, trace, { explain: true })).stderr);
    await expect(evaluate(gold, trace)).rejects.toThrow(ToolscoreInputError);
    await expect(evaluate(gold, trace)).rejects.toThrow(line.slice('toolscore: '.length));
  });
});

describe('toolscore eval --state-before FILE --state-after FILE', () => {
  const calls = [{ tool: 'suspend_line', args: { line: 'L1' } }];
  const gold = file('state-gold.json', { calls, state: { expected: { lines: { L1: 'suspended' } }, unchanged: true } });
  const trace = file('state-trace.json', calls);
  const before = file('state-before.json', { lines: { L1: 'active', L7: 'active' } });
  const after = file('state-after.json', { lines: { L1: 'suspended', L7: 'suspended' } });

  test('the states go to the gold\'s "state": the JSON report has metrics.state; --fail-on-violations exits 1', async () => {
    const output = join(dir, 'state-report.json');
    const run = await evaluate(gold, trace, { stateBefore: before, stateAfter: after, output, failOnViolations: true });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('toolscore: --fail-on-violations: 1 failed outcome check\n');
    const report = JSON.parse(readFileSync(output, 'utf8'));
    expect(report.metrics.state).toEqual({
      paths_expected: 1,
      paths_matched: 1,
      unchanged_required: true,
      unexpected_changes: 1,
      changes: [
        { path: '$.lines.L1', change: 'changed', before: 'active', after: 'suspended', covered_by: 'expected' },
        { path: '$.lines.L7', change: 'changed', before: 'active', after: 'suspended', covered_by: null },
      ],
    });
  });

  test('one without the other, or a report written over a state file, is a usage error', async () => {
    await expect(evaluate(gold, trace, { stateBefore: before })).rejects.toThrow(
      'stateAfter: expected both stateBefore and stateAfter (--state-before, --state-after): the state check compares them',
    );
    await expect(evaluate(gold, trace, { stateBefore: before, stateAfter: after, output: after })).rejects.toThrow(
      ToolscoreInputError,
    );
  });
});
