#!/usr/bin/env node
/**
 * The `toolscore` command. Each command's module is imported only when it runs, so `--help` and
 * `--version` load commander and nothing else, and `eval` loads only what scoring needs.
 */
import { Command, CommanderError, Option } from 'commander';
import { ToolscoreInputError } from '../core/errors.js';
import { displayText } from '../reports/text.js';
import { VERSION } from '../version.js';
import type { EvalFlags } from './commands/eval.js';
import type { ValidateFlags } from './commands/validate.js';
import { registerMcpCommands } from './commands/mcp-register.js';
import type { RecordFlags } from './commands/record.js';
import type { SnapshotDirFlags } from './commands/snapshots.js';

const EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  a gate failed: score below --min-score, or --fail-on-violations found a
     forbidden call, a leaked credential or a broken budget
  2  bad usage or bad input: unknown command or option, a missing or invalid
     file, a bad --weight, --min-score or --format, an unwritable report path;
     or the --llm-judge requests failed (auth, network, timeout, maxCalls)`;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function buildProgram(): Command {
  const program = new Command('toolscore')
    .description('Deterministic, offline scoring of LLM agent tool calls against a gold standard.')
    .version(VERSION, '-V, --version', 'print the version')
    // Commander exits by itself unless told not to; main() maps its errors to exit code 2.
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`toolscore: ${text.replace(/^error: /, '')}`) })
    .showHelpAfterError('(run toolscore --help for usage)')
    .addHelpText('after', EXIT_CODES);

  program
    .command('eval')
    .description('score a trace against a gold standard, print the verdict and write the JSON report')
    .argument('<gold>', 'gold standard: a JSON array of expected calls')
    .argument('<trace>', 'the calls the agent made')
    .option('-f, --format <format>', 'trace format, or auto to detect it', 'auto')
    .option('-o, --output <file>', 'where to write the JSON report', 'toolscore.json')
    .option('--html <file>', 'also write the HTML report: one self-contained page, works offline')
    .option('--markdown <file>', 'also write the Markdown report, for pull-request comments and job summaries')
    .option('--junit <file>', 'also write a JUnit XML report, for CI test views')
    .option('--csv <file>', 'also write every metric as CSV, one row each')
    .option('--ci', 'in GitHub Actions, append the Markdown report to the job summary ($GITHUB_STEP_SUMMARY)')
    .option('--weight <name=value>', 'weight of a score metric, repeatable (e.g. required_call_recall=0.3)', collect, [])
    .option('--strict', 'compare arguments strictly: same JSON type, no trimming')
    .option('--forbidden <rules>', 'JSON file of calls the agent must never make')
    .option('--min-score <score>', 'exit 1 when the score is below this number in [0, 1]')
    .option('--fail-on-violations', 'exit 1 when a call matches a forbidden rule, passes a credential or breaks a budget')
    .option('--no-side-effects', "do not run the gold file's side_effects checks")
    .option('--show-secrets', 'keep credentials found in the calls in the JSON report (masked by default)')
    .option('--root <dir>', 'directory file_exists checks resolve against (default: the gold file\'s directory)')
    .option('--db <url>', 'database for live sql_rows checks: sqlite:path.db or postgres://user:pass@host/db')
    .option('--db-allow-superuser', 'let live sql_rows checks connect to PostgreSQL as a superuser (refused by default)')
    .option('--db-timeout <seconds>', 'stop a live sql_rows query after this many seconds (default 10)')
    .option('--db-max-rows <n>', 'most rows a live sql_rows query may return (default 100000)')
    .option('--tools <file>', 'tools offered to the agent (OpenAI or Anthropic tools, MCP tools/list): check calls against their schemas')
    .option('--max-calls <n>', 'budget: most tool calls in the trace')
    .option('--max-calls-per-tool <n|tool=n>', 'budget: most calls of any tool, or of one tool (repeatable)', collect, [])
    .option('--max-duration <seconds>', 'budget: most seconds spent in tool calls in total')
    .option('--max-call-duration <seconds>', 'budget: most seconds for any single call')
    .option('--max-cost <usd>', 'budget: most USD spent on tool calls')
    .option('--max-depth <n>', 'limit: deepest argument nesting read (default 1000)')
    .option('--max-pairing-cells <n>', 'limit: most expected × actual calls of one tool to pair exactly (default 4000000)')
    .option('--max-sequence-cells <n>', 'limit: most cells for the sequence edit distance (default 400000000)')
    .option('--llm-judge', 'also score semantic equivalence with an LLM judge (needs its SDK and API key; off by default)')
    .option('--llm-model <model>', 'judge model (default gpt-4o-mini; claude* uses Anthropic, gemini* Gemini)')
    .option('--llm-provider <provider>', 'judge provider: openai, anthropic, gemini or openai_compatible (default: from the model)')
    .option('--llm-base-url <url>', 'judge endpoint; alone it means an OpenAI-compatible server (Ollama, vLLM, Groq)')
    .option('--llm-samples <k>', 'ask the judge k times and take the median score of each pair')
    .option('--llm-max-calls <n>', 'fail rather than send more than n judge requests')
    .option('--no-llm-cache', 'ask the judge again instead of replaying verdicts from .toolscore/judge-cache')
    .option('-v, --verbose', 'show every metric and the missing and extra tools')
    .option('--no-color', 'do not colour the output (NO_COLOR=1 does the same)')
    .addHelpText('after', EXIT_CODES)
    .action(async (gold: string, trace: string, flags: EvalFlags) => {
      const { runEval } = await import('./commands/eval.js');
      process.exitCode = await runEval(gold, trace, flags);
    });

  program
    .command('validate')
    .description('check that a file reads as a gold standard or a trace, and show what is in it')
    .argument('<file>', 'gold standard or trace file')
    .option('-f, --format <format>', 'trace format, or auto to detect it', 'auto')
    .addOption(new Option('--kind <kind>', 'read the file as gold, as a trace, or try both').choices(['gold', 'trace', 'auto']).default('auto'))
    .option('--no-color', 'do not colour the output (NO_COLOR=1 does the same)')
    .addHelpText('after', '\nExit codes:\n  0  the file is valid\n  2  it is not (the reason is printed), or bad usage')
    .action(async (file: string, flags: ValidateFlags) => {
      const { runValidate } = await import('./commands/validate.js');
      process.exitCode = await runValidate(file, flags);
    });

  const snapshotDirOption = (): Option => new Option('--dir <folder>', 'snapshot folder (default: $TOOLSCORE_SNAPSHOT_DIR, else .toolscore/snapshots)');
  const snapshots = program.command('snapshots').description('list, show and delete recorded tool-call snapshots');
  snapshots
    .command('list')
    .description('list snapshots: approved or pending, name, call count and file')
    .option('--pending', 'only snapshots waiting for approval')
    .addOption(snapshotDirOption())
    .action(async (flags: SnapshotDirFlags & { pending?: boolean }) => {
      const { runSnapshotsList } = await import('./commands/snapshots.js');
      process.exitCode = runSnapshotsList(flags);
    });
  snapshots
    .command('show')
    .description('show one snapshot: its file, state and calls')
    .argument('<name>', 'snapshot name (or its file name)')
    .addOption(snapshotDirOption())
    .action(async (name: string, flags: SnapshotDirFlags) => {
      const { runSnapshotsShow } = await import('./commands/snapshots.js');
      process.exitCode = runSnapshotsShow(name, flags);
    });
  snapshots
    .command('rm')
    .description('delete a snapshot')
    .argument('<name>', 'snapshot name (or its file name)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(snapshotDirOption())
    .action(async (name: string, flags: SnapshotDirFlags & { yes?: boolean }) => {
      const { runSnapshotsRemove } = await import('./commands/snapshots.js');
      process.exitCode = await runSnapshotsRemove(name, flags);
    });

  program
    .command('approve')
    .description('approve recorded snapshots, so test runs replay them as the gold standard')
    .argument('[names...]', 'snapshot names (or file names)')
    .option('--all', 'approve every pending snapshot')
    .addOption(snapshotDirOption())
    .action(async (names: string[], flags: SnapshotDirFlags & { all?: boolean }) => {
      const { runApprove } = await import('./commands/approve.js');
      process.exitCode = runApprove(names, flags);
    });

  program
    .command('record')
    .description('record a snapshot from a trace file, or run a test command in record mode')
    .usage('--from-trace FILE --name NAME [--format F] | -- CMD...')
    .argument('[command...]', 'command to run in record mode, after --')
    .option('--from-trace <file>', 'trace file to record the snapshot from')
    .option('--name <name>', 'name of the snapshot to record')
    .option('-f, --format <format>', 'trace format, or auto to detect it', 'auto')
    .addOption(snapshotDirOption())
    .action(async (command: string[], flags: RecordFlags) => {
      const { runRecord } = await import('./commands/record.js');
      process.exitCode = await runRecord(command, flags);
    });
  registerMcpCommands(program);
  return program;
}

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
    if (process.env.TOOLSCORE_DEBUG === '1' && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    else process.stderr.write(`toolscore: unexpected error: ${displayText(message)} (set TOOLSCORE_DEBUG=1 for the stack trace)\n`);
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
