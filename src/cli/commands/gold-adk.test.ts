import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { captureOutput } from '../../../test/capture.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { readGold } from '../../gold/gold.js';
import { safeJsonFileName } from '../../io/file-name.js';
import { loadGoldFile } from '../../io/gold.js';
import { type GoldFlags, runGold } from './gold.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-gold-adk-'));

const corpus = (name: string) => fileURLToPath(new URL(`../../../test/corpus/frameworks/adk/${name}`, import.meta.url));
const ROLL_DIE = corpus('roll_die.evalset.json');
const DEPENDENT = corpus('dependent_tool_calls.evalset.json');
const DEPENDENT_TEST = corpus('dependent_tool_calls.test.json');
const BRAND = corpus('brand_search_optimization.first.evalset.json');

function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

/** Runs `toolscore gold --from-adk`; the error, if any, is returned beside what was printed. */
function gold(fromAdk: string, flags: Partial<GoldFlags> = {}) {
  return captureOutput(() => runGold({ fromAdk, format: 'auto', args: 'exact', color: false, ...flags }));
}

// Written by reading the fixtures: each invocation's user_content text, and its tool_uses.
const ROLL_DIE_GOLD = {
  turns: [
    { user: 'Hi who are you?', calls: [] },
    { user: 'What can you do?', calls: [] },
    { user: 'Can you roll a die with 6 sides', calls: [{ tool: 'roll_die', args: { sides: 6 } }] },
  ],
};
const DEPENDENT_GOLD = {
  turns: [
    {
      user: 'Turn off device_2 in the Bedroom.',
      calls: [{ tool: 'set_device_info', args: { location: 'Bedroom', status: 'OFF', device_id: 'device_2' } }],
    },
    {
      user: "What's the status of device_2 in the Bedroom?",
      calls: [{ tool: 'get_device_info', args: { device_id: 'device_2' } }],
    },
  ],
};
const transfer = (agent: string) => ({ tool: 'transfer_to_agent', args: { agent_name: agent } });
const BRAND_GOLD = {
  turns: [
    { user: 'hello', calls: [] },
    {
      user: 'BSOAgentTestBrand',
      calls: [transfer('keyword_finding_agent'), { tool: 'get_product_details_for_brand', args: {} }],
    },
    { user: 'can you search websites', calls: [transfer('search_results_agent')] },
    { user: 'google shopping', calls: [] },
    {
      user: 'kids shoes',
      calls: [
        { tool: 'go_to_url', args: { url: 'https://www.google.com/search?q=kids shoes' } },
        { tool: 'click_element_with_text', args: { text: 'Shopping' } },
        { tool: 'get_page_source', args: {} },
      ],
    },
    {
      user: 'this is good',
      calls: [
        transfer('brand_search_optimization'),
        transfer('comparison_root_agent'),
        transfer('comparison_generator_agent'),
        transfer('comparison_generator_agent'),
      ],
    },
  ],
};

/** The written gold reads with no warning, and scores the eval data it came from (read as a trace) at 1. */
async function expectValidAndPerfect(goldFile: string, traceFile: string, run?: string): Promise<void> {
  readGold(JSON.parse(readFileSync(goldFile, 'utf8')), goldFile);
  const warnings: string[] = [];
  await loadGoldFile(goldFile, { warnings });
  expect(warnings).toEqual([]);
  const result = await evaluateTrace({ goldFile, traceFile, validateSideEffects: false, ...(run ? { run } : {}) });
  expect(result.warnings).toEqual([]);
  expect(result.score).toBe(1);
  expect(result.metrics.turn_pass_rate).toBe(1);
}

describe('toolscore gold --from-adk: each eval case a conversation gold, one turn per invocation', () => {
  test.each([
    ['roll_die.evalset.json', ROLL_DIE, ROLL_DIE_GOLD, '1 expected call in 3 turns'],
    ['dependent_tool_calls.evalset.json', DEPENDENT, DEPENDENT_GOLD, '2 expected calls in 2 turns'],
    // The older shape of the same test gives the same gold: each query a turn, its expected_tool_use the calls.
    ['dependent_tool_calls.test.json', DEPENDENT_TEST, DEPENDENT_GOLD, '2 expected calls in 2 turns'],
    ['brand_search_optimization.first.evalset.json', BRAND, BRAND_GOLD, '10 expected calls in 6 turns'],
  ])(
    '%s: the turns as the file holds them, and the gold scores the file 1.0',
    async (name, path, expected, counted) => {
      const output = join(dir, `${name}.gold.json`);
      const run = await gold(path, { output });
      expect(run.error).toBeUndefined();
      expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual(expected);
      expect(run.stdout).toBe(
        `wrote ${output}: ${counted} from ${path} (adk format), arguments as recorded. Review it before scoring against it.\n`,
      );
      expect(run.stderr).toBe('');
      await expectValidAndPerfect(output, path);
    },
  );

  test('without -o nor --out-dir the gold of a one-case file goes to stdout, and nothing else does', async () => {
    const run = await gold(ROLL_DIE);
    expect(run.stdout).toBe(`${JSON.stringify(ROLL_DIE_GOLD, null, 2)}\n`);
    expect(run.stderr).toBe('');
  });

  test('a case of one invocation is a flat gold file, as --from-trace writes a one-request trace', async () => {
    const set = JSON.parse(readFileSync(ROLL_DIE, 'utf8'));
    set.eval_cases[0].conversation = set.eval_cases[0].conversation.slice(2);
    const path = file('one-invocation.evalset.json', set);
    const run = await gold(path);
    expect(JSON.parse(run.stdout)).toEqual([{ tool: 'roll_die', args: { sides: 6 } }]);
  });

  test('camelCase (the API server) and a credential in a user message or an argument: masked as --from-trace masks', async () => {
    const key = ['sk-proj-', 'Zq8xW2vB4nM6kL9pR3tY5uI7oA1sD3fG'].join('');
    const path = file('camel.evalset.json', {
      evalSetId: 's',
      evalCases: [
        {
          evalId: 'keys',
          conversation: [
            { invocationId: 'i1', userContent: { role: 'user', parts: [{ text: 'hi' }] }, intermediateData: {} },
            {
              invocationId: 'i2',
              userContent: { role: 'user', parts: [{ text: 'use my key' }, { text: key }] },
              intermediateData: { toolUses: [{ name: 'login', args: { token: `Bearer ${key}` } }] },
            },
          ],
        },
      ],
    });
    const run = await gold(path);
    expect(JSON.parse(run.stdout)).toEqual({
      turns: [
        { user: 'hi', calls: [] },
        // Text parts joined with a line break (kept as it is in the pattern); the key becomes \S+.
        {
          user: { $regex: 'use my key\n\\S+' },
          calls: [{ tool: 'login', args: { token: { $regex: 'Bearer \\S+' } } }],
        },
      ],
    });
    expect(run.stdout).not.toContain(key);
    // Every call and turn matches (the turn's verdict is FAIL only for the credential the call passes).
    const goldFile = file('camel.gold.json', JSON.parse(run.stdout));
    const result = await evaluateTrace({ goldFile, traceFile: path, validateSideEffects: false });
    expect(result.score).toBe(1);
    expect(result.metrics.turns?.map((turn) => [turn.score, turn.user])).toEqual([
      [1, 'hi'],
      [1, `use my key\n${key}`],
    ]);
  });
});

describe('an eval set of several cases', () => {
  const roll = JSON.parse(readFileSync(ROLL_DIE, 'utf8'));
  const dependent = JSON.parse(readFileSync(DEPENDENT, 'utf8'));
  const TWO = file('two.evalset.json', { ...dependent, eval_cases: [...dependent.eval_cases, ...roll.eval_cases] });
  const DEPENDENT_ID = 'tests/integration/fixture/home_automation_agent/test_files/dependent_tool_calls.test.json';
  const ROLL_ID = 'tests/integration/fixture/hello_world_agent/roll_die.test.json';

  test('--out-dir: one gold file per case, named by its eval_id made safe; each scores its run 1.0', async () => {
    const out = join(dir, 'two-gold');
    const run = await gold(TWO, { outDir: out });
    expect(run.error).toBeUndefined();
    const names = [safeJsonFileName(DEPENDENT_ID, 'case'), safeJsonFileName(ROLL_ID, 'case')];
    expect(readdirSync(out).sort()).toEqual([...names].sort());
    expect(names[0]).toMatch(
      /^tests_integration_fixture_home_automation_agent_test_files_dependent_tool_calls\.test\.json-[0-9a-f]{8}\.json$/,
    );
    expect(JSON.parse(readFileSync(join(out, names[0]!), 'utf8'))).toEqual(DEPENDENT_GOLD);
    expect(JSON.parse(readFileSync(join(out, names[1]!), 'utf8'))).toEqual(ROLL_DIE_GOLD);
    expect(run.stdout).toBe(
      `wrote ${join(out, names[0]!)}: 2 expected calls in 2 turns from ${TWO}#${DEPENDENT_ID} (adk format), arguments as recorded. Review it before scoring against it.\n` +
        `wrote ${join(out, names[1]!)}: 1 expected call in 3 turns from ${TWO}#${ROLL_ID} (adk format), arguments as recorded. Review it before scoring against it.\n`,
    );
    await expectValidAndPerfect(join(out, names[0]!), TWO, DEPENDENT_ID);
    await expectValidAndPerfect(join(out, names[1]!), TWO, ROLL_ID);
  });

  test('-o is refused naming the cases, and nothing is written; so is stdout', async () => {
    const output = join(dir, 'two.gold.json');
    const refused = await gold(TWO, { output });
    expect((refused.error as Error).message).toBe(
      `${TWO}: holds 2 eval cases ("${DEPENDENT_ID}", "${ROLL_ID}"); -o writes one gold file, and a gold file is one conversation: write one file per case with --out-dir DIR`,
    );
    expect(existsSync(output)).toBe(false);
    const stdout = await gold(TWO);
    expect((stdout.error as Error).message).toBe(
      `${TWO}: holds 2 eval cases ("${DEPENDENT_ID}", "${ROLL_ID}"); a gold file is one conversation: write one file per case with --out-dir DIR`,
    );
    expect(stdout.stdout).toBe('');
  });
});

describe('bad usage and input: one line, exit 2', () => {
  test.each([
    [{ fromTrace: ROLL_DIE }, 'gold: give --from-trace TRACE or --from-adk EVALSET, not both'],
    [{ output: join(dir, 'x.json'), outDir: dir }, 'gold: give -o FILE or --out-dir DIR, not both'],
    [{ format: 'openai' }, '--format: --from-adk reads ADK eval data (format adk); leave -f out'],
  ])('%j', async (flags, message) => {
    const run = await gold(DEPENDENT, flags);
    expect((run.error as Error).message).toBe(message);
  });

  test('--out-dir with --from-trace, and neither source', async () => {
    const trace = await captureOutput(() =>
      runGold({ fromTrace: DEPENDENT, outDir: dir, format: 'auto', args: 'exact', color: false }),
    );
    expect((trace.error as Error).message).toBe(
      '--out-dir: --out-dir writes the eval cases of --from-adk, one file each; a trace gives one gold file: use -o',
    );
    const neither = await captureOutput(() => runGold({ format: 'auto', args: 'exact', color: false }));
    expect((neither.error as Error).message).toBe('gold: give --from-trace TRACE or --from-adk EVALSET');
  });

  test('an ADK session is a recording, not eval data: it points to --from-trace; another file says what was expected', async () => {
    const session = corpus('context_update_test.session.json');
    expect(((await gold(session)).error as Error).message).toBe(
      `${session}: an ADK session, not an eval set: write its gold file with --from-trace`,
    );
    const other = file('calls.json', [{ tool: 'a', args: {} }]);
    expect(((await gold(other)).error as Error).message).toBe(
      `${other}: expected an ADK eval set ({"eval_set_id", "eval_cases": [...]}), one eval case ({"eval_id", "conversation"}) or *.test.json eval data ([{"query", "expected_tool_use"}]); got an array`,
    );
    const empty = file('empty.evalset.json', { eval_set_id: 's', eval_cases: [] });
    expect(((await gold(empty)).error as Error).message).toBe(
      `${empty}: holds no eval cases: there is nothing to convert`,
    );
  });
});
