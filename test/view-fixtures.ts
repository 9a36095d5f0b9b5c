import { resultsLine } from '../src/batch/results-line.js';
import { buildJsonReport } from '../src/reports/json.js';
import type { NewRun, RunStore } from '../src/store/types.js';
import {
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
  SECRET,
  conversationResult,
  exampleResult,
  hostileResult,
} from './report-fixtures.js';

/*
 * The stores the viewer's tests browse, written with the store API as a command would write them:
 *  - run A (batch on main, cases.jsonl): 120 cases `case-0` … `case-119`, case k scoring 1 (k % 3 = 0),
 *    0.8 (k % 3 = 1) or 0.5 (k % 3 = 2), tools `lookup` (every case) and `refund` (even k); case-5 is a
 *    line that could not be read; the last line is hostile (a script as id, an image tag as tool, a
 *    credential in the problem).
 *  - run B (batch on main, later): the same cases, case-0, case-3 and case-6 down to 0.5 (regressed),
 *    case-1 and case-4 up to 1 (improved); case-5 still unreadable.
 *  - run C (eval on feature, gold.json): the example evaluation with its full report, then the hostile one.
 */

const CASES = 120;

function batchLine(k: number, score: number): Record<string, unknown> {
  if (k === 5) return { id: 'case-5', index: 5, error: 'cases.jsonl:6: expected an object, got a string' };
  const grade = score === 1 ? 'A' : score === 0.8 ? 'B' : 'F';
  const verdict = score === 1 ? 'PASS' : score === 0.8 ? 'WARN' : 'FAIL';
  const tools: Record<string, unknown> = {
    lookup: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
  };
  if (k % 2 === 0)
    tools.refund = { expected_calls: 1, actual_calls: score === 0.5 ? 0 : 1, selection_misses: 0, failed_calls: 0 };
  return {
    id: `case-${k}`,
    index: k,
    score,
    grade,
    verdict,
    tools,
    top_issue:
      score === 1
        ? null
        : score === 0.8
          ? {
              kind: 'argument_mismatch',
              tool: 'lookup',
              problem: `lookup got the wrong order in case-${k}`,
              fix: 'pass order_id',
            }
          : { kind: 'missing', tool: 'refund', problem: `refund was never called in case-${k}`, fix: 'call refund' },
  };
}

/** The hostile last line of runs A and B. */
function hostileLine(index: number): Record<string, unknown> {
  return {
    id: SCRIPT_PAYLOAD,
    index,
    score: 0.5,
    grade: 'F',
    verdict: 'FAIL',
    tools: { [IMG_PAYLOAD]: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 1 } },
    top_issue: {
      kind: 'failed',
      tool: IMG_PAYLOAD,
      problem: `${IMG_PAYLOAD} failed with ${SECRET}`,
      fix: SCRIPT_PAYLOAD,
    },
  };
}

export const SCORE_A = (k: number) => [1, 0.8, 0.5][k % 3]!;
export const SCORE_B = (k: number) => ([0, 3, 6].includes(k) ? 0.5 : [1, 4].includes(k) ? 1 : SCORE_A(k));

function run(overrides: Partial<NewRun>): NewRun {
  return {
    command: 'batch',
    started_at: '2026-12-01T10:00:00.000Z',
    options: { arguments: ['cases.jsonl'], flags: {} },
    git_commit: 'c0ffee1234'.repeat(4),
    git_branch: 'main',
    gold: 'cases.jsonl',
    gold_sha256: 'b'.repeat(64),
    tools_sha256: null,
    ...overrides,
  };
}

async function batchRun(store: RunStore, started: string, score: (k: number) => number): Promise<number> {
  const writer = await store.begin(run({ started_at: started }));
  let text = '';
  for (let k = 0; k < CASES - 1; k++) text += `${JSON.stringify(batchLine(k, score(k)))}\n`;
  text += `${JSON.stringify(hostileLine(CASES - 1))}\n`;
  await writer.addText(text);
  return writer.commit({ finished_at: started.replace('10:00', '10:01'), summary: { pass_rate: 0.3 } });
}

/** Runs A, B and C kept in `store`; answers their ids. */
export async function keepViewRuns(store: RunStore): Promise<{ a: number; b: number; c: number }> {
  const a = await batchRun(store, '2026-12-01T10:00:00.000Z', SCORE_A);
  const b = await batchRun(store, '2026-12-02T10:00:00.000Z', SCORE_B);
  const writer = await store.begin(
    run({ command: 'eval', started_at: '2026-12-03T10:00:00.000Z', git_branch: 'feature', gold: 'gold.json' }),
  );
  const example = await exampleResult();
  await writer.addLine({ ...resultsLine('examples/trace.json', 0, example) }, buildJsonReport(example));
  const hostile = hostileResult();
  await writer.addLine({ ...resultsLine(SCRIPT_PAYLOAD, 1, hostile) }, buildJsonReport(hostile));
  const conversation = conversationResult();
  await writer.addLine({ ...resultsLine('conversation', 2, conversation) }, buildJsonReport(conversation));
  const c = await writer.commit({ finished_at: '2026-12-03T10:00:01.000Z', summary: null });
  return { a, b, c };
}
