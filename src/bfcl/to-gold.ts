import { ToolscoreInputError } from '../core/errors.js';
import { MAX_WRITABLE_NAME_BYTES } from '../io/atomic-write.js';
import { goldNameCollisionText, goldNameTooLongText } from './text.js';
import { answerCalls, entryObject, offeredFunctions } from './decode.js';
import { type BfclQuestion, type BfclSources, planBfclQuestions } from './files.js';
import { type BfclGold, agenticGold, bfclGold } from './gold.js';
import { agenticAnswerTexts } from './agentic.js';
import { type BfclTurnsGold, multiTurnGold } from './multi-turn.js';
import type { BfclSummary, ParameterNames } from './types.js';

/** One entry's gold file. */
export interface BfclGoldFile {
  id: string;
  category: string;
  /** `<id>.json`, with the characters file systems refuse written `_`. */
  name: string;
  /** A multi-turn entry's gold is a conversation: `{"turns": [...]}`. */
  gold: BfclGold | BfclTurnsGold;
}

/**
 * The possible answers of the questions' judged categories as ordinary gold files (see `bfclGold`),
 * one per entry, in category and file order.
 */
export async function bfclGoldFiles(
  sources: Omit<BfclSources, 'results'>,
): Promise<{ files: BfclGoldFile[]; skipped: BfclSummary['skipped'] }> {
  const { questions, skipped, parameters } = await planBfclQuestions(sources);
  const files = questions.map((entry) => goldFile(entry, parameters));
  checkNames(files);
  return { files, skipped };
}

/**
 * Every file name is checked before anything is written: two ids that give one name (`a/b` and `a_b`,
 * or names that differ only in case, one file on macOS and Windows) would overwrite each other, and a
 * name too long to write would fail with part of the files written.
 */
function checkNames(files: readonly BfclGoldFile[]): void {
  const first = new Map<string, string>();
  for (const { id, name } of files) {
    if (Buffer.byteLength(name) > MAX_WRITABLE_NAME_BYTES)
      throw new ToolscoreInputError({ source: '--to-gold' }, goldNameTooLongText(id, MAX_WRITABLE_NAME_BYTES));
    const key = name.toLowerCase();
    const earlier = first.get(key);
    if (earlier !== undefined)
      throw new ToolscoreInputError({ source: '--to-gold' }, goldNameCollisionText(earlier, id, name));
    first.set(key, id);
  }
}

/** An entry id as a file name: path separators and other characters file systems refuse become `_`. */
function fileName(id: string): string {
  const name = id.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_');
  return `${name === '' || name === '.' || name === '..' ? `_${name}` : name}.json`;
}

function goldFile(entry: BfclQuestion, parameters: ParameterNames | undefined): BfclGoldFile {
  const question = entryObject(entry.question, entry.where, false);
  const name = fileName(entry.id);
  if (entry.kind === 'multi_turn') {
    const answer = entryObject(entry.answer ?? 'null', `possible answer ${entry.id}`, true);
    return {
      id: entry.id,
      category: entry.category,
      name,
      gold: multiTurnGold(question, answer, parameters, entry.id),
    };
  }
  if (entry.kind === 'agentic') {
    const source = `possible answer ${entry.id}`;
    const answer = entryObject(entry.answer ?? 'null', source, true);
    return { id: entry.id, category: entry.category, name, gold: agenticGold(agenticAnswerTexts(answer, source)) };
  }
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
    name,
    gold: bfclGold(entry.kind, entry.category, entry.ruleset, functions, answers),
  };
}
