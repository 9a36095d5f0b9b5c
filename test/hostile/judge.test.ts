import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJudgeServer } from '../judge-server.js';
import { runCli } from '../e2e/run-cli.js';

/*
 * Red team: what leaves the process through the LLM judge. Everything runs against the local stand-in
 * on 127.0.0.1 (test/judge-server.ts), with the real OpenAI SDK; every wait is bounded by a short timeout.
 */

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolscore-hostile-judge-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('--llm-timeout', () => {
  it('gives up on a judge that never answers after the timeout of each attempt, retries included', async () => {
    const server = await startJudgeServer(() => ({ hang: true }));
    try {
      const dir = mkdtempSync(join(work, 'cli-'));
      writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search_web', args: { query: 'Lisbon' } }]));
      writeFileSync(join(dir, 'trace.json'), JSON.stringify([{ tool: 'web_search', args: { q: 'Lisbon' } }]));
      const run = await runCli(
        ['eval', 'gold.json', 'trace.json', '--llm-judge', '--llm-model', 'llama3.2', '--llm-base-url', server.baseURL('openai'), '--llm-timeout', '0.2', '--no-llm-cache'],
        { cwd: dir, env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'toolscore: LLM judge (openai_compatible): no answer within 200 ms, the time each attempt may take (timeoutMs; --llm-timeout on the command line) (gave up after 3 attempts)\n',
      );
      // the first attempt and maxRetries (2) retries, each cut at 0.2 s
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
