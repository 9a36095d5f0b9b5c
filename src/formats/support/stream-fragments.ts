import type { ParseContext } from '../types.js';

/**
 * Reassembly of recorded provider streams. A streamed response sends each tool call in pieces: an
 * opening event (name, id), argument fragments, and a stop event. The provider readers
 * (`openai-stream.ts`, `anthropic-stream.ts`, `gemini-stream.ts`) key those pieces by the stream's
 * own index or id and rebuild the unit the non-streamed response would hold (a `tool_calls` entry, a
 * content block, an output item, a part); the adapters then read that unit with the very code that
 * reads whole responses, so a stream and its non-streamed twin give the same calls.
 */

/** Warning for a call whose stop event never came (a cut recording, a dropped connection). */
const STREAM_ENDED_MID_CALL = 'the stream ended before this call was complete; kept the arguments received so far';

/** Warning for an argument fragment that names no call the stream opened. */
const ORPHAN_FRAGMENT = 'skipped an argument fragment: no call of the stream was opened under its index';

/** One unit being rebuilt from a stream. */
export interface PartialCall<T> {
  /** The unit as far as it is known: what the opening event said, or the complete unit once the stream repeats it. */
  head: T;
  /** Argument text fragments in arrival order; empty when the head holds the arguments. */
  fragments: string[];
  /** JSON path of the opening event, for warnings. */
  path: string;
  /** Whether a stop event (or a repetition of the whole unit) closed it. */
  closed: boolean;
  /** Where the unit sits in the whole response (response, then index): fragments may interleave, the units keep this order. */
  rank: readonly number[];
}

/**
 * The units of one stream, by key, in the order of their ranks. A key is open from `start` until
 * `close`; a later `start` under the same key begins a new unit (the next response of a recorded run
 * can reuse index 0).
 */
export class StreamAssembly<T> {
  /** The latest unit under each key, open or closed. */
  private readonly latest = new Map<string, PartialCall<T>>();
  private readonly units: PartialCall<T>[] = [];

  constructor(private readonly context: ParseContext) {}

  /** The open unit under `key`, if any. */
  find(key: string): PartialCall<T> | undefined {
    const unit = this.latest.get(key);
    return unit && !unit.closed ? unit : undefined;
  }

  /** Opens a unit under `key`, at `rank` in the response. */
  start(key: string, head: T, path: string, rank: readonly number[]): PartialCall<T> {
    const unit: PartialCall<T> = { head, fragments: [], path, closed: false, rank };
    this.latest.set(key, unit);
    this.units.push(unit);
    return unit;
  }

  /** Appends argument text to the open unit under `key`; a fragment for no open unit is skipped with a warning. */
  append(key: string, text: string, path: string): void {
    const unit = this.find(key);
    if (unit) unit.fragments.push(text);
    else this.context.warn(path, ORPHAN_FRAGMENT);
  }

  /** Closes the open unit under `key` (its stop event). */
  close(key: string): void {
    const unit = this.find(key);
    if (unit) unit.closed = true;
  }

  /**
   * The stream repeated the whole unit (a "done" event): it replaces what the fragments built, also
   * after an earlier "done" for the same key, so nothing is counted twice. A unit the stream only
   * ever sent whole is added here.
   */
  complete(key: string, whole: T, path: string, rank: readonly number[]): void {
    const unit = this.latest.get(key) ?? this.start(key, whole, path, rank);
    unit.head = whole;
    unit.fragments = [];
    unit.closed = true;
  }

  /** Closes every open unit (the end of one response). */
  closeAll(): void {
    for (const unit of this.units) unit.closed = true;
  }

  /** The units by rank (ties as they opened); one the stream never closed is kept with a warning. */
  finish(): PartialCall<T>[] {
    for (const unit of this.units) if (!unit.closed) this.context.warn(unit.path, STREAM_ENDED_MID_CALL);
    return [...this.units].sort((a, b) => compareRanks(a.rank, b.rank));
  }
}

/** The joined argument text of a unit, or `whole` when no fragment came (the opening event held the arguments). */
export function joinedArguments<V>(unit: PartialCall<unknown>, whole: V): string | V {
  return unit.fragments.length === 0 ? whole : unit.fragments.join('');
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
