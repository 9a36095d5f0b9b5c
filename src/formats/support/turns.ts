import { isObject } from '../../core/objects.js';
import type { ToolCall } from '../../core/types.js';
import type { ParseContext } from '../types.js';
import { type LazyPath, pathText } from './calls.js';

/**
 * Conversation turns, counted the same way by every reader: a call's turn is the number of user
 * messages before it in the document (1 before the first). Only real user input counts: a message
 * that only carries tool results, and system or developer messages, are no turn. Calls are marked,
 * and the texts reported, only when the trace holds two or more user messages, so a single-turn
 * trace reads as it always did.
 */
export class TurnCounter {
  private seen = 0;
  /** Set while reading what is no reply to the user (see `withoutReplies`). */
  private muted = false;

  constructor(private readonly context: ParseContext) {}

  /** Records a user message (its text parts joined with "\n"); the calls after it are in the next turn. */
  user(path: LazyPath, text: string): void {
    this.seen++;
    this.context.userMessage?.(pathText(path), text);
  }

  /**
   * Records an assistant message's text (its text parts joined with "\n", see `assistantText`), in
   * the current turn; an empty text (a message of only calls) is no reply and is left out.
   */
  assistant(path: LazyPath, text: string): void {
    if (!this.muted && text.trim() !== '') this.context.assistantText?.(pathText(path), text);
  }

  /** Runs `read` with the assistant texts it meets left out: a model response that is no reply to the user. */
  withoutReplies(read: () => void): void {
    const muted = this.muted;
    this.muted = true;
    try {
      read();
    } finally {
      this.muted = muted;
    }
  }

  /** The turn a call met now is made in. */
  get current(): number {
    return Math.max(1, this.seen);
  }

  /** Whether the trace is a conversation (two or more user messages): only then are calls marked. */
  get conversation(): boolean {
    return this.seen >= 2;
  }

  /** Marks a call with the current turn (or `turn`); `finish` takes the marks off a single-turn trace. */
  mark<T extends ToolCall>(call: T, turn = this.current): T {
    call.turn = turn;
    return call;
  }

  /** The final pass over a reading's calls: their marks kept in a conversation, taken off otherwise. */
  finish(calls: ToolCall[]): ToolCall[] {
    if (!this.conversation) for (const call of calls) delete call.turn;
    return calls;
  }
}

/** Text part types of the providers' user messages (`text`, Responses `input_text`). */
const TEXT_PARTS = new Set(['text', 'input_text']);

/** Text part types of the providers' assistant messages (`text`, Responses `output_text`). */
const ASSISTANT_TEXT_PARTS = new Set(['text', 'output_text']);

/** A message content's text: a string as is, a list of parts as the parts `isText` takes joined with "\n", anything else empty. */
function partsText(content: unknown, isText: (part: Record<string, unknown>) => boolean): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') texts.push(part);
    else if (isObject(part) && typeof part.text === 'string' && isText(part)) texts.push(part.text);
  }
  return texts.join('\n');
}

/** The text of a user message's content: its `text` / `input_text` parts (images and files add nothing). */
export function userText(content: unknown): string {
  return partsText(content, (part) => part.type === undefined || TEXT_PARTS.has(part.type as string));
}

/**
 * The text of an assistant message's content: its `text` / `output_text` parts (thinking, reasoning,
 * refusals and calls add nothing; a part marked `thought: true`, as Gemini marks its thoughts, neither).
 */
export function assistantText(content: unknown): string {
  return partsText(
    content,
    (part) => part.thought !== true && (part.type === undefined || ASSISTANT_TEXT_PARTS.has(part.type as string)),
  );
}

/**
 * The text of a user message whose content may carry tool results (Anthropic `tool_result` blocks,
 * Gemini `functionResponse` parts, Bedrock `toolResult` blocks): undefined when some part is a result
 * (`isResult`), since such a message returns the results of the assistant's calls and is no turn.
 */
export function userInputText(content: unknown, isResult: (part: unknown) => boolean): string | undefined {
  if (Array.isArray(content) && content.some(isResult)) return undefined;
  return userText(content);
}

/**
 * The user messages an `ExtractedCalls` carries (present only in a conversation, two or more), and
 * its replies: one per turn (as many as the user messages, at least one), the last assistant text of
 * each or null; present when the format records assistant text (`recordsReplies`) or the reading met
 * some, absent otherwise ("no reply recorded").
 */
export function conversationOf(
  userMessages: string[],
  replies: (string | null)[] = [],
  recordsReplies = false,
): { userMessages?: string[]; replies?: (string | null)[] } {
  const turns = Math.max(1, userMessages.length);
  const reading: { userMessages?: string[]; replies?: (string | null)[] } =
    userMessages.length >= 2 ? { userMessages } : {};
  if (recordsReplies || replies.length > 0) {
    while (replies.length < turns) replies.push(null);
    reading.replies = replies;
  }
  return reading;
}
