import type { ToolCall } from '../core/types.js';

/** What an adapter is told about its input, and where it reports entries it skipped or repaired. */
export interface ParseContext {
  /** File path or in-memory source name, for messages. */
  source: string;
  /** Records a warning: the input was read, but something in it was skipped or repaired. */
  warn(path: string, message: string): void;
  /**
   * Records an item the reader does not know and passes over without a warning of its own (an
   * unknown part, event or message kind; never one it knows holds no call, such as a text message).
   * `what` names its kind (`a content block of type "x"`): once the reading ends, each kind is one
   * warning with its count and where the first was (`passedOverWarnings`), and a reading with no
   * calls names the first item in its "found no tool calls it could use" warning.
   */
  unrecognised(path: string, what: string): void;
  /**
   * Records a user message (real user input, never a tool-result carrier nor a system message), its
   * text parts joined with "\n", in document order. Readers report them through a `TurnCounter`
   * (support/turns.ts), which also marks each call's turn.
   */
  userMessage?(path: string, text: string): void;
  /**
   * Records an assistant message's text (its text parts joined with "\n"; never thinking nor tool
   * calls), in document order, so it falls in the turn of the user messages reported before it.
   * Readers report them through a `TurnCounter` (support/turns.ts), which leaves out empty texts.
   */
  assistantText?(path: string, text: string): void;
}

/** What a reading passed over without knowing it (see `ParseContext.unrecognised`). */
export interface UnrecognisedItems {
  count: number;
  first?: { path: string; what: string };
  /** Each kind passed over (its `what`, the first `KINDS_NAMED` met), with how many and where the first was. */
  kinds?: Map<string, { count: number; path: string }>;
}

/** How many kinds of passed-over items are each named in a warning; the rest are counted together. */
const KINDS_NAMED = 8;

/** One run of a document that holds several (an eval set's case, an eval log's sample). */
export interface TraceRun {
  /** The document's own id for the run (an `eval_id`, a sample id). */
  id: string;
  /** The run as a document the format's `parse` reads on its own. */
  data: unknown;
}

/** How a format finds the runs of a document that holds several; see `TraceFormat.runs`. */
export interface RunSplitter {
  /**
   * Keys one of which such a document holds (`eval_cases`): `batch` parses a trace file up front to
   * count its runs only when its text holds one of them, quoted, so other files are read once.
   */
  keys: readonly string[];
  /** The runs of the document, in its order; undefined when it is not a document of runs. */
  split(data: unknown): TraceRun[] | undefined;
}

/** One trace format: turns one input shape into the same list of calls. */
export interface TraceFormat {
  /** Name used by `--format` and `evaluateTrace({format})`. */
  name: string;
  /**
   * Keys and `type` / `object` / `role` / `event` / `method` values typical of the format, used only to name the
   * nearest format when detection fails (how many of them the data holds). Formats without them are
   * never named nearest.
   */
  marks?: readonly string[];
  /** What it reads, in one line (docs/formats.md table, error messages). */
  description: string;
  /** What `detect` looks for, in one line, named in "could not detect" errors. */
  looksFor: string;
  /**
   * Whether parsed data has this format's shape, judged on its whole structure (every message of a
   * list, not only the first). The registry asks the formats in its detection order; the first yes wins.
   */
  detect(data: unknown): boolean;
  /**
   * Whether the format records the agent's assistant text: its readings then give `replies` (a
   * turn without text is null) even when a document holds none. A format without it gives `replies`
   * only when a reading met some text (an OpenTelemetry chat span's output messages). A function
   * says it of each document (a format some of whose shapes record no messages).
   */
  recordsReplies?: boolean | ((data: unknown) => boolean);
  /**
   * Optional: whether data is a shape this format reads in which no call is a legitimate zero, though
   * `detect` leaves it to other formats (an Anthropic message without its `role` holding only text, an
   * empty `{"messages": []}`). A named reading of it then gives no calls without an error.
   */
  holdsNoCalls?(data: unknown): boolean;
  /**
   * Optional, for a format whose documents may hold several runs (an eval set, an eval log): how to
   * split one into its runs. `batch` scores each run of such a file as its own case (`file#id`, see
   * `formats/runs.ts`); a reading of the whole document gives the calls of every run, in order, with a
   * warning naming them.
   */
  runs?: RunSplitter;
  /** Reads calls from parsed JSON. Throws `ToolscoreInputError` when the shape is wrong. */
  parse(data: unknown, context: ParseContext): ToolCall[];
  /**
   * Optional: a reader fed one item at a time (one line of a JSON Lines file), so memory follows the
   * calls rather than the file. Formats without one get their JSON Lines items as one array.
   */
  createStreamReader?(context: ParseContext): TraceStreamReader;
  /**
   * Optional, for formats without a stream reader: one JSON Lines item as it is kept until `parse`
   * reads them all, with the bulk that can hold no call or result (a message's text, thinking,
   * images) cut down to what `parse` looks at, so memory follows the calls rather than the file.
   */
  slim?(item: unknown): unknown;
  /**
   * Optional: a `slim` for one whole reading, when what a line may shed depends on the lines after it
   * (of a turn's assistant texts only the last is its reply). A JSON Lines reading uses it instead of `slim`.
   */
  slimmer?(): (item: unknown) => unknown;
}

/** Reads a trace item by item; see `TraceFormat.createStreamReader`. */
export interface TraceStreamReader {
  /** Takes the next item; `path` names it in warnings and errors (`line 12: $` for JSON Lines). */
  push(item: unknown, path: string): void;
  /** The calls, once every item was pushed. May throw `ToolscoreInputError` like `parse`. */
  finish(): ToolCall[];
}

/** Whether `format` records the agent's assistant text in `data` (see `TraceFormat.recordsReplies`). */
export function recordsReplies(format: TraceFormat, data: unknown): boolean {
  const records = format.recordsReplies;
  return typeof records === 'function' ? records(data) : records === true;
}

/**
 * A ParseContext that collects warnings as `source at path: message` lines, counts what it passed
 * over, collects the user messages' texts in `userMessages`, and in `replies` the last assistant text
 * of each turn (index k-1 for turn k, the turn being the user messages reported so far; null for a
 * turn without one, filled in up to the turn of the latest text).
 */
export function collectingContext(
  source: string,
  warnings: string[],
  passedOver: UnrecognisedItems = { count: 0 },
  userMessages: string[] = [],
  replies: (string | null)[] = [],
): ParseContext {
  return {
    source,
    userMessage(_path, text) {
      userMessages.push(text);
    },
    assistantText(_path, text) {
      const turn = Math.max(1, userMessages.length);
      while (replies.length < turn) replies.push(null);
      replies[turn - 1] = text;
    },
    warn(path, message) {
      warnings.push(`${source}${path ? ` at ${path}` : ''}: ${message}`);
    },
    unrecognised(path, what) {
      passedOver.count++;
      passedOver.first ??= { path, what };
      passedOver.kinds ??= new Map();
      const kind = passedOver.kinds.get(what);
      if (kind !== undefined) kind.count++;
      else if (passedOver.kinds.size < KINDS_NAMED) passedOver.kinds.set(what, { count: 1, path });
    },
  };
}

/** `a part of type "x"`, or `a part of type "x", and 2 more like it`: a kind passed over, counted. */
export function passedOverText(what: string, count: number): string {
  return `${what}${count > 1 ? `, and ${count - 1} more like it` : ''}`;
}

/**
 * One warning for each kind of item a reading passed over, in the order first met: `passed over a
 * part of type "x", and 2 more like it` at the first one's path. Kinds past the first `KINDS_NAMED`
 * are one more warning with their count, so a file of many odd lines stays a few warnings.
 * `firstTold`: the reading read no call, and its "found no tool calls" warning names the first kind.
 */
export function passedOverWarnings(source: string, passedOver: UnrecognisedItems, firstTold = false): string[] {
  const warnings: string[] = [];
  let named = 0;
  for (const [what, { count, path }] of passedOver.kinds ?? []) {
    named += count;
    if (firstTold && named === count) continue;
    warnings.push(`${source} at ${path}: passed over ${passedOverText(what, count)}`);
  }
  const others = passedOver.count - named;
  if (others > 0) warnings.push(`${source}: passed over ${others} more item(s) of other kinds it does not know`);
  return warnings;
}
