import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { autoExtract } from '../auto.js';
import { bedrockFormat, fromBedrock } from './bedrock.js';
import { detectFormat } from '../registry.js';

const read = readerFor(bedrockFormat);

function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../test/corpus/providers/${path}`, import.meta.url), 'utf8'));
}

function fixtureLines(path: string): unknown[] {
  return readFileSync(new URL(`../../../test/corpus/providers/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const TOOL_USE = { format: 'bedrock.toolUse', stop_reason: 'tool_use' };

describe('bedrock: Converse responses (vercel/ai fixtures)', () => {
  test('a toolUse block is a call with its toolUseId, input and the stop reason', () => {
    const response = fixture('vercel-ai/amazon-bedrock-tool-call.1.json');
    expect(detectFormat(response)).toBe('bedrock');
    expect(read(response)).toEqual({
      calls: [{ tool: 'bash', args: { command: 'ls -l' }, id: 'tool-use-id', is_error: false, metadata: TOOL_USE }],
      warnings: [],
    });
  });

  test('a text block beside a toolUse with an empty input', () => {
    const response = fixture('vercel-ai/amazon-bedrock-tool-no-args.json');
    expect(autoExtract(response)).toEqual({
      calls: [{ tool: 'updateIssueList', args: {}, id: 'tool-use-id', is_error: false, metadata: TOOL_USE }],
      format: 'bedrock',
      warnings: [],
    });
  });
});

describe('bedrock: ConverseStream events (vercel/ai fixture)', () => {
  test('contentBlockStart opens the call, the contentBlockDelta input fragments are joined, messageStop gives the stop reason', () => {
    const events = fixtureLines('vercel-ai/amazon-bedrock-tool-call.1.chunks.jsonl');
    expect(detectFormat(events)).toBe('bedrock');
    expect(read(events)).toEqual({
      calls: [
        { tool: 'test-tool', args: { value: 'Sparkle Day' }, id: 'tool-use-id', is_error: false, metadata: TOOL_USE },
      ],
      warnings: [],
    });
  });

  test('a stream cut before contentBlockStop keeps the call with a warning; two messages may reuse index 0', () => {
    const start = (id: string, name: string) => ({
      contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: id, name } } },
    });
    const delta = (input: string) => ({ contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input } } } });
    const events = [
      start('a', 'ls'),
      delta('{"dir":"/"}'),
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
      start('b', 'cat'),
      delta('{"path":"/x"'),
    ];
    expect(read(events)).toEqual({
      calls: [
        { tool: 'ls', args: { dir: '/' }, id: 'a', is_error: false, metadata: TOOL_USE },
        {
          tool: 'cat',
          args: {},
          id: 'b',
          is_error: true,
          error: 'arguments are not valid JSON: {"path":"/x"',
          metadata: { format: 'bedrock.toolUse' },
        },
      ],
      warnings: [
        't at $[4].contentBlockStart.start: the stream ended before this call was complete; kept the arguments received so far',
        't at $[4].contentBlockStart.start.toolUse.input: arguments are not valid JSON; the call is read as failed, with no arguments',
      ],
    });
  });
});

describe('bedrock: Converse message histories', () => {
  test('a recorded Converse request (pydantic-ai cassette): toolResult with status "error" marks the call failed', () => {
    const request = fixture('pydantic-ai/bedrock-converse-retry-request.json') as { messages: unknown[] };
    const text = 'The country is not supported.\n\nFix the errors and try again.';
    const expected = [
      {
        tool: 'get_capital',
        args: { country: 'France' },
        id: 'tooluse_cp9RaRqnRi6yVdlxFBLxlQ',
        is_error: true,
        result: text,
        error: text,
        metadata: { format: 'bedrock.toolUse' },
      },
    ];
    expect(autoExtract(request)).toEqual({ calls: expected, format: 'bedrock', warnings: [] });
    expect(autoExtract(request.messages)).toEqual({ calls: expected, format: 'bedrock', warnings: [] });
  });

  test('a {json} result block is its value; a success status leaves the call passing', () => {
    const messages = [
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'lookup', input: { id: 7 } } }] },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: 't1', content: [{ json: { name: 'Ada' } }], status: 'success' } }],
      },
    ];
    expect(read(messages).calls).toEqual([
      {
        tool: 'lookup',
        args: { id: 7 },
        id: 't1',
        is_error: false,
        result: { name: 'Ada' },
        metadata: { format: 'bedrock.toolUse' },
      },
    ]);
  });

  test('OpenAI and Anthropic shapes are not taken for Bedrock', () => {
    expect(bedrockFormat.detect({ choices: [{ message: { role: 'assistant', content: 'x' } }] })).toBe(false);
    expect(
      bedrockFormat.detect([{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: {} }] }]),
    ).toBe(false);
    expect(bedrockFormat.detect({ object: 'response', output: [] })).toBe(false);
  });
});

describe('fromBedrock: in memory', () => {
  test('a ConverseCommandOutput (with the SDK $metadata) gives its toolUse call; warnings go to onWarning', () => {
    const output = {
      $metadata: { httpStatusCode: 200, requestId: 'r-1', attempts: 1, totalRetryDelay: 0 },
      output: {
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'bash', input: { command: 'ls -l' } } }, { oops: 1 }],
        },
      },
      stopReason: 'tool_use',
    };
    const warnings: string[] = [];
    expect(fromBedrock(output, { onWarning: (warning) => warnings.push(warning) })).toEqual([
      { tool: 'bash', args: { command: 'ls -l' }, id: 'tooluse_1', is_error: false, metadata: TOOL_USE },
    ]);
    // The unknown block is passed over quietly: a reading with calls has no "found nothing" warning.
    expect(warnings).toEqual([]);
    expect(() => fromBedrock({ choices: [] })).toThrow(/^bedrock at \$: expected a Bedrock Converse response/);
  });
});
