import { mergeResults } from '../../batch/merge.js';
import { expandPatterns } from '../../batch/sources.js';
import { checkOutputPaths } from '../output-paths.js';
import { parseMinScore } from '../scoring-flags.js';
import {
  STDOUT_PATH,
  batchOutputs,
  finishRun,
  parseMaxErrors,
  parseMinPassHatK,
  type BatchOutputFlags,
} from './batch-output.js';

/** Flags of `toolscore merge`, as commander parsed them. */
export type MergeFlags = BatchOutputFlags;

/**
 * `toolscore merge RESULTS...`: the shards' results files as one run: the lines in dataset order, and
 * the summary and reports an unsharded run writes.
 */
export async function runMerge(files: string[], flags: MergeFlags): Promise<number> {
  const minScore = flags.minScore === undefined ? undefined : parseMinScore(flags.minScore);
  const maxErrors = parseMaxErrors(flags);
  const passHatK = parseMinPassHatK(flags);
  // Patterns are expanded here too, for shells (and CI steps) that pass them quoted.
  const paths = await expandPatterns(files, 'merge');
  checkOutputPaths(
    batchOutputs(flags),
    paths.map((path) => ['results file', path] as const),
  );
  const run = mergeResults(paths, minScore === undefined ? {} : { minScore });
  return finishRun(run, flags, {
    minScore,
    maxErrors,
    passHatK,
    print: flags.output === STDOUT_PATH ? process.stderr : process.stdout,
  });
}
