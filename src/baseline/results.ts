import { ToolscoreInputError, textOf } from '../core/errors.js';
import { GRADES } from '../core/grade.js';
import { isObject } from '../core/objects.js';
import { BATCH_METRICS, type BatchLine } from '../batch/types.js';
import { readJsonLines } from '../io/jsonl.js';

/** Fails a results line, naming the file, the line and what a results line holds. */
function lineError(path: string, line: number, what: string): ToolscoreInputError {
  return new ToolscoreInputError(
    { source: path, line },
    `${what}; expected a line of toolscore batch results ({id, index, score, grade, metrics, …} or {id, index, error})`,
  );
}

/** Checks the parts of a results line a comparison reads. */
function checkLine(value: unknown, path: string, line: number): BatchLine {
  if (!isObject(value)) throw lineError(path, line, 'not an object');
  if (typeof value.id !== 'string') throw lineError(path, line, 'no "id" string');
  if (typeof value.error === 'string') return value as unknown as BatchLine;
  if (typeof value.score !== 'number' || !Number.isFinite(value.score))
    throw lineError(path, line, 'no "score" number');
  if (!(GRADES as readonly unknown[]).includes(value.grade))
    throw lineError(path, line, `no "grade" letter, got ${textOf(value.grade)}`);
  const metrics = value.metrics;
  if (!isObject(metrics) || BATCH_METRICS.some((name) => typeof metrics[name] !== 'number' && metrics[name] !== null))
    throw lineError(path, line, `"metrics" lacks one of ${BATCH_METRICS.join(', ')}`);
  for (const count of ['failed_calls', 'policy_violations', 'secrets'])
    if (typeof value[count] !== 'number') throw lineError(path, line, `no "${count}" number`);
  // Results written before budgets were counted per case have none.
  if (value.budget_violations === undefined) value.budget_violations = 0;
  return value as unknown as BatchLine;
}

/**
 * The lines of a batch's `results.jsonl` (scored cases and error lines alike). A line that is not JSON,
 * not a results line, or repeats a case id (cases are matched by id) is an error naming the file and line.
 */
export async function readResults(path: string): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  const seen = new Map<string, number>();
  await readJsonLines(path, (item, line) => {
    const checked = checkLine(item, path, line);
    const first = seen.get(checked.id);
    if (first !== undefined)
      throw lineError(
        path,
        line,
        `case id ${JSON.stringify(checked.id)} already on line ${first}; cases are matched by id`,
      );
    seen.set(checked.id, line);
    lines.push(checked);
  });
  if (lines.length === 0)
    throw new ToolscoreInputError(
      { source: path },
      'no results lines; expected the results.jsonl of a toolscore batch run',
    );
  return lines;
}
