import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { isGeminiChunkStream, reassembleGeminiChunks } from '../support/gemini-stream.js';
import {
  CallCollector,
  describeKeys,
  errorText,
  outcomeOf,
  readContent,
  readInMemory,
  type FromOptions,
} from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Google Gemini traces:
 * - a `generateContent` response (`candidates[0].content.parts`), a request history
 *   (`{contents: [{role, parts}]}`), a list of contents, or one content `{role, parts}`;
 *   `functionCall` / `function_call` parts are calls (`name`, `args`, optional `id`);
 *   `functionResponse` / `function_response` parts fill results, joined by `id`, else by name (the
 *   first unanswered call of that name). A `response` with an `error` member marks the call failed.
 * - a recorded `streamGenerateContent` stream (a list of response chunks), rebuilt by
 *   `gemini-stream.ts` into the `functionCall` parts above and read the same way.
 * - an Interactions API interaction (`{object: "interaction", steps: [...]}`): `function_call` steps
 *   are calls, `function_result` steps (by `call_id`, `is_error`) their results.
 */

const FORMAT = 'gemini';

const PART_KEYS = ['functionCall', 'function_call', 'functionResponse', 'function_response'];

function readPart(part: unknown, path: string, calls: CallCollector, context: ParseContext): void {
  if (!isObject(part)) return;
  const callKey =
    part.functionCall !== undefined ? 'functionCall' : part.function_call !== undefined ? 'function_call' : undefined;
  if (callKey !== undefined) {
    const call = part[callKey];
    const callPath = childPath(path, callKey);
    if (!isObject(call)) {
      calls.markUnreadable(callPath, `a ${callKey} that is ${describeType(call)}, not an object`);
      return;
    }
    const rawArgs = call.args !== undefined ? call.args : call.arguments;
    const args =
      rawArgs === undefined || rawArgs === null
        ? {}
        : readArguments(rawArgs, childPath(callPath, call.args !== undefined ? 'args' : 'arguments'), context);
    calls.add(call.name, args, callPath, { id: call.id, metadata: { format: callKey } });
    return;
  }
  const responseKey =
    part.functionResponse !== undefined
      ? 'functionResponse'
      : part.function_response !== undefined
        ? 'function_response'
        : undefined;
  if (responseKey !== undefined) {
    const response = part[responseKey];
    const responsePath = childPath(path, responseKey);
    if (!isObject(response)) {
      context.warn(responsePath, `ignored a ${responseKey} that is ${describeType(response)}, not an object`);
      return;
    }
    calls.addResult({ id: response.id, name: response.name }, outcomeOf(response.response), responsePath);
  } else if (!GEMINI_PART_KEYS.some((key) => key in part)) {
    context.unrecognised(path, `a part that is not a Gemini part (${describeKeys(part)})`);
  }
}

/** Keys of the Gemini parts that are not calls or results (text, media, code, thoughts): read as nothing, quietly. */
const GEMINI_PART_KEYS = [
  'text',
  'inlineData',
  'inline_data',
  'fileData',
  'file_data',
  'executableCode',
  'executable_code',
  'codeExecutionResult',
  'code_execution_result',
  'thought',
  'thoughtSignature',
  'thought_signature',
  'videoMetadata',
  'video_metadata',
];

/** Reads the function call and response parts of one content `{role, parts}` (also ADK's events' contents). */
export function readContentObject(
  content: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const parts = content.parts;
  if (parts === undefined || parts === null) return;
  if (!Array.isArray(parts)) {
    calls.markUnreadable(childPath(path, 'parts'), `"parts" that is ${describeType(parts)}, not a list`);
    return;
  }
  parts.forEach((part: unknown, i) => readPart(part, childPath(childPath(path, 'parts'), i), calls, context));
}

function readContents(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (!isObject(item)) context.warn(itemPath, `skipped ${describeType(item)}: expected a content {role, parts}`);
    else if (Array.isArray(item.parts)) readContentObject(item, itemPath, calls, context);
    else if (isObject(item.content)) readContentObject(item.content, childPath(itemPath, 'content'), calls, context);
    else if (PART_KEYS.some((key) => item[key] !== undefined)) readPart(item, itemPath, calls, context);
    else context.warn(itemPath, 'skipped an entry with no "parts" and no function call or response');
  });
}

function firstOfCandidates(count: number): string {
  return `read the first of ${count} candidates; the others are alternatives, not later steps`;
}

function readCandidates(candidates: unknown[], calls: CallCollector, context: ParseContext): void {
  const index = candidates.findIndex((candidate) => isObject(candidate) && isObject(candidate.content));
  if (index < 0) return; // e.g. a response blocked by safety settings: no content, no calls
  const others = candidates.filter((candidate) => isObject(candidate) && isObject(candidate.content)).length - 1;
  if (others > 0) context.warn('$.candidates', firstOfCandidates(others + 1));
  const candidate = candidates[index] as Record<string, unknown>;
  const content = candidate.content as Record<string, unknown>;
  const before = calls.count;
  readContentObject(content, `$.candidates[${index}].content`, calls, context);
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const last = parts[parts.length - 1];
  if (isObject(last) && (last.functionCall !== undefined || last.function_call !== undefined))
    calls.endedAtTokenLimit('finishReason', candidate.finishReason, before);
}

/** Function calls of a recorded `streamGenerateContent` stream, read like a response's parts. */
function readStream(chunks: unknown[], calls: CallCollector, context: ParseContext): void {
  const stream = reassembleGeminiChunks(chunks, context);
  if (stream.candidates > 1) context.warn('$', firstOfCandidates(stream.candidates));
  let before = calls.count;
  for (const { part, path } of stream.parts) {
    before = calls.count;
    readPart(part, path, calls, context);
  }
  if (stream.endsOnCall) calls.endedAtTokenLimit('finishReason', stream.finishReason, before);
}

function readSteps(steps: unknown[], calls: CallCollector, context: ParseContext): void {
  steps.forEach((step: unknown, i) => {
    const path = childPath('$.steps', i);
    if (!isObject(step)) return;
    if (step.type === 'function_call') {
      calls.add(
        step.name,
        step.arguments === undefined || step.arguments === null
          ? {}
          : readArguments(step.arguments, childPath(path, 'arguments'), context),
        path,
        {
          id: step.id,
          metadata: { format: 'interaction' },
        },
      );
    } else if (step.type === 'function_result') {
      const result = readContent(step.result);
      const message = step.is_error === true ? errorText(result) : undefined;
      const outcome =
        step.is_error === true
          ? message === undefined
            ? { result, failed: true }
            : { result, failed: true, error: message }
          : { result };
      calls.addResult({ id: step.call_id, name: step.name }, outcome, path);
    }
  });
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  const error = data.error;
  if (isObject(error) && typeof error.message === 'string' && data.candidates === undefined) {
    const kind = typeof error.status === 'string' ? error.status : textOf(error.code ?? 'error');
    throw new ToolscoreInputError(
      { source: context.source, path: '$.error' },
      `this is a Gemini API error response (${kind}), not a trace: ${error.message}`,
    );
  }
  if (data.object === 'interaction' && Array.isArray(data.steps)) readSteps(data.steps, calls, context);
  else if (Array.isArray(data.candidates)) readCandidates(data.candidates, calls, context);
  else if (Array.isArray(data.contents)) readContents(data.contents, '$.contents', calls, context);
  else if (Array.isArray(data.parts)) readContentObject(data, '$', calls, context);
  else if (isObject(data.content)) readContentObject(data.content, '$.content', calls, context);
  else {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected a Gemini response ("candidates"), {"contents": [...]}, a content {role, parts} or an interaction ("steps"); got ${describeKeys(data)}`,
    );
  }
}

/** Google Gemini traces. */
export const geminiFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    '"candidates", "contents" or a list of {role, parts} with functionCall / function_call parts, or a streamGenerateContent stream (a list of {candidates} chunks)',
  marks: ['candidates', 'contents', 'parts', 'functionCall', 'functionResponse', 'finishReason'],
  detect: looksLikeGemini,
  description:
    'Google Gemini responses and contents (functionCall / function_call parts; functionResponse results), recorded streamGenerateContent chunks, and Interactions API steps',
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isGeminiChunkStream(data)) readStream(data, calls, context);
    else if (Array.isArray(data)) readContents(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a Gemini response or a list of contents, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from a Gemini response or conversation held in memory: a `generateContent` response, a
 * `contents` list, or an interaction. Throws `ToolscoreInputError` for anything else.
 */
export function fromGemini(response: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(geminiFormat, response, options);
}

// ---- Detection ---------------------------------------------------------------------------------

const GEMINI_FUNCTION_KEYS = ['functionCall', 'function_call', 'functionResponse', 'function_response'];

/** A Gemini content: `parts` whose elements are objects without a `type` (Vercel AI and OTel parts have one). */
function isGeminiContent(value: unknown): value is { parts: unknown[] } & Record<string, unknown> {
  return (
    isObject(value) && Array.isArray(value.parts) && value.parts.every((part) => isObject(part) && !('type' in part))
  );
}

/** A part holding a function call or response; a `role` means an OpenAI message with a legacy `function_call`. */
function isGeminiFunctionPart(part: unknown): boolean {
  return isObject(part) && !('role' in part) && GEMINI_FUNCTION_KEYS.some((key) => isObject(part[key]));
}

/**
 * Gemini: a response (`candidates` of objects with `content` or `finishReason`), a request
 * (`contents`, every element a content), a non-empty list of contents, a list of function parts, a
 * recorded stream (`isGeminiChunkStream`: a list of response chunks), one
 * content with a `role` or a function part, an interaction (`object: "interaction"` with `steps`),
 * or a Google API error body (`error` with numeric `code` and string `status`).
 */
function looksLikeGemini(data: unknown): boolean {
  if (Array.isArray(data)) {
    return (
      data.length > 0 && (data.every(isGeminiContent) || data.every(isGeminiFunctionPart) || isGeminiChunkStream(data))
    );
  }
  if (!isObject(data)) return false;
  if (data.object === 'interaction' && Array.isArray(data.steps)) return true;
  const candidates = data.candidates;
  if (Array.isArray(candidates)) {
    return (
      candidates.length > 0 &&
      candidates.every(isObject) &&
      candidates.some((c) => isObject(c) && ('content' in c || 'finishReason' in c))
    );
  }
  if (Array.isArray(data.contents)) return data.contents.length > 0 && data.contents.every(isGeminiContent);
  if (isGeminiContent(data)) return typeof data.role === 'string' || data.parts.some(isGeminiFunctionPart);
  const error = data.error;
  return (
    Object.keys(data).length === 1 &&
    isObject(error) &&
    typeof error.code === 'number' &&
    typeof error.status === 'string'
  );
}
