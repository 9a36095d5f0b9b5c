import { Command } from './commander.js';
import { VERSION } from '../core/version.js';
import { registerCommand } from './command.js';
import { COMMAND_GROUPS, COMMANDS, EXIT_CODES } from './commands.js';

/**
 * The `toolscore` program as commander sees it: what runs, what `--help` shows and what docs/cli.md
 * lists. Given the command line, only what it can run is set up (setting up every command's options
 * costs a start a few milliseconds): the command its first word names (every command of a group such as
 * `mcp`), none for `--version`, and every command for anything else (`--help`, `help eval`, a misspelt
 * command commander suggests a name for).
 */
export function buildProgram(argv?: readonly string[]): Command {
  const program = new Command('toolscore')
    .description('Deterministic, offline scoring of LLM agent tool calls against a gold standard.')
    .version(VERSION, '-V, --version', 'print the version')
    // Commander exits by itself unless told not to; main() maps its errors to exit code 2.
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`toolscore: ${text.replace(/^error: /, '')}`) })
    .showHelpAfterError('(run toolscore --help for usage)')
    .addHelpText('after', EXIT_CODES);
  for (const command of commandsRun(argv?.[2])) registerCommand(program, command, COMMAND_GROUPS);
  return program;
}

function commandsRun(first: string | undefined): typeof COMMANDS {
  if (first === undefined) return COMMANDS;
  if (first === '--version' || first === '-V') return [];
  const named = COMMANDS.filter((spec) => spec.name.split(' ')[0] === first);
  return named.length > 0 ? named : COMMANDS;
}
