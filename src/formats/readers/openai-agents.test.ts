import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { corpusPath, readCorpusJson } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { autoExtract } from '../auto.js';
import { detectFormat } from '../registry.js';
import { fromOpenAIAgents, openaiAgentsFormat } from './openai-agents.js';

const parse = readerFor(openaiAgentsFormat, 'test');

const dir = mkdtempSync(join(tmpdir(), 'toolscore-agents-'));
function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

const SIDE_EFFECT = 'run-state-v1.17-side-effect-committed.json';
const APPROVAL_OVERRIDE = 'run-state-v1.18-per-call-approval-override.json';
const NESTED = 'run-state-v1.2-nested-approval.json';

/** `result.history`: the input, then protocol items with camelCase callId. */
const history = [
  { type: 'message', role: 'user', content: 'Book a table and text Ana' },
  {
    type: 'function_call',
    id: 'fc_1',
    callId: 'call_1',
    name: 'book_table',
    arguments: '{"restaurant":"Nopa","people":2}',
    status: 'completed',
  },
  {
    type: 'function_call',
    id: 'fc_2',
    callId: 'call_2',
    name: 'send_sms',
    arguments: '{"to":"Ana"}',
    status: 'completed',
  },
  {
    type: 'function_call',
    id: 'fc_3',
    callId: 'call_3',
    name: 'charge_card',
    arguments: '{"amount":40}',
    status: 'completed',
  },
  {
    type: 'function_call',
    id: 'fc_4',
    callId: 'call_4',
    name: 'lookup',
    arguments: '{"q":"x"}',
    status: 'completed',
  },
  {
    type: 'function_call_result',
    callId: 'call_1',
    name: 'book_table',
    status: 'completed',
    output: { type: 'text', text: '{"confirmation":"A12"}' },
  },
  {
    type: 'function_call_result',
    callId: 'call_2',
    name: 'send_sms',
    status: 'completed',
    output: 'An error occurred while running the tool. Please try again. Error: Error: SMS gateway down',
  },
  {
    type: 'function_call_result',
    callId: 'call_3',
    name: 'charge_card',
    status: 'completed',
    output: 'Tool execution was not approved.',
  },
  {
    type: 'function_call_result',
    callId: 'call_4',
    name: 'lookup',
    status: 'incomplete',
    output: [{ type: 'input_text', text: 'partial' }],
  },
  { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Booked.' }] },
];

testReader(openaiAgentsFormat, [
  {
    name: 'a history of two user turns (typed message items, or without a type): each call marked with its turn',
    input: {
      history: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Where is order 7?' }] },
        { type: 'function_call', callId: 'a1', name: 'track_order', arguments: '{"order_id": 7}' },
        { type: 'function_call_result', callId: 'a1', name: 'track_order', status: 'completed', output: 'shipped' },
        { role: 'user', content: 'Refund it.' },
        { type: 'function_call', callId: 'a2', name: 'refund_order', arguments: '{"order_id": 7}' },
      ],
    },
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, id: 'a1', result: 'shipped', is_error: false, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, id: 'a2', is_error: false, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: [null, null],
  },
  {
    name: 'v1.17 RunState: the tool_call_item and its tool_call_output_item become one call with its result',
    input: () => readCorpusJson('providers', 'openai-agents-js', SIDE_EFFECT),
    calls: [
      { tool: 'side_effect_tool', args: {}, id: 'side-effect-call', result: 'side effect completed', is_error: false },
    ],
    // The state stops before the model answered ("next_step_run_again"): no message_output_item, no finalOutput.
    replies: [null],
  },
  {
    name: 'function_call / function_call_result: JSON arguments parsed, text outputs read, failures as the SDK marks them',
    input: { history },
    calls: [
      {
        tool: 'book_table',
        args: { restaurant: 'Nopa', people: 2 },
        id: 'call_1',
        result: { confirmation: 'A12' },
        is_error: false,
      },
      {
        tool: 'send_sms',
        args: { to: 'Ana' },
        id: 'call_2',
        is_error: true,
        error: 'An error occurred while running the tool. Please try again. Error: Error: SMS gateway down',
      },
      {
        tool: 'charge_card',
        args: { amount: 40 },
        id: 'call_3',
        is_error: true,
        error: 'Tool execution was not approved.',
        metadata: { approval: 'rejected' },
      },
      { tool: 'lookup', args: { q: 'x' }, id: 'call_4', is_error: true, error: 'partial' },
    ],
    replies: ['Booked.'],
  },
  {
    name: 'arguments that are not JSON fail their call, with a warning; an empty name is skipped with a warning',
    input: [
      { type: 'function_call', callId: 'a', name: 'search', arguments: '{"q": "x' },
      { type: 'function_call', callId: 'b', name: '', arguments: '{}' },
      { type: 'function_call_result', callId: 'b', name: '', status: 'completed', output: 'ignored' },
    ],
    calls: [{ tool: 'search', args: {}, id: 'a', is_error: true, error: 'arguments are not valid JSON: {"q": "x' }],
    warnings: [
      't at $[0].arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $[1]: skipped a call with no tool name',
    ],
  },
  {
    name: 'data that is not an Agents SDK result, read with --format openai-agents, is an error',
    input: { choices: [] },
    error: /expected an OpenAI Agents SDK run result/,
  },
  {
    name: 'another format (LangChain stored messages) read with --format openai-agents is an error, not zero calls',
    input: () => readCorpusJson('langchain', 'langchain-openai-chat-parallel-tool-calls.messages.stored.json'),
    error: /expected an OpenAI Agents SDK run result/,
  },
  {
    name: "v1.2: the outer call awaiting its nested agent has no result; the nested agent's own call is not the run's",
    input: readCorpusJson('providers', 'openai-agents-js', NESTED),
    calls: [{ tool: 'nested_tool', args: { input: 'hello' }, id: 'outer-call', is_error: false }],
    replies: [null],
  },
]);

describe('openai-agents: serialized RunState fixtures of openai-agents-js', () => {
  test('v1.18: a run that has not started (no generatedItems) has no calls, and that is no error', () => {
    const state = readCorpusJson('providers', 'openai-agents-js', APPROVAL_OVERRIDE) as { generatedItems: unknown[] };
    expect(state.generatedItems).toEqual([]);
    expect(parse(state)).toEqual({ calls: [], warnings: [] });
  });

  test.each([SIDE_EFFECT, APPROVAL_OVERRIDE, NESTED])('auto-detection reads %s as openai-agents', (name) => {
    const data = readCorpusJson('providers', 'openai-agents-js', name);
    expect(detectFormat(data)).toBe('openai-agents');
    expect(autoExtract(data).format).toBe('openai-agents');
  });

  test('evaluateTrace({format: "auto"}) and evaluate() on the v1.17 state score the expected call 1', async () => {
    const expected = [{ tool: 'side_effect_tool', args: {} }];
    const fromFile = await evaluateTrace({
      goldFile: file('gold.json', expected),
      traceFile: corpusPath('providers', 'openai-agents-js', SIDE_EFFECT),
      format: 'auto',
    });
    expect(fromFile.score).toBe(1);
    expect(fromFile.traceCalls[0]!.result).toBe('side effect completed');
    const state = readCorpusJson('providers', 'openai-agents-js', SIDE_EFFECT);
    expect(evaluate({ expected, actual: state }).score).toBe(1);
    // JSON.stringify(runResult) gives {state: ...}: read the same.
    expect(evaluate({ expected, actual: { state } }).score).toBe(1);
  });

  test('a RunResult-like object in memory: newItems are read (getters included)', () => {
    const state = readCorpusJson('providers', 'openai-agents-js', SIDE_EFFECT) as { generatedItems: unknown[] };
    class RunResult {
      constructor(private readonly items: unknown[]) {}
      get newItems(): unknown[] {
        return this.items;
      }
    }
    const calls = fromOpenAIAgents(new RunResult(state.generatedItems));
    expect(calls).toEqual([
      { tool: 'side_effect_tool', args: {}, id: 'side-effect-call', result: 'side effect completed', is_error: false },
    ]);
    expect(detectFormat(new RunResult(state.generatedItems))).toBe('openai-agents');
  });
});

describe('openai-agents: history items and failures (hand-written, following the SDK protocol types)', () => {
  test('a history list or {history} is detected as openai-agents', () => {
    expect(detectFormat({ history })).toBe('openai-agents');
    expect(detectFormat(history)).toBe('openai-agents');
  });

  test('run items: handoffs, hosted tool calls, shell calls, approval items; the item output wins over the raw one', () => {
    const agent = { name: 'Triage' };
    const newItems = [
      {
        type: 'handoff_call_item',
        rawItem: { type: 'function_call', callId: 'h1', name: 'transfer_to_billing', arguments: '{}' },
        agent,
      },
      {
        type: 'handoff_output_item',
        rawItem: {
          type: 'function_call_result',
          callId: 'h1',
          name: 'transfer_to_billing',
          status: 'completed',
          output: '{"assistant":"Billing"}',
        },
        sourceAgent: agent,
        targetAgent: { name: 'Billing' },
      },
      {
        type: 'tool_call_item',
        rawItem: {
          type: 'hosted_tool_call',
          id: 'ws_1',
          name: 'web_search_call',
          status: 'completed',
          output: 'results…',
        },
        agent,
      },
      {
        type: 'tool_call_item',
        rawItem: { type: 'shell_call', callId: 's1', status: 'completed', action: { commands: ['ls /nope'] } },
        agent,
      },
      {
        type: 'tool_call_output_item',
        rawItem: {
          type: 'shell_call_output',
          callId: 's1',
          output: [{ stdout: '', stderr: 'No such file', outcome: { type: 'exit', exitCode: 2 } }],
        },
        agent,
      },
      {
        type: 'tool_call_item',
        rawItem: { type: 'function_call', callId: 'f1', name: 'get_invoice', arguments: '{"id":9}' },
        agent,
      },
      {
        type: 'tool_call_output_item',
        rawItem: {
          type: 'function_call_result',
          callId: 'f1',
          name: 'get_invoice',
          status: 'completed',
          output: '{"total":12}',
        },
        output: '{"total":12}',
        agent,
      },
      {
        type: 'tool_approval_item',
        rawItem: { type: 'function_call', callId: 'f2', name: 'refund', arguments: '{"id":9}' },
        agent,
        toolName: 'refund',
      },
      {
        type: 'message_output_item',
        rawItem: { type: 'message', role: 'assistant', status: 'completed', content: [] },
        agent,
      },
    ];
    expect(detectFormat({ newItems })).toBe('openai-agents');
    expect(parse({ newItems }).calls).toEqual([
      {
        tool: 'transfer_to_billing',
        args: {},
        id: 'h1',
        result: { assistant: 'Billing' },
        is_error: false,
        metadata: { handoff: true },
      },
      {
        tool: 'web_search_call',
        args: null,
        id: 'ws_1',
        result: 'results…',
        is_error: false,
        metadata: { hosted: true, status: 'completed' },
      },
      {
        tool: 'shell',
        args: { commands: ['ls /nope'] },
        id: 's1',
        is_error: true,
        error: 'exit code 2: No such file',
        result: [{ stdout: '', stderr: 'No such file', outcome: { type: 'exit', exitCode: 2 } }],
        metadata: { kind: 'shell_call' },
      },
      { tool: 'get_invoice', args: { id: 9 }, id: 'f1', result: { total: 12 }, is_error: false },
      { tool: 'refund', args: { id: 9 }, id: 'f2', is_error: false, metadata: { approval: 'pending' } },
    ]);
  });

  test('Python SDK names (new_items, raw_item, call_id, function_call_output) are read too', () => {
    const result = {
      new_items: [
        {
          type: 'tool_call_item',
          raw_item: { type: 'function_call', call_id: 'p1', name: 'get_weather', arguments: '{"city":"Rome"}' },
        },
        {
          type: 'tool_call_output_item',
          raw_item: { type: 'function_call_output', call_id: 'p1', output: 'sunny' },
          output: 'sunny',
        },
      ],
    };
    expect(detectFormat(result)).toBe('openai-agents');
    expect(parse(result).calls).toEqual([
      { tool: 'get_weather', args: { city: 'Rome' }, id: 'p1', result: 'sunny', is_error: false },
    ]);
  });

  test('Responses API items (snake_case call_id, function_call_output) are left to the openai format', () => {
    const responses = [
      { type: 'function_call', call_id: 'call_x', name: 'f', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_x', output: 'ok' },
    ];
    expect(detectFormat(responses)).not.toBe('openai-agents');
  });
});

describe('openai-agents: trace spans exported by the Python SDK', () => {
  // adamthuvesen/counterfact's fixtures of Span.export() output (test/corpus/SOURCES.md),
  // in that project's {"trace_id", "spans"} wrapper; expected calls written by reading the files.
  const spansFile = (name: string) =>
    JSON.parse(
      readFileSync(new URL(`../../../test/corpus/agents/counterfact/${name}`, import.meta.url), 'utf8'),
    ) as Record<string, any>;
  const read = readerFor(openaiAgentsFormat, 'trace.json');
  const at = (iso: string) => Date.parse(iso) / 1000;

  test('function spans are calls with their input, output and duration; agent, generation and response spans are not', () => {
    const trace = spansFile('openai-agents-minimal.json');
    expect(detectFormat(trace)).toBe('openai-agents');
    expect(read(trace)).toEqual({
      calls: [
        {
          tool: 'web_search',
          args: { query: 'counterfact docs' },
          result: 'https://example.com/counterfact',
          id: 'span-fn-1',
          is_error: false,
          timestamp: at('2026-05-06T19:00:00.100Z'),
          duration: 0.4,
        },
      ],
      warnings: [],
    });
    // Span.export() keeps no message text (the generation span holds only its model and usage): no reply
    // is recorded, so a response check fails as "no reply recorded" rather than reading an empty one.
    expect(autoExtract(trace).replies).toBeUndefined();
  });

  test('a span error fails its call', () => {
    expect(read(spansFile('openai-agents-root-error.json')).calls).toEqual([
      {
        tool: 'fetch_url',
        args: { url: 'https://broken.example.com' },
        error: 'tool timed out',
        id: 'span-fn-fail',
        is_error: true,
        timestamp: at('2026-05-06T19:20:00.100Z'),
        duration: 0.4,
      },
    ]);
  });

  test('the backend exporter payload {"data": [...]}: traces and spans mixed, spans in end order, JSON-text input, the SDK\'s "Error running tool" with the tool\'s own error', () => {
    const [root, search] = spansFile('openai-agents-minimal.json').spans as Record<string, any>[];
    // Written after the SDK's FunctionSpanData.export() and the error _error_tracing sets on a failed tool.
    const failed = {
      object: 'trace.span',
      id: 'span-fn-0',
      trace_id: 'trace-ai-001',
      parent_id: 'span-root',
      started_at: '2026-05-06T19:00:00.050000+00:00',
      ended_at: '2026-05-06T19:00:00.080000+00:00',
      span_data: {
        type: 'function',
        name: 'crm.lookup',
        input: '{"id": 42}',
        output: null,
        mcp_data: { server: 'crm' },
      },
      error: { message: 'Error running tool', data: { tool_name: 'crm.lookup', error: 'record 42 not found' } },
    };
    const payload = {
      data: [{ object: 'trace', id: 'trace-ai-001', workflow_name: 'Agent workflow' }, search, failed, root],
    };
    expect(detectFormat(payload)).toBe('openai-agents');
    expect(
      read(payload).calls.map((call) => [
        call.tool,
        call.args,
        call.is_error,
        call.error,
        call.duration,
        call.metadata,
      ]),
    ).toEqual([
      ['crm.lookup', { id: 42 }, true, 'record 42 not found', 0.03, { mcp_data: { server: 'crm' } }],
      ['web_search', { query: 'counterfact docs' }, false, undefined, 0.4, undefined],
    ]);
  });
});
