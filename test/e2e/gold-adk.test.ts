import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { runCli, useScratchFolder } from './run-cli.js';

const freshDir = useScratchFolder('toolscore-gold-adk-').fresh;
const ADK = join(REPO_ROOT, 'test/corpus/frameworks/adk');
const DEPENDENT_ID = 'tests/integration/fixture/home_automation_agent/test_files/dependent_tool_calls.test.json';
const ROLL_ID = 'tests/integration/fixture/hello_world_agent/roll_die.test.json';

/** The two eval sets of the corpus as one set of two cases, as `adk eval` writes a set that grew. */
function twoCases(dir: string): string {
  const read = (name: string) => JSON.parse(readFileSync(join(ADK, name), 'utf8'));
  const dependent = read('dependent_tool_calls.evalset.json');
  const roll = read('roll_die.evalset.json');
  const path = join(dir, 'two.evalset.json');
  writeFileSync(path, JSON.stringify({ ...dependent, eval_cases: [...dependent.eval_cases, ...roll.eval_cases] }));
  return path;
}

describe('toolscore gold --from-adk', () => {
  it('--out-dir writes one gold file per eval case, each scoring its case (eval --run) 100%', async () => {
    const dir = freshDir();
    const set = twoCases(dir);
    const written = await runCli(['gold', '--from-adk', set, '--out-dir', 'golds'], { cwd: dir });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toBe('');
    const files = readdirSync(join(dir, 'golds')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^tests_integration_fixture_hello_world_agent_roll_die\.test\.json-[0-9a-f]{8}\.json$/);
    expect(files[1]).toMatch(
      /^tests_integration_fixture_home_automation_agent_test_files_dependent_tool_calls\.test\.json-[0-9a-f]{8}\.json$/,
    );
    const [roll, dependent] = files.map((name) => join('golds', name));
    expect(written.stdout.split('\n')).toEqual([
      `wrote ${dependent}: 2 expected calls in 2 turns from ${set}#${DEPENDENT_ID} (adk format), arguments as recorded. Review it before scoring against it.`,
      `wrote ${roll}: 1 expected call in 3 turns from ${set}#${ROLL_ID} (adk format), arguments as recorded. Review it before scoring against it.`,
      '',
    ]);
    // Read from roll_die.evalset.json: three invocations, the third rolls a six-sided die.
    expect(JSON.parse(readFileSync(join(dir, roll!), 'utf8'))).toEqual({
      turns: [
        { user: 'Hi who are you?', calls: [] },
        { user: 'What can you do?', calls: [] },
        { user: 'Can you roll a die with 6 sides', calls: [{ tool: 'roll_die', args: { sides: 6 } }] },
      ],
    });
    for (const [gold, id] of [
      [roll!, ROLL_ID],
      [dependent!, DEPENDENT_ID],
    ] as const) {
      const scored = await runCli(['eval', gold, set, '--run', id, '-o', 'report.json', '--min-score', '1'], {
        cwd: dir,
      });
      expect(scored.code, scored.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
      expect(report.summary.score).toBe(1);
    }
  });

  it('-o on a set of several cases: exit 2, one line naming the cases, nothing written', async () => {
    const dir = freshDir();
    const set = twoCases(dir);
    const refused = await runCli(['gold', '--from-adk', set, '-o', 'gold.json'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `toolscore: ${set}: holds 2 eval cases ("${DEPENDENT_ID}", "${ROLL_ID}"); -o writes one gold file, and a gold file is one conversation: write one file per case with --out-dir DIR\n`,
    );
    expect(existsSync(join(dir, 'gold.json'))).toBe(false);
  });

  it('a one-case *.test.json with -o: the gold of its two turns', async () => {
    const dir = freshDir();
    const test = join(ADK, 'dependent_tool_calls.test.json');
    const written = await runCli(['gold', '--from-adk', test, '-o', 'gold.json'], { cwd: dir });
    expect(written.code, written.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'gold.json'), 'utf8'))).toEqual({
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
    });
  });
});
