import { readCorpusJson } from '../../../test/corpus.js';
import { testReader } from '../../../test/reader-tester.js';
import { smolagentsFormat } from './smolagents.js';

type Json = Record<string, unknown>;

/** An ActionStep dict as `ActionStep.dict()` writes it, with what a case sets. */
const actionStep = (fields: Json): Json => ({
  step_number: 1,
  timing: { start_time: 0, end_time: 1, duration: 1 },
  model_input_messages: null,
  tool_calls: [],
  error: null,
  model_output_message: null,
  model_output: null,
  code_action: null,
  observations: null,
  observations_images: null,
  action_output: null,
  token_usage: null,
  is_final_answer: false,
  ...fields,
});

const toolCall = (id: string, name: string, args: unknown): Json => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

testReader(smolagentsFormat, [
  {
    name: 'a run continued with a second task (reset=False): each TaskStep is a turn',
    input: [
      { task: 'Weather in Paris?', task_images: null },
      actionStep({
        step_number: 1,
        tool_calls: [toolCall('c1', 'get_weather', { city: 'Paris' })],
        observations: 'sunny',
      }),
      { task: 'And in Rome?', task_images: null },
      actionStep({
        step_number: 2,
        tool_calls: [toolCall('c2', 'get_weather', { city: 'Rome' })],
        observations: 'rain',
      }),
    ],
    calls: [
      { tool: 'get_weather', args: { city: 'Paris' }, is_error: false, result: 'sunny', id: 'c1', turn: 1 },
      { tool: 'get_weather', args: { city: 'Rome' }, is_error: false, result: 'rain', id: 'c2', turn: 2 },
    ],
    userMessages: ['Weather in Paris?', 'And in Rome?'],
    // Neither task reached a final answer.
    replies: [null, null],
  },
  {
    name: 'the ActionStep dict smolagents asserts in its own memory test: one call, its observation the result',
    input: () => readCorpusJson('frameworks', 'smolagents', 'test-memory-action-step.full-steps.json'),
    calls: [
      {
        tool: 'get_weather',
        args: { location: 'Paris' },
        is_error: false,
        result: 'This is a nice observation',
        id: 'id',
      },
    ],
    // The step is no final answer (is_final_answer: false): its model output "Hi" is the step's thought,
    // its action_output "Output" a tool's; the agent's reply is its final answer only.
    replies: [null],
  },
  {
    name: 'a ToolCallingAgent RunResult: a failed tool (calls from model_output_message), a parsing error, parallel calls, final_answer',
    input: {
      output: 'Paris, 22°C',
      state: 'success',
      steps: [
        { task: 'Weather in Paris?', task_images: null },
        {
          model_input_messages: [],
          model_output_message: { role: 'assistant', content: 'plan' },
          plan: '1. look up',
          timing: {},
          token_usage: null,
        },
        actionStep({
          step_number: 1,
          tool_calls: [],
          model_output_message: {
            role: 'assistant',
            content: null,
            tool_calls: [toolCall('call_a', 'get_weather', { city: 'Pariss' })],
          },
          error: {
            type: 'AgentToolExecutionError',
            message:
              "Error executing tool 'get_weather' with arguments {'city': 'Pariss'}: ValueError: unknown city\nPlease try again or use another tool",
          },
        }),
        actionStep({
          step_number: 2,
          error: {
            type: 'AgentParsingError',
            message: 'Error while parsing tool call from model output: no JSON blob',
          },
        }),
        actionStep({
          step_number: 3,
          tool_calls: [toolCall('call_b', 'get_weather', { city: 'Paris' }), toolCall('call_c', 'get_time', {})],
          observations: '22°C\n14:00',
        }),
        actionStep({
          step_number: 4,
          tool_calls: [toolCall('call_d', 'final_answer', { answer: 'Paris, 22°C' })],
          observations: 'Paris, 22°C',
          action_output: 'Paris, 22°C',
          is_final_answer: true,
        }),
        { output: 'Paris, 22°C' },
      ],
      token_usage: null,
      timing: {},
    },
    calls: [
      {
        tool: 'get_weather',
        args: { city: 'Pariss' },
        is_error: true,
        error:
          "Error executing tool 'get_weather' with arguments {'city': 'Pariss'}: ValueError: unknown city\nPlease try again or use another tool",
        id: 'call_a',
      },
      { tool: 'get_weather', args: { city: 'Paris' }, is_error: false, id: 'call_b' },
      { tool: 'get_time', args: {}, is_error: false, id: 'call_c' },
      { tool: 'final_answer', args: { answer: 'Paris, 22°C' }, is_error: false, result: 'Paris, 22°C', id: 'call_d' },
    ],
    warnings: [
      't at $.steps[4].observations: a step ran several calls at once and recorded one observations text for all of them; it is not split, so those calls have no result',
    ],
    // The final answer (the planning step's "plan" text is no reply).
    replies: ['Paris, 22°C'],
  },
  {
    name: 'CodeAgent steps: one python_interpreter call each, the code as {"code"}; an execution error fails it',
    input: [
      { system_prompt: 'You are an expert assistant.' },
      { task: 'What is the 20th Fibonacci number?', task_images: [] },
      actionStep({
        step_number: 1,
        code_action: 'import numpy',
        tool_calls: [toolCall('call_2', 'python_interpreter', 'import numpy')],
        error: { type: 'AgentExecutionError', message: 'Import of numpy is not allowed.' },
      }),
      actionStep({
        step_number: 2,
        code_action: 'a, b = 0, 1\nfor _ in range(19): a, b = b, a + b\nfinal_answer(b)',
        tool_calls: [
          toolCall('call_3', 'python_interpreter', 'a, b = 0, 1\nfor _ in range(19): a, b = b, a + b\nfinal_answer(b)'),
        ],
        observations: 'Execution logs:\nLast output from code snippet:\n6765',
        action_output: 6765,
        is_final_answer: true,
      }),
    ],
    calls: [
      {
        tool: 'python_interpreter',
        args: { code: 'import numpy' },
        is_error: true,
        error: 'Import of numpy is not allowed.',
        id: 'call_2',
      },
      {
        tool: 'python_interpreter',
        args: { code: 'a, b = 0, 1\nfor _ in range(19): a, b = b, a + b\nfinal_answer(b)' },
        is_error: false,
        result: 'Execution logs:\nLast output from code snippet:\n6765',
        id: 'call_3',
      },
    ],
    // final_answer(b) in the code: the action output of the final step, as text.
    replies: ['6765'],
  },
  {
    name: 'smolagents 1.7 to 1.18 dicts (`step`, FinalAnswerStep `final_answer`), with the `__class__` some dumps add',
    input: [
      { __class__: 'TaskStep', task: 'Weather in Paris?', task_images: null },
      {
        __class__: 'ActionStep',
        model_input_messages: null,
        tool_calls: [toolCall('call_1', 'get_weather', '{"city": "Paris"}')],
        start_time: 1,
        end_time: 2,
        step: 1,
        error: null,
        duration: 1,
        model_output_message: null,
        model_output: null,
        observations: '{"temp": 22}',
        action_output: null,
      },
      { __class__: 'FinalAnswerStep', final_answer: '22°C' },
    ],
    calls: [{ tool: 'get_weather', args: { city: 'Paris' }, is_error: false, result: { temp: 22 }, id: 'call_1' }],
    replies: ['22°C'],
  },
  {
    name: 'a list holding something that is no memory step is an error naming it',
    input: { state: 'success', steps: [actionStep({}), { role: 'user', content: 'hi' }] },
    detected: false,
    error:
      't at $.steps[1]: expected a smolagents memory step (an ActionStep {"step_number", "tool_calls", "observations"}, a TaskStep, a PlanningStep...), got an object with keys role, content',
  },
]);
