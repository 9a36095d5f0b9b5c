/**
 * Registers `toolscore mcp list|lint|test|record` and `toolscore demo`. Only commander is loaded here;
 * each command's module (and the MCP SDK) is imported when the command runs.
 */
import { Command, Option } from 'commander';
import type { DemoFlags } from './demo.js';
import type { McpLintFlags } from './mcp-lint.js';
import type { McpListFlags } from './mcp-list.js';
import type { McpRecordFlags } from './mcp-record.js';
import type { McpTestFlags } from './mcp-test.js';

const MCP_EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  the server could not be started, reached or understood; or a gate failed
     (lint errors for mcp lint; --fail-under or --ci for mcp test)
  2  bad usage: no server or more than one way to reach it, a bad flag value,
     a config file that cannot be read`;

const MCP_TEST_CALLS = `
The tools are called for real: every tool not annotated destructiveHint is called with generated
arguments, so tools that write (files, databases, memory) will write. Point the command at a test
instance, or pass --read-only to call only tools annotated readOnlyHint. The tools to be called are
listed on stderr before the first call.`;

const SERVER_ARGUMENT = 'the command that starts the server over stdio: one quoted string ("node server.js"), or words after --';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The flags that say where the server is and how long to wait for it. */
function targetOptions(command: Command, withUrl = true): Command {
  if (withUrl) command.option('--url <url>', 'a server already running, over Streamable HTTP (e.g. http://127.0.0.1:3000/mcp)');
  return command
    .option('--config <file>', 'a Claude Desktop / Cursor / VS Code config file holding the server')
    .option('--server <name>', 'which server of the --config file (needed when it holds several)')
    .option('-e, --env <key=value>', 'an environment variable for the server, repeatable', collect, []);
}

function timeoutOptions(command: Command): Command {
  return command
    .option('--timeout <seconds>', 'most seconds any one request may take', '30')
    .option('--startup-timeout <seconds>', 'most seconds to start and complete the handshake (default: --timeout)');
}

/** Adds `mcp` and `demo` to the program. */
export function registerMcpCommands(program: Command): void {
  const mcp = program.command('mcp').description('test MCP servers: list and lint their tools, grade them with generated calls, record real sessions');

  timeoutOptions(targetOptions(mcp.command('list').description('list the tools a server offers').argument('[command...]', SERVER_ARGUMENT)))
    .option('--json', 'print the tools/list result as JSON (usable as eval --tools)')
    .addHelpText('after', MCP_EXIT_CODES)
    .action(async (words: string[], flags: McpListFlags) => {
      const { runMcpList } = await import('./mcp-list.js');
      process.exitCode = await runMcpList(words, flags);
    });

  timeoutOptions(targetOptions(mcp.command('lint').description('check tool definitions and instructions: descriptions, schemas, names, hidden characters, tool poisoning').argument('[command...]', SERVER_ARGUMENT)))
    .option('--json', 'print the issues as JSON')
    .option('--no-color', 'do not colour the output (NO_COLOR=1 does the same)')
    .addHelpText('after', MCP_EXIT_CODES)
    .action(async (words: string[], flags: McpLintFlags) => {
      const { runMcpLint } = await import('./mcp-lint.js');
      process.exitCode = await runMcpLint(words, flags);
    });

  timeoutOptions(targetOptions(mcp.command('test').description('grade a server: generated valid and invalid calls, lint, latency and token cost, ranked fixes').argument('[command...]', SERVER_ARGUMENT)))
    .option('--cases <n>', 'valid-input scenarios per tool', '3')
    .option('--no-edge-cases', 'do not send invalid input')
    .option('--read-only', 'call only tools annotated readOnlyHint (by default every tool not annotated destructiveHint is called, write tools included)')
    .option('--allow-destructive', 'also call tools annotated destructiveHint')
    .addOption(new Option('--report <kind>', 'write a report file (with -o)').choices(['md', 'json']))
    .option('-o, --output <file>', 'where --report goes')
    .option('--fail-under <grade>', 'exit 1 when the grade is worse than this (A-F), or the score below this number in [0, 1]')
    .option('--ci', 'append the scorecard to $GITHUB_STEP_SUMMARY; without --fail-under, exit 1 on any lint error or failed scenario')
    .option('--no-color', 'do not colour the output (NO_COLOR=1 does the same)')
    .addHelpText('after', `${MCP_TEST_CALLS}\n${MCP_EXIT_CODES}`)
    .action(async (words: string[], flags: McpTestFlags) => {
      const { runMcpTest } = await import('./mcp-test.js');
      process.exitCode = await runMcpTest(words, flags);
    });

  targetOptions(mcp.command('record').description("sit between an MCP client and a stdio server and record its tool calls, for toolscore eval").argument('[command...]', SERVER_ARGUMENT), false)
    .requiredOption('-o, --output <file>', 'the session file to write (rewritten after every call)')
    .addHelpText('after', '\nPut "toolscore mcp record -o session.json -- CMD ARGS..." where your MCP client launches the server,\nthen score the session with "toolscore eval gold.json session.json".\n\nExit status: the server\'s (128+N when killed by signal N); 1 when it could not be started; 2 bad usage.')
    .action(async (words: string[], flags: McpRecordFlags) => {
      const { runMcpRecord } = await import('./mcp-record.js');
      process.exitCode = await runMcpRecord(words, flags);
    });

  program
    .command('demo')
    .description('grade the bundled sample MCP server (with deliberate flaws): no key, no network, no setup')
    .addOption(new Option('--report <kind>', 'also write a report file (with -o)').choices(['md', 'json']))
    .option('-o, --output <file>', 'where --report goes')
    .option('--no-color', 'do not colour the output (NO_COLOR=1 does the same)')
    .action(async (flags: DemoFlags) => {
      const { runDemo } = await import('./demo.js');
      process.exitCode = await runDemo(flags);
    });
}
