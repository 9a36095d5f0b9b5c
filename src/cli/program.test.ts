import { describe, expect, test } from 'vitest';
import { COMMANDS } from './commands.js';
import { buildProgram } from './program.js';

const names = (argv: string[]) =>
  buildProgram(['node', 'toolscore', ...argv]).commands.map((command) => command.name());
const EVERY = [...new Set(COMMANDS.map((spec) => spec.name.split(' ')[0]))];

describe('buildProgram sets up what the command line can run', () => {
  test('the command named, or every command of the group named', () => {
    expect(names(['eval', 'gold.json', 'trace.json'])).toEqual(['eval']);
    const mcp = buildProgram(['node', 'toolscore', 'mcp', 'test']).commands;
    expect(mcp.map((command) => command.name())).toEqual(['mcp']);
    expect(mcp[0]!.commands.map((command) => command.name())).toEqual(['list', 'lint', 'test', 'record']);
  });

  test('no command for --version; every command for help, a misspelt command or no arguments', () => {
    expect(names(['--version'])).toEqual([]);
    expect(names(['-V'])).toEqual([]);
    expect(EVERY.length).toBeGreaterThan(15);
    for (const argv of [['--help'], ['help', 'eval'], ['evl'], []]) expect(names(argv)).toEqual(EVERY);
    expect(buildProgram().commands.map((command) => command.name())).toEqual(EVERY);
  });
});
