import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateSemanticCorrectness } from '../../src/judge/semantic.js';
import { Regex } from '../../src/match/matchers/regex.js';
import { batchAnswer, startJudgeServer } from '../judge-server.js';
import { runCli } from '../e2e/run-cli.js';

/*
 * Red team: what leaves the process through the LLM judge. Everything runs against the local stand-in
 * on 127.0.0.1 (test/judge-server.ts), with the real OpenAI SDK; every wait is bounded by a short timeout.
 */

// Assembled at run time, so no credential-shaped literal sits in the repository.
const OPENAI = ['sk', '-proj-', 'Ab3'.repeat(12)].join('');
const GITHUB = ['gh', 'p_', 'A1b2'.repeat(9)].join('');
const ANTHROPIC = ['sk', '-ant-', 'api03-', 'Xy7_'.repeat(24), 'AA'].join('');
const DB_PASSWORD = 'S3cr3t-Pw';
const DB_URL = `postgres://app:${DB_PASSWORD}@db.internal:5432/orders`;
const SECRETS = [OPENAI, GITHUB, ANTHROPIC, DB_PASSWORD];

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolscore-hostile-judge-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under a folder, read as text. */
function filesText(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
}

describe('the judge masks credentials before they leave the process', () => {
  // Credentials in a tool name, an argument key, argument values, a matcher operand and the purpose.
  const gold = [
    {
      tool: 'call_api',
      args: { auth: `Bearer ${OPENAI}`, token: Regex(`${GITHUB}|none`) },
      description: `uses ${ANTHROPIC}`,
    },
    { tool: 'query', args: { url: DB_URL } },
  ];
  const trace = [
    { tool: 'call_api', args: { auth: `Bearer ${OPENAI}`, token: GITHUB } },
    { tool: `query_${GITHUB}`, args: { [OPENAI]: 'x', url: DB_URL } },
  ];

  it('sends no secret to the endpoint and writes none to the cache, whose keys come from the masked text', async () => {
    const server = await startJudgeServer(() => ({ text: batchAnswer([1, 0.9]) }));
    const cacheDir = join(work, 'cache');
    try {
      const judge = { model: 'llama3.2', baseURL: server.baseURL('openai'), cacheDir, timeoutMs: 5_000 };
      const first = await calculateSemanticCorrectness(gold, trace, { judge });
      expect(first.per_call_scores).toEqual([1, 0.9]);
      expect(server.requests).toHaveLength(1);
      const sent = JSON.stringify(server.requests[0]!.body);
      for (const secret of SECRETS) expect(sent).not.toContain(secret);
      const user = server.requests[0]!.user;
      expect(user).toContain('"auth": "Bearer [REDACTED openai_api_key: sk-p…b3]"');
      expect(user).toContain('"$regex": "[REDACTED github_token: ghp_…b2]|none"');
      expect(user).toContain('Purpose: uses [REDACTED anthropic_api_key: sk-a…AA]');
      expect(user).toContain('Actual tool: query_[REDACTED github_token: ghp_…b2]');
      expect(user).toContain('"[REDACTED openai_api_key: sk-p…b3]": "x"');
      expect(user).toContain('"url": "[REDACTED connection_string: postgres://app:…@db.internal:5432]"');

      const cached = filesText(cacheDir);
      expect(readdirSync(cacheDir)).toHaveLength(2);
      for (const secret of SECRETS) expect(cached).not.toContain(secret);
      expect(cached).toContain('[REDACTED openai_api_key: sk-p…b3]');

      // The masked text gives the same keys again: the replay asks nothing.
      const again = await calculateSemanticCorrectness(gold, trace, { judge });
      expect(again).toMatchObject({ per_call_scores: [1, 0.9], requests: 0, cache_hits: 2 });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('--llm-timeout', () => {
  it('gives up on a judge that never answers after the timeout of each attempt, retries included', async () => {
    const server = await startJudgeServer(() => ({ hang: true }));
    try {
      const dir = mkdtempSync(join(work, 'cli-'));
      writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search_web', args: { query: 'Lisbon' } }]));
      writeFileSync(join(dir, 'trace.json'), JSON.stringify([{ tool: 'web_search', args: { q: 'Lisbon' } }]));
      const run = await runCli(
        [
          'eval',
          'gold.json',
          'trace.json',
          '--llm-judge',
          '--llm-model',
          'llama3.2',
          '--llm-base-url',
          server.baseURL('openai'),
          '--llm-timeout',
          // Long enough for each attempt to reach the server on a machine whose cores are busy (at 0.2 s
          // a request could be cut before its body arrived, so the server counted 2 of 3).
          '2',
          '--no-llm-cache',
        ],
        { cwd: dir, env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'toolscore: LLM judge (openai_compatible): no answer within 2000 ms, the time each attempt may take (timeoutMs; --llm-timeout on the command line) (gave up after 3 attempts)\n',
      );
      // the first attempt and maxRetries (2) retries, each cut at 2 s
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
