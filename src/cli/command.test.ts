import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { registerCommand, type CommandSpec } from './command.js';
import { COMMAND_GROUPS, COMMANDS } from './commands.js';

/** A program whose commands hand back what they were given instead of running. */
function capturing(specs: readonly CommandSpec<any, any>[]): {
  program: Command;
  seen: { name: string; args: unknown[]; flags: unknown }[];
} {
  const seen: { name: string; args: unknown[]; flags: unknown }[] = [];
  const program = new Command('toolscore').exitOverride();
  for (const spec of specs) {
    registerCommand(
      program,
      { ...spec, run: async (args: unknown[], flags: unknown) => (seen.push({ name: spec.name, args, flags }), 0) },
      COMMAND_GROUPS,
    );
  }
  return { program, seen };
}

describe('registerCommand', () => {
  test('an option stored under another property than its table key is refused', () => {
    const spec: CommandSpec<{ maxCalls?: string }> = {
      name: 'x',
      description: 'x',
      options: { maxCalls: { flags: '--max-call <n>', description: 'n' } },
      run: async () => 0,
    };
    expect(() => registerCommand(new Command(), spec, {})).toThrow(
      'option --max-call <n> is stored as maxCall, not maxCalls',
    );
  });

  test('eval: positionals, defaults, repeatable and negated flags as the command receives them', async () => {
    const { program, seen } = capturing(COMMANDS);
    await program.parseAsync(
      ['eval', 'g.json', 't.json', '--weight', 'a=1', '--weight', 'b=2', '--no-color', '--strict'],
      { from: 'user' },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.args).toEqual(['g.json', 't.json']);
    expect(seen[0]!.flags).toEqual({
      format: 'auto',
      output: 'toolscore.json',
      weight: ['a=1', 'b=2'],
      strict: true,
      sideEffects: true,
      maxCallsPerTool: [],
      llmCache: true,
      color: false,
    });
  });

  test('a command of a group sits under it: mcp test, with the shared target options', async () => {
    const { program, seen } = capturing(COMMANDS);
    await program.parseAsync(['mcp', 'test', '-e', 'A=1', '--cases', '5', '--', 'node', 'server.js'], { from: 'user' });
    expect(seen[0]).toEqual({
      name: 'mcp test',
      args: [['node', 'server.js']],
      flags: { env: ['A=1'], timeout: '30', startupTimeout: '30', cases: '5', edgeCases: true, color: true },
    });
  });

  test('choices are enforced: validate --kind', async () => {
    const { program } = capturing(COMMANDS);
    program.configureOutput({ writeErr: () => undefined });
    program.commands.forEach((command) => command.exitOverride().configureOutput({ writeErr: () => undefined }));
    await expect(program.parseAsync(['validate', 'f.json', '--kind', 'yaml'], { from: 'user' })).rejects.toThrow(
      /Allowed choices are gold, trace, auto/,
    );
  });

  test('gold: --from-trace or --from-adk (runGold checks that one is given), --args takes exact, keys or none (default exact)', async () => {
    const { program, seen } = capturing(COMMANDS);
    program.configureOutput({ writeErr: () => undefined });
    program.commands.forEach((command) => command.exitOverride().configureOutput({ writeErr: () => undefined }));
    await program.parseAsync(['gold', '--from-trace', 't.json'], { from: 'user' });
    expect(seen[0]).toEqual({
      name: 'gold',
      args: [],
      flags: { fromTrace: 't.json', format: 'auto', args: 'exact', color: true },
    });
    await expect(
      program.parseAsync(['gold', '--from-trace', 't.json', '--args', 'values'], { from: 'user' }),
    ).rejects.toThrow(/Allowed choices are exact, keys, none/);
    await program.parseAsync(['gold', '--from-adk', 'e.json', '--out-dir', 'golds'], { from: 'user' });
    expect(seen[1]).toEqual({
      name: 'gold',
      args: [],
      flags: { fromAdk: 'e.json', outDir: 'golds', format: 'auto', args: 'exact', color: true },
    });
  });

  test('every command of the program is listed once, groups included', () => {
    expect(COMMANDS.map((spec) => spec.name)).toEqual([
      'eval',
      'batch',
      'run',
      'merge',
      'bfcl',
      'regression',
      'compare',
      'runs list',
      'runs show',
      'runs delete',
      'runs prune',
      'generate',
      'validate',
      'gold',
      'snapshots list',
      'snapshots show',
      'snapshots rm',
      'approve',
      'record',
      'mcp list',
      'mcp lint',
      'mcp test',
      'mcp record',
      'view',
      'demo',
      'init',
    ]);
  });
});
