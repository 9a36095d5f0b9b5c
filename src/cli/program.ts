import { Command } from 'commander';
import { VERSION } from '../core/version.js';
import { registerCommand } from './command.js';
import { COMMAND_GROUPS, COMMANDS, EXIT_CODES } from './commands.js';

/** The `toolscore` program as commander sees it: what runs, what `--help` shows and what docs/cli.md lists. */
export function buildProgram(): Command {
  const program = new Command('toolscore')
    .description('Deterministic, offline scoring of LLM agent tool calls against a gold standard.')
    .version(VERSION, '-V, --version', 'print the version')
    // Commander exits by itself unless told not to; main() maps its errors to exit code 2.
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`toolscore: ${text.replace(/^error: /, '')}`) })
    .showHelpAfterError('(run toolscore --help for usage)')
    .addHelpText('after', EXIT_CODES);
  for (const command of COMMANDS) registerCommand(program, command, COMMAND_GROUPS);
  return program;
}
