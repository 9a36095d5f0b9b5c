import { readFileSync } from 'node:fs';
import { describe, test } from 'vitest';
import { readCorpusJson } from '../../test/corpus.js';
import { assertDamagedSampleReadsSafely } from '../../test/damage.js';
import { claudeAgentSDKFormat } from './readers/claude-agent-sdk.js';
import { codexFormat } from './readers/codex.js';
import { geminiCLIFormat } from './readers/gemini-cli.js';
import { mcpFormat } from './readers/mcp.js';
import { langchainFormat } from './readers/langchain.js';
import { openaiAgentsFormat } from './readers/openai-agents.js';
import type { TraceFormat } from './types.js';
import { vercelAIFormat } from './readers/vercel-ai.js';

/*
 * Damaged real material: any one value anywhere in a corpus sample replaced by arbitrary JSON. The
 * adapters must then read calls or throw a ToolscoreInputError, never crash; every call they return
 * has a non-empty tool name and object-or-null arguments. The reader tester (test/reader-tester.ts)
 * damages every reader's case documents the same way; these are the samples no case reads whole.
 */

const claudeRun = [
  { type: 'system', subtype: 'init', session_id: 's', tools: ['Read'] },
  {
    type: 'assistant',
    session_id: 's',
    parent_tool_use_id: null,
    message: {
      id: 'm',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/a' } }],
    },
  },
  {
    type: 'user',
    session_id: 's',
    parent_tool_use_id: null,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x', is_error: false }] },
  },
  {
    type: 'result',
    subtype: 'success',
    total_cost_usd: 0.1,
    permission_denials: [{ tool_name: 'Read', tool_use_id: 't', tool_input: {} }],
  },
];

/** A fixture of this repository's corpus (test/corpus/SOURCES.md): parsed JSON, or JSON Lines as a list. */
function repoCorpus(path: string): unknown {
  const text = readFileSync(new URL(`../../test/corpus/${path}`, import.meta.url), 'utf8');
  return path.endsWith('.jsonl')
    ? text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown)
    : (JSON.parse(text) as unknown);
}

const SAMPLES: [string, TraceFormat, unknown][] = [
  [
    'langchain chunks',
    langchainFormat,
    (
      readCorpusJson('langchain', 'langchain-openai-chat-streaming-tool-calls.chunks.lc-serialized.json') as unknown[]
    ).slice(0, 10),
  ],
  [
    'langchain steps',
    langchainFormat,
    {
      intermediate_steps: [
        [{ tool: 'a', tool_input: 'x', log: '' }, 'obs'],
        [{ tool: '_Exception', tool_input: 'y', log: '' }, 'bad'],
      ],
    },
  ],
  [
    'vercel-ai v7 stream',
    vercelAIFormat,
    (
      readCorpusJson('vercel-ai-sdk', 'v7', 'openai-chat-streaming-parallel-tool-calls.result.json') as {
        result: { streamParts: unknown };
      }
    ).result.streamParts,
  ],
  ['claude-agent-sdk', claudeAgentSDKFormat, claudeRun],
  [
    'claude-agent-sdk python dumps',
    claudeAgentSDKFormat,
    (repoCorpus('agents/counterfact/claude-agent-sdk-python-minimal.jsonl') as unknown[])[0],
  ],
  ['codex rollout', codexFormat, repoCorpus('agents/codemie-code/rollout-2026-05-11T11-26-55-excerpt.jsonl')],
  ['gemini-cli session', geminiCLIFormat, repoCorpus('agents/ai-sessions/gemini-session-sample.json')],
  ['openai-agents python spans', openaiAgentsFormat, repoCorpus('agents/counterfact/openai-agents-minimal.json')],
  ['mcp inspector network log', mcpFormat, repoCorpus('mcp/inspector/server-everything-2026.8.31.network-export.json')],
  [
    'mcp inspector message log',
    mcpFormat,
    repoCorpus('mcp/inspector/server-everything-2026.8.31.protocol-export.json'),
  ],
];

describe('agent SDK adapters on damaged real material', () => {
  test.each(SAMPLES)('%s: calls or an input error, never a crash', (_name, format, sample) =>
    assertDamagedSampleReadsSafely(format, sample),
  );
});
