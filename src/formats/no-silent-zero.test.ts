import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { readWithFormat } from './auto.js';
import { checkZeroCalls, isNothingReadWarning } from './call-collector.js';
import { anthropicFormat } from './anthropic.js';
import { fromGemini } from './gemini.js';
import { fromOpenAI, openaiFormat } from './openai.js';

/** The one-line error a reading throws. */
function inputError(read: () => unknown): ToolscoreInputError {
  try {
    read();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

const ANTHROPIC_HISTORY = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
];

describe('a named format never reads a silent zero', () => {
  test('-f openai on an Anthropic history is an error naming what openai looks for and the format that claims it', () => {
    const error = inputError(() => readWithFormat(ANTHROPIC_HISTORY, 'openai', 'trace.json'));
    expect(error.message).toBe(
      'trace.json at $: read as openai but found no tool calls in an array, which openai does not recognise (it looks for "choices", messages with tool_calls ({function: {name, arguments}}) / function_call, Responses API "output" / function_call items, or a stream of chat.completion.chunk objects or Responses API events (response.*)); it looks like anthropic: use --format anthropic',
    );
    expect(error.message).not.toContain('\n');
  });

  test('-f anthropic on an OpenAI history names openai', () => {
    const openai = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    expect(inputError(() => readWithFormat(openai, 'anthropic', 't')).reason).toMatch(
      /^read as anthropic but found no tool calls in an array, which anthropic does not recognise \(it looks for .*\); it looks like openai: use --format openai$/,
    );
  });

  test('data no format claims gets the nearest format instead (ties go to the detection order)', () => {
    const callToolResult = { content: [{ type: 'text', text: 'sunny' }], isError: false };
    expect(inputError(() => readWithFormat(callToolResult, 'anthropic', 't')).reason).toMatch(
      /^read as anthropic but found no tool calls in an object with keys content, isError, which anthropic does not recognise .*; the nearest format is mcp$/,
    );
  });

  test('a plain chat with no tool call is a legitimate zero for every chat format, without a warning', () => {
    const chat = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ];
    for (const format of ['openai', 'anthropic'])
      expect(readWithFormat(chat, format, 't')).toEqual({ calls: [], format, warnings: [] });
    expect(readWithFormat({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, 'gemini', 't')).toEqual({
      calls: [],
      format: 'gemini',
      warnings: [],
    });
  });

  test('an empty list reads as no calls', () => {
    for (const format of ['openai', 'anthropic'])
      expect(readWithFormat([], format, 't')).toEqual({ calls: [], format, warnings: [] });
  });
});

describe('a detected format that reads nothing it can use warns', () => {
  test('Gemini content given as a list of parts: the functionCall entries are named', () => {
    const data = { candidates: [{ content: [{ functionCall: { name: 'get_weather', args: {} } }] }] };
    const reading = readWithFormat(data, 'auto', 't');
    expect(reading).toEqual({
      calls: [],
      format: 'gemini',
      warnings: [
        't at $: read as gemini but found no tool calls it could use, though the input holds "functionCall" entries; check the format (--format) before reading the score',
      ],
    });
    expect(isNothingReadWarning(reading.warnings[0]!)).toBe(true);
  });

  test('items a reader passed over are named, first one and how many more', () => {
    const warnings: string[] = [];
    const reading = {
      adapter: anthropicFormat,
      explicit: false,
      source: 't',
      passedOver: { count: 3, first: { path: '$[1].parts[0]', what: 'a part of kind "tool-call"' } },
      warnings,
    };
    checkZeroCalls(reading, [[{ role: 'user' }, { parts: [] }]], 'an array', () => undefined);
    expect(warnings).toEqual([
      't at $[1].parts[0]: read as anthropic but found no tool calls it could use, though it passed over a part of kind "tool-call" and 2 more item(s) it does not know; check the format (--format) before reading the score',
    ]);
  });

  test('a Pydantic AI history taken for Gemini: the reader names the part it passed over', () => {
    const pydantic = [
      { kind: 'request', parts: [{ part_kind: 'user-prompt', content: 'Weather in Paris?' }] },
      {
        kind: 'response',
        parts: [{ part_kind: 'tool-call', tool_name: 'get_weather', args: { city: 'Paris' }, tool_call_id: 'c1' }],
      },
    ];
    expect(readWithFormat(pydantic, 'gemini', 't').warnings).toEqual([
      't at $[0].parts[0]: read as gemini but found no tool calls it could use, though it passed over a part that is not a Gemini part (an object with keys part_kind, content) and 1 more item(s) it does not know; check the format (--format) before reading the score',
    ]);
  });

  test('the in-memory helpers follow the same rule', () => {
    // The helpers sit below the registry, so they name what their format looks for, not the claimant.
    expect(() => fromOpenAI(ANTHROPIC_HISTORY)).toThrow(
      `openai at $: read as openai but found no tool calls in an array, which openai does not recognise (it looks for ${openaiFormat.looksFor})`,
    );
    const warnings: string[] = [];
    expect(
      fromGemini(
        { candidates: [{ content: [{ functionCall: { name: 'f', args: {} } }] }] },
        { onWarning: (warning) => warnings.push(warning) },
      ),
    ).toEqual([]);
    expect(warnings).toEqual([
      'gemini at $: read as gemini but found no tool calls it could use, though the input holds "functionCall" entries; check the format (--format) before reading the score',
    ]);
  });

  test('a reading with calls, or with nothing call-like in it, gets no such warning', () => {
    expect(readWithFormat(ANTHROPIC_HISTORY, 'auto', 't').warnings).toEqual([]);
    expect(
      readWithFormat(
        { role: 'assistant', content: [{ type: 'text', text: 'no tools today' }], stop_reason: 'end_turn' },
        'anthropic',
        't',
      ),
    ).toEqual({ calls: [], format: 'anthropic', warnings: [] });
  });
});
