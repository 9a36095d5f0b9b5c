import type { Grade, Verdict } from '../core/grade.js';
import type { BatchTopIssue } from '../batch/types.js';
import type { PyValue } from './python-values.js';

/**
 * Which of the leaderboard's checkers a file is judged by: `v4`, today's `bfcl_eval` (the v3/v4 file
 * layout), or `v1`, the 2024-08 checker of the `gorilla_openfunctions_v1_test_*` layout. They differ
 * in a few rules (docs/bfcl.md lists them), and each layout's stored verdicts were made by its own.
 */
export type Ruleset = 'v4' | 'v1';

/** A parameter of an offered function, as the leaderboard's schema writes it (`"type": "dict"`, `"float"`, …). */
interface BfclParameter {
  type?: unknown;
  items?: { type?: unknown } | undefined;
}

/** A function offered to the model in an entry. */
export interface BfclFunction {
  name: string;
  parameters?: { properties?: Record<string, BfclParameter>; required?: string[] };
}

/** A dict, as the checker sees one. */
export type PyDict = { [key: string]: PyValue };

/**
 * One call: a decoded model call (`args` its arguments), or one call of a possible answer (`args`
 * each parameter's list of acceptable values, `""` among them when it may be left out).
 */
export interface BfclCall {
  name: string;
  args: PyDict;
}

/** A checker's verdict: the leaderboard's own `valid`, `error` list and `error_type`. */
export interface CheckResult {
  valid: boolean;
  /** Messages, in the leaderboard's words; a parallel mismatch adds one detail object per output call tried. */
  error: PyValue[];
  error_type?: string;
}

/**
 * One entry to judge, as the reader hands it to a scorer (possibly in another thread, so plain
 * text): the JSON of its question, possible answer and result, each as written (`1.0` stays a float).
 */
export interface BfclItem {
  index: number;
  id: string;
  category: string;
  ruleset: Ruleset;
  question: string;
  /** Absent for the relevance categories, which have no possible answer. */
  answer?: string;
  result: string;
  /** `file:line` of the result, for messages. */
  where: string;
  /** Set when the result's id names no question (`question` is then empty). */
  missing?: 'question';
}

/** How entries are judged. */
export interface BfclSettings {
  /**
   * A result name equal to the offered name with `.` written `_` is that function (function-calling
   * APIs cannot send dots in names); on by default.
   */
  underscoreToDot: boolean;
  /** The multi-turn functions' parameter names, to name positional arguments of the possible answers. */
  parameters?: ParameterNames | undefined;
}

/** One line of a `toolscore bfcl` verdicts file, for an entry that was judged. */
export interface BfclVerdictLine {
  id: string;
  /** 0-based position of the entry in the run (categories in name order, entries in file order). */
  index: number;
  category: string;
  /** The leaderboard's verdict. */
  valid: boolean;
  /** The leaderboard's error type and messages, when not valid. */
  error_type?: string;
  error?: unknown[];
  /** toolscore's diagnosis of the same entry, scored against its possible answer as gold. */
  score: number;
  grade: Grade;
  argument_f1: number;
  selection_accuracy: number;
  top_issue: BatchTopIssue | null;
}

/**
 * One line of a multi-turn entry: the leaderboard's verdict (its simulated APIs run on both sides,
 * states and results compared after each turn), beside toolscore's diagnosis: its scores turn by turn
 * against the possible answer as a conversation gold, and the first turn after which the states differ.
 */
export interface BfclTurnsLine {
  id: string;
  index: number;
  category: string;
  /** The leaderboard's verdict. */
  valid: boolean;
  /** The leaderboard's error type and message (`error_message`, as a one-item list), when not valid. */
  error_type?: string;
  error?: unknown[];
  /** The conversation's score: the mean of its turns' scores. */
  score: number;
  grade: Grade;
  turn_pass_rate: number;
  first_failing_turn: number | null;
  /** Per turn of the possible answer: its score, grade and verdict (a turn the result never reached scores 0). */
  turns: { turn: number; score: number; grade: Grade; verdict: Verdict }[];
  /**
   * The first turn (1-based) after which the model's instances and the ground truth's differ, with each
   * differing class's public attributes; null when they never do.
   */
  first_state_difference: { turn: number; classes: { class_name: string; attributes: string[] }[] } | null;
  top_issue: BatchTopIssue | null;
}

/** A line for an entry that could not be read (a result with no question, an unreadable result line). */
export interface BfclErrorLine {
  id: string;
  index: number;
  category: string;
  error: string;
}

export type BfclLine = BfclVerdictLine | BfclTurnsLine | BfclErrorLine;

/** The leaderboard's count for one category, beside toolscore's mean score. */
export interface BfclCategorySummary {
  category: string;
  /** Entries judged valid, of those judged (`accuracy` = correct_count / total_count, as the leaderboard reports it). */
  correct_count: number;
  total_count: number;
  accuracy: number | null;
  /** toolscore's mean score over the same entries. */
  mean_score: number | null;
  /** Entries that could not be read. */
  errors: number;
}

/** What a run judged, per category and overall. */
export interface BfclSummary {
  toolscore_version: string;
  categories: BfclCategorySummary[];
  overall: Omit<BfclCategorySummary, 'category'>;
  /** Categories a folder held that cannot be judged offline, with why (agentic ones need back ends). */
  skipped: { category: string; file: string; reason: string }[];
  /** Questions that had no result. */
  unanswered: number;
  /**
   * Categories checked against their possible answers whose every result is text, not calls: the
   * mark of a prompting model's run, whose Python call syntax toolscore does not parse (it judges the
   * text as a function-calling model's answer in words, which the leaderboard fails).
   */
  text_results: { category: string; count: number }[];
}

/** Each function's parameter names in the order of its signature: how a positional argument is named. */
export type ParameterNames = Readonly<Record<string, readonly string[]>>;
