import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { runCli, useScratchFolder } from './run-cli.js';

const freshDir = useScratchFolder('toolscore-providers-').fresh;

function corpus(path: string): string {
  return join(REPO_ROOT, 'test/corpus/providers', path);
}

function gold(dir: string, calls: unknown[]): string {
  const path = join(dir, 'gold.json');
  writeFileSync(path, JSON.stringify(calls));
  return path;
}

describe('toolscore eval on recorded provider shapes', () => {
  it('a raw Cohere SSE capture (openllmetry cassette body) scores its two calls, detected as cohere', async () => {
    const dir = freshDir();
    const expected = gold(dir, [
      { tool: 'get_time', args: { location: 'Tokyo' } },
      { tool: 'get_weather', args: { location: 'Tokyo' } },
    ]);
    const run = await runCli(
      ['eval', expected, corpus('cohere/openllmetry-v2-chat-tool-calls-stream.sse.txt'), '-o', 'report.json'],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Score 100.0%   Grade A   PASS');
  });

  it('a Bedrock Converse request whose toolResult has status "error" (pydantic-ai cassette): the call is read as failed', async () => {
    const dir = freshDir();
    const expected = gold(dir, [{ tool: 'get_capital', args: { country: 'France' } }]);
    const run = await runCli(['validate', corpus('pydantic-ai/bedrock-converse-retry-request.json')], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('valid as a trace (bedrock format, 1 call)');
    expect(run.stdout).toContain(
      'call 1 (get_capital): "The country is not supported.\\n\\nFix the errors and try again."',
    );
    const scored = await runCli(
      [
        'eval',
        expected,
        corpus('pydantic-ai/bedrock-converse-retry-request.json'),
        '-f',
        'bedrock',
        '-o',
        'report.json',
      ],
      { cwd: dir },
    );
    expect(scored.code, scored.stderr).toBe(0);
    expect(scored.stdout).toContain('Required calls completed: 0 of 1');
  });

  it('an Ollama NDJSON stream (.ndjson) is read line by line as ollama', async () => {
    const dir = freshDir();
    const expected = gold(dir, [{ tool: 'get_current_weather', args: { format: 'celsius', location: 'Toronto' } }]);
    // Hand-written chunks in the shape of ollama docs/api.md "Chat request (Streaming)"; no licensed recording was found.
    const stream = join(dir, 'stream.ndjson');
    const call = { name: 'get_current_weather', arguments: { format: 'celsius', location: 'Toronto' } };
    writeFileSync(
      stream,
      [
        { model: 'qwen3', message: { role: 'assistant', content: 'Checking.' }, done: false },
        { model: 'qwen3', message: { role: 'assistant', content: '', tool_calls: [{ function: call }] }, done: false },
        { model: 'qwen3', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const run = await runCli(['eval', expected, stream, '-o', 'report.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Score 100.0%   Grade A   PASS');
  });
});
