import { createColors } from '../../reports/colors.js';
import { displayText } from '../../reports/text.js';
import { lintTools } from '../../mcp/lint/index.js';
import { colorEnabled } from '../terminal.js';
import { withServer, type McpTargetFlags } from './mcp-common.js';

/** Flags of `toolscore mcp lint`. */
export interface McpLintFlags extends McpTargetFlags {
  json?: boolean;
  color: boolean;
}

/** `toolscore mcp lint`: lint the tool definitions and instructions; exit 1 when any issue is an error. */
export async function runMcpLint(words: string[], flags: McpLintFlags): Promise<number> {
  return withServer(words, flags, async (connection) => {
    const tools = await connection.listTools();
    const issues = lintTools(tools, connection.handshake.instructions);
    const errors = issues.filter((issue) => issue.severity === 'error').length;
    if (flags.json) {
      process.stdout.write(
        `${JSON.stringify({ server: connection.handshake.server, tools: tools.length, errors, warnings: issues.length - errors, issues }, null, 2)}\n`,
      );
      return errors > 0 ? 1 : 0;
    }
    const colors = createColors(colorEnabled(flags.color));
    const { server } = connection.handshake;
    const lines = [
      `${displayText(server.name)} ${displayText(server.version)}: ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}, ${errors} ${errors === 1 ? 'error' : 'errors'}, ${issues.length - errors} ${issues.length - errors === 1 ? 'warning' : 'warnings'}`,
    ];
    for (const issue of issues) {
      const label = issue.severity === 'error' ? colors.red('error  ') : colors.yellow('warning');
      lines.push(
        `  ${label} ${displayText(issue.tool)}: ${displayText(issue.message)} ${colors.dim(`[${issue.rule}]`)}`,
      );
      lines.push(colors.dim(`          fix: ${displayText(issue.fix)}`));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return errors > 0 ? 1 : 0;
  });
}
