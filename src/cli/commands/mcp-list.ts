import { displayText } from '../../reports/text.js';
import { cutText } from '../../text/values.js';
import { propertyNames } from '../../schemas/schema-util.js';
import { isObject } from '../../core/objects.js';
import { withServer, type McpTargetFlags } from './mcp-common.js';

/** Flags of `toolscore mcp list`. */
export interface McpListFlags extends McpTargetFlags {
  /** Print the tools/list result as JSON (usable as `eval --tools`). */
  json?: boolean;
}

function firstLine(text: string, width: number): string {
  return cutText(text.trim().split('\n')[0] ?? '', width);
}

/** `toolscore mcp list`: the server's tools as a table (name, parameters, description), or as JSON. */
export async function runMcpList(words: string[], flags: McpListFlags): Promise<number> {
  return withServer(words, flags, async (connection) => {
    const tools = await connection.listTools();
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ tools }, null, 2)}\n`);
      return 0;
    }
    const { server } = connection.handshake;
    const rows = tools.map((tool) => [
      displayText(tool.name),
      String(isObject(tool.inputSchema) ? propertyNames(tool.inputSchema).length : 0),
      displayText(firstLine(tool.description ?? '', 72)),
    ]);
    const widths = [
      Math.max(4, ...rows.map((row) => row[0]!.length)),
      Math.max(6, ...rows.map((row) => row[1]!.length)),
    ];
    const lines = [
      `${displayText(server.name)} ${displayText(server.version)}: ${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}`,
      '',
    ];
    lines.push(`  ${'Tool'.padEnd(widths[0]!)}  ${'Params'.padStart(widths[1]!)}  Description`);
    for (const row of rows)
      lines.push(`  ${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padStart(widths[1]!)}  ${row[2]}`.trimEnd());
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  });
}
