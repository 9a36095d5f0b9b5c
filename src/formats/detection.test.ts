import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../test/corpus.js';
import { checkFormatName, detectFormat } from './registry.js';
import { anthropicFormat } from './readers/anthropic.js';
import { bedrockFormat } from './readers/bedrock.js';
import { cohereFormat } from './readers/cohere.js';
import { geminiFormat } from './readers/gemini.js';
import { ollamaFormat } from './readers/ollama.js';
import { openaiFormat } from './readers/openai.js';

type Json = Record<string, any>;

function claimedBy(data: unknown): string[] {
  const claims: string[] = [];
  if (geminiFormat.detect(data)) claims.push('gemini');
  if (anthropicFormat.detect(data)) claims.push('anthropic');
  if (openaiFormat.detect(data)) claims.push('openai');
  return claims;
}

/** Every JSON file of a corpus folder. */
function corpusFiles(...dir: string[]): [string, unknown][] {
  return readdirSync(corpusPath(...dir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, readCorpusJson(...dir, name)]);
}

describe('provider detection leaves the shapes of other formats alone', () => {
  test('LangChain serialized and stored messages (whose additional_kwargs hold OpenAI tool_calls)', () => {
    for (const [name, data] of corpusFiles('langchain')) {
      expect([name, claimedBy(data)]).toEqual([name, []]);
      if (Array.isArray(data)) expect([name, claimedBy({ messages: data })]).toEqual([name, []]);
    }
  });

  test('LangChain-style dict messages with {name, args, id} tool_calls, even with role keys and tool replies', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ name: 'search', args: { q: 'x' }, id: '1', type: 'tool_call' }],
      },
      { role: 'tool', content: 'r', tool_call_id: '1' },
    ];
    expect(claimedBy(messages)).toEqual([]);
    expect(claimedBy({ messages })).toEqual([]);
    expect(claimedBy([{ type: 'ai', content: '', tool_calls: [{ name: 'search', args: {}, id: '1' }] }])).toEqual([]);
  });

  test('Vercel AI SDK results and response messages (tool-call / tool-result parts)', () => {
    for (const version of ['v5', 'v7']) {
      for (const [name, data] of corpusFiles('vercel-ai-sdk', version)) {
        if (!name.endsWith('.result.json')) continue;
        const run = data as Json;
        expect([name, claimedBy(run)]).toEqual([name, []]);
        expect([name, claimedBy(run.result)]).toEqual([name, []]);
        expect([name, claimedBy(run.result.steps)]).toEqual([name, []]);
        if (run.result.streamParts) expect([name, claimedBy(run.result.streamParts)]).toEqual([name, []]);
        if (!run.result.responseMessages) continue;
        const messages = run.result.responseMessages as Json[];
        // A text-only message list has no calls in any format; it may be read as a plain OpenAI history.
        const hasToolParts = messages.some(
          (m) => Array.isArray(m.content) && m.content.some((part: Json) => String(part.type).startsWith('tool-')),
        );
        expect([name, claimedBy(messages)]).toEqual([name, hasToolParts ? [] : ['openai']]);
      }
    }
  });

  test('OpenAI Agents JS run states and their items (callId, not call_id)', () => {
    for (const [name, data] of corpusFiles('providers', 'openai-agents-js')) {
      const state = data as Json;
      expect([name, claimedBy(state)]).toEqual([name, []]);
      expect([name, claimedBy(state.generatedItems)]).toEqual([name, []]);
      expect([name, claimedBy((state.generatedItems as Json[]).map((item) => item.rawItem))]).toEqual([name, []]);
      expect([name, claimedBy({ newItems: state.generatedItems, history: [] })]).toEqual([name, []]);
    }
  });

  test('Claude Agent SDK messages ({type, message} envelopes)', () => {
    const messages = [
      { type: 'system', subtype: 'init', session_id: 's', tools: ['Read'] },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/a' } }],
        },
        session_id: 's',
      },
      {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
        session_id: 's',
      },
      { type: 'result', subtype: 'success', result: 'done', session_id: 's' },
    ];
    expect(claimedBy(messages)).toEqual([]);
    expect(claimedBy(messages[1])).toEqual([]);
  });

  test('OpenTelemetry exports and MCP transcripts', () => {
    for (const dir of ['ai-sdk-v7-gen_ai', 'openinference-vercel']) {
      for (const [name, data] of corpusFiles('otel', dir)) expect([name, claimedBy(data)]).toEqual([name, []]);
    }
    for (const name of readdirSync(corpusPath('mcp', 'recorded-transcripts'))) {
      const lines = readCorpusJsonl('mcp', 'recorded-transcripts', name) as Json[];
      expect([name, claimedBy(lines)]).toEqual([name, []]);
      expect([name, claimedBy(lines.map((line) => line.message))]).toEqual([name, []]);
    }
  });

  test('the custom call list of the guide', () => {
    expect(
      claimedBy([{ tool: 'deploy', args: { env: 'production' }, is_error: true, error: 'deploy timed out' }]),
    ).toEqual([]);
    expect(claimedBy({ calls: [{ tool: 'a' }] })).toEqual([]);
  });
});

describe('each provider shape is claimed by exactly its own rule', () => {
  test('recorded provider bodies', () => {
    const openai = readCorpusJson(
      'providers',
      'recorded-http',
      'openai',
      'test_chat_completion_tool_calls_with_content.json',
    ) as Json;
    const anthropic = readCorpusJson(
      'providers',
      'recorded-http',
      'bedrock',
      'test_invoke_model_with_content_tool_call_anthropic.claude.json',
    ) as Json;
    const gemini = readCorpusJson('providers', 'recorded-http', 'gemini-vertexai', 'test_tool_events.json') as Json;
    expect(claimedBy(openai.interactions[0].response.body.json)).toEqual(['openai']);
    expect(claimedBy(openai.interactions[1].request.body.json)).toEqual(['openai']);
    expect(claimedBy(anthropic.interactions[0].response.body.json)).toEqual(['anthropic']);
    expect(claimedBy(anthropic.interactions[1].request.body.json)).toEqual(['anthropic']);
    expect(claimedBy(gemini.interactions[0].request.body.json)).toEqual(['gemini']);
    expect(claimedBy(gemini.interactions[0].response.body.json)).toEqual(['gemini']);
  });

  test('recorded streams (one event per line): each claimed by its provider alone, and picked by auto-detection', () => {
    const owners: Record<string, string> = {
      'openai-chat-compatible': 'openai',
      'openai-responses': 'openai',
      anthropic: 'anthropic',
      google: 'gemini',
    };
    const seen: string[] = [];
    for (const [dir, owner] of Object.entries(owners)) {
      for (const name of readdirSync(corpusPath('providers', 'vercel-ai-fixtures', dir)).filter((file) =>
        file.endsWith('.chunks.jsonl'),
      )) {
        const events = readCorpusJsonl('providers', 'vercel-ai-fixtures', dir, name);
        expect([name, claimedBy(events), detectFormat(events)]).toEqual([name, [owner], owner]);
        seen.push(name);
      }
    }
    expect(seen).toHaveLength(14);
    // Bedrock ConverseStream events ({contentBlockStart}, {contentBlockDelta}, ...): none of these providers', the bedrock format's.
    const bedrock = readCorpusJsonl(
      'providers',
      'vercel-ai-fixtures',
      'bedrock',
      'amazon-bedrock-tool-call.1.chunks.jsonl',
    );
    expect([claimedBy(bedrock), detectFormat(bedrock)]).toEqual([[], 'bedrock']);
  });

  test('a legacy OpenAI function_call message is not a Gemini function_call part', () => {
    const trace = readCorpusJson('comparable-tools', 'toolscore', 'traces_with_errors__missing_tool.json');
    expect(claimedBy(trace)).toEqual(['openai']);
    expect(claimedBy([{ function_call: { name: 'f', args: {} } }])).toEqual(['gemini']);
  });
});

describe('the bedrock, cohere and ollama rules claim only their own providers in the test corpus', () => {
  const newRules = [bedrockFormat, cohereFormat, ollamaFormat];
  /** Every JSON and JSON Lines file under a corpus folder, with its parsed value (JSON Lines as a list). */
  function everyFile(dir: string): [string, unknown][] {
    const files: [string, unknown][] = [];
    for (const entry of readdirSync(corpusPath(dir), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const relative = join(entry.parentPath, entry.name)
        .slice(corpusPath(dir).length + 1)
        .split(sep);
      if (entry.name.endsWith('.json')) files.push([relative.join('/'), readCorpusJson(dir, ...relative)]);
      else if (entry.name.endsWith('.jsonl')) files.push([relative.join('/'), readCorpusJsonl(dir, ...relative)]);
    }
    return files;
  }

  test.each(['providers', 'langchain', 'vercel-ai-sdk', 'otel', 'mcp', 'trajectories', 'comparable-tools'])(
    '%s',
    (dir) => {
      const owner = (name: string): string | undefined =>
        name.includes('bedrock')
          ? 'bedrock'
          : name.includes('cohere')
            ? 'cohere'
            : name.includes('ollama')
              ? 'ollama'
              : undefined;
      let checked = 0;
      for (const [name, data] of everyFile(dir)) {
        // The Anthropic-on-Bedrock InvokeModel cassette holds Anthropic bodies, not Converse ones; a Cohere
        // history without tool_plan or document parts has OpenAI's shape and is read as openai (cohere.test.ts).
        const openaiShaped =
          name.endsWith('anthropic.claude.json') ||
          name.endsWith('openllmetry-v2-chat-tool-calls-history-request.json');
        const expected = openaiShaped ? undefined : owner(`/${name}`);
        const claims = newRules.filter((format) => format.detect(data)).map((format) => format.name);
        expect([name, claims]).toEqual([name, expected === undefined ? [] : [expected]]);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
  );
});

describe('an unknown format name', () => {
  test.each([
    ['opnai', 'openai'],
    ['Anthropic ', 'anthropic'],
    ['claude', 'anthropic'],
    ['langgraph', 'langchain'],
    ['gemini_cli', 'gemini-cli'],
    ['xml', undefined],
  ])('%s: suggests %s', (name, suggestion) => {
    const message = (() => {
      try {
        checkFormatName(name, '--format');
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    })();
    expect(message).toContain(`--format: unknown format ${JSON.stringify(name)}; `);
    if (suggestion === undefined) expect(message).not.toContain('did you mean');
    else expect(message).toContain(`did you mean "${suggestion}"? valid formats: auto, `);
  });
});
