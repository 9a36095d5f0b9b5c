import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import { loadTraceFile } from '../../io/trace.js';
import { readWithAdapter, readWithFormat } from '../auto.js';
import { runsOf } from '../runs.js';
import { adkFormat, fromADK } from './adk.js';

function fixture(name: string): { path: string; data: unknown } {
  const url = new URL(`../../../test/corpus/frameworks/adk/${name}`, import.meta.url);
  return { path: url.pathname, data: JSON.parse(readFileSync(url, 'utf8')) };
}

const SESSION = fixture('context_update_test.session.json');
const SESSION_CALLS = [
  {
    tool: 'update_fc',
    args: {
      data_four: ['1', 'hello', '3.14'],
      data_two: '3.141529',
      data_three: ['apple', 'banana'],
      data_one: 'RRRR',
    },
    is_error: false,
    result: {},
    metadata: { format: 'function_call' },
    // The session's second user message ("update data_one ...") asked for it; the first was "hi".
    turn: 2,
  },
];

const FLOW = fixture('flow_complex_spark.session.json').data as { events: unknown[] };

const BRAND_SEARCH = fixture('brand_search_optimization.first.evalset.json').data as {
  data: { reference: string }[];
}[];

const TRANSFER = { status: 'ok', target_agent_name: 'research_assistant', message: 'Transfered to research_assistant' };
const TRANSFER_BACK = { status: 'ok', target_agent_name: 'spark_assistant', message: 'Transfered to spark_assistant' };

const TWO_CASES = {
  eval_set_id: 'set-1',
  eval_cases: [
    {
      eval_id: 'case-a',
      conversation: [
        {
          invocation_id: 'i-1',
          intermediate_data: {
            tool_uses: [{ id: 'c1', name: 'search', args: { q: 'adk' } }],
            tool_responses: [{ id: 'c1', name: 'search', response: { hits: 2 } }],
          },
        },
      ],
    },
    {
      evalId: 'case-b',
      conversation: [
        {
          invocationId: 'i-2',
          intermediateData: {
            invocationEvents: [
              {
                author: 'agent',
                content: { role: 'model', parts: [{ function_call: { id: 'c2', name: 'open', args: { n: 1 } } }] },
              },
              {
                author: 'agent',
                content: {
                  role: 'user',
                  parts: [{ function_response: { id: 'c2', name: 'open', response: { error: { message: 'gone' } } } }],
                },
              },
            ],
          },
        },
      ],
    },
  ],
};

testReader(adkFormat, [
  {
    name: "a session ADK's integration tests load: the function_call of an event, its function_response by name",
    input: SESSION.data,
    calls: SESSION_CALLS,
    userMessages: [
      'hi',
      'update data_one to be RRRR, data_two to be 3.141529, data_three to be apple and banana, data_four to be 1, hello, and 3.14',
    ],
    // Each invocation's last model text: the greeting, then the answer after the update_fc response.
    replies: ['Hello! 👋  How can I help you today? \n', "OK. I've updated the data. Anything else? \n"],
  },
  {
    name: 'a multi-agent session: each agent transfer is the call the event records, its response the result',
    input: FLOW,
    calls: [
      {
        tool: 'transfer_to_other_agent',
        args: { agent_name: 'research_assistant' },
        is_error: false,
        result: TRANSFER,
        metadata: { format: 'function_call' },
      },
      {
        tool: 'transfer_to_other_agent',
        args: { agent_name: 'spark_assistant' },
        is_error: false,
        result: TRANSFER_BACK,
        metadata: { format: 'function_call' },
      },
    ],
    // One turn: the sub-agents' texts follow each other; the summary agent's essay (events[6]) is the
    // last before spark_assistant transfers back without a word.
    replies: [(FLOW.events[6] as { content: { parts: { text: string }[] } }).content.parts[0]!.text],
  },
  {
    name: 'an eval set of one case: the tool_uses of its invocations, in order (no responses recorded), each invocation a turn',
    input: fixture('roll_die.evalset.json').data,
    // The third invocation ("Can you roll a die with 6 sides") made the call.
    calls: [{ tool: 'roll_die', args: { sides: 6 }, is_error: false, turn: 3 }],
    userMessages: ['Hi who are you?', 'What can you do?', 'Can you roll a die with 6 sides'],
    // Each invocation's final_response; the third one's only part has "text": null.
    replies: [
      'I am a data processing agent. I can roll dice and check if the results are prime numbers. What would you like me to do? \n',
      "I can roll dice for you of different sizes, and I can check if the results are prime numbers.  I can also remember previous rolls if you'd like to check those for primes as well.  What would you like me to do? \n",
      null,
    ],
  },
  {
    name: 'an eval set whose case has two invocations, one tool use each',
    input: fixture('dependent_tool_calls.evalset.json').data,
    calls: [
      {
        tool: 'set_device_info',
        args: { location: 'Bedroom', status: 'OFF', device_id: 'device_2' },
        is_error: false,
        turn: 1,
      },
      { tool: 'get_device_info', args: { device_id: 'device_2' }, is_error: false, turn: 2 },
    ],
    userMessages: ['Turn off device_2 in the Bedroom.', "What's the status of device_2 in the Bedroom?"],
    replies: ['I have set the device 2 status to off.', 'Status of device_2 is off.'],
  },
  {
    name: 'the older *.test.json eval data: each turn its expected_tool_use, in order, its query the user message',
    input: fixture('dependent_tool_calls.test.json').data,
    calls: [
      {
        tool: 'set_device_info',
        args: { location: 'Bedroom', status: 'OFF', device_id: 'device_2' },
        is_error: false,
        turn: 1,
      },
      { tool: 'get_device_info', args: { device_id: 'device_2' }, is_error: false, turn: 2 },
    ],
    userMessages: ['Turn off device_2 in the Bedroom.', "What's the status of device_2 in the Bedroom?"],
    replies: ['I have set the device 2 status to off.', 'Status of device_2 is off.'],
  },
  {
    name: 'a first-shape eval set (cases {name, data: [turns]}) of one case: its agent transfers and tool uses, in order',
    input: () => BRAND_SEARCH,
    // Six turns: "hello" and "google shopping" (turns 1 and 4) expect no call.
    calls: [
      { tool: 'transfer_to_agent', args: { agent_name: 'keyword_finding_agent' }, is_error: false, turn: 2 },
      { tool: 'get_product_details_for_brand', args: {}, is_error: false, turn: 2 },
      { tool: 'transfer_to_agent', args: { agent_name: 'search_results_agent' }, is_error: false, turn: 3 },
      { tool: 'go_to_url', args: { url: 'https://www.google.com/search?q=kids shoes' }, is_error: false, turn: 5 },
      { tool: 'click_element_with_text', args: { text: 'Shopping' }, is_error: false, turn: 5 },
      { tool: 'get_page_source', args: {}, is_error: false, turn: 5 },
      { tool: 'transfer_to_agent', args: { agent_name: 'brand_search_optimization' }, is_error: false, turn: 6 },
      { tool: 'transfer_to_agent', args: { agent_name: 'comparison_root_agent' }, is_error: false, turn: 6 },
      { tool: 'transfer_to_agent', args: { agent_name: 'comparison_generator_agent' }, is_error: false, turn: 6 },
      { tool: 'transfer_to_agent', args: { agent_name: 'comparison_generator_agent' }, is_error: false, turn: 6 },
    ],
    userMessages: [
      'hello',
      'BSOAgentTestBrand',
      'can you search websites',
      'google shopping',
      'kids shoes',
      'this is good',
    ],
    // Each turn's `reference`, the final response ADK's own conversion makes it.
    replies: BRAND_SEARCH[0]!.data.map((turn) => turn.reference),
  },
  {
    name: "the API server's camelCase session: results by id, an error response fails its call, a partial event is skipped",
    input: {
      id: 's-1',
      appName: 'home',
      userId: 'u',
      state: {},
      events: [
        { invocationId: 'e-1', author: 'user', content: { role: 'user', parts: [{ text: 'lights off' }] } },
        {
          invocationId: 'e-1',
          author: 'root_agent',
          partial: true,
          content: { role: 'model', parts: [{ functionCall: { id: 'adk-1', name: 'transfer_to_agent', args: {} } }] },
        },
        {
          invocationId: 'e-1',
          author: 'root_agent',
          content: {
            role: 'model',
            parts: [
              { functionCall: { id: 'adk-1', name: 'transfer_to_agent', args: { agent_name: 'lights' } } },
              { functionCall: { id: 'adk-2', name: 'get_status', args: { room: 'hall' } } },
            ],
          },
        },
        {
          invocationId: 'e-1',
          author: 'root_agent',
          actions: { stateDelta: {}, artifactDelta: {}, transferToAgent: 'lights' },
          content: {
            role: 'user',
            parts: [
              { functionResponse: { id: 'adk-2', name: 'get_status', response: { error: 'room hall not found' } } },
              { functionResponse: { id: 'adk-1', name: 'transfer_to_agent', response: { result: null } } },
            ],
          },
        },
      ],
    },
    calls: [
      {
        tool: 'transfer_to_agent',
        args: { agent_name: 'lights' },
        is_error: false,
        result: { result: null },
        id: 'adk-1',
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'get_status',
        args: { room: 'hall' },
        is_error: true,
        result: { error: 'room hall not found' },
        error: 'room hall not found',
        id: 'adk-2',
        metadata: { format: 'functionCall' },
      },
    ],
    warnings: ['t at $.events: skipped 1 partial (streaming) event; the complete event after them holds their content'],
  },
  {
    name: 'an eval set of two cases (two runs) is read as one trace; tool_responses join by id, invocation_events like events',
    input: TWO_CASES,
    calls: [
      { tool: 'search', args: { q: 'adk' }, is_error: false, result: { hits: 2 }, id: 'c1' },
      {
        tool: 'open',
        args: { n: 1 },
        is_error: true,
        result: { error: { message: 'gone' } },
        error: 'gone',
        id: 'c2',
        metadata: { format: 'function_call' },
      },
    ],
  },
  {
    name: 'one eval case alone (a run of an eval set) is detected; its paths are within the case',
    input: () => TWO_CASES.eval_cases[1],
    calls: [
      {
        tool: 'open',
        args: { n: 1 },
        is_error: true,
        result: { error: { message: 'gone' } },
        error: 'gone',
        id: 'c2',
        metadata: { format: 'function_call' },
      },
    ],
  },
  {
    name: 'a text is an error naming the shapes',
    input: 'x',
    detected: false,
    error:
      't at $: expected an ADK session ({"events": [...]}), an eval set ({"eval_cases": [...]}) or case ({"conversation": [...]}), or a list of {query, expected_tool_use} turns; got a string',
  },
]);

test('a session file and the in-memory helper give the calls the reader gives', async () => {
  expect((await loadTraceFile(SESSION.path)).calls).toEqual(SESSION_CALLS);
  expect(fromADK(SESSION.data)).toEqual(SESSION_CALLS);
});

test('an empty session (no events yet) is no calls, not the wrong type', () => {
  expect(fromADK({ id: 's', app_name: 'a', user_id: 'u', state: {}, events: [] })).toEqual([]);
});

test('one eval case alone (what batch reads as a run) reads as the run it is', () => {
  const evalCase = (TWO_CASES.eval_cases as Record<string, unknown>[])[0];
  expect(readWithAdapter(adkFormat, evalCase, 'set.json#case-a', false)).toEqual({
    calls: [{ tool: 'search', args: { q: 'adk' }, is_error: false, result: { hits: 2 }, id: 'c1' }],
    format: 'adk',
    warnings: [],
    replies: [null],
  });
});

test("an eval set's cases are its runs, named by their eval_id (snake_case or camelCase); a whole reading names them", () => {
  const runs = runsOf(adkFormat, TWO_CASES);
  expect(runs?.map((run) => run.id)).toEqual(['case-a', 'case-b']);
  expect(runs?.[1]?.data).toBe((TWO_CASES.eval_cases as unknown[])[1]);
  expect(readWithAdapter(adkFormat, TWO_CASES, 'set.json', false).warnings).toEqual([
    'set.json: holds 2 runs ("case-a", "case-b"), read as one trace in order; toolscore batch scores each run as its own case',
  ]);
});

test('an eval set of one case, a session and *.test.json turns are one run each: not split, no warning', () => {
  for (const name of ['roll_die.evalset.json', 'context_update_test.session.json', 'dependent_tool_calls.test.json']) {
    const { data } = fixture(name);
    expect(runsOf(adkFormat, data), name).toBeUndefined();
    expect(readWithAdapter(adkFormat, data, 't', false).warnings, name).toEqual([]);
  }
});

test('a first-shape eval set of two cases: each case a run named by its name, its data the turns', () => {
  const turn = (tool: string) => ({ query: 'q', expected_tool_use: [{ tool_name: tool, tool_input: {} }] });
  const data = [
    { name: 'first', data: [turn('a')], initial_session: {} },
    { name: 'second', data: [turn('b'), turn('c')], initial_session: {} },
  ];
  expect(runsOf(adkFormat, data)).toEqual([
    { id: 'first', data: [turn('a')] },
    { id: 'second', data: [turn('b'), turn('c')] },
  ]);
  expect(readWithAdapter(adkFormat, data, 't', false).calls.map((call) => call.tool)).toEqual(['a', 'b', 'c']);
});

test('a session the "could not detect" error once named nearest to gemini is read by adk', () => {
  const session = {
    id: 's1',
    appName: 'weather',
    userId: 'u1',
    state: {},
    events: [
      { id: 'e1', author: 'user', content: { role: 'user', parts: [{ text: 'Weather in Paris?' }] } },
      {
        id: 'e2',
        author: 'weather_agent',
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } } }],
        },
      },
    ],
    lastUpdateTime: 1718000000.5,
  };
  expect(readWithFormat(session, 'auto', 't')).toEqual({
    calls: [
      { tool: 'get_weather', args: { city: 'Paris' }, is_error: false, id: 'c1', metadata: { format: 'functionCall' } },
    ],
    format: 'adk',
    warnings: [],
    replies: [null],
  });
});
