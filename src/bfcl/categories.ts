import type { Ruleset } from './types.js';

/**
 * How the leaderboard judges a category: `ast` checks the calls against the possible answer,
 * `irrelevance` is valid when no call is decoded, `relevance` when one is. `multi_turn` is judged by
 * running both sides' calls on its simulated APIs (multi-turn-checker.ts), and scored turn by turn
 * against the possible answer as a conversation gold beside. `agentic` (memory and web search) is judged
 * on the model's last message that is not a call, which must say one of the possible answers
 * (agentic.ts). Anything else (executable, Java, JavaScript, …) needs what toolscore does not run: the
 * reason says what.
 */
export type CategoryKind = 'ast' | 'irrelevance' | 'relevance' | 'multi_turn' | 'agentic';

/** The categories toolscore judges, by file layout and name. */
const JUDGED: Readonly<Record<Ruleset, Readonly<Record<string, CategoryKind>>>> = {
  v4: {
    simple_python: 'ast',
    // The v3 name of simple_python.
    simple: 'ast',
    multiple: 'ast',
    parallel: 'ast',
    parallel_multiple: 'ast',
    live_simple: 'ast',
    live_multiple: 'ast',
    live_parallel: 'ast',
    live_parallel_multiple: 'ast',
    irrelevance: 'irrelevance',
    live_irrelevance: 'irrelevance',
    live_relevance: 'relevance',
    multi_turn_base: 'multi_turn',
    multi_turn_miss_func: 'multi_turn',
    multi_turn_miss_param: 'multi_turn',
    multi_turn_long_context: 'multi_turn',
    memory_kv: 'agentic',
    memory_vector: 'agentic',
    memory_rec_sum: 'agentic',
    web_search_base: 'agentic',
    web_search_no_snippet: 'agentic',
  },
  v1: {
    simple: 'ast',
    multiple_function: 'ast',
    parallel_function: 'ast',
    parallel_multiple_function: 'ast',
    // In 2024-08 "relevance" was what is now "irrelevance": no function fits, and none should be called.
    relevance: 'irrelevance',
  },
};

/** Why a category toolscore does not judge cannot be judged offline, by a part of its name. */
const UNJUDGED: readonly [RegExp, string][] = [
  [/multi_turn/, 'is not one of the four multi-turn categories whose simulated APIs toolscore runs'],
  // The memory categories' prerequisite conversations fill the memory; the leaderboard scores none of them.
  [/prereq/, "holds the memory categories' prerequisite conversations, which the leaderboard does not score"],
  [
    /memory|web_search|agentic/,
    'is not one of the agentic categories the leaderboard scores (memory_kv, memory_vector, memory_rec_sum, web_search_base, web_search_no_snippet)',
  ],
  [/exec|rest/, 'is judged by executing the calls against real functions and APIs'],
  [/java|javascript|js$/, "is judged by the leaderboard's Java and JavaScript type converters, not the Python checker"],
  [/sql|chatable/, 'has no possible answers the AST checker can use'],
  [/format_sensitivity/, 'is judged over prompt variations the result files do not carry'],
];

/**
 * The file (by category) holding an agentic category's questions and possible answers: the three memory
 * back ends share `BFCL_v4_memory.json`, the two web-search settings `BFCL_v4_web_search.json`.
 */
const AGENTIC_DATA: Readonly<Record<string, string>> = {
  memory_kv: 'memory',
  memory_vector: 'memory',
  memory_rec_sum: 'memory',
  web_search_base: 'web_search',
  web_search_no_snippet: 'web_search',
};

/** The category whose questions and possible-answer files a category reads: its own, but for the agentic ones. */
export function dataCategory(category: string, ruleset: Ruleset): string {
  return (ruleset === 'v4' && AGENTIC_DATA[category]) || category;
}

/** The categories a questions file serves: the agentic ones it holds the data of, else its own. */
export function servedCategories(category: string, ruleset: Ruleset): string[] {
  const agentic = ruleset === 'v4' ? Object.keys(AGENTIC_DATA).filter((name) => AGENTIC_DATA[name] === category) : [];
  return agentic.length > 0 ? agentic : [category];
}

/**
 * An entry's id in a category, from its id in the data file: the leaderboard renames its memory and
 * web-search entries per category (`memory_0-customer-0` is `memory_kv_0-customer-0` in memory_kv), with
 * Python's `str.replace` (every occurrence).
 */
export function categoryEntryId(dataId: string, category: string, ruleset: Ruleset): string {
  const data = dataCategory(category, ruleset);
  return data === category ? dataId : dataId.replaceAll(data, category);
}

/** What toolscore does with a category: judge it (and how), or say why not. */
export type CategoryPlan = { kind: CategoryKind } | { reason: string };

export function planCategory(category: string, ruleset: Ruleset): CategoryPlan {
  const kind = JUDGED[ruleset][category];
  if (kind !== undefined) return { kind };
  const known = UNJUDGED.find(([pattern]) => pattern.test(category));
  return { reason: known?.[1] ?? 'is not a category the leaderboard judges with its AST or relevance checkers' };
}

/** What a file of the leaderboard holds, read from its name. */
export interface CategoryFile {
  role: 'questions' | 'answers' | 'results' | 'scores';
  category: string;
  ruleset: Ruleset;
}

// `BFCL_v4_live_simple.json`, `BFCL_v4_live_simple_result.json`, `BFCL_v3_simple_score.json`.
const V4_NAME = /^BFCL_v[34]_(.+?)(_result|_score)?\.jsonl?$/;
// `gorilla_openfunctions_v1_test_simple.json`, `…_parallel_function.first100.jsonl`, `…_simple_result.json`.
const V1_NAME = /^gorilla_openfunctions_v1_test_([a-z_]+?)(_result|_score)?(?:\.[^.]+)*\.jsonl?$/;

/**
 * The role, category and layout of a file from its name, or undefined when the name is not one the
 * leaderboard writes. Questions and possible answers share their name; the folder passed as
 * `--questions` or `--answers` says which is which.
 */
export function categoryFile(name: string, plain: 'questions' | 'answers'): CategoryFile | undefined {
  const v4 = V4_NAME.exec(name);
  const match = v4 ?? V1_NAME.exec(name);
  if (match === null) return undefined;
  const suffix = match[2];
  return {
    role: suffix === '_result' ? 'results' : suffix === '_score' ? 'scores' : plain,
    category: match[1]!,
    ruleset: v4 ? 'v4' : 'v1',
  };
}
