import { toJsonSafe } from '../evaluation/result.js';
import type { Metrics } from '../metrics/metrics.js';
import { displayText } from './text.js';

/** One metric of the flattened list: `argument_metrics` / `precision` / `0.9166666666666666`. */
export interface FlatMetric {
  /** The metric family (`argument_metrics`), or `core` for the top-level numbers. */
  category: string;
  /** The path inside the family: `precision`, `trajectory_details[2].actual_tool`. */
  metric: string;
  /** A number, flag or null as computed; text made safe to show; lists of plain values as JSON. */
  value: string | number | boolean | null;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isPlain(value: Json): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

function push(rows: FlatMetric[], category: string, metric: string, value: Json): void {
  if (isPlain(value)) {
    rows.push({ category, metric, value: typeof value === 'string' ? displayText(value) : value });
  } else if (Array.isArray(value)) {
    // A list of names or numbers reads best on one line; a list of records gets a row per field.
    if (value.every(isPlain)) rows.push({ category, metric, value: displayText(JSON.stringify(value)) });
    else value.forEach((item, k) => push(rows, category, `${metric}[${k}]`, item));
  } else {
    const keys = Object.keys(value);
    if (keys.length === 0) rows.push({ category, metric, value: '{}' });
    for (const key of keys)
      push(rows, category, metric === '' ? displayText(key) : `${metric}.${displayText(key)}`, value[key]!);
  }
}

/**
 * Every metric as one row each, in the order of `result.metrics`: numbers as computed, nested records
 * by dotted paths, records in lists by position. A conversation's turns are rows of category `turn_N`
 * (1-based, as the turns are numbered), named by their path inside the turn's record (`score`,
 * `metrics.argument_metrics.f1`, `top_issues[0].problem`). Matchers appear in their `$` operator form,
 * and text from the calls is redacted and escaped like everywhere else in the reports.
 */
export function flattenMetrics(metrics: Metrics): FlatMetric[] {
  const rows: FlatMetric[] = [];
  const data = toJsonSafe(metrics) as Record<string, Json>;
  for (const [key, value] of Object.entries(data)) {
    if (isPlain(value)) push(rows, 'core', key, value);
    else if (key === 'turns' && Array.isArray(value)) for (const record of value) pushTurn(rows, record);
    else push(rows, key, '', value);
  }
  return rows;
}

/** One turn's record (`metrics.turns[k]`) under its category `turn_N`; its number is the category. */
function pushTurn(rows: FlatMetric[], record: Json): void {
  const { turn, ...rest } = record as { turn: number } & Record<string, Json>;
  push(rows, `turn_${turn}`, '', rest);
}
