#!/usr/bin/env node
/**
 * The `toolscore` command. Each command's module is imported only when it runs, so `--help` and
 * `--version` load commander and nothing else, and `eval` loads only what scoring needs.
 */
import { CommanderError } from 'commander';
import { ToolscoreInputError } from '../core/errors.js';
import { displayText } from '../reports/text.js';
import { buildProgram } from './program.js';

/** Runs the program; returns the exit code. Never throws. */
async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  if (argv.length <= 2) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    // Commander has already printed its message; --help and --version end here with code 0.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // displayText keeps the line one line, with any control character from a file escaped.
    if (error instanceof ToolscoreInputError) {
      process.stderr.write(`toolscore: ${displayText(error.message)}\n`);
      return 2;
    }
    // Checked by name: the judge module is loaded only when --llm-judge is given.
    if (error instanceof Error && error.name === 'JudgeError') {
      process.stderr.write(`toolscore: ${displayText(error.message)}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.TOOLSCORE_DEBUG === '1' && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    else
      process.stderr.write(
        `toolscore: unexpected error: ${displayText(message)} (set TOOLSCORE_DEBUG=1 for the stack trace)\n`,
      );
    return 2;
  }
}

// A reader that stops early (`toolscore eval … | head`) is not an error: stop writing, keep the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
process.exitCode = await main(process.argv);
