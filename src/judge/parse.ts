import { isObject } from '../core/objects.js';
/** The judge's verdict on one pair. */
export interface Verdict {
  /** In [0, 1]. */
  score: number;
  explanation: string;
}

const NO_EXPLANATION = 'no explanation given';

/**
 * The JSON in a model's answer: the text itself, the inside of a Markdown code fence, or failing both
 * the span from the first `{` or `[` to the last `}` or `]` (for answers with a sentence around the JSON).
 */
function readJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?\s*```$/.exec(trimmed);
  const body = fenced ? fenced[1]!.trim() : trimmed;
  try {
    return JSON.parse(body);
  } catch {
    const start = body.search(/[[{]/);
    const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(body.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

/** A verdict from an item that has a numeric score (a number or numeric text), clamped to [0, 1]. */
function toVerdict(item: unknown): Verdict | undefined {
  if (!isObject(item)) return undefined;
  const raw = item.score;
  const score = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(score)) return undefined;
  const explanation =
    typeof item.explanation === 'string' && item.explanation.trim() !== '' ? item.explanation.trim() : NO_EXPLANATION;
  return { score: Math.min(1, Math.max(0, score)), explanation };
}

/** An item's pair number: its `index` when that is an integer (or integer text), else its position. */
function itemIndex(item: unknown, position: number): number | undefined {
  if (!isObject(item) || !('index' in item)) return position;
  const raw = item.index;
  const index = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(index) ? index : undefined;
}

/**
 * Reads a batched answer about `count` pairs. `undefined` when the answer holds no list of verdicts
 * (not JSON, or JSON without an array): every pair is then asked on its own. Otherwise one entry per
 * pair, `undefined` where the answer gave no usable verdict for it (missing, out of range, repeated,
 * or without a numeric score); those pairs alone are asked again. The list is the answer itself, its
 * `scores` array, or the first array in the object (so `{"results": [...]}` reads too).
 */
export function parseBatchAnswer(text: string, count: number): (Verdict | undefined)[] | undefined {
  const json = readJson(text);
  const items = Array.isArray(json)
    ? json
    : isObject(json)
      ? Array.isArray(json.scores)
        ? json.scores
        : Object.values(json).find(Array.isArray)
      : undefined;
  if (items === undefined) return undefined;
  const verdicts = new Array<Verdict | undefined>(count).fill(undefined);
  const seen = new Set<number>();
  items.forEach((item, position) => {
    const index = itemIndex(item, position);
    if (index === undefined || index < 0 || index >= count || seen.has(index)) return;
    seen.add(index);
    verdicts[index] = toVerdict(item);
  });
  return verdicts;
}

/** Reads an answer about one pair: `{score, explanation}`, or a one-item list of it in any form a batch may take. */
export function parseSingleAnswer(text: string): Verdict | undefined {
  const json = readJson(text);
  if (isObject(json) && 'score' in json) return toVerdict(json);
  const batch = parseBatchAnswer(text, 1);
  return batch?.[0];
}
