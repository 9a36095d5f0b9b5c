import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { planBfclRun } from '../../bfcl/files.js';
import { evaluateBfcl } from '../../bfcl/run.js';
import { renderBfclConsole, renderBfclHtml, renderBfclMarkdown } from '../../bfcl/report.js';
import { bfclGoldFiles } from '../../bfcl/to-gold.js';
import type { BfclLine } from '../../bfcl/types.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { displayText } from '../../reports/text.js';
import {
  BFCL_FILE_LABELS,
  MISSING_QUESTIONS,
  MISSING_RESULTS,
  goldWrittenText,
  progressText,
  skippedText,
  unreadableText,
} from '../../bfcl/text.js';
import { checkOutputPaths, type OutputFile } from '../output-paths.js';
import { numberFlag } from '../scoring-flags.js';
import { LiveLine } from '../terminal.js';
import { keeping, startKeeping, type StoreFlags } from '../store-run.js';

/** Flags of `toolscore bfcl`, as commander parsed them. */
export interface BfclFlags extends StoreFlags {
  questions?: string;
  answers?: string;
  results?: string;
  /** The verdicts, one JSON line per entry. */
  output?: string;
  /** The per-category counts, as JSON. */
  summary?: string;
  html?: string;
  markdown?: string;
  /** `--jobs N` as typed. */
  jobs?: string;
  /** False after `--no-underscore-to-dot`. */
  underscoreToDot: boolean;
  /** Write each possible answer as a gold file into this folder, and judge nothing. */
  toGold?: string;
  /** False after `--no-progress`. */
  progress: boolean;
}

/** How many unreadable entries the console lists (all of them are in the verdicts file). */
const SHOWN_UNREADABLE = 10;

/**
 * `toolscore bfcl --questions Q --answers A --results R`: the leaderboard's verdict of every entry,
 * with toolscore's diagnosis beside it; or `--to-gold DIR`: the possible answers as gold files.
 * Returns 0; bad input throws (exit 2). A BFCL run gates nothing.
 */
export async function runBfcl(flags: BfclFlags): Promise<number> {
  if (flags.questions === undefined) throw new ToolscoreInputError({ source: '--questions' }, MISSING_QUESTIONS);
  if (flags.toGold !== undefined) return writeGold(flags.questions, flags.answers, flags.toGold);
  if (flags.results === undefined) throw new ToolscoreInputError({ source: '--results' }, MISSING_RESULTS);
  const jobs = numberFlag(flags.jobs, '--jobs', true) ?? 1;
  if (jobs < 1) throw new ToolscoreInputError({ source: '--jobs' }, 'expected at least 1 job');
  const outputs = (
    [
      ['--output', flags.output],
      ['--summary', flags.summary],
      ['--html', flags.html],
      ['--markdown', flags.markdown],
    ] as const
  ).flatMap(([flag, path]): OutputFile[] => (path === undefined ? [] : [[flag, path, 'the verdicts']]));
  // Planned first: the files it reads are what no output may be written over.
  const plan = await planBfclRun({ questions: flags.questions, answers: flags.answers, results: flags.results });
  checkOutputPaths(
    outputs,
    plan.files.map((file) => ['input file', file] as const),
  );
  const keep = await startKeeping(flags, 'bfcl', { args: [], flags, gold: flags.answers ?? flags.questions });
  return keeping(keep, async () => {
    const progress = new LiveLine(flags.progress);
    const run = evaluateBfcl(plan, {
      jobs,
      underscoreToDot: flags.underscoreToDot,
      onProgress: ({ done, total }) => progress.draw(() => progressText(done, total)),
    });
    // Kept for the reports and the console's list of unreadable entries; a BFCL run is thousands of entries, not millions.
    const lines: BfclLine[] = [];
    let text = '';
    for await (const line of run) {
      lines.push(line);
      text += `${JSON.stringify(line)}\n`;
    }
    progress.end();
    const summary = run.summary();
    if (flags.output !== undefined) await writeFileAtomic(flags.output, text);
    if (flags.summary !== undefined) await writeFileAtomic(flags.summary, `${JSON.stringify(summary, null, 2)}\n`);
    if (flags.markdown !== undefined) await writeFileAtomic(flags.markdown, renderBfclMarkdown(summary, lines));
    if (flags.html !== undefined)
      await writeFileAtomic(flags.html, renderBfclHtml(summary, lines, new Date().toISOString()));
    process.stdout.write(renderBfclConsole(summary));
    const unreadable = lines.filter((line) => !('valid' in line));
    if (unreadable.length > 0) {
      process.stdout.write(`${unreadableText(unreadable.length)}\n`);
      for (const line of unreadable.slice(0, SHOWN_UNREADABLE))
        process.stdout.write(`  ${displayText(String((line as { error: string }).error))}\n`);
    }
    for (const [flag, path] of outputs) process.stdout.write(`${BFCL_FILE_LABELS[flag]}: ${displayText(path)}\n`);
    if (keep !== undefined) {
      await keep.writer.addText(text);
      process.stdout.write(`${await keep.commit(summary)}\n`);
    }
    return 0;
  });
}

async function writeGold(questions: string, answers: string | undefined, folder: string): Promise<number> {
  checkOutputPaths(
    [['--to-gold', folder, 'the gold files']],
    [
      ['questions', questions],
      ['possible answers', answers],
    ],
  );
  const existing = await stat(folder).catch(() => undefined);
  if (existing !== undefined && !existing.isDirectory())
    throw new ToolscoreInputError({ source: '--to-gold' }, `${folder} exists and is not a folder`);
  const { files, skipped } = await bfclGoldFiles({ questions, answers });
  await mkdir(folder, { recursive: true });
  for (const file of files) await writeFileAtomic(join(folder, file.name), `${JSON.stringify(file.gold, null, 2)}\n`);
  for (const s of skipped) process.stdout.write(`${displayText(skippedText(s.category, s.reason))}\n`);
  process.stdout.write(`${displayText(goldWrittenText(files.length, folder))}\n`);
  return 0;
}
