import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './corpus.js';
import { runProgram } from './e2e/run-cli.js';

/*
 * Every tutorial in examples/tutorials runs, and prints what its comments say (worked out by hand). They
 * import 'toolscore' as a user would, which is the build: loaded at run time, after `npm run build`, so
 * the typecheck (which runs first) does not follow them. They are plain ESM (.mjs, checked by editors
 * through `// @ts-check`), so the command each names runs with Node alone: Node 20 runs no TypeScript.
 */
type Tutorial = (print: (line: string) => void) => Promise<void>;

const TUTORIALS = ['quickstart', 'custom-formats', 'advanced-metrics', 'stacks'];

const file = (name: string): string => resolve(REPO_ROOT, 'examples/tutorials', `${name}.mjs`);

async function printed(name: string): Promise<string[]> {
  const url = pathToFileURL(file(name)).href;
  const { tutorial } = (await import(url)) as { tutorial: Tutorial };
  const lines: string[] = [];
  await tutorial((line) => lines.push(line));
  return lines;
}

describe('the command each tutorial names', () => {
  it.each(TUTORIALS)('%s runs with what is installed and prints what the tutorial prints', async (name) => {
    const header = /^ \* {3}npm run build && (node examples\/tutorials\/[\w-]+\.mjs)$/m.exec(
      readFileSync(file(name), 'utf8'),
    );
    expect(header?.[1]).toBe(`node examples/tutorials/${name}.mjs`);
    const run = await runProgram(process.execPath, [`examples/tutorials/${name}.mjs`], { cwd: REPO_ROOT });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${(await printed(name)).join('\n')}\n`);
  });
});

describe('examples/tutorials', () => {
  it('quickstart: an added argument, extra_args allow, the bundled example', async () => {
    expect(await printed('quickstart')).toEqual([
      // F1 2/3: 0.4 + 0.2 + 0.2 + 0.1.
      'score 0.900, grade A, argument F1 0.667',
      'with "extra_args": "allow": score 1',
      'examples/: score 0.835, grade B, verdict WARN',
      '  - book_flight failed: "Payment declined: card expired" and was not retried successfully',
      '  - search_flights called with different arguments: destination: expected "LIS", got "OPO"',
      '  - unexpected call to charge_card',
    ]);
  });

  it('custom formats: common names read as they are, an own shape mapped, its failure found', async () => {
    expect(await printed('custom-formats')).toEqual([
      'logged shape: search_flights, book_flight; score 1',
      'mapped shape: score 1, required call recall 0.5',
      '  warning: 1 of 2 tool calls failed (book_flight)',
    ]);
  });

  it('advanced metrics: the selection guide on the bundled example, weights, strict mode', async () => {
    expect(await printed('advanced-metrics')).toEqual([
      'right tools at all?              selection_accuracy     0.800',
      'right arguments?                 argument_metrics.f1    0.917',
      'right order?                     sequence_accuracy      0.800',
      'looping or repeating?            redundant_rate         0.200',
      'did the required calls succeed?  required_call_recall   0.750',
      // Steps 1 and 3 match of 4, over 5 calls made: 0.5 · 4/5.
      'step by step on the path?        trajectory_accuracy    0.400',
      // (0.835 + 0.3 · 0.75) / 1.3 = 0.81538…
      'weighted with required_call_recall=0.3: 0.815',
      'lenient 1.000, strict 0.700',
    ]);
  });

  it('one recording of each stack, scored', async () => {
    expect(await printed('stacks')).toEqual([
      'OpenAI         make_file, read_file: score 1.000 A',
      'Anthropic      make_file, read_file: score 1.000 A',
      'Vercel AI SDK  get_weather: score 1.000 A',
      'OpenAI Agents  web_search: score 1.000 A',
      'LangGraph.js   search: score 1.000 A',
      // Four expected of five made (the refused create_entities is extra): 0.4 + 0.3 + 0.2 · 4/5 + 0.1 · 4/5.
      'MCP            create_entities, create_relations, search_nodes, read_graph, create_entities: score 0.940 A, 1 failed',
    ]);
  });
});
