import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { evaluateTrace } from '../../src/evaluation/evaluate-trace.js';
import { buildJsonReport, generateJsonReport } from '../../src/reports/json.js';
import { REPO_ROOT } from '../corpus.js';
import { runCli, useScratchFolder } from './run-cli.js';

const scratch = useScratchFolder('toolscore-library-report-');

describe('the library JSON report', () => {
  it('equals the CLI report for the bundled example, apart from the timestamp', async () => {
    const dir = scratch.fresh();
    // Paths as a user types them, relative to the folder the command runs in.
    const goldFile = relative(dir, join(REPO_ROOT, 'examples/gold.json'));
    const traceFile = relative(dir, join(REPO_ROOT, 'examples/trace.json'));
    const run = await runCli(['eval', goldFile, traceFile, '-o', 'cli.json'], { cwd: dir });
    expect(run.code).toBe(0);
    const cli = JSON.parse(readFileSync(join(dir, 'cli.json'), 'utf8')) as Record<string, unknown>;

    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const result = await evaluateTrace({ goldFile, traceFile });
      expect([result.goldFile, result.traceFile]).toEqual([goldFile, traceFile]);
      await generateJsonReport(result, 'library.json');
    } finally {
      process.chdir(cwd);
    }
    const library = JSON.parse(readFileSync(join(dir, 'library.json'), 'utf8')) as Record<string, unknown>;
    expect(library.gold_file).toBe(goldFile);
    expect(library.trace_file).toBe(traceFile);
    expect({ ...library, timestamp: null }).toEqual({ ...cli, timestamp: null });
  });

  it('names no files for in-memory calls, and the files given to it over the remembered ones', async () => {
    const result = await evaluateTrace({
      goldFile: join(REPO_ROOT, 'examples/gold.json'),
      traceFile: join(REPO_ROOT, 'examples/trace.json'),
    });
    const report = buildJsonReport(result, { goldFile: 'g.json', traceFile: 't.json' });
    expect([report.gold_file, report.trace_file]).toEqual(['g.json', 't.json']);
    const inMemory = buildJsonReport(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }));
    expect([inMemory.gold_file, inMemory.trace_file]).toEqual([null, null]);
  });
});
