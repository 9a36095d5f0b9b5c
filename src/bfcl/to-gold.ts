import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import { parseJson } from '../io/json.js';
import { answerCalls, offeredFunctions } from './decode.js';
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
  const question = objectOf(entry.question, entry.where);
  const functions = offeredFunctions(question, entry.where);
  const answers =
    entry.kind === 'ast'
      ? answerCalls(
          objectOf(entry.answer ?? 'null', `possible answer ${entry.id}`),
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

function objectOf(text: string, source: string): Record<string, unknown> {
  const value = parseJson(text, source, { keepNumberKinds: true });
  if (!isObject(value))
    throw new ToolscoreInputError({ source }, `expected an entry object, got ${describeType(value)}`);
  return value;
}
