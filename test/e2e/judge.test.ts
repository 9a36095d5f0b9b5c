import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateTrace } from '../../src/evaluation/evaluate-trace.js';
import { REPO_ROOT } from '../corpus.js';
import { batchAnswer, startJudgeServer, type JudgeServer } from '../judge-server.js';
import { childEnv, runCli, runProgram, useScratchFolder } from './run-cli.js';

/*
 * The judge from the outside: evaluateTrace, `toolscore eval --llm-judge` (the built CLI) and the
 * examples, all against servers on 127.0.0.1.
 */

const GOLD = [
  { tool: 'search_web', args: { query: 'weather in Lisbon' } },
  { tool: 'send_email', args: { to: 'ana@example.com' } },
];
// Reordered, and search under another name: the judge must pair send_email with send_email.
const TRACE = [
  { tool: 'send_email', args: { to: 'ana@example.com' } },
  { tool: 'web_search', args: { q: 'Lisbon weather' } },
];

/** Environment without any provider key or base URL from the machine running the tests. */
const NO_PROVIDER_ENV = {
  OPENAI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  GOOGLE_API_KEY: '',
  GEMINI_API_KEY: '',
  OPENAI_BASE_URL: '',
  ANTHROPIC_BASE_URL: '',
  GOOGLE_GEMINI_BASE_URL: '',
};

const scratch = useScratchFolder('toolscore-judge-e2e-');
const freshDir = scratch.fresh;
let gold: string;
let trace: string;

beforeAll(() => {
  gold = join(scratch.root(), 'gold.json');
  trace = join(scratch.root(), 'trace.json');
  writeFileSync(gold, JSON.stringify(GOLD));
  writeFileSync(trace, JSON.stringify(TRACE));
});

/** Scores each pair 1 when the tools match by name, else 0.9, reading the prompt the way a model would. */
async function nameJudge(): Promise<JudgeServer> {
  return startJudgeServer((request) => {
    const blocks = request.user.split(/^Pair \d+$/m).slice(1);
    return {
      text: batchAnswer(blocks.map((block) => (/Expected tool: (\S+)[\s\S]*Actual tool: \1\b/.test(block) ? 1 : 0.9))),
    };
  });
}

describe('evaluateTrace with judge', () => {
  it('adds semantic_metrics from the core pairing and leaves the score alone', async () => {
    const server = await nameJudge();
    try {
      const plain = await evaluateTrace({ goldFile: gold, traceFile: trace });
      const judged = await evaluateTrace({
        goldFile: gold,
        traceFile: trace,
        judge: { model: 'llama3.2', baseURL: server.baseURL('openai'), cacheDir: false },
      });
      expect(plain.metrics.semantic_metrics).toBeUndefined();
      expect(judged.score).toBe(plain.score);
      expect(judged.metrics.semantic_metrics).toMatchObject({
        semantic_score: 0.95,
        per_call_scores: [0.9, 1],
        pairs: [
          { expected_index: 0, actual_index: 1 },
          { expected_index: 1, actual_index: 0 },
        ],
        provider: 'openai_compatible',
        model_used: 'llama3.2',
        requests: 1,
      });
      expect(judged.toDict().metrics.semantic_metrics?.semantic_score).toBe(0.95);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('checks the judge config before reading any file', async () => {
    await expect(
      evaluateTrace({
        goldFile: join(scratch.root(), 'missing.json'),
        traceFile: trace,
        judge: { provider: 'openai_compatible' },
      }),
    ).rejects.toThrow('judge.provider: openai_compatible needs baseURL');
  });

  it('passes a failed request on instead of scoring it', async () => {
    const server = await startJudgeServer(() => ({ status: 403, message: 'model access denied' }));
    try {
      await expect(
        evaluateTrace({
          goldFile: gold,
          traceFile: trace,
          judge: {
            provider: 'openai',
            model: 'gpt-4o-mini',
            apiKey: 'sk-test',
            baseURL: server.baseURL('openai'),
            cacheDir: false,
          },
        }),
      ).rejects.toThrow(
        'LLM judge (openai): HTTP 403 (permission denied: check the API key and its access to the model): model access denied',
      );
    } finally {
      await server.close();
    }
  });
});

describe('toolscore eval --llm-judge', () => {
  it('prints the semantic score, writes it to the report, and replays it from the cache', async () => {
    const server = await nameJudge();
    try {
      const dir = freshDir();
      const args = [
        'eval',
        gold,
        trace,
        '--llm-judge',
        '--llm-model',
        'llama3.2',
        '--llm-base-url',
        server.baseURL('openai'),
        '-o',
        'report.json',
      ];
      const first = await runCli(args, { cwd: dir, env: NO_PROVIDER_ENV });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('LLM judge (openai_compatible llama3.2): semantic score 95.0% over 2 pairs\n');
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
        metrics: { semantic_metrics: { per_call_scores: number[] } };
      };
      expect(report.metrics.semantic_metrics.per_call_scores).toEqual([0.9, 1]);
      expect(server.requests).toHaveLength(1);

      const again = await runCli(args, { cwd: dir, env: NO_PROVIDER_ENV });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(
        'LLM judge (openai_compatible llama3.2): semantic score 95.0% over 2 pairs (2 of 2 verdicts from the cache)\n',
      );
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('exits 2 with one line naming the variable when the key is missing, before any request', async () => {
    const run = await runCli(['eval', gold, trace, '--llm-judge', '-o', 'report.json'], {
      cwd: freshDir(),
      env: NO_PROVIDER_ENV,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'toolscore: judge.apiKey: the openai judge (model gpt-4o-mini) needs an API key: set OPENAI_API_KEY, or pass apiKey in the judge config\n',
    );
  });

  it('exits 2 with one line naming the provider and status on 401', async () => {
    const server = await startJudgeServer(() => ({ status: 401, message: 'Invalid API key' }));
    try {
      const run = await runCli(
        [
          'eval',
          gold,
          trace,
          '--llm-judge',
          '--llm-provider',
          'anthropic',
          '--llm-model',
          'claude-3-5-haiku-latest',
          '--llm-base-url',
          server.baseURL('anthropic'),
          '--no-llm-cache',
          '-o',
          'report.json',
        ],
        { cwd: freshDir(), env: { ...NO_PROVIDER_ENV, ANTHROPIC_API_KEY: 'sk-ant-wrong' } },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'toolscore: LLM judge (anthropic): HTTP 401 (authentication failed: check the API key): Invalid API key\n',
      );
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('refuses judge flags without --llm-judge', async () => {
    const run = await runCli(['eval', gold, trace, '--llm-model', 'gpt-4o'], { cwd: freshDir() });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('toolscore: --llm-model: only applies with --llm-judge\n');
  });
});

describe('loading', () => {
  it('import "toolscore" and a plain evaluation load neither the judge nor any provider SDK', async () => {
    // A resolve hook that reports every module whose URL is the judge's or an SDK's.
    const hook = `data:text/javascript,${encodeURIComponent(
      'export async function resolve(s, c, next) { const r = await next(s, c); if (/\\/dist\\/(judge\\/|chunks\\/judge-)|\\/node_modules\\/(openai|@anthropic-ai|@google\\/genai)\\//.test(r.url)) process.stderr.write("LOADED " + r.url + "\\n"); return r; }',
    )}`;
    const script = `
      import { register } from 'node:module';
      register(${JSON.stringify(hook)});
      const { evaluate, evaluateTrace } = await import('toolscore');
      evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] });
      await evaluateTrace({ goldFile: ${JSON.stringify(gold)}, traceFile: ${JSON.stringify(trace)} });
      console.log('done');
    `;
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      env: childEnv(),
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('done\n');

    // The hook does see them once the judge is asked for.
    const judged = script.replace(
      'await evaluateTrace({',
      'await evaluateTrace({ judge: { model: "llama3.2", baseURL: "http://127.0.0.1:9/v1", maxCalls: 1 }, validateSideEffects: false, goldFile: "/nonexistent", traceFile: "/nonexistent" }).catch(() => {});\n      await evaluateTrace({',
    );
    const withJudge = await runProgram(process.execPath, ['--input-type=module', '-e', judged], {
      cwd: REPO_ROOT,
      env: childEnv(),
    });
    // The judge module: dist/judge/judge.js unbundled, a judge chunk in the bundled build.
    expect(withJudge.stderr).toMatch(/^LOADED .*\/dist\/(judge\/judge|chunks\/judge-[\w-]+)\.js$/m);
    expect(withJudge.stderr).toMatch(/^LOADED .*\/node_modules\/openai\//m);
  });
});

describe('without the provider SDKs', () => {
  it('says exactly what to npm install, for each provider', async () => {
    // A project with toolscore and its own dependencies installed, and none of the optional peers.
    const project = freshDir();
    const installed = join(project, 'node_modules/toolscore');
    cpSync(resolve(REPO_ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
    cpSync(resolve(REPO_ROOT, 'package.json'), join(installed, 'package.json'));
    const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies)) {
      mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
      symlinkSync(resolve(REPO_ROOT, 'node_modules', name), join(project, 'node_modules', name));
    }
    const script = `
      const { calculateSemanticCorrectness } = await import('toolscore/judge');
      for (const model of ['gpt-4o-mini', 'claude-3-5-haiku-latest', 'gemini-2.0-flash']) {
        await calculateSemanticCorrectness([], [], { judge: { model, apiKey: 'k' } }).catch((error) => console.log(error.message));
      }
    `;
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      env: childEnv(),
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'judge: the openai judge needs the optional package openai: npm install openai@6',
        'judge: the anthropic judge needs the optional package @anthropic-ai/sdk: npm install @anthropic-ai/sdk@1',
        'judge: the gemini judge needs the optional package @google/genai: npm install @google/genai@2',
        '',
      ].join('\n'),
    );
  });
});

describe('the examples', () => {
  it('run the guide against the local stand-in', async () => {
    const run = await runProgram(process.execPath, [resolve(REPO_ROOT, 'examples/judge/run-local.mjs')], {
      cwd: REPO_ROOT,
      env: childEnv(NO_PROVIDER_ENV),
      timeout: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      [
        '$ node guide.mjs',
        'gpt-4o-mini: 80.00%',
        'Semantic Score: 80.00%',
        'Per-call scores: [0.9,1,0.5]',
        'Explanations: ["web_search names the same tool with equivalent arguments","get_weather is the expected call","send_message is related to send_email but does a different job"]',
        '(2 requests to the local judge)',
      ].join('\n'),
    );
    expect(run.stdout).toContain('Semantic score (openai gpt-4o-mini): 80.0%');
    expect(run.stdout).toContain(
      'openai_compatible llama3.2: 80.00%\ngemini gemini-2.0-flash: 80.00%, spread 0 over 3 samples\n(4 requests to the local judge)',
    );
    expect(run.stdout).toContain('LLM judge (openai gpt-4.1-mini): semantic score 80.0% over 3 pairs\n');
    expect(run.stdout).toMatch(
      /LLM judge \(openai gpt-4\.1-mini\): semantic score 80\.0% over 3 pairs \(3 of 3 verdicts from the cache\)\n.*\n\(0 requests to the local judge\)/,
    );
  });
});
