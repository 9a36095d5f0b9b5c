import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import { loadTraceFile } from '../../io/trace.js';
import { crewAIFormat, fromCrewAI } from './crewai.js';
import { detectFormat } from '../registry.js';

const RESULTS_URL = new URL(
  '../../../test/corpus/frameworks/crewai/crewai-agent-test-result-as-answer.tools_results.json',
  import.meta.url,
);
const RESULTS: unknown = JSON.parse(readFileSync(RESULTS_URL, 'utf8'));
const RESULTS_CALLS = [
  { tool: 'Decide Greetings', args: {}, result: 'Howdy!', is_error: false, metadata: { result_as_answer: true } },
];

testReader(crewAIFormat, [
  {
    name: 'the tools_results crewAI records for a result_as_answer tool (its own test suite)',
    input: RESULTS,
    calls: RESULTS_CALLS,
  },
  {
    name: 'string tool_args are parsed, a bad one fails its call with a warning, each entry its own call in order',
    input: {
      tools_results: [
        { tool_name: 'search', tool_args: '{"query": "crewai"}', result: '{"hits": 3}', result_as_answer: false },
        { tool_name: 'search', tool_args: 'not json', result: 'none' },
        { tool_name: 'noop', tool_args: null },
      ],
    },
    calls: [
      { tool: 'search', args: { query: 'crewai' }, result: { hits: 3 }, is_error: false },
      { tool: 'search', args: {}, result: 'none', is_error: true, error: 'arguments are not valid JSON: not json' },
      { tool: 'noop', args: {}, is_error: false },
    ],
    warnings: [
      't at $.tools_results[1].tool_args: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'an entry of another shape is an error naming the entry and the shape, not zero calls',
    input: [{ tool: 'x', args: {} }],
    detected: 'custom',
    error:
      't at $[0]: expected a CrewAI tools_results entry ({"tool_name", "tool_args", "result"}), got an object with keys tool, args',
  },
  {
    name: 'a text is an error naming the shape',
    input: 'x',
    detected: false,
    error:
      't at $: expected CrewAI tools_results (a list of {"tool_name", "tool_args", "result"} or {"tools_results": [...]}), got a string',
  },
]);

test('a tools_results file and the in-memory helper give the calls the reader gives', async () => {
  expect((await loadTraceFile(RESULTS_URL.pathname)).calls).toEqual(RESULTS_CALLS);
  expect(fromCrewAI({ role: 'Friendly Neighbor', tools_results: RESULTS })).toEqual(RESULTS_CALLS);
});

test('an empty list of entries is no calls, not the wrong type; auto-detection leaves [] to custom', () => {
  expect(fromCrewAI([])).toEqual([]);
  expect(fromCrewAI({ tools_results: [] })).toEqual([]);
  expect(detectFormat([])).toBe('custom');
});
