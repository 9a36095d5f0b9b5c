import { toActualCall } from './calls.js';
import type { Args, ToolCall } from '../../core/types.js';
import { errorText } from './call-collector.js';
import type { ParseContext } from '../types.js';
import { TurnCounter } from './turns.js';

/** A call as an adapter finds it, before it is normalized. */
export interface FoundCall {
  /** Tool name as found; entries whose name is not a non-empty string are skipped with a warning. */
  tool: unknown;
  args: Args | null;
  id?: string | undefined;
  timestamp?: number | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/** What became of a call: its result, or that it failed. */
export interface CallOutcome {
  result?: unknown;
  error?: string | undefined;
  is_error?: boolean | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** Unix seconds at which the result was recorded; with the call's timestamp it gives the call's duration. */
  endedAt?: number | undefined;
}

interface Draft extends FoundCall {
  tool: string;
  path: string;
  result?: unknown;
  error?: string | undefined;
  is_error: boolean;
  endedAt?: number | undefined;
  /** The conversation turn it was made in (kept on the call only in a conversation). */
  turn: number;
}

interface PendingOutcome {
  path: string;
  outcome: CallOutcome;
  /** A call to add when no call with this id was ever seen (results that name their tool and input). */
  fallback?: FoundCall | undefined;
  /** The turn the result came in: the fallback call's. */
  turn: number;
}

/**
 * Collects calls in the order they were made and joins results to them by call id, whichever comes
 * first. Unlike the provider adapters' `CallCollector` (call-collector.ts), this one is for agent SDKs that
 * repeat themselves: a call seen again under the same id (in a step and in the result's own lists, or
 * once per streamed content block) is kept once, several outcomes for one id merge, and a result that
 * repeats its call's name and input can stand for a call never seen. A result for an id that no call
 * has is reported in a warning, never attached by name to some other call.
 */
export class CallJoiner {
  private readonly drafts: Draft[] = [];
  private readonly byId = new Map<string, Draft>();
  private readonly pending = new Map<string, PendingOutcome>();
  private readonly skippedIds = new Set<string>();
  /** The user messages met so far: a reader tells it each one, in document order (see turns.ts). */
  readonly turns: TurnCounter;

  constructor(private readonly context: ParseContext) {
    this.turns = new TurnCounter(context);
  }

  /** Number of calls kept so far. */
  get size(): number {
    return this.drafts.length;
  }

  /** Whether a call with this id was kept. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds a call; returns false when it was skipped (no name) or already known by its id. */
  add(path: string, call: FoundCall, turn = this.turns.current): boolean {
    const id = call.id === undefined || call.id === '' ? undefined : call.id;
    if (typeof call.tool !== 'string' || call.tool.trim() === '') {
      this.context.warn(path, 'skipped a call with no tool name');
      if (id !== undefined) this.skippedIds.add(id);
      return false;
    }
    if (id !== undefined) {
      const known = this.byId.get(id);
      if (known) {
        if (known.args === null && call.args !== null) known.args = call.args;
        if (call.metadata && Object.keys(call.metadata).length > 0)
          known.metadata = { ...call.metadata, ...known.metadata };
        return false;
      }
    }
    const draft: Draft = { tool: call.tool, args: call.args, id, path, is_error: false, turn };
    if (call.timestamp !== undefined) draft.timestamp = call.timestamp;
    if (call.metadata && Object.keys(call.metadata).length > 0) draft.metadata = { ...call.metadata };
    this.drafts.push(draft);
    if (id !== undefined) {
      this.byId.set(id, draft);
      const waiting = this.pending.get(id);
      if (waiting) {
        this.pending.delete(id);
        applyOutcome(draft, waiting.outcome);
      }
    }
    return true;
  }

  /**
   * Records the outcome of the call with this id. Outcomes merge: the first result and the first
   * error message are kept, and any failure marks the call failed.
   */
  resolve(path: string, id: string | undefined, outcome: CallOutcome, fallback?: FoundCall): void {
    if (id === undefined || id === '') {
      this.context.warn(path, 'a tool result carries no call id; it was not attached to any call');
      return;
    }
    const draft = this.byId.get(id);
    if (draft) {
      applyOutcome(draft, outcome);
      return;
    }
    if (this.skippedIds.has(id)) return;
    const waiting = this.pending.get(id);
    if (waiting) {
      mergeOutcome(waiting.outcome, outcome);
      waiting.fallback ??= fallback;
    } else this.pending.set(id, { path, outcome: { ...outcome }, fallback, turn: this.turns.current });
  }

  /** The normalized calls; results that never met their call become calls (if they name a tool) or warnings. */
  finish(): ToolCall[] {
    for (const [id, waiting] of this.pending) {
      if (waiting.fallback && typeof waiting.fallback.tool === 'string' && waiting.fallback.tool.trim() !== '') {
        this.add(waiting.path, { ...waiting.fallback, id }, waiting.turn);
        const draft = this.byId.get(id);
        if (draft) applyOutcome(draft, waiting.outcome);
      } else {
        this.context.warn(
          waiting.path,
          `a tool result for call id ${JSON.stringify(id)} matches no tool call; it was ignored`,
        );
      }
    }
    this.pending.clear();
    const conversation = this.turns.conversation;
    return this.drafts.map((draft) => {
      const raw: Record<string, unknown> = { tool: draft.tool, args: draft.args, is_error: draft.is_error };
      if (draft.result !== undefined) raw.result = draft.result;
      if (draft.error !== undefined) raw.error = draft.error;
      if (draft.id !== undefined) raw.id = draft.id;
      if (draft.timestamp !== undefined) raw.timestamp = draft.timestamp;
      const duration = durationOf(draft);
      if (duration !== undefined) raw.duration = duration;
      if (draft.metadata) raw.metadata = draft.metadata;
      const call = toActualCall(raw, draft.path, this.context.source);
      if (conversation) call.turn = draft.turn;
      return call;
    });
  }
}

function mergeOutcome(into: CallOutcome, outcome: CallOutcome): void {
  if (into.result === undefined && outcome.result !== undefined) into.result = outcome.result;
  if (into.error === undefined && outcome.error !== undefined && outcome.error !== '') into.error = outcome.error;
  if (outcome.is_error) into.is_error = true;
  if (outcome.metadata) into.metadata = { ...outcome.metadata, ...into.metadata };
  into.endedAt ??= outcome.endedAt;
}

function applyOutcome(draft: Draft, outcome: CallOutcome): void {
  if (draft.result === undefined && outcome.result !== undefined) draft.result = outcome.result;
  if (draft.error === undefined && outcome.error !== undefined && outcome.error !== '') draft.error = outcome.error;
  if (outcome.is_error || (outcome.error !== undefined && outcome.error !== '')) draft.is_error = true;
  if (outcome.metadata && Object.keys(outcome.metadata).length > 0)
    draft.metadata = { ...outcome.metadata, ...draft.metadata };
  draft.endedAt ??= outcome.endedAt;
}

/**
 * Seconds from a call's timestamp to its result's, to the millisecond (the precision of the ISO times
 * sessions record; without rounding, 10:00:06 − 10:00:05 in Unix seconds is not exactly 1). A result
 * recorded before its call is a clock problem, not a duration.
 */
function durationOf(draft: Draft): number | undefined {
  return secondsBetween(draft.timestamp, draft.endedAt);
}

/** Seconds from `start` to `end` (Unix seconds), to the millisecond; undefined when either is missing or end is before start. */
export function secondsBetween(start: number | undefined, end: number | undefined): number | undefined {
  if (start === undefined || end === undefined || end < start) return undefined;
  return Math.round((end - start) * 1000) / 1000;
}

/** Unix seconds of an ISO 8601 time or a number of seconds, or undefined. */
export function unixSeconds(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}

/** An error message from what an SDK recorded (text, an Error-like `{message}`, or JSON), or `fallback`. */
export function failureMessage(value: unknown, fallback = 'tool error'): string {
  return errorText(value) ?? fallback;
}
