import type { CaseOptions } from '../batch/cases.js';
import type { BatchErrorLine, BatchScoredLine } from '../batch/types.js';

/**
 * The platform's `AbortSignal` wherever the types know one (Node's, the DOM's), so it passes to `fetch`
 * and the SDKs as it is; in a project with neither, the part of it an agent uses.
 */
export type RunSignal = typeof globalThis extends { AbortSignal: { prototype: infer Signal } } ? Signal : SignalLike;

/** What a run's signal offers without the platform's types. */
interface SignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * What an agent's function gets besides its input: which case and trial it is running, a signal that
 * fires when the trial's time is up (or the run is stopped for good), and a logger.
 */
export interface AgentContext {
  /** The case's id (or `#n`, its position counted from 1, when it has none). */
  caseId: string;
  /** Which trial of the case this is, from 1. */
  trial: number;
  /** Aborted when the trial times out: pass it to fetch and the SDKs so their requests stop too. */
  signal: RunSignal;
  /** Writes a line to stderr, prefixed with the case id and trial (credentials masked, control characters escaped). */
  log(...values: unknown[]): void;
}

/** The user's agent: an input in, a response out (anything `evaluate()` reads: a provider response, a framework result, messages, calls). */
export type Agent = (input: unknown, context: AgentContext) => unknown;

/** One case of a run's dataset: what to give the agent and the gold its calls are scored against. */
export interface RunCase {
  id?: string | number;
  /** Given to the agent as it is. */
  input: unknown;
  /** Any gold the gold language allows: a list of calls, or `{calls, ...}`. */
  expected: unknown;
  options?: CaseOptions;
}

/** A results line of a run: batch's line with the trial it is of, right after `index`. */
export type RunLine = (BatchScoredLine | BatchErrorLine) & { trial: number };
