import { childPath, describeType } from '../../core/errors.js';
import { setOwn } from '../../core/objects.js';
import { isObject } from '../../core/objects.js';
import { StreamAssembly } from './stream-fragments.js';
import type { ParseContext } from '../types.js';

/**
 * Recorded Gemini / Vertex AI `streamGenerateContent` streams: a list of `GenerateContentResponse`
 * chunks, rebuilt into the `functionCall` parts a non-streamed response holds (see
 * `stream-fragments.ts`). Two ways a call arrives:
 * - whole, in one part (`{name, args}`), as Gemini sends it by default;
 * - in pieces, when Vertex streams function call arguments: a part `{name, willContinue: true}` opens
 *   the call, parts `{partialArgs: [{jsonPath, stringValue | numberValue | boolValue | nullValue,
 *   willContinue}], willContinue}` set values at JSON paths (a string whose previous piece said
 *   `willContinue` is appended to), and a part without `willContinue: true` (often `{}`), the next
 *   named call or the candidate's `finishReason` closes it.
 * Only the first candidate of each chunk is read, as for a whole response.
 */

/** Keys of a chunk that mark it as a GenerateContentResponse. */
function isResponseChunk(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    (Array.isArray(value.candidates) || isObject(value.usageMetadata) || isObject(value.promptFeedback)) &&
    !('role' in value) &&
    !('type' in value)
  );
}

/** A stream: every element a GenerateContentResponse chunk, and some with `candidates`. */
export function isGeminiChunkStream(list: unknown[]): boolean {
  return list.some((item) => isObject(item) && Array.isArray(item.candidates)) && list.every(isResponseChunk);
}

/** A function call part rebuilt from chunks. */
interface StreamedPart {
  /** The part as the non-streamed response would hold it: `{functionCall: {name, args, id?}}` (or `function_call`). */
  part: Record<string, unknown>;
  /** JSON path of the part that opened the call. */
  path: string;
}

/** The function call parts of a stream, and the most candidates any chunk had (alternatives when above one). */
export interface GeminiStream {
  /** Rebuilt parts, in order. */
  parts: StreamedPart[];
  /** The largest number of candidates in one chunk. */
  candidates: number;
  /** The first candidate's `finishReason`, when a chunk gave one. */
  finishReason?: unknown;
  /** Whether the first candidate's last part (empty text aside) was a function call: a token limit reached there cut it. */
  endsOnCall: boolean;
  /** The first candidate's text parts (thoughts aside) joined, with the path of the first. */
  text: { text: string; path: string } | undefined;
}

interface CallHead {
  /** `functionCall` or `function_call`, as the stream spelled it. */
  field: string;
  /** The call: name, id, and the arguments built so far. */
  call: Record<string, unknown>;
  /** JSON paths whose string value is still being streamed. */
  continuing: Set<string>;
}

const CALL_FIELDS = ['functionCall', 'function_call'];
const VALUE_KEYS = ['stringValue', 'numberValue', 'boolValue', 'nullValue'];

/** Rebuilds the function call parts of a `streamGenerateContent` stream (at `base`: a Gemini CLI record's `response`). */
export function reassembleGeminiChunks(chunks: unknown[], context: ParseContext, base = '$'): GeminiStream {
  const assembly = new StreamAssembly<CallHead>(context);
  let next = 0;
  let open: string | undefined;
  let candidates = 0;
  let finishReason: unknown;
  let endsOnCall = false;
  let text: GeminiStream['text'];
  chunks.forEach((chunk, i) => {
    const path = childPath(base, i);
    if (!isResponseChunk(chunk))
      return context.warn(path, `skipped ${describeType(chunk)}: expected a GenerateContentResponse chunk`);
    if (!Array.isArray(chunk.candidates) || chunk.candidates.length === 0) return;
    candidates = Math.max(candidates, chunk.candidates.length);
    const candidate = chunk.candidates[0];
    if (!isObject(candidate)) return;
    const contentPath = childPath(childPath(path, 'candidates'), 0);
    const parts = isObject(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    parts.forEach((part: unknown, j) => {
      const partPath = childPath(childPath(childPath(contentPath, 'content'), 'parts'), j);
      const field = isObject(part) ? CALL_FIELDS.find((key) => isObject(part[key])) : undefined;
      if (field === undefined) {
        if (isObject(part) && typeof part.text === 'string' && part.thought !== true && part.text !== '') {
          text ??= { text: '', path: partPath };
          text.text += part.text;
        }
        // The closing chunk often carries an empty text part: it says nothing after the call.
        if (!(isObject(part) && part.text === '')) endsOnCall = false;
        return;
      }
      endsOnCall = true;
      const call = (part as Record<string, Record<string, unknown>>)[field]!;
      if (typeof call.name === 'string' && call.name !== '') {
        // A named part begins a call; calls stream one after another, so the previous one is over.
        if (open !== undefined) assembly.close(open);
        open = undefined;
        const rank = [next++];
        const key = String(rank[0]);
        if (call.willContinue !== true)
          return assembly.complete(key, { field, call, continuing: new Set() }, partPath, rank);
        const started: Record<string, unknown> = { name: call.name, args: isObject(call.args) ? { ...call.args } : {} };
        if (call.id !== undefined) started.id = call.id;
        assembly.start(key, { field, call: started, continuing: new Set() }, partPath, rank);
        open = key;
      }
      const unit = open === undefined ? undefined : assembly.find(open);
      if (Array.isArray(call.partialArgs)) {
        if (unit)
          call.partialArgs.forEach((arg: unknown, k) =>
            applyPartialArg(
              unit.head,
              arg,
              childPath(childPath(childPath(partPath, field), 'partialArgs'), k),
              context,
            ),
          );
        else
          context.warn(
            childPath(partPath, field),
            'skipped partial arguments: no streamed call was opened by a named functionCall with willContinue',
          );
      }
      if (open !== undefined && call.willContinue !== true) {
        assembly.close(open);
        open = undefined;
      }
    });
    if (candidate.finishReason !== undefined) {
      finishReason = candidate.finishReason;
      if (open !== undefined) assembly.close(open);
      open = undefined;
    }
  });
  const parts = assembly
    .finish()
    .map((unit): StreamedPart => ({ part: { [unit.head.field]: unit.head.call }, path: unit.path }));
  return { parts, candidates, finishReason, endsOnCall, text };
}

/** Sets (or, for a continued string, extends) the value one partial argument carries. */
function applyPartialArg(head: CallHead, arg: unknown, path: string, context: ParseContext): void {
  if (!isObject(arg) || typeof arg.jsonPath !== 'string')
    return context.warn(path, 'skipped a partial argument without a "jsonPath"');
  const valueKey = VALUE_KEYS.find((key) => key in arg);
  if (valueKey === undefined) return;
  const value = valueKey === 'nullValue' ? null : arg[valueKey];
  const steps = parseJsonPath(arg.jsonPath);
  if (steps === undefined)
    return context.warn(
      path,
      `skipped a partial argument at ${JSON.stringify(arg.jsonPath)}: expected a JSON path such as $.a.b[0]`,
    );
  const continued = head.continuing.has(arg.jsonPath);
  if (!setAtPath(head.call.args as Record<string, unknown>, steps, value, continued && typeof value === 'string')) {
    return context.warn(
      path,
      `skipped a partial argument at ${JSON.stringify(arg.jsonPath)}: it does not fit the arguments built so far`,
    );
  }
  if (typeof value === 'string' && arg.willContinue === true) head.continuing.add(arg.jsonPath);
  else head.continuing.delete(arg.jsonPath);
}

/** `$.a.b[0]["c d"]` as steps (`['a', 'b', 0, 'c d']`), or undefined when it is not such a path. */
function parseJsonPath(text: string): (string | number)[] | undefined {
  if (!text.startsWith('$')) return undefined;
  const steps: (string | number)[] = [];
  const step = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(?:'([^']*)'|"((?:[^"\\]|\\.)*)")\]/y;
  step.lastIndex = 1;
  while (step.lastIndex < text.length) {
    const match = step.exec(text);
    if (match === null) return undefined;
    const [, name, index, single, double] = match;
    const key = name ?? single ?? (double === undefined ? undefined : unescapeJson(double));
    if (index !== undefined) steps.push(Number(index));
    else if (key !== undefined) steps.push(key);
    else return undefined;
  }
  return steps.length > 0 ? steps : undefined;
}

/** The text of a double-quoted key (JSON escapes), or undefined when its escapes are not JSON's. */
function unescapeJson(text: string): string | undefined {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * Puts `value` at `steps` below `root`, creating objects and lists on the way; `append` extends the
 * string already there. A list index may only overwrite or extend by one (no sparse lists from a
 * hostile index). Returns false when the path runs through a value that is not a container.
 */
function setAtPath(
  root: Record<string, unknown>,
  steps: (string | number)[],
  value: unknown,
  append: boolean,
): boolean {
  let container: Record<string, unknown> | unknown[] = root;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s]!;
    const last = s === steps.length - 1;
    const current: unknown = Array.isArray(container)
      ? container[step as number]
      : Object.hasOwn(container, step)
        ? container[step as string]
        : undefined;
    const fresh = last
      ? append && typeof current === 'string'
        ? current + (value as string)
        : value
      : (current ?? (typeof steps[s + 1] === 'number' ? [] : {}));
    if (Array.isArray(container)) {
      if (typeof step !== 'number' || step > container.length) return false;
      container[step] = fresh;
    } else {
      if (typeof step !== 'string') return false;
      setOwn(container, step, fresh);
    }
    if (last) return true;
    if (fresh === null || typeof fresh !== 'object') return false;
    container = fresh as Record<string, unknown> | unknown[];
  }
  return true;
}
