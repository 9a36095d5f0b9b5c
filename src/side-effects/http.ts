import type { ToolCall } from '../core/types.js';
import { recordedValue } from './recorded.js';
import { fail, pass, type SideEffectOutcome } from './types.js';

/** Where a recorded HTTP status may sit, in the result or the call's metadata. */
const STATUS_KEYS = ['status', 'status_code', 'statusCode', 'http_status', 'httpStatus'] as const;

/** The HTTP status a call recorded: an integer result, or a status key in its result or metadata. */
function recordedStatus(call: ToolCall): number | undefined {
  if (Number.isInteger(call.result)) return call.result as number;
  const found = recordedValue(call, STATUS_KEYS);
  if (found === undefined) return undefined;
  const status = typeof found.value === 'string' ? Number(found.value) : found.value;
  return Number.isInteger(status) ? (status as number) : undefined;
}

const NO_STATUS = `no HTTP status recorded (looked for an integer result and ${STATUS_KEYS.join(', ')} in the result and metadata)`;

/** Whether a status matches an expectation: a code, a list of codes, or a class such as "2xx". */
function statusMatches(status: number, expected: unknown): boolean | undefined {
  if (Number.isInteger(expected)) return status === expected;
  if (Array.isArray(expected) && expected.every(Number.isInteger)) return expected.includes(status);
  if (typeof expected === 'string' && /^[1-5]xx$/i.test(expected))
    return Math.floor(status / 100) === Number(expected[0]);
  return undefined;
}

/** `http_ok: true` ⇒ a 2xx status; `false` ⇒ anything else; a code (or list, or "4xx") ⇒ that status. */
export function httpOk(call: ToolCall, expected: unknown): SideEffectOutcome {
  const status = recordedStatus(call);
  if (status === undefined) return fail(NO_STATUS);
  if (typeof expected === 'boolean') {
    const ok = status >= 200 && status < 300;
    return ok === expected
      ? pass(`HTTP ${status}`)
      : fail(`HTTP ${status}, expected ${expected ? 'a 2xx' : 'a non-2xx'} status`);
  }
  return httpStatus(call, expected);
}

/** `http_status: 200` (or `[200, 201]`, or `"2xx"`) ⇒ the recorded status is that one. */
export function httpStatus(call: ToolCall, expected: unknown): SideEffectOutcome {
  const status = recordedStatus(call);
  if (status === undefined) return fail(NO_STATUS);
  const matches = statusMatches(status, expected);
  if (matches === undefined)
    return fail(
      `cannot read the expected status ${JSON.stringify(expected)}: give a code, a list of codes or a class such as "2xx"`,
    );
  return matches ? pass(`HTTP ${status}`) : fail(`HTTP ${status}, expected ${JSON.stringify(expected)}`);
}
