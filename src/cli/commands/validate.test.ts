import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ToolscoreInputError } from '../../core/errors.js';
import { runValidate } from './validate.js';
import { captureOutput } from '../../../test/capture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-validate-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Runs validate, returning its exit code and what it printed (or the input error it threw). */
async function validate(
  path: string,
  flags: { format?: string; kind?: 'gold' | 'trace' | 'auto'; verbose?: boolean } = {},
) {
  const {
    value: code,
    error,
    stdout,
    stderr,
  } = await captureOutput(() =>
    runValidate(path, {
      format: flags.format ?? 'auto',
      kind: flags.kind ?? 'auto',
      color: false,
      verbose: flags.verbose,
    }),
  );
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

  test('--verbose lists every format when detection fails; without it the line names the nearest', async () => {
    const path = file(
      'unknown.json',
      JSON.stringify({ content: [{ type: 'tool_use', name: 'f', input: {} }], type: 'turn' }),
    );
    const plain = await validate(path, { kind: 'trace' });
    expect(plain.error?.reason).toMatch(
      /^could not detect the trace format of an object with keys content, type: the nearest format is anthropic: /,
    );
    expect(plain.error?.reason).not.toContain('Formats: ');
    const verbose = await validate(path, { kind: 'trace', verbose: true });
    expect(verbose.error?.reason).toMatch(
      /\(--verbose lists them\)\. Formats: mcp \(.*; custom \(a list of \{tool, args\} calls or \{"calls": \[\.\.\.\]\}\)$/,
    );
  });
});
