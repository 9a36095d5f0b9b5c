import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { evaluateBfcl } from '../../src/bfcl/index.js';
import type { BfclLine } from '../../src/bfcl/types.js';

/*
 * Red team: multi-turn entries whose question or result the leaderboard's Python could not run either
 * (a config its APIs cannot load, a call of Python's own builtins, a call that is not a call of literals)
 * end as one error line each, naming the file and line; the run goes on, the credentials in what they
 * quote stay masked. Keys are assembled at run time.
 */

const AWS = ['AK', 'IA', 'Q7RT2ZKX4M9PLW3N'].join('');

const entry = (k: number, config: unknown, classes: string[]) =>
  JSON.stringify({
    id: `multi_turn_base_${k}`,
    question: [[{ role: 'user', content: 'List the files.' }]],
    initial_config: config,
    involved_classes: classes,
  });
const answer = (k: number) => JSON.stringify({ id: `multi_turn_base_${k}`, ground_truth: [['ls()']] });
const result = (k: number, name: string, args: string) =>
  JSON.stringify({ id: `multi_turn_base_${k}`, result: [[[{ [name]: args }]]] });

describe('bfcl multi-turn: what Python could not run is an error line, never a crash or a guess', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolscore-bfcl-mt-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = { questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') };
  for (const folder of Object.values(files)) mkdirSync(folder);
  const fs = { GorillaFileSystem: { root: { alex: { type: 'directory', contents: {} } } } };
  const cases = [
    // 0: a root that is a number: the port's loader meets a shape Python's would raise on.
    [entry(0, { GorillaFileSystem: { root: 5 } }, ['GorillaFileSystem']), result(0, 'ls', '{}')],
    // 1: Python raises a known exception loading it (TwitterAPI iterates tweets.items()).
    [entry(1, { TwitterAPI: { tweets: 5 } }, ['TwitterAPI']), result(1, 'ls', '{}')],
    // 2: print() is Python's own, with a key in its argument.
    [entry(2, fs, ['GorillaFileSystem']), result(2, 'print', JSON.stringify({ value: AWS }))],
    // 3: a class toolscore has no port of.
    [entry(3, {}, ['WebSearchAPI']), result(3, 'ls', '{}')],
    // 4: fine, for contrast.
    [entry(4, fs, ['GorillaFileSystem']), result(4, 'ls', '{}')],
  ];
  writeFileSync(join(files.questions, 'BFCL_v4_multi_turn_base.json'), `${cases.map(([q]) => q).join('\n')}\n`);
  writeFileSync(join(files.answers, 'BFCL_v4_multi_turn_base.json'), `${cases.map((_, k) => answer(k)).join('\n')}\n`);
  const results = join(files.results, 'BFCL_v4_multi_turn_base_result.json');
  writeFileSync(results, `${cases.map(([, r]) => r).join('\n')}\n`);
  const lines: BfclLine[] = [];
  for await (const line of evaluateBfcl(files)) lines.push(line);

  test('each unrunnable entry is one line naming its result line and why; the sound one is judged', () => {
    expect(lines.map((line) => ('valid' in line ? `valid ${line.valid}` : line.error))).toEqual([
      expect.stringMatching(
        /^.*_result\.json:1: loading its initial_config of GorillaFileSystem fails in toolscore's port \(.+\); what Python raises there is not known$/,
      ),
      `${results}:2: its initial_config of TwitterAPI does not load: Python raises AttributeError: 'int' object has no attribute 'items'`,
      `${results}:3: calls "print(value='[REDACTED aws_access_key_id: AKIA…3N]')", which runs Python's own print`,
      `${results}:4: involves WebSearchAPI, a simulated API toolscore does not have`,
      'valid true',
    ]);
  });
});
