import type { Command } from 'commander';
import { CLI_REFERENCE_TEXT as TEXT } from './reference-text.js';

/*
 * docs/cli.md, generated from the program commander builds: the command list, then each command's
 * `--help` as it prints it, at a fixed width so the file does not depend on the terminal.
 */

const HELP_WIDTH = 100;

/** What `command --help` prints, captured instead of written. */
function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk), getOutHelpWidth: () => HELP_WIDTH });
  command.outputHelp();
  return text.trimEnd();
}

/** Every command that runs (groups such as `mcp` are walked, not listed), with its full name. */
function leaves(command: Command, prefix: string): [name: string, command: Command][] {
  return command.commands.flatMap((child) => {
    const name = `${prefix} ${child.name()}`;
    return child.commands.length > 0 ? leaves(child, name) : [[name, child] as [string, Command]];
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const anchor = (name: string) => name.replace(/\s+/g, '-');

/** The Markdown of docs/cli.md for `program`. */
export function cliReference(program: Command): string {
  const commands = leaves(program, program.name());
  const lines = [TEXT.title, '', TEXT.intro, '', TEXT.commandsHeading, '', TEXT.columns];
  for (const [name, command] of commands)
    lines.push(`| [\`${name}\`](#${anchor(name)}) | ${cell(command.description())} |`);
  lines.push('', TEXT.programHeading, '', '```text', helpOf(program), '```');
  for (const [name, command] of commands) {
    lines.push('', `<a id="${anchor(name)}"></a>`, '', `## \`${name}\``, '', '```text', helpOf(command), '```');
  }
  return `${lines.join('\n')}\n`;
}
