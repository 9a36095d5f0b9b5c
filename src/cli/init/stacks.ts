import type { ExpectedCallInput } from '../../core/types.js';

/**
 * The agent stacks `toolscore init` knows: how each is recognised in package.json, one recorded
 * response of it (trimmed to what carries the tool calls; test/corpus/SOURCES.md says where each
 * recording comes from), the calls it holds, and the call the user puts in its place.
 */
export interface Stack {
  /** What `--framework` takes. */
  id: string;
  /** How the output names it. */
  label: string;
  /** Dependencies that mean this stack, the first found named in the output; none for generic. */
  packages: readonly string[];
  /** The question asked of the recorded agent. */
  input: string;
  /** One recorded response, as the stack's own call returns it. */
  recorded: unknown;
  /** What the recording is, for the comment above it. */
  recordedWhat: string;
  /** The calls in the recording, as the generated test expects them. */
  expected: ExpectedCallInput[];
  /** The lines of the comment showing the user's own call, returning what `recorded` stands for. */
  agentCall: readonly string[];
}

const VERCEL_AI: Stack = {
  id: 'vercel-ai',
  label: 'Vercel AI SDK',
  packages: ['ai'],
  input: 'What is the weather in SF?',
  // test/corpus/vercel-ai-sdk/v5/anthropic-messages-tool-use.result.json: its steps.
  recorded: {
    steps: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'toolu_01UAcA2APHENDob6qJ8kmoaC',
            toolName: 'get_weather',
            input: { city: 'San Francisco' },
          },
          {
            type: 'tool-result',
            toolCallId: 'toolu_01UAcA2APHENDob6qJ8kmoaC',
            toolName: 'get_weather',
            input: { city: 'San Francisco' },
            output: 'Sunny in San Francisco',
            dynamic: false,
          },
        ],
        finishReason: 'tool-calls',
        usage: { inputTokens: 386, outputTokens: 34, totalTokens: 420, cachedInputTokens: 0 },
      },
    ],
  },
  recordedWhat: 'a generateText() result of AI SDK 5 (its steps)',
  expected: [{ tool: 'get_weather', args: { city: 'San Francisco' } }],
  agentCall: [
    "import { generateText, stepCountIs } from 'ai';",
    'return generateText({ model, tools, prompt: input, stopWhen: stepCountIs(5) });',
  ],
};

const OPENAI_AGENTS: Stack = {
  id: 'openai-agents',
  label: 'OpenAI Agents SDK',
  packages: ['@openai/agents', '@openai/agents-core'],
  input: 'run once',
  // test/corpus/providers/openai-agents-js/run-state-v1.17-side-effect-committed.json: its generated items.
  recorded: {
    newItems: [
      {
        type: 'tool_call_item',
        rawItem: {
          id: 'fc_side-effect-call',
          type: 'function_call',
          callId: 'side-effect-call',
          name: 'side_effect_tool',
          status: 'completed',
          arguments: '{}',
        },
        agent: { name: 'SideEffectAgent' },
      },
      {
        type: 'tool_call_output_item',
        rawItem: {
          type: 'function_call_result',
          name: 'side_effect_tool',
          callId: 'side-effect-call',
          status: 'completed',
          output: 'side effect completed',
        },
        agent: { name: 'SideEffectAgent' },
        output: 'side effect completed',
      },
    ],
  },
  recordedWhat: "a run() result of the Agents SDK for JavaScript (its newItems, from the SDK's own RunState fixture)",
  expected: [{ tool: 'side_effect_tool', args: {} }],
  agentCall: ["import { run } from '@openai/agents';", 'return run(agent, input); // the RunResult itself'],
};

const LANGGRAPH: Stack = {
  id: 'langgraph',
  label: 'LangGraph.js',
  packages: ['@langchain/langgraph'],
  input: 'what is the weather in sf',
  // test/corpus/frameworks/langgraph/langgraphjs-stream-updates.updates.jsonl: its first two updates.
  recorded: [
    {
      agent: {
        messages: [
          {
            id: 'chatcmpl-9y654VypbD3kE1xM8v4xaAHzZEOXa',
            content: '',
            response_metadata: { finish_reason: 'tool_calls' },
            tool_calls: [
              {
                name: 'search',
                args: { query: 'current weather in San Francisco' },
                type: 'tool_call',
                id: 'call_OxlOhnROermwae2LPs9SanmD',
              },
            ],
            invalid_tool_calls: [],
          },
        ],
      },
    },
    {
      tools: {
        messages: [
          { content: 'Cold, with a low of 3℃', name: 'search', tool_call_id: 'call_OxlOhnROermwae2LPs9SanmD' },
        ],
      },
    },
  ],
  recordedWhat: 'the chunks of a LangGraph.js stream(..., { streamMode: "updates" })',
  expected: [{ tool: 'search', args: { query: 'current weather in San Francisco' } }],
  agentCall: [
    'const chunks = [];',
    "for await (const chunk of await graph.stream({ messages: [{ role: 'user', content: input }] }, { streamMode: 'updates' }))",
    '  chunks.push(chunk);',
    'return chunks;',
  ],
};

const LANGCHAIN: Stack = {
  id: 'langchain',
  label: 'LangChain.js',
  packages: ['langchain', '@langchain/core'],
  input: 'what is the value of magic_function(3)?',
  // test/corpus/langchain/langchainjs-migrate-agent.intermediate-steps.json.
  recorded: {
    output: 'The value of magic_function(3) is 5.',
    intermediateSteps: [
      {
        action: {
          tool: 'magic_function',
          toolInput: { input: 3 },
          toolCallId: 'toolu_0126dJXbjwLC5daAScz8bw1k',
          log: 'Invoking "magic_function" with {"input":3}\n',
        },
        observation: '5',
      },
    ],
  },
  recordedWhat: 'an AgentExecutor result with returnIntermediateSteps: true',
  expected: [{ tool: 'magic_function', args: { input: 3 } }],
  agentCall: [
    'const executor = new AgentExecutor({ agent, tools, returnIntermediateSteps: true });',
    'return executor.invoke({ input });',
  ],
};

const ANTHROPIC: Stack = {
  id: 'anthropic',
  label: 'Anthropic SDK',
  packages: ['@anthropic-ai/sdk'],
  input: 'What is the weather in SF?',
  // test/corpus/providers/recorded-http/anthropic/test_sync_messages_create_captures_tool_use_content.json: the response.
  recorded: {
    model: 'claude-sonnet-4-20250514',
    id: 'msg_01VkeD2PaERGgjekk84zPSwr',
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 'toolu_01UAcA2APHENDob6qJ8kmoaC', name: 'get_weather', input: { city: 'San Francisco' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 386, output_tokens: 34 },
  },
  recordedWhat: 'a messages.create() response',
  expected: [{ tool: 'get_weather', args: { city: 'San Francisco' } }],
  agentCall: [
    "import Anthropic from '@anthropic-ai/sdk';",
    "return new Anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, tools, messages: [{ role: 'user', content: input }] });",
  ],
};

const OPENAI: Stack = {
  id: 'openai',
  label: 'OpenAI SDK',
  packages: ['openai'],
  input: "What's the weather like in Seattle and San Francisco today?",
  // test/corpus/providers/recorded-http/openai/test_chat_completion_tool_calls_with_content.json: the first response.
  recorded: {
    id: 'chatcmpl-ASYMU9Ntix7ePttk0MSuerJstef6U',
    object: 'chat.completion',
    created: 1731368634,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_JpNb8OiAkbIbHzDggfpdDHpi',
              type: 'function',
              function: { name: 'get_current_weather', arguments: '{"location": "Seattle, WA"}' },
            },
            {
              id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
              type: 'function',
              function: { name: 'get_current_weather', arguments: '{"location": "San Francisco, CA"}' },
            },
          ],
          refusal: null,
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
  recordedWhat: 'a chat.completions.create() response',
  expected: [
    { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
    { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
  ],
  agentCall: [
    "import OpenAI from 'openai';",
    "return new OpenAI().chat.completions.create({ model: 'gpt-4o-mini', tools, messages: [{ role: 'user', content: input }] });",
  ],
};

const GEMINI: Stack = {
  id: 'gemini',
  label: 'Google Gen AI SDK',
  packages: ['@google/genai'],
  input: 'Get weather details in New Delhi and San Francisco?',
  // test/corpus/providers/recorded-http/gemini-vertexai/test_function_call_choice.json: the response, without
  // the thought signatures, finishReason as the SDK names it.
  recorded: {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: 'get_current_weather', args: { location: 'New Delhi' } } },
            { functionCall: { name: 'get_current_weather', args: { location: 'San Francisco' } } },
          ],
        },
        finishReason: 'STOP',
      },
    ],
    usageMetadata: { promptTokenCount: 74, candidatesTokenCount: 16, totalTokenCount: 290 },
    modelVersion: 'gemini-2.5-pro',
    responseId: 'XZCkaLWWF8qm1dkP7rOm6AM',
  },
  recordedWhat: 'a models.generateContent() response',
  expected: [
    { tool: 'get_current_weather', args: { location: 'New Delhi' } },
    { tool: 'get_current_weather', args: { location: 'San Francisco' } },
  ],
  agentCall: [
    "import { GoogleGenAI } from '@google/genai';",
    "return new GoogleGenAI({}).models.generateContent({ model: 'gemini-2.5-flash', contents: input, config: { tools: [{ functionDeclarations }] } });",
  ],
};

const MASTRA: Stack = {
  id: 'mastra',
  label: 'Mastra',
  packages: ['@mastra/core'],
  input: 'What is the weather in London?',
  // The AI SDK result of agent.generate() in Mastra 0.x (agent.generateLegacy() in 1.x): toolCalls and
  // toolResults of toolCallId, toolName, args and result, the shape Mastra's own examples read, here for
  // its weather-agent example. (1.x generate() wraps each call in a `payload`, which is not read yet.)
  recorded: {
    text: 'It is 15°C and partly cloudy in London.',
    toolCalls: [
      { type: 'tool-call', toolCallId: 'call_weather_1', toolName: 'weatherTool', args: { location: 'London' } },
    ],
    toolResults: [
      {
        type: 'tool-result',
        toolCallId: 'call_weather_1',
        toolName: 'weatherTool',
        args: { location: 'London' },
        result: { temperature: 15, conditions: 'Partly cloudy' },
      },
    ],
    finishReason: 'stop',
  },
  recordedWhat: "an agent.generateLegacy() result (the AI SDK's toolCalls and toolResults)",
  expected: [{ tool: 'weatherTool', args: { location: 'London' } }],
  agentCall: [
    '// the AI SDK result: agent.generateLegacy() in Mastra 1.x, agent.generate() in 0.x',
    "return mastra.getAgent('weatherAgent').generateLegacy(input);",
  ],
};

const MCP: Stack = {
  id: 'mcp',
  label: 'MCP SDK',
  packages: ['@modelcontextprotocol/sdk'],
  input: 'find what mentions TypeScript',
  // test/corpus/mcp/recorded-transcripts/server-memory-2026.8.31.stdio.jsonl: one tools/call and its result.
  recorded: [
    {
      dir: 'client->server',
      message: {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'search_nodes', arguments: { query: 'TypeScript' } },
      },
    },
    {
      dir: 'server->client',
      message: {
        result: {
          content: [{ type: 'text', text: '{"entities":[{"name":"Ada","entityType":"person"}],"relations":[]}' }],
        },
        jsonrpc: '2.0',
        id: 5,
      },
    },
  ],
  recordedWhat: 'an MCP session of server-memory, as `toolscore mcp record` writes it',
  expected: [{ tool: 'search_nodes', args: { query: 'TypeScript' } }],
  agentCall: [
    '// record your MCP client session with: npx toolscore mcp record -o session.jsonl -- <server command>',
    "return (await loadTraceFile('session.jsonl')).calls; // import { loadTraceFile } from 'toolscore'",
  ],
};

const GENERIC: Stack = {
  id: 'generic',
  label: 'any agent',
  packages: [],
  input: 'What is the weather in Paris?',
  recorded: [{ tool: 'get_weather', args: { city: 'Paris' }, result: { temperature_c: 18 } }],
  recordedWhat: "a list of calls in toolscore's own shape ({ tool, args, result })",
  expected: [{ tool: 'get_weather', args: { city: 'Paris' } }],
  agentCall: [
    "// return your agent's raw response (OpenAI, Anthropic, Gemini, LangChain, ... are read as they are),",
    '// or the calls it made as [{ tool, args, result }]',
    'return runMyAgent(input);',
  ],
};

/** Every stack, in the order detection tries them: frameworks before the provider SDKs they build on. */
export const STACKS: readonly Stack[] = [
  MASTRA,
  OPENAI_AGENTS,
  LANGGRAPH,
  LANGCHAIN,
  VERCEL_AI,
  ANTHROPIC,
  OPENAI,
  GEMINI,
  MCP,
  GENERIC,
];

/** The stack of projects where none of the others is found. */
export const GENERIC_STACK: Stack = GENERIC;
