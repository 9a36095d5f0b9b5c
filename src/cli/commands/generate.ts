import { ToolscoreInputError } from '../../core/errors.js';
import { readJsonFile } from '../../io/files.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { readToolCatalogue } from '../../schemas/catalogue.js';
import { MAX_GENERATED_CASES, generateGoldCases, type GeneratedCase } from '../../schemas/generate-gold.js';
import { displayText } from '../../reports/text.js';
import { STDOUT_NAME } from '../output-text.js';
import { generatedText, shortToolText, skippedToolText, tooManyCasesText } from './generate-text.js';
import { checkOutputPaths } from '../output-paths.js';
import { numberFlag } from '../scoring-flags.js';

/** Flags of `toolscore generate`, as commander parsed them. */
export interface GenerateFlags {
  /** The tool catalogue: OpenAI, Anthropic or MCP tools/list definitions. */
  tools: string;
  /** Cases per tool, as typed. */
  n: string;
  /** False after `--no-edge-cases`. */
  edgeCases: boolean;
  /** Any text: the same seed gives the same file. */
  seed: string;
  /** Write a batch dataset (one case per line) instead of one gold file. */
  cases?: boolean;
  output?: string;
}

function goldFileText(cases: readonly GeneratedCase[]): string {
  return `${JSON.stringify(
    cases.map((one) => ({ tool: one.tool, args: one.args })),
    null,
    2,
  )}\n`;
}

/** A batch dataset: each case on its own, `actual` left empty for the agent's calls. */
function datasetText(cases: readonly GeneratedCase[]): string {
  return cases
    .map((one) => `${JSON.stringify({ id: one.id, expected: [{ tool: one.tool, args: one.args }], actual: [] })}\n`)
    .join('');
}

/**
 * `toolscore generate --tools tools.json`: expected calls whose arguments satisfy each tool's schema.
 * Returns 0 when written; bad input, or a catalogue no case could be made from, throws (exit 2).
 */
export async function runGenerate(flags: GenerateFlags): Promise<number> {
  const perTool = numberFlag(flags.n, '-n', true)!;
  if (perTool < 1) throw new ToolscoreInputError({ source: '-n' }, `expected at least 1 case per tool, got ${flags.n}`);
  if (perTool > MAX_GENERATED_CASES)
    throw new ToolscoreInputError({ source: '-n' }, tooManyCasesText(perTool, 1, MAX_GENERATED_CASES));
  if (flags.output !== undefined && flags.output !== '-')
    checkOutputPaths(
      [['--output', flags.output, flags.cases ? 'the dataset' : 'the gold file']],
      [['tools file', flags.tools]],
    );
  const catalogue = readToolCatalogue(await readJsonFile(flags.tools), flags.tools);
  if (catalogue.size === 0)
    throw new ToolscoreInputError({ source: flags.tools }, 'the catalogue lists no tool: nothing to generate');
  if (perTool * catalogue.size > MAX_GENERATED_CASES)
    throw new ToolscoreInputError({ source: '-n' }, tooManyCasesText(perTool, catalogue.size, MAX_GENERATED_CASES));
  const { cases, skipped, short } = generateGoldCases(catalogue, {
    perTool,
    edgeCases: flags.edgeCases,
    seed: flags.seed,
  });
  for (const { tool, reason } of skipped) process.stderr.write(`${displayText(skippedToolText(tool, reason))}\n`);
  for (const { tool, asked, made } of short) process.stderr.write(`${displayText(shortToolText(tool, asked, made))}\n`);
  if (cases.length === 0)
    throw new ToolscoreInputError(
      { source: flags.tools },
      'no tool of the catalogue has a schema any arguments satisfy',
    );
  const text = flags.cases ? datasetText(cases) : goldFileText(cases);
  const toStdout = flags.output === undefined || flags.output === '-';
  if (toStdout) process.stdout.write(text);
  else await writeFileAtomic(flags.output!, text);
  const counts = { normal: 0, boundary: 0, edge: 0 };
  for (const one of cases) counts[one.kind]++;
  const where = toStdout ? STDOUT_NAME : flags.output!;
  // The file (or stdout) holds only the gold; what was written is said on stderr when stdout is the gold.
  (toStdout ? process.stderr : process.stdout).write(
    `${displayText(generatedText(where, counts, catalogue.size - skipped.length, flags.cases === true))}\n`,
  );
  return 0;
}
