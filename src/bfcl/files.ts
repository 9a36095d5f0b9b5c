import { readdir, stat } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import { readError, readJsonFile } from '../io/files.js';
import { looksLikeJsonLines, readJsonLines } from '../io/jsonl.js';
import { jsonTextWithKinds } from '../match/number-kinds.js';
import {
  type CategoryFile,
  type CategoryKind,
  categoryEntryId,
  categoryFile,
  dataCategory,
  planCategory,
  servedCategories,
} from './categories.js';
import { readParameterNames } from './multi-turn.js';
import type { BfclItem, BfclSummary, ParameterNames, Ruleset } from './types.js';

/** Where a run's three inputs are: each a file or a folder of the leaderboard's files. */
export interface BfclSources {
  questions: string;
  /** Not needed when only relevance categories are judged. */
  answers?: string | undefined;
  results: string;
}

/** One entry of a leaderboard file: its JSON text as written, its id and its line. */
interface FileEntry {
  text: string;
  id: string | undefined;
  line: number;
  /** The entry's `result` is a string (a model's answer in words, or a prompting model's call syntax). */
  textResult: boolean;
}

/** A category to judge: its files and its entries in the order of the results file. */
interface BfclCategory {
  category: string;
  ruleset: Ruleset;
  kind: CategoryKind;
  items: Omit<BfclItem, 'index'>[];
  /** Questions of the category the results do not answer. */
  unanswered: number;
  /** Results that are text, not a list of calls. */
  textResults: number;
}

/** The categories of a run, in name order, and what was left out. */
export interface BfclPlan {
  categories: BfclCategory[];
  skipped: BfclSummary['skipped'];
  /** Every file read, so no output is written over one of them. */
  files: string[];
  /** The multi-turn functions' parameter names, when a multi-turn category is judged and its function documents are found. */
  parameters?: ParameterNames;
}

/** A leaderboard file found, and how deep below the folder given (1: in it). */
type Located = CategoryFile & { path: string; depth?: number };

/**
 * Finds the files of every category the results hold, pairs each result with its question (by id,
 * else by position, as the leaderboard's 2024-08 runner did) and its possible answer (by id, else by
 * the question's position, as today's runner aligns them), and reads them as text. A folder's
 * category that cannot be judged offline is skipped with its reason; a file given by name is an error.
 */
export async function planBfclRun(sources: BfclSources): Promise<BfclPlan> {
  const results = await locate(sources.results, 'results', '--results');
  const questions = await locate(sources.questions, 'questions', '--questions');
  const answers = sources.answers === undefined ? [] : await locate(sources.answers, 'answers', '--answers');
  const resultsIsFile = !(await isFolder(sources.results));
  const skipped: BfclSummary['skipped'] = [];
  const categories: BfclCategory[] = [];
  const read: string[] = [];
  const questionFiles = oneFilePerCategory(questions, 'questions');
  const answerFiles = oneFilePerCategory(answers, 'answers');
  const resultFiles = [...oneFilePerCategory(results, 'results').values()].sort((a, b) =>
    a.category < b.category ? -1 : a.category > b.category ? 1 : 0,
  );
  if (resultFiles.length === 0)
    throw new ToolscoreInputError(
      { source: sources.results },
      'no results file; expected BFCL_v4_<category>_result.json[l] or gorilla_openfunctions_v1_test_<category>_result.json',
    );
  for (const resultFile of resultFiles) {
    const { category, ruleset } = resultFile;
    const plan = planCategory(category, ruleset);
    if ('reason' in plan) {
      if (resultsIsFile)
        throw new ToolscoreInputError(
          { source: resultFile.path },
          `category ${category} ${plan.reason}; toolscore cannot judge it offline`,
        );
      skipped.push({ category, file: resultFile.path, reason: plan.reason });
      continue;
    }
    // The agentic categories read a shared file: memory_kv's questions are BFCL_v4_memory.json's.
    const data = dataCategory(category, ruleset);
    const questionFile = questionFiles.get(data);
    if (questionFile === undefined)
      throw new ToolscoreInputError(
        { source: sources.questions },
        `no questions file for category ${category}${data === category ? '' : ` (${data})`} (results: ${resultFile.path})`,
      );
    const answerFile = needsAnswers(plan.kind) ? answerFiles.get(data) : undefined;
    if (needsAnswers(plan.kind) && answerFile === undefined)
      throw new ToolscoreInputError(
        { source: sources.answers ?? '--answers' },
        `no possible-answer file for category ${category}${data === category ? '' : ` (${data})`}; pass --answers with its file or folder`,
      );
    read.push(resultFile.path, questionFile.path, ...(answerFile === undefined ? [] : [answerFile.path]));
    for (const file of [questionFile, answerFile])
      if (file !== undefined && file.ruleset !== ruleset)
        throw new ToolscoreInputError(
          { source: file.path },
          `is in the ${file.ruleset} layout, but the results of ${category} (${resultFile.path}) are in the ${ruleset} layout`,
        );
    categories.push(
      pair(
        category,
        ruleset,
        plan.kind,
        await readEntries(resultFile.path),
        await readEntries(questionFile.path),
        answerFile === undefined ? undefined : await readEntries(answerFile.path),
        resultFile.path,
      ),
    );
  }
  const parameters = categories.some((category) => category.kind === 'multi_turn')
    ? await readParameterNames(sources.questions, await isFolder(sources.questions))
    : undefined;
  return { categories, skipped, files: read, ...(parameters !== undefined ? { parameters } : {}) };
}

/** Categories judged against a possible answer: all but the relevance ones. */
const needsAnswers = (kind: CategoryKind): boolean => kind !== 'irrelevance' && kind !== 'relevance';

function pair(
  category: string,
  ruleset: Ruleset,
  kind: CategoryKind,
  results: FileEntry[],
  questions: FileEntry[],
  answers: FileEntry[] | undefined,
  resultsPath: string,
): BfclCategory {
  const questionAt = new Map<string, number>();
  questions.forEach(
    (question, i) => question.id !== undefined && questionAt.set(categoryEntryId(question.id, category, ruleset), i),
  );
  const answerById = new Map<string, FileEntry>();
  for (const answer of answers ?? []) if (answer.id !== undefined) answerById.set(answer.id, answer);
  const answered = new Set<number>();
  const items: Omit<BfclItem, 'index'>[] = results.map((result, position) => {
    // The 2024-08 runner paired by position (its results carried no ids, or indices as `idx`).
    const at =
      result.id !== undefined && questionAt.has(result.id)
        ? questionAt.get(result.id)
        : ruleset === 'v1' || result.id === undefined
          ? position
          : undefined;
    const id =
      (at !== undefined && ruleset === 'v1' ? questions[at]?.id : undefined) ?? result.id ?? `${category}_${position}`;
    const where = `${resultsPath}:${result.line}`;
    const question = at === undefined ? undefined : questions[at];
    if (question === undefined || at === undefined)
      return { id, category, ruleset, question: '', result: result.text, where, missing: 'question' as const };
    answered.add(at);
    const answer =
      answers === undefined
        ? undefined
        : ((question.id !== undefined ? answerById.get(question.id) : undefined) ?? answers[at]);
    return {
      id,
      category,
      ruleset,
      question: question.text,
      ...(answer !== undefined ? { answer: answer.text } : {}),
      result: result.text,
      where,
    };
  });
  const textResults = results.filter((result) => result.textResult).length;
  return { category, ruleset, kind, items, unanswered: questions.length - answered.size, textResults };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    throw readError(path, error);
  }
}

/**
 * The files of one role, by category. A category found at two depths of a folder is the shallower
 * file; two at the same depth are ambiguous, and an error.
 */
function oneFilePerCategory(files: readonly Located[], role: string): Map<string, Located> {
  const map = new Map<string, Located>();
  for (const file of files) {
    if (file.role !== role) continue;
    const other = map.get(file.category);
    if (other !== undefined && (other.depth ?? 0) !== (file.depth ?? 0)) {
      if ((file.depth ?? 0) < (other.depth ?? 0)) map.set(file.category, file);
      continue;
    }
    if (other !== undefined)
      throw new ToolscoreInputError(
        { source: file.path },
        `a second ${role} file for category ${file.category} (the first is ${other.path}); pass one of them`,
      );
    map.set(file.category, file);
  }
  return map;
}

/** The leaderboard files a path names: the file itself, or the files of a folder whose names say their category. */
async function locate(path: string, role: 'questions' | 'answers' | 'results', flag: string): Promise<Located[]> {
  const plain = role === 'results' ? 'questions' : role;
  if (!(await isFolder(path))) {
    const file = categoryFile(basename(path), plain);
    if (file === undefined)
      throw new ToolscoreInputError(
        { source: path },
        `${flag}: cannot tell the category from the file name; expected BFCL_v4_<category>.json[l], BFCL_v4_<category>_result.json[l] or gorilla_openfunctions_v1_test_<category>[_result].json`,
      );
    // A results file given by name is results whatever its name says (some runs drop the suffix).
    return [{ ...file, role: role === 'results' ? 'results' : file.role, path }];
  }
  // The leaderboard nests its files (result/<model>/live/…, data/possible_answer/…): the folder is
  // searched at any depth, and a category found at two depths is the shallower file.
  const names = (await readdir(path, { recursive: true })).sort();
  const found: Located[] = [];
  for (const name of names) {
    const segments = name.split(sep);
    // Beside the questions, the leaderboard keeps the possible answers under the same file names: a
    // possible_answer folder holds answers, never questions, and is where answers are looked for first.
    const inAnswers = segments.slice(0, -1).includes(ANSWERS_FOLDER);
    if (role === 'questions' && inAnswers) continue;
    const file = categoryFile(segments.at(-1)!, plain);
    const depth = role === 'answers' && inAnswers ? 0 : segments.length;
    if (file !== undefined && file.role !== 'scores') found.push({ ...file, path: join(path, name), depth });
  }
  // A folder holding a possible_answer folder keeps its answers there: the files beside it are questions.
  return role === 'answers' && found.some((file) => file.depth === 0)
    ? found.filter((file) => file.depth === 0)
    : found;
}

/** The folder the leaderboard keeps possible answers in, beside the questions. */
const ANSWERS_FOLDER = 'possible_answer';

/**
 * The entries of a leaderboard file: JSON Lines (what the leaderboard writes, whatever the extension),
 * or one JSON document (an array of entries, or one entry). Each keeps its text as written, so a
 * worker reads `1.0` as a float as Python does.
 */
async function readEntries(path: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  if (await looksLikeJsonLines(path)) {
    await readJsonLines(path, (value, line, text) =>
      entries.push({ text, id: entryId(value, path, line), line, textResult: isTextResult(value) }),
    );
    return entries;
  }
  const document = await readJsonFile(path, { keepNumberKinds: true });
  const list = Array.isArray(document) ? document : [document];
  list.forEach((value, i) =>
    entries.push({
      text: jsonTextWithKinds(value, list, i, (plain) => JSON.stringify(plain)),
      id: entryId(value, Array.isArray(document) ? `${path} at $[${i}]` : path, undefined),
      line: i + 1,
      textResult: isTextResult(value),
    }),
  );
  return entries;
}

const isTextResult = (value: unknown): boolean => isObject(value) && typeof value.result === 'string';

function entryId(value: unknown, source: string, line: number | undefined): string | undefined {
  if (!isObject(value))
    throw new ToolscoreInputError(
      { source, ...(line !== undefined ? { line } : {}) },
      `expected an entry object, got ${describeType(value)}`,
    );
  const id = value.id ?? value.idx;
  return typeof id === 'string' ? id : typeof id === 'number' ? String(id) : undefined;
}

/** An entry of the questions, with its possible answer (for `--to-gold`). */
export interface BfclQuestion {
  id: string;
  category: string;
  ruleset: Ruleset;
  kind: CategoryKind;
  question: string;
  answer?: string;
  where: string;
}

/**
 * The entries of every judged category the questions hold, each with its possible answer (by id, else
 * by position), for the gold files of `toolscore bfcl --to-gold`. Categories that cannot be judged
 * offline are skipped as in a run.
 */
export async function planBfclQuestions(
  sources: Omit<BfclSources, 'results'>,
): Promise<{ questions: BfclQuestion[]; skipped: BfclSummary['skipped']; parameters?: ParameterNames }> {
  const questionFiles = [
    ...oneFilePerCategory(await locate(sources.questions, 'questions', '--questions'), 'questions').values(),
  ];
  const answerFiles = oneFilePerCategory(
    sources.answers === undefined ? [] : await locate(sources.answers, 'answers', '--answers'),
    'answers',
  );
  const questions: BfclQuestion[] = [];
  const skipped: BfclSummary['skipped'] = [];
  // A file serves its own category, or (BFCL_v4_memory.json, BFCL_v4_web_search.json) the agentic ones it holds.
  const served = questionFiles
    .flatMap((file) => servedCategories(file.category, file.ruleset).map((category) => ({ file, category })))
    .sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  for (const { file, category } of served) {
    const plan = planCategory(category, file.ruleset);
    if ('reason' in plan) {
      skipped.push({ category, file: file.path, reason: plan.reason });
      continue;
    }
    const answerFile = answerFiles.get(file.category);
    if (needsAnswers(plan.kind) && answerFile === undefined)
      throw new ToolscoreInputError(
        { source: sources.answers ?? '--answers' },
        `no possible-answer file for category ${category}${category === file.category ? '' : ` (${file.category})`}; pass --answers with its file or folder`,
      );
    const entries = await readEntries(file.path);
    const answers = answerFile === undefined ? undefined : await readEntries(answerFile.path);
    const answerById = new Map((answers ?? []).flatMap((a) => (a.id === undefined ? [] : [[a.id, a] as const])));
    entries.forEach((entry, at) => {
      const answer =
        answers === undefined
          ? undefined
          : ((entry.id !== undefined ? answerById.get(entry.id) : undefined) ?? answers[at]);
      questions.push({
        id: entry.id === undefined ? `${category}_${at}` : categoryEntryId(entry.id, category, file.ruleset),
        category,
        ruleset: file.ruleset,
        kind: plan.kind,
        question: entry.text,
        ...(answer !== undefined ? { answer: answer.text } : {}),
        where: `${file.path}:${entry.line}`,
      });
    });
  }
  const parameters = questions.some((question) => question.kind === 'multi_turn')
    ? await readParameterNames(sources.questions, await isFolder(sources.questions))
    : undefined;
  return { questions, skipped, ...(parameters !== undefined ? { parameters } : {}) };
}
