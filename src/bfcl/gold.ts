import { describeContained } from './checker.js';
import { PyFloat, type PyValue, pyType, toJson } from './python-values.js';
import type { BfclCall, BfclFunction, PyDict, Ruleset } from './types.js';
import type { CategoryKind } from './categories.js';

/** A gold file, as JSON (what `toolscore bfcl --to-gold` writes and the diagnosis scores against). */
export interface BfclGold {
  calls: Record<string, unknown>[];
  order?: 'any';
  allow_extra_calls?: true;
  /** An agentic entry's answer: the reply must say one of the possible answers, read as the leaderboard reads them. */
  response?: { contains_any: string[]; normalize: 'bfcl' };
}

/**
 * A possible answer as an ordinary gold file, in the gold language every other toolscore command
 * reads: each parameter's acceptable values become a `$one_of` compared under the leaderboard's string
 * normalisation (`"normalize": "bfcl"`), a parameter whose values include `""` is `$optional`, a dict
 * answer becomes an object of such members, and the calls of a parallel category may come in any
 * order. An irrelevance entry expects no call; a relevance entry expects a call of any offered function.
 */
export function bfclGold(
  kind: Exclude<CategoryKind, 'multi_turn' | 'agentic'>,
  category: string,
  ruleset: Ruleset,
  functions: readonly BfclFunction[],
  answers: readonly BfclCall[],
): BfclGold {
  if (kind === 'irrelevance') return { calls: [] };
  if (kind === 'relevance') {
    const names = functions.map((fn) => fn.name);
    return { calls: [{ tool: names.length === 1 ? names[0]! : { $one_of: names } }], allow_extra_calls: true };
  }
  const calls = answers.map((answer) => ({
    tool: ruleset === 'v1' ? (describeContained(functions, answer.name)?.name ?? answer.name) : answer.name,
    args: goldArgs(answer.args),
  }));
  const anyOrder = category.includes('parallel') || (ruleset === 'v1' && category.includes('multiple'));
  return anyOrder && calls.length > 1 ? { calls, order: 'any' } : { calls };
}

/**
 * An agentic entry's possible answers as a gold file: any calls may be made on the way (the leaderboard
 * does not look at them), and the reply must say one of the answers under the leaderboard's agentic
 * normalisation (`"normalize": "bfcl"`: punctuation stripped, lower-cased, found between word boundaries).
 */
export function agenticGold(answers: readonly string[]): BfclGold {
  return { calls: [], allow_extra_calls: true, response: { contains_any: [...answers], normalize: 'bfcl' } };
}

/** The members of an answer: each parameter's list of acceptable values as one gold value. */
function goldArgs(args: PyDict): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, acceptable] of Object.entries(args))
    Object.defineProperty(out, name, {
      value: goldMember(acceptable),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** `[v1, v2, ""]` → `{"$optional": {"$one_of": [v1, v2], "normalize": "bfcl"}}`. */
function goldMember(acceptable: PyValue): unknown {
  // v1 answers may nest a dict answer directly, without a list of alternatives.
  if (pyType(acceptable) === 'dict') return goldArgs(acceptable as PyDict);
  const values = Array.isArray(acceptable) ? acceptable : [acceptable];
  const optional = values.some((value) => value === '');
  const given = values.filter((value) => value !== '');
  const value = given.length === 0 ? { $any: true } : alternatives(given.map(goldValue));
  return optional ? { $optional: value } : value;
}

function alternatives(values: unknown[]): unknown {
  // A lone number, boolean or null needs no normalisation: it is written as itself.
  if (values.length === 1 && (values[0] === null || typeof values[0] !== 'object') && typeof values[0] !== 'string')
    return values[0];
  return { $one_of: values, normalize: 'bfcl' };
}

/** One acceptable value: dict answers (`{key: [values]}`) become objects of gold members, lists of them arrays. */
function goldValue(value: PyValue): unknown {
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(goldValue);
  if (pyType(value) === 'dict') return goldArgs(value as PyDict);
  return toJson(value);
}
