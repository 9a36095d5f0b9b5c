import { answerCalls, entryObject, offeredFunctions } from './decode.js';
import { type BfclQuestion, type BfclSources, planBfclQuestions } from './files.js';
import { type BfclGold, bfclGold } from './gold.js';
import type { BfclSummary } from './types.js';

/** One entry's gold file. */
export interface BfclGoldFile {
  id: string;
  category: string;
  gold: BfclGold;
}

/**
 * The possible answers of the questions' judged categories as ordinary gold files (see `bfclGold`),
 * one per entry, in category and file order.
 */
export async function bfclGoldFiles(
  sources: Omit<BfclSources, 'results'>,
): Promise<{ files: BfclGoldFile[]; skipped: BfclSummary['skipped'] }> {
  const { questions, skipped } = await planBfclQuestions(sources);
  return { files: questions.map(goldFile), skipped };
}

function goldFile(entry: BfclQuestion): BfclGoldFile {
  const question = entryObject(entry.question, entry.where, false);
  const functions = offeredFunctions(question, entry.where);
  const answers =
    entry.kind === 'ast'
      ? answerCalls(
          entryObject(entry.answer ?? 'null', `possible answer ${entry.id}`, true),
          entry.ruleset,
          `possible answer ${entry.id}`,
        )
      : [];
  return {
    id: entry.id,
    category: entry.category,
    gold: bfclGold(entry.kind, entry.category, entry.ruleset, functions, answers),
  };
}
