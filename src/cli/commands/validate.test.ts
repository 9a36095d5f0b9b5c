import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ToolscoreInputError } from '../../core/errors.js';
import { runValidate, type ValidateFlags } from './validate.js';
import { captureOutput } from '../../../test/capture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-validate-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Runs validate, returning its exit code and what it printed (or the input error it threw). */
async function validate(path: string, flags: Partial<Omit<ValidateFlags, 'color'>> = {}) {
  const {
    value: code,
    error,
    stdout,
    stderr,
  } = await captureOutput(() => runValidate(path, { format: 'auto', kind: 'auto', ...flags, color: false }));
  if (error instanceof ToolscoreInputError) return { code: 2, stdout, stderr, error };
  if (error !== undefined) throw error;
  return { code, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

/** An OpenAI chat completion stream as JSON Lines, one chunk a line: one search call cut in two fragments. */
const OPENAI_STREAM = [
  {
    id: 'c1',
    object: 'chat.completion.chunk',
    choices: [
      {
        index: 0,
        delta: {
          role: 'assistant',
          tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q": ' } }],
        },
      },
    ],
  },
  {
    id: 'c1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"lisbon"}' } }] } }],
  },
  { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
];

describe('toolscore validate reads traces as eval does', () => {
  test('a JSON Lines stream validates as a trace, with its calls', async () => {
    const path = file('stream.jsonl', `${OPENAI_STREAM.map((chunk) => JSON.stringify(chunk)).join('\n')}\n`);
    const run = await validate(path);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${path}: valid as a trace (openai format, 1 call)`);
    expect(run.stdout).toContain('1. search {"q":"lisbon"}');
    expect(run.stdout).toContain(
      `Not a gold file: ${path}: is JSON Lines; a gold standard is one JSON document (an array of calls or {"calls": [...]})`,
    );
  });

  test('JSON Lines without a .jsonl name are recognised too, and --kind trace reads only the trace', async () => {
    const path = file('stream.log', OPENAI_STREAM.map((chunk) => JSON.stringify(chunk)).join('\n'));
    const run = await validate(path, { kind: 'trace' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${path}: valid as a trace (openai format, 1 call)`);
  });

  test('--explain lists every format when detection fails; without it the line names the nearest', async () => {
    const path = file('unknown.json', JSON.stringify({ content: 'x', kind: { type: 'tool_use' } }));
    const plain = await validate(path, { kind: 'trace' });
    expect(plain.error?.reason).toBe(
      'could not detect the trace format: the nearest is anthropic, which lacked tool_result (--explain)',
    );
    const explained = await validate(path, { kind: 'trace', explain: true });
    expect(explained.code).toBe(2);
    const lines = explained.stderr.split('\n');
    expect(lines[0]).toBe(`toolscore: ${path} at $: ${plain.error?.reason}`);
    expect(lines[1]).toBe(
      'could not detect the trace format of an object with keys content, kind: the nearest is anthropic, which lacked tool_result.',
    );
    expect(lines[3]).toMatch(
      /^ {2}mcp: looks for JSON-RPC 2\.0 messages .*; lacked: jsonrpc, method, params, tools\/call, isError, structuredContent$/,
    );
    expect(lines.at(-2)).toBe('Pass --format if the data is one of them in an unusual wrapping.');
    // -v is the older name of --explain here.
    expect((await validate(path, { kind: 'trace', verbose: true })).stderr).toBe(explained.stderr);
  });

  test('--explain when the file is neither gold nor a trace: the gold reason, then the trace reason with its list', async () => {
    const path = file('neither.json', JSON.stringify({ content: 'x', kind: { type: 'tool_use' } }));
    const explained = await validate(path, { explain: true });
    expect(explained.code).toBe(2);
    const lines = explained.stderr.split('\n');
    expect(lines[0]).toMatch(/^toolscore: not a gold file: /);
    expect(lines[1]).toBe(
      `toolscore: not a trace: ${path} at $: could not detect the trace format: the nearest is anthropic, which lacked tool_result (--explain)`,
    );
    expect(lines[2]).toMatch(/^could not detect the trace format of an object with keys content, kind: /);
  });
});

/** A gold file of seven calls, the fourth with a misspelt key. */
const SEVEN = Array.from({ length: 7 }, (_, k) =>
  k === 3 ? { tool: `step${k + 1}`, agrs: { n: k + 1 } } : { tool: `step${k + 1}`, args: { n: k + 1 } },
);

describe('toolscore validate says what the gold reading did not understand', () => {
  test('an unknown key is listed among the warnings; --strict-gold makes it exit 2 with that line', async () => {
    const path = file('seven.json', JSON.stringify(SEVEN));
    const run = await validate(path, { kind: 'gold' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  Warnings: 1\n');
    expect(run.stdout).toContain(`    ${path} at $[3]: unknown key "agrs"; did you mean "args"?\n`);
    const strict = await validate(path, { strictGold: true });
    expect(strict.code).toBe(2);
    expect(strict.error?.message).toBe(`${path} at $[3]: unknown key "agrs"; did you mean "args"?`);
  });

  test('--kind trace on a gold file with $ operators warns that the files may be swapped; auto does not', async () => {
    const path = file('regex-gold.json', JSON.stringify([{ tool: 'search', args: { q: { $regex: '^lis' } } }]));
    const asTrace = await validate(path, { kind: 'trace' });
    expect(asTrace.stdout).toContain(
      `    ${path}: call 1 (search) has a $regex operator in its arguments (at args.q) and no call has a recorded result: this looks like a gold file; are the gold and trace files swapped?\n`,
    );
    const either = await validate(path);
    expect(either.stdout).not.toContain('swapped');
  });
});

describe('toolscore validate reads a file with operators or gold-only keys as gold', () => {
  test('an operator typo is the gold error (exit 2) with "did you mean", not "valid as a trace"', async () => {
    const path = file('regx.json', JSON.stringify([{ tool: 'search', args: { q: { $regx: '^lis' } } }]));
    const run = await validate(path);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.error?.message).toBe(
      `${path} at $[0].args.q: unknown operator $regx; did you mean "$regex"? (wrap literal data in {"$literal": ...})`,
    );
  });

  test('a bad value of a key only gold has is the gold error too', async () => {
    const call = file('optional.json', JSON.stringify([{ tool: 'search', optional: 'yes' }]));
    expect((await validate(call)).error?.message).toBe(
      `${call} at $[0].optional: expected true or false, got a string`,
    );
    const order = file('order.json', JSON.stringify({ calls: [{ tool: 'search' }], order: 'loose' }));
    expect((await validate(order)).error?.message).toBe(
      `${order} at $.order: expected "strict" or "any", got a string`,
    );
  });

  test('data that is not an operator, or a run with recorded results, is still a trace', async () => {
    // MongoDB's $gt is far from every operator; a $regx beside a recorded duration is the tool's own data
    // (a result alone is no sign: a gold call may say what it must return).
    const mongo = file('mongo.json', JSON.stringify([{ tool: 'find', args: { filter: { n: { $gt: 3 } } } }]));
    const run = await validate(mongo);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${mongo}: valid as a trace (custom format, 1 call)`);
    const recorded = file(
      'recorded.json',
      JSON.stringify([{ tool: 'find', args: { q: { $regx: 'a' } }, result: [], duration: 0.01 }]),
    );
    expect((await validate(recorded)).code).toBe(0);
  });
});

describe('toolscore validate --all and --json', () => {
  const path = file('seven-ok.json', JSON.stringify(SEVEN.map((call, k) => ({ tool: call.tool, args: { n: k + 1 } }))));

  test('without --all the first five calls are listed; with it, all seven', async () => {
    const first = await validate(path, { kind: 'gold' });
    expect(first.stdout).toContain('    5. step5 {"n":5}\n    … and 2 more calls (--all lists them)\n');
    expect(first.stdout).not.toContain('6. step6');
    const all = await validate(path, { kind: 'gold', all: true });
    expect(all.stdout).toContain('    6. step6 {"n":6}\n    7. step7 {"n":7}\n');
    expect(all.stdout).not.toContain('more call');
  });

  test('--json gives every gold call in gold-file form', async () => {
    const run = await validate(path, { kind: 'gold', json: true });
    expect(JSON.parse(run.stdout)).toEqual({
      file: path,
      valid_as: ['gold'],
      gold: { call_count: 7, calls: SEVEN.map((call, k) => ({ tool: call.tool, args: { n: k + 1 } })) },
      not_gold: null,
      trace: null,
      warnings: [],
    });
  });

  test('--json on a trace: its format, counts, and every call with its result and error', async () => {
    // A call that worked and one that failed, passing a Stripe-shaped key.
    const trace = file(
      'failed.json',
      JSON.stringify([
        { tool: 'search', args: { q: 'lisbon' }, result: { hits: 2 } },
        { tool: 'book', args: { id: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' }, error: 'sold out' },
      ]),
    );
    const run = await validate(trace, { kind: 'trace', json: true });
    const record = JSON.parse(run.stdout);
    expect(record.valid_as).toEqual(['trace']);
    expect(record.trace.format).toBe('custom');
    expect(record.trace.call_count).toBe(2);
    expect(record.trace.failed_call_count).toBe(1);
    expect(record.trace.calls[0]).toEqual({
      tool: 'search',
      args: { q: 'lisbon' },
      result: { hits: 2 },
      is_error: false,
      error: null,
    });
    expect(record.trace.calls[1].error).toBe('sold out');
    expect(record.trace.calls[1].is_error).toBe(true);
    // Credentials are masked, as in every report.
    expect(run.stdout).not.toContain('sk_live_4eC39HqLyjWDarjtT1zdp7dc');
    expect(record.trace.calls[1].args.id).toMatch(/^\[REDACTED /);
  });
});
