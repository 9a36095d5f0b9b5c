/**
 * Runs the judge examples against the local stand-in (local-server.mjs) instead of the providers: no
 * key, no network. Build first (npm run build), then: node examples/judge/run-local.mjs
 *
 * Each example runs as its own process in a scratch folder, where the verdict cache
 * (.toolscore/judge-cache) lands; the CLI is run twice to show the second run asking nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalJudge } from './local-server.mjs';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const judge = await startLocalJudge();
const scratch = mkdtempSync(join(tmpdir(), 'toolscore-judge-example-'));
const env = { ...process.env, ...judge.env, LOCAL_JUDGE_URL: `${judge.url}/v1` };

/** Runs node with `args` in the scratch folder; the example's output goes to ours. */
async function run(title, args) {
  const before = judge.requests;
  console.log(`$ ${title}`);
  // Async, so this process keeps serving the stand-in while the example runs.
  await new Promise((resolve, reject) => {
    const child = execFile(process.execPath, args, { cwd: scratch, env }, (error, stdout, stderr) => {
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      if (error) reject(error);
      else resolve();
    });
    child.stdin?.end();
  });
  const asked = judge.requests - before;
  console.log(`(${asked} ${asked === 1 ? 'request' : 'requests'} to the local judge)\n`);
}

try {
  await run('node guide.mjs', [here('guide.mjs')]);
  await run('node evaluate-trace.mjs   (gpt-4o-mini, whose verdicts guide.mjs cached)', [here('evaluate-trace.mjs')]);
  await run('node local-endpoint.mjs', [here('local-endpoint.mjs')]);
  const evalArgs = [
    cli,
    'eval',
    here('gold.json'),
    here('trace.json'),
    '--llm-judge',
    '--llm-model',
    'gpt-4.1-mini',
    '-o',
    join(scratch, 'toolscore.json'),
  ];
  await run('toolscore eval gold.json trace.json --llm-judge --llm-model gpt-4.1-mini', evalArgs);
  await run(
    'toolscore eval gold.json trace.json --llm-judge --llm-model gpt-4.1-mini   (again: the cache answers)',
    evalArgs,
  );
} finally {
  await judge.close();
  rmSync(scratch, { recursive: true, force: true });
}
