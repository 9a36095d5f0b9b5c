import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useScratchFolder } from './run-cli.js';

const freshDir = useScratchFolder('toolscore-readers-').fresh;

function put(dir: string, name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content, null, 2));
  return path;
}

/** A support agent's three calls, as the gold expects them. */
const GOLD = [
  { tool: 'lookup_customer', args: { email: 'alice@example.com' } },
  { tool: 'get_order', args: { order_id: 'ord_1001' } },
  { tool: 'refund_order', args: { order_id: 'ord_1001', amount: 49.99 } },
];

/** One OpenAI tool call and its reply. */
function turn(id: string, name: string, args: string, reply: string): unknown[] {
  return [
    { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] },
    { role: 'tool', tool_call_id: id, content: reply },
  ];
}

describe('toolscore eval: arguments that are not JSON are a failed call, not a near pass', () => {
  it('the truncated call is the first Top issue, quoting its text; the required call is not completed', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', GOLD);
    const trace = put(dir, 'trace.json', [
      { role: 'user', content: 'Refund order ord_1001 for alice@example.com' },
      ...turn('call_1', 'lookup_customer', '{"email": "alice@exam', '{"id": "cus_7"}'),
      ...turn('call_2', 'get_order', '{"order_id": "ord_1001"}', '{"total": 49.99}'),
      ...turn('call_3', 'refund_order', '{"order_id": "ord_1001", "amount": 49.99}', '{"status": "refunded"}'),
    ]);
    const run = await runCli(['eval', gold, trace, '-o', 'report.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    // Argument F1: 3 of the 4 expected values passed, nothing else passed (precision 1, recall 3/4), so
    // F1 = 6/7 and the score 0.4 + 0.3 × 6/7 + 0.2 + 0.1 = 95.7%: an A, but not a PASS.
    expect(run.stdout).toContain('Score 95.7%   Grade A   WARN');
    expect(run.stdout).toContain('Required calls completed: 2 of 3');
    expect(run.stdout).toContain(
      '  1. lookup_customer failed: "arguments are not valid JSON: {\\"email\\": \\"alice@exam" and was not retried successfully\n',
    );
    expect(run.stdout).not.toContain('unexpected: raw');
    expect(run.stderr).toBe(
      `warning: ${trace} at $[1].tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments\n`,
    );
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Record<string, any>;
    expect(report.summary.failed_calls).toBe(1);
    expect(report.top_issues[0].kind).toBe('failed');
  });
});

describe('toolscore eval -f custom checks the shape it reads', () => {
  it('an ADK eval set is an input error (exit 2) naming the file, $ and the shape expected', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', [{ tool: 'set_device_info', args: { device_id: 'device_2', status: 'OFF' } }]);
    // The shape of an ADK eval set as `adk web` saves it (name = eval_set_id), after the ADK docs' example.
    const evalSet = put(dir, 'home.evalset.json', {
      eval_set_id: 'home_automation_agent_light_on_off_set',
      name: 'home_automation_agent_light_on_off_set',
      description: 'This is an eval set that is used for unit testing `x` behavior of the Agent',
      eval_cases: [
        {
          eval_id: 'eval_case_id',
          conversation: [
            {
              invocation_id: 'b7982664-0ab6-47cc-ab13-326656afdf75',
              user_content: { parts: [{ text: 'Turn off device_2 in the Bedroom.' }], role: 'user' },
              intermediate_data: {
                tool_uses: [
                  { args: { location: 'Bedroom', device_id: 'device_2', status: 'OFF' }, name: 'set_device_info' },
                ],
              },
            },
          ],
        },
      ],
    });
    const run = await runCli(['eval', gold, evalSet, '-f', 'custom', '-o', 'report.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `toolscore: ${evalSet} at $: expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got an object with keys eval_set_id, name, description, eval_cases\n`,
    );
  });
});
