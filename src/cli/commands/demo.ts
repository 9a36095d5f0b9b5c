import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ToolscoreInputError } from '../../core/errors.js';
import { testAndReport, type McpTestFlags } from './mcp-test.js';

/** Flags of `toolscore demo`. */
export interface DemoFlags {
  report?: string;
  output?: string;
  color: boolean;
}

/**
 * Where the built sample server is: `dist/mcp/sample-server-main.js`, seen from this module in a
 * bundle chunk (`dist/chunks/`) or in the unbundled build (`dist/cli/commands/`).
 */
function sampleServerScript(): string {
  const candidates = ['../mcp/sample-server-main.js', '../../mcp/sample-server-main.js'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((path) => existsSync(path)) ?? candidates[0]!;
}

/**
 * `toolscore demo`: runs the bundled sample MCP server (with deliberate flaws) through the scorecard.
 * Needs no key, no network and no setup; exit 1 only when the demo cannot run.
 */
export async function runDemo(flags: DemoFlags): Promise<number> {
  const script = sampleServerScript();
  if (!existsSync(script))
    throw new ToolscoreInputError({ source: script }, 'the sample server is missing: run "npm run build" first');
  process.stdout.write('toolscore demo: grading the bundled sample MCP server, which has a few deliberate flaws.\n\n');
  const testFlags: McpTestFlags = {
    env: [],
    timeout: '10',
    cases: '3',
    edgeCases: true,
    color: flags.color,
    ...(flags.report ? { report: flags.report } : {}),
    ...(flags.output ? { output: flags.output } : {}),
  };
  const code = await testAndReport({ kind: 'stdio', command: process.execPath, args: [script] }, testFlags);
  if (code === 0)
    process.stdout.write(
      '\nNow try your own server:  toolscore mcp test "node server.js"   (or --url http://127.0.0.1:3000/mcp)\n',
    );
  return code;
}
