import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { loadTraceFile } from '../../io/trace.js';
import { crewAIFormat, fromCrewAI } from './crewai.js';
import { readWithFormat } from '../auto.js';
import { detectFormat } from '../registry.js';

const parse = readerFor(crewAIFormat, 'test');

const RESULTS_URL = new URL(
  '../../../test/corpus/frameworks/crewai/crewai-agent-test-result-as-answer.tools_results.json',
  import.meta.url,
);
const RESULTS: unknown = JSON.parse(readFileSync(RESULTS_URL, 'utf8'));

describe('CrewAI tools_results', () => {
  test('the tools_results crewAI records for a result_as_answer tool (its own test suite)', async () => {
    expect(detectFormat(RESULTS)).toBe('crewai');
    const calls = [
      { tool: 'Decide Greetings', args: {}, result: 'Howdy!', is_error: false, metadata: { result_as_answer: true } },
    ];
    expect(parse(RESULTS)).toEqual({ calls, warnings: [] });
    expect((await loadTraceFile(RESULTS_URL.pathname)).calls).toEqual(calls);
    expect(fromCrewAI({ role: 'Friendly Neighbor', tools_results: RESULTS })).toEqual(calls);
  });

  test('string tool_args are parsed, a bad one fails its call with a warning, each entry its own call in order', () => {
    const entries = [
      { tool_name: 'search', tool_args: '{"query": "crewai"}', result: '{"hits": 3}', result_as_answer: false },
      { tool_name: 'search', tool_args: 'not json', result: 'none' },
      { tool_name: 'noop', tool_args: null },
    ];
    expect(detectFormat({ tools_results: entries })).toBe('crewai');
    expect(parse({ tools_results: entries })).toEqual({
      calls: [
        { tool: 'search', args: { query: 'crewai' }, result: { hits: 3 }, is_error: false },
        { tool: 'search', args: {}, result: 'none', is_error: true, error: 'arguments are not valid JSON: not json' },
        { tool: 'noop', args: {}, is_error: false },
      ],
      warnings: [
        'test at $.tools_results[1].tool_args: arguments are not valid JSON; the call is read as failed, with no arguments',
      ],
    });
  });

  test('anything else is an error naming the entry and the shape, not zero calls', () => {
    expect(() => parse([{ tool: 'x', args: {} }])).toThrow(
      'test at $[0]: expected a CrewAI tools_results entry ({"tool_name", "tool_args", "result"}), got an object with keys tool, args',
    );
    expect(() => parse('x')).toThrow(
      'test at $: expected CrewAI tools_results (a list of {"tool_name", "tool_args", "result"} or {"tools_results": [...]}), got a string',
    );
  });

  test('an empty list of entries is no calls, not the wrong type; auto-detection leaves [] to custom', () => {
    expect(fromCrewAI([])).toEqual([]);
    expect(fromCrewAI({ tools_results: [] })).toEqual([]);
    expect(readWithFormat([], 'crewai', 't')).toEqual({ calls: [], format: 'crewai', warnings: [] });
    expect(detectFormat([])).toBe('custom');
  });
});
