/**
 * The `toolscore` program, started by main.ts. Each command's module is imported only when it runs, so
 * `--help` and `--version` load commander and the option tables and nothing else, and `eval` loads only
 * what scoring needs; the error path loads what it prints with when it is taken.
 */
import { CommanderError } from './commander.js';
import { buildProgram } from './program.js';

/** Runs the program; returns the exit code. Never throws. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram(argv);
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
    const [{ ToolscoreInputError }, { displayText }] = await Promise.all([
      import('../core/errors.js'),
      import('../reports/text.js'),
    ]);
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
