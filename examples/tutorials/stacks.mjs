// @ts-check
/**
 * One recorded run of each stack, scored against the calls it should make: OpenAI, Anthropic, the
 * Vercel AI SDK, the OpenAI Agents SDK, LangGraph.js and an MCP session. The recordings are real files
 * of the test corpus (test/corpus/SOURCES.md says where each came from); toolscore detects each format
 * from its structure, so the same `evaluate()` call reads them all.
 *
 *   npm run build && node examples/tutorials/stacks.mjs
 */
import { readFileSync } from 'node:fs';
import { evaluate, loadTraceFile } from 'toolscore';
import { repoFile, runIfMain } from './run.mjs';

const POEM = [
  { tool: 'make_file', args: { filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] } },
  { tool: 'read_file', args: { filename: 'poem.txt' } },
];

/**
 * Each stack: its recording, and the calls a person reading it would expect.
 * @type {{ stack: string; file: string; expected: import('toolscore').ExpectedCallInput[] }[]}
 */
const STACKS = [
  // OpenAI chat messages with the legacy function_call, and role "function" results.
  { stack: 'OpenAI', file: 'test/corpus/comparable-tools/toolscore/trace_openai.json', expected: POEM },
  // Anthropic messages: tool_use blocks, tool_result blocks in the user turns.
  { stack: 'Anthropic', file: 'test/corpus/comparable-tools/toolscore/trace_anthropic.json', expected: POEM },
  // A generateText result of AI SDK 5 (the same call appears in steps, toolCalls and messages: read once).
  {
    stack: 'Vercel AI SDK',
    file: 'test/corpus/vercel-ai-sdk/v5/anthropic-messages-tool-use.result.json',
    expected: [{ tool: 'get_weather', args: { city: 'San Francisco' } }],
  },
  // A trace exported by the Agents SDK for Python: the function span is the call.
  {
    stack: 'OpenAI Agents',
    file: 'test/corpus/agents/counterfact/openai-agents-minimal.json',
    expected: [{ tool: 'web_search', args: { query: 'counterfact docs' } }],
  },
  // LangGraph.js stream(..., {streamMode: "updates"}): the agent node's tool call, the tools node's result.
  {
    stack: 'LangGraph.js',
    file: 'test/corpus/frameworks/langgraph/langgraphjs-stream-updates.updates.jsonl',
    expected: [{ tool: 'search', args: { query: 'current weather in San Francisco' } }],
  },
  // A real MCP client session with server-memory; its last call is refused (isError), an extra one here.
  {
    stack: 'MCP',
    file: 'test/corpus/mcp/recorded-transcripts/server-memory-2026.8.31.stdio.jsonl',
    expected: [
      { tool: 'create_entities' },
      { tool: 'create_relations' },
      { tool: 'search_nodes', args: { query: 'TypeScript' } },
      { tool: 'read_graph', args: {} },
    ],
  },
];

/** @type {import('./run.mjs').Tutorial} */
export const tutorial = async (print) => {
  for (const { stack, file, expected } of STACKS) {
    // JSON Lines are read as a stream by the file loader; a JSON document can go straight to evaluate().
    const actual = file.endsWith('.jsonl')
      ? (await loadTraceFile(repoFile(file))).calls
      : JSON.parse(readFileSync(repoFile(file), 'utf8'));
    const result = evaluate({ expected, actual });
    const failed = result.metrics.efficiency_metrics.error_count;
    print(
      `${stack.padEnd(14)} ${result.traceCalls.map((call) => call.tool).join(', ')}: score ${result.score.toFixed(3)} ${result.grade}${failed > 0 ? `, ${failed} failed` : ''}`,
    );
  }
};

await runIfMain(import.meta.url, tutorial);
