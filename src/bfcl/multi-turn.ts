/**
 * The leaderboard's multi-turn categories (`multi_turn_base`, `_miss_func`, `_miss_param`,
 * `_long_context`): a question is a list of turns, each a list of messages (a turn of `miss_func`
 * that only adds a held-out function has none); a possible answer is a list of turns, each a list of
 * Python call strings (`cd(folder='document')`), `[]` where the model should call nothing; a model's
 * result is a list of turns, each a list of steps, each a list of `{name: arguments}`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import type { Args, ToolCall } from '../core/types.js';
import { encodeArgs } from '../match/operators.js';
import { decodeResult } from './decode.js';
import { parsePythonCall } from './python-calls.js';
import { type PyValue, toJson } from './python-values.js';
import type { ParameterNames } from './types.js';

/** One turn of a converted possible answer: the user's message (absent when the turn has none) and the calls. */
export interface BfclGoldTurn {
  user?: string;
  calls: { tool: string; args: Record<string, unknown> }[];
}

/** A multi-turn possible answer as a conversation gold file. */
export interface BfclTurnsGold {
  turns: BfclGoldTurn[];
}

/** Where the leaderboard keeps the multi-turn function documents, beside its question files. */
const FUNC_DOC_FOLDER = 'multi_turn_func_doc';

/**
 * The parameter names of every function the leaderboard's multi-turn function documents describe
 * (`multi_turn_func_doc/*.json`, JSON Lines of `{name, parameters: {properties}}`), found in the
 * questions folder (at any depth) or beside a questions file; undefined when there are none.
 */
export async function readParameterNames(questions: string, isFolder: boolean): Promise<ParameterNames | undefined> {
  let folder: string | undefined;
  if (isFolder) {
    const names = (await readdir(questions, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && entry.name === FUNC_DOC_FOLDER)
      .map((entry) => join(entry.parentPath, entry.name))
      .sort((a, b) => a.split(sep).length - b.split(sep).length);
    folder = names[0];
  } else if (basename(dirname(questions)) !== FUNC_DOC_FOLDER) {
    folder = join(dirname(questions), FUNC_DOC_FOLDER);
  }
  if (folder === undefined) return undefined;
  const files = await readdir(folder).catch(() => undefined);
  if (files === undefined) return undefined;
  const out: Record<string, readonly string[]> = {};
  for (const file of files.filter((name) => name.endsWith('.json')).sort()) {
    const path = join(folder, file);
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let doc: unknown;
      try {
        doc = JSON.parse(line);
      } catch {
        throw new ToolscoreInputError(
          { source: path, line: i + 1 },
          'expected a function document, one JSON object a line',
        );
      }
      const properties = isObject(doc) && isObject(doc.parameters) ? doc.parameters.properties : undefined;
      if (!isObject(doc) || typeof doc.name !== 'string' || !isObject(properties))
        throw new ToolscoreInputError(
          { source: path, line: i + 1 },
          'expected a function document {name, parameters: {properties}}',
        );
      // Only the memory back ends' documents share names (one function, three stores): the first is kept.
      if (!Object.hasOwn(out, doc.name))
        Object.defineProperty(out, doc.name, { value: Object.keys(properties), enumerable: true });
    });
  }
  return out;
}

/**
 * A multi-turn entry's possible answer as a conversation gold file: turn k's calls are the answer's
 * turn k, each with its recorded arguments (a positional one named from `parameters`), and its `user`
 * the question's user message of turn k (none for a turn that only adds functions). A turn of `[]`
 * becomes `"calls": []`: answer (or ask) without calling.
 */
export function multiTurnGold(
  question: Record<string, unknown>,
  answer: Record<string, unknown>,
  parameters: ParameterNames | undefined,
  id: string,
): BfclTurnsGold {
  const source = `possible answer ${id}`;
  const truth = answer.ground_truth;
  if (!Array.isArray(truth) || truth.length === 0 || !truth.every(Array.isArray))
    throw new ToolscoreInputError({ source, path: '$.ground_truth' }, 'expected a list of turns, each a list of calls');
  const users = userMessages(question, id);
  if (users.length !== truth.length)
    throw new ToolscoreInputError(
      { source, path: '$.ground_truth' },
      `has ${truth.length} turns, but question ${id} has ${users.length}`,
    );
  const turns = (truth as unknown[][]).map((calls, k): BfclGoldTurn => {
    const user = users[k];
    return {
      ...(user !== undefined ? { user } : {}),
      calls: calls.map((call, i) => {
        const where = `${source} at $.ground_truth[${k}][${i}]`;
        if (typeof call !== 'string')
          throw new ToolscoreInputError({ source: where }, `expected a Python call string, got ${describeType(call)}`);
        const parsed = parsePythonCall(call, where);
        const args: Record<string, PyValue> = {};
        parsed.positional.forEach((value, p) => {
          const name = parameters?.[parsed.name]?.[p];
          if (name === undefined)
            throw new ToolscoreInputError(
              { source: where },
              parameters === undefined
                ? `${call} passes an argument by position; its name is read from the leaderboard's ${FUNC_DOC_FOLDER} folder, which is not beside the questions (pass --questions the data folder that holds it)`
                : `${call} passes argument ${p + 1} by position, but the function documents name no parameter ${p + 1} of ${parsed.name}`,
            );
          Object.defineProperty(args, name, { value, enumerable: true, writable: true, configurable: true });
        });
        for (const [name, value] of Object.entries(parsed.keywords))
          Object.defineProperty(args, name, { value, enumerable: true, writable: true, configurable: true });
        return { tool: parsed.name, args: encodeArgs(toJson(args) as Record<string, unknown>)! };
      }),
    };
  });
  return { turns };
}

/** The user message of each turn of a question (undefined where a turn holds none). */
export function userMessages(question: Record<string, unknown>, id: string): (string | undefined)[] {
  const turns = question.question;
  if (!Array.isArray(turns))
    throw new ToolscoreInputError(
      { source: `question ${id}`, path: '$.question' },
      'expected a list of turns, each a list of messages',
    );
  return turns.map((messages, k) => {
    if (!Array.isArray(messages))
      throw new ToolscoreInputError(
        { source: `question ${id}`, path: `$.question[${k}]` },
        `expected a list of messages, got ${describeType(messages)}`,
      );
    const texts = messages
      .filter((message) => isObject(message) && message.role === 'user' && typeof message.content === 'string')
      .map((message) => (message as { content: string }).content);
    return texts.length === 0 ? undefined : texts.join('\n');
  });
}

/**
 * A model's multi-turn result as calls marked with their turn: `result[k]` is turn k+1's steps, each
 * step a list of `{name: arguments}` (a step that is text, or does not decode, made no call: the
 * leaderboard ends the turn there). Returns the calls and the number of turns the result holds.
 */
export function multiTurnCalls(result: unknown, where: string): { calls: ToolCall[]; turns: number } {
  if (!Array.isArray(result))
    throw new ToolscoreInputError({ source: where }, `expected a list of turns, got ${describeType(result)}`);
  const calls: ToolCall[] = [];
  result.forEach((steps, k) => {
    if (!Array.isArray(steps))
      throw new ToolscoreInputError(
        { source: where, path: `$.result[${k}]` },
        `expected a list of steps, got ${describeType(steps)}`,
      );
    for (const step of steps) {
      const decoded = decodeResult(step, [], where, false);
      if (!('calls' in decoded)) continue;
      for (const call of decoded.calls)
        calls.push({ tool: call.name, args: toJson(call.args) as Args, is_error: false, turn: k + 1 });
    }
  });
  return { calls, turns: result.length };
}
