import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, readCorpusJson } from '../corpus.js';
import { CLI, EXAMPLES, childEnv, runCli, useScratchFolder } from './run-cli.js';

/*
 * The GitHub Action: action.yml checked against SchemaStore's schema of action metadata, and its one
 * step (action/run.sh) run here as the runner would, with fake GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
 * files and the built CLI in place of `npx toolscore@<version>`.
 */
const ACTION = parse(readFileSync(resolve(REPO_ROOT, 'action.yml'), 'utf8')) as Record<string, any>;
const RUN_SH = resolve(REPO_ROOT, 'action/run.sh');
const folder = useScratchFolder('toolscore-action-');

interface StepRun {
  code: number;
  outputs: Record<string, string>;
  summary: string;
  stderr: string;
}

/** Runs the action's step with `inputs` (by input name), as the runner would set them up. */
function runStep(inputs: Record<string, string>, name: string): Promise<StepRun> {
  const outputFile = join(folder.root(), `${name}.output`);
  const summaryFile = join(folder.root(), `${name}.summary.md`);
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    TOOLSCORE_BIN: `${process.execPath} ${CLI}`,
    TOOLSCORE_ACTION_PATH: REPO_ROOT,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
  };
  // The defaults action.yml declares, then the inputs given: INPUT_<NAME> as in the step's env.
  for (const [input, spec] of Object.entries<Record<string, unknown>>(ACTION.inputs))
    if (spec.default !== undefined) env[`INPUT_${input.toUpperCase().replace(/-/g, '_')}`] = String(spec.default);
  for (const [input, value] of Object.entries(inputs)) env[`INPUT_${input.toUpperCase().replace(/-/g, '_')}`] = value;
  return new Promise((done) => {
    execFile('bash', [RUN_SH], { cwd: REPO_ROOT, env: childEnv(env), timeout: 120_000 }, (error, _stdout, stderr) => {
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      done({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        outputs,
        summary: readFileSync(summaryFile, 'utf8'),
        stderr,
      });
    });
  });
}

describe('action.yml', () => {
  it("is valid action metadata by SchemaStore's schema, and a composite action of one step", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(readCorpusJson('schemastore', 'github-action.json') as object);
    expect(validate(ACTION), JSON.stringify(validate.errors)).toBe(true);
    // The check can fail: a misspelt runner, an output without its value, a step without a shell.
    expect(validate({ ...ACTION, runs: { ...ACTION.runs, using: 'composit' } })).toBe(false);
    expect(validate({ ...ACTION, outputs: { score: { description: 'x' } } })).toBe(false);
    expect(validate({ ...ACTION, runs: { using: 'composite', steps: [{ run: 'echo' }] } })).toBe(false);
    expect(ACTION.runs.using).toBe('composite');
    expect(ACTION.runs.steps).toHaveLength(1);
  });

  it('passes every input to the step and takes every output from it', () => {
    const step = ACTION.runs.steps[0];
    for (const input of Object.keys(ACTION.inputs))
      expect([input, step.env[`INPUT_${input.toUpperCase().replace(/-/g, '_')}`]]).toEqual([
        input,
        `\${{ inputs.${input} }}`,
      ]);
    const script = readFileSync(RUN_SH, 'utf8');
    for (const output of Object.keys(ACTION.outputs)) {
      expect([output, ACTION.outputs[output].value]).toEqual([output, `\${{ steps.toolscore.outputs.${output} }}`]);
      expect([output, script.includes(`output ${output} `)]).toEqual([output, true]);
    }
    expect(Object.keys(ACTION.outputs)).toEqual(['score', 'grade', 'required-call-recall', 'violations', 'passed']);
  });
});

describe('the action step, run here', () => {
  it('gold and trace: the outputs of the bundled example, and its verdict in the job summary', async () => {
    const run = await runStep({ gold: EXAMPLES.gold, trace: EXAMPLES.trace, 'min-score': '0.8' }, 'eval');
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toEqual({
      score: '0.835',
      grade: 'B',
      'required-call-recall': '0.75',
      violations: '0',
      passed: 'true',
    });
    expect(run.summary).toContain('Toolscore evaluation: WARN: score 83.5%, grade B');
  });

  it('a forbidden call with fail-on-violations fails the step, with passed false', async () => {
    const run = await runStep(
      { gold: EXAMPLES.gold, trace: EXAMPLES.trace, forbidden: EXAMPLES.forbidden, 'fail-on-violations': 'true' },
      'violations',
    );
    expect(run.code).toBe(1);
    expect(run.outputs.violations).toBe('1');
    expect(run.outputs.passed).toBe('false');
  });

  it('a batch dataset: the mean score and the aggregate in the job summary', async () => {
    const run = await runStep({ dataset: resolve(REPO_ROOT, 'examples/batch/cases.jsonl') }, 'batch');
    expect(run.code, run.stderr).toBe(0);
    // (0.835 + 1 + 0) / 3
    expect(Number(run.outputs.score)).toBeCloseTo((0.835 + 1) / 3, 12);
    expect(run.outputs.grade).toBe('D');
    expect(run.outputs.passed).toBe('true');
    expect(run.summary.length).toBeGreaterThan(0);
  });

  it('a batch dataset with a case that cannot be read fails the step, unless max-errors allows it', async () => {
    const dataset = join(folder.root(), 'lost.jsonl');
    writeFileSync(
      dataset,
      `${JSON.stringify({ id: 'a', expected: [{ tool: 's' }], actual: [{ tool: 's' }] })}\nnot json\n`,
    );
    const lost = await runStep({ dataset }, 'batch-lost');
    expect([lost.code, lost.outputs.passed]).toEqual([1, 'false']);
    const allowed = await runStep({ dataset, 'max-errors': '1' }, 'batch-lost-allowed');
    expect([allowed.code, allowed.outputs.score, allowed.outputs.passed]).toEqual([0, '1', 'true']);
  });

  it('a dataset with trials: min-pass-hat-k gates, as k=X separated by commas or new lines', async () => {
    // weather passes 3 of 3 trials, refund 2 of 3, rebook 0 of 3 (docs/trials.md): pass^1 = 5/9, pass^3 = 1/3.
    const call = (tool: string, args: Record<string, unknown>) => [{ tool, args }];
    const rows = [
      ...[1, 2, 3].map((trial) => ({
        id: 'weather',
        trial,
        expected: call('w', { c: 1 }),
        actual: call('w', { c: 1 }),
      })),
      ...[1, 2, 3].map((trial) => ({
        id: 'refund',
        trial,
        expected: call('refund', { o: 7 }),
        actual: call(trial === 2 ? 'cancel' : 'refund', { o: 7 }),
      })),
      ...[1, 2, 3].map((trial) => ({ id: 'rebook', trial, expected: call('rebook', { f: 1 }), actual: [] })),
    ];
    const dataset = join(folder.root(), 'trials.jsonl');
    writeFileSync(dataset, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    const below = await runStep({ dataset, 'min-pass-hat-k': '1=0.5, 3=0.5' }, 'trials-below');
    expect([below.code, below.outputs.passed]).toEqual([1, 'false']);
    expect(below.stderr).toContain('pass^3 0.3333333333333333 is below --min-pass-hat-k 3=0.5');
    expect(below.summary).toContain('pass^');
    const met = await runStep({ dataset, 'min-pass-hat-k': '1=0.5\n3=0.3\n' }, 'trials-met');
    expect([met.code, met.outputs.passed], met.stderr).toEqual([0, 'true']);
    const malformed = await runStep({ dataset, 'min-pass-hat-k': '3:0.5' }, 'trials-malformed');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--min-pass-hat-k');

    // Its own baseline: nothing regressed, and the trials compared in the job summary.
    const baseline = join(folder.root(), 'trials-baseline.json');
    const saved = await runCli(['batch', dataset, '--no-progress', '--save-baseline', baseline]);
    expect(saved.code, saved.stderr).toBe(0);
    const same = await runStep({ dataset, baseline }, 'trials-baseline');
    expect(same.code, same.stderr).toBe(0);
    expect(same.summary).toContain('Trials (a success is a PASS verdict): cases run in both: 3');
  });

  it('with a baseline, a regression fails the step and its table lands in the summary', async () => {
    const baseline = join(folder.root(), 'baseline.json');
    const saved = await runCli([
      'eval',
      EXAMPLES.gold,
      EXAMPLES.trace,
      '-o',
      join(folder.root(), 'r.json'),
      '--save-baseline',
      baseline,
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    const calls = JSON.parse(readFileSync(EXAMPLES.trace, 'utf8')) as unknown[];
    const worse = join(folder.root(), 'worse.json');
    writeFileSync(worse, JSON.stringify(calls.slice(0, -1)));
    const same = await runStep({ gold: EXAMPLES.gold, trace: EXAMPLES.trace, baseline }, 'baseline-same');
    expect(same.code, same.stderr).toBe(0);
    expect(same.summary).toContain('| Metric | Baseline | Now | Delta | Status |');
    const regressed = await runStep({ gold: EXAMPLES.gold, trace: worse, baseline }, 'baseline-worse');
    expect(regressed.code).toBe(1);
    expect(regressed.outputs.passed).toBe('false');
  });

  it('an MCP server: the scorecard grade and score; fail-under decides', async () => {
    const server = `${process.execPath} ${resolve(REPO_ROOT, 'dist/mcp/sample-server-main.js')}`;
    const run = await runStep({ 'mcp-server': server, 'fail-under': 'F' }, 'mcp');
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs.grade).toMatch(/^[A-F]$/);
    expect(Number(run.outputs.score)).toBeGreaterThan(0);
    expect(run.outputs.passed).toBe('true');
    expect(run.summary).toContain('MCP scorecard');
  });

  it('no inputs: one line saying what to give, passed false', async () => {
    const run = await runStep({}, 'nothing');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('toolscore action: give gold and trace, or dataset, or mcp-server\n');
    expect(run.outputs.passed).toBe('false');
  });
});

describe('action/run.sh: the store input', () => {
  it('keeps the eval and the batch run in the store it names', async () => {
    const store = join(folder.root(), 'action-runs.db');
    const evaluated = await runStep({ gold: EXAMPLES.gold, trace: EXAMPLES.trace, store }, 'store-eval');
    expect([evaluated.code, evaluated.outputs.score], evaluated.stderr).toEqual([0, '0.835']);
    const dataset = resolve(REPO_ROOT, 'examples/batch/cases.jsonl');
    const batch = await runStep({ dataset, store }, 'store-batch');
    expect(batch.code, batch.stderr).toBe(0);
    const listed = await runCli(['runs', 'list', '--json', '--store', store]);
    const runs = JSON.parse(listed.stdout) as { total: number; items: { command: string; cases: number }[] };
    expect(runs.items.map((run) => [run.command, run.cases])).toEqual([
      ['batch', 3],
      ['eval', 1],
    ]);
  });
});
