import { mkdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { readWithAdapter } from '../../formats/auto.js';
import { adkFormat, isADKEvalData } from '../../formats/readers/adk.js';
import { runSource, runsOf } from '../../formats/runs.js';
import { describeKeys } from '../../formats/support/call-collector.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { safeJsonFileName } from '../../io/file-name.js';
import { readTextFile } from '../../io/files.js';
import { parseJson } from '../../io/json.js';
import { renderWarnings } from '../../reports/console.js';
import { displayText } from '../../reports/text.js';
import { checkOutputPaths } from '../output-paths.js';
import { colorEnabled } from '../terminal.js';
import { goldFileText } from './gold-file.js';
import { type GoldArgsMode, goldWrittenText, notADKEvalDataText, severalCasesText } from './gold-text.js';

/** The flags of `toolscore gold` that `--from-adk` reads (the command's usage already checked). */
export interface AdkGoldFlags {
  /** Trace format name: `auto` or `adk`. */
  format: string;
  /** The gold file of a one-case file; stdout when absent (and no `outDir`). */
  output?: string | undefined;
  /** The folder of one gold file per eval case. */
  outDir?: string | undefined;
  args: GoldArgsMode;
  color: boolean;
}

/** One eval case of the file: its id, the data that holds it, and the source its messages name. */
interface EvalCase {
  id: string;
  data: unknown;
  source: string;
}

/**
 * The eval cases of ADK eval data, each read as the `adk` reader reads it (one run of a file of
 * several, named `file#id`). A file of one case is read whole; its id is its `eval_id` (a first eval
 * set's `name`), or for `*.test.json` turns, which have none, the file's name without `.test.json`.
 */
function evalCases(data: unknown, path: string): EvalCase[] {
  const runs = runsOf(adkFormat, data);
  if (runs !== undefined) return runs.map((run) => ({ id: run.id, data: run.data, source: runSource(path, run.id) }));
  const split = adkFormat.runs?.split(data);
  if (split !== undefined && split.length === 0)
    throw new ToolscoreInputError({ source: path }, 'holds no eval cases: there is nothing to convert');
  const own = split?.[0]?.id ?? (isObject(data) ? (data.eval_id ?? data.evalId) : undefined);
  const id = typeof own === 'string' && own !== '' ? own : basename(path).replace(/(\.test|\.evalset)?\.json$/i, '');
  return [{ id, data, source: path }];
}

/**
 * `toolscore gold --from-adk EVALSET [-o GOLD | --out-dir DIR]`: each eval case becomes a gold file,
 * the expected calls of each invocation (`intermediate_data.tool_uses`, `*.test.json`
 * `expected_tool_use`) its turn, the invocation's user text the turn's `user`, as `--from-trace` writes
 * a conversation (a case of one invocation is a flat gold file). A file of several cases needs
 * `--out-dir`: one file each, named by the case's id made safe. Returns 0; bad input throws (exit 2).
 */
export async function runGoldFromAdk(path: string, flags: AdkGoldFlags): Promise<number> {
  if (flags.format !== 'auto' && flags.format !== 'adk')
    throw new ToolscoreInputError({ source: '--format' }, '--from-adk reads ADK eval data (format adk); leave -f out');
  const output = flags.output;
  if (output !== undefined) checkOutputPaths([['--output', output, 'the gold file']], [['eval set', path]]);
  if (flags.outDir !== undefined) await checkFolder(flags.outDir, path);
  const data = parseJson(await readTextFile(path), path);
  if (!isADKEvalData(data))
    throw new ToolscoreInputError({ source: path }, notADKEvalDataText(describeKeys(data), adkFormat.detect(data)));
  const cases = evalCases(data, path);
  if (cases.length > 1 && flags.outDir === undefined)
    throw new ToolscoreInputError(
      { source: path },
      severalCasesText(
        cases.map((each) => each.id),
        output !== undefined,
      ),
    );
  const written = cases.map((each) => {
    const reading = readWithAdapter(adkFormat, each.data, each.source, true);
    const file = flags.outDir === undefined ? output : join(flags.outDir, safeJsonFileName(each.id, 'case'));
    return { each, reading, file, gold: goldFileText(reading.calls, reading.userMessages, flags.args, each.source) };
  });
  if (flags.outDir !== undefined) {
    checkOutputPaths(
      written.map(({ file }) => ['--out-dir', file!, 'a gold file'] as const),
      [['eval set', path]],
    );
    await mkdir(flags.outDir, { recursive: true });
  }
  const color = colorEnabled(flags.color, process.stderr);
  for (const { each, reading, file, gold } of written) {
    if (file === undefined) process.stdout.write(gold.text);
    else {
      await writeFileAtomic(file, gold.text);
      process.stdout.write(
        `${goldWrittenText({
          output: displayText(file),
          calls: gold.calls,
          turns: gold.turns,
          trace: displayText(each.source),
          format: adkFormat.name,
          args: flags.args,
          volatile: gold.volatile,
        })}\n`,
      );
    }
    process.stderr.write(renderWarnings(reading.warnings, { color }));
  }
  return 0;
}

/** `--out-dir` names a folder, or nothing yet (it is made); never a file, nor the eval set. */
async function checkFolder(folder: string, path: string): Promise<void> {
  checkOutputPaths([['--out-dir', folder, 'the gold files']], [['eval set', path]]);
  const existing = await stat(folder).catch(() => undefined);
  if (existing !== undefined && !existing.isDirectory())
    throw new ToolscoreInputError({ source: '--out-dir' }, `${folder} exists and is not a folder`);
}
