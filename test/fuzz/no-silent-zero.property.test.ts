import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../../src/core/errors.js';
import { readWithFormat } from '../../src/formats/auto.js';
import { FORMAT_NAMES, FORMATS } from '../../src/formats/registry.js';
import { loadTraceFile } from '../../src/io/trace.js';
import { CORPUS_ROOT, REPO_ROOT } from '../corpus.js';

/** Every JSON, JSON Lines and raw Server-Sent Events fixture of the repository: its corpus and its test fixtures. */
function fixtures(): string[] {
  const roots = [CORPUS_ROOT, resolve(REPO_ROOT, 'test/fixtures')];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.(json|jsonl|ndjson|sse\.txt)$/.test(name) ? [path] : [];
    });
  return roots.flatMap(walk);
}

/**
 * Fixtures that hold no tool call at all, read by hand: a text-only reply, a response after the
 * tool results came back, a run state that never reached a model, an MCP sampling request that only
 * offers tools. Their zero is the truth.
 */
const NO_CALL_RECORDINGS = new Set([
  'anthropic-text.json',
  'anthropic-text.chunks.jsonl',
  'google-text.json',
  'tool-call-step2.json',
  'openai-text.json',
  'run-state-v1.18-per-call-approval-override.json',
  'CreateMessageRequestParams__request-with-tools.json',
]);

/**
 * Fixtures that hold no call when read as one format: an MCP tool result holding only text has the
 * very shape of an Anthropic message without its `role` (`{content: [text]}`), which `-f anthropic`
 * reads as a text-only message, as the Python tool's `from_anthropic()` does.
 */
const NO_CALL_UNDER: Readonly<Record<string, ReadonlySet<string>>> = {
  anthropic: new Set(['CallToolResult__text.json']),
};

describe('no non-empty input yields zero calls without an error or a warning', () => {
  const files = fixtures();

  test('every fixture under every format name', { timeout: 120_000 }, async () => {
    expect(files.length).toBeGreaterThan(0);
    const silent: string[] = [];
    for (const file of files) {
      for (const format of FORMAT_NAMES) {
        let reading: Awaited<ReturnType<typeof loadTraceFile>>;
        try {
          reading = await loadTraceFile(file, format);
        } catch (error) {
          if (error instanceof ToolscoreInputError) continue;
          throw error;
        }
        const truth = NO_CALL_RECORDINGS.has(basename(file)) || NO_CALL_UNDER[format]?.has(basename(file)) === true;
        if (reading.calls.length === 0 && reading.warnings.length === 0 && !truth) silent.push(`${format}: ${file}`);
      }
    }
    expect(silent).toEqual([]);
  });

  /** Keys only a call or a tool result has, listed here independently of the readers. */
  const CALL_KEYS =
    /"(tool_calls|tool_use|tool_result|tool_use_id|tool_call_id|functionCall|functionResponse|function_call|toolCalls|toolCallId|tool-call|tool-result)"/;

  test('random JSON under every format: an error, a call, a warning, or data the format claims with nothing call-like in it', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...FORMAT_NAMES), (data, format) => {
        let reading: ReturnType<typeof readWithFormat>;
        try {
          reading = readWithFormat(data, format, 'random');
        } catch (error) {
          if (error instanceof ToolscoreInputError) return;
          throw error;
        }
        if (reading.calls.length > 0 || reading.warnings.length > 0) return;
        const claimed = FORMATS.get(reading.format)!.detect(data);
        const empty = data === null || data === '' || (typeof data === 'object' && Object.keys(data).length === 0);
        expect(empty || (claimed && !CALL_KEYS.test(JSON.stringify(data)))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  /** Part and block kinds no reader knows (the readers pass over such items and say so). */
  const unknownKind = fc.stringMatching(/^[a-z]{3,8}_(?:invocation|op|step)$/);

  test('messages whose content holds only parts of unknown kinds: under every format an error or a warning, never a silent zero', () => {
    const message = fc.record({
      role: fc.constantFrom('assistant', 'user', 'model'),
      content: fc.array(fc.record({ type: unknownKind, id: fc.string({ maxLength: 4 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    });
    const shape = fc.oneof(
      fc.array(message, { minLength: 1, maxLength: 3 }),
      message,
      fc.record({ messages: fc.array(message, { minLength: 1, maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(shape, fc.constantFrom(...FORMAT_NAMES), (data, format) => {
        let reading: ReturnType<typeof readWithFormat>;
        try {
          reading = readWithFormat(data, format, 'random');
        } catch (error) {
          if (error instanceof ToolscoreInputError) return;
          throw error;
        }
        expect(reading.calls).toEqual([]);
        expect(reading.warnings).not.toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
