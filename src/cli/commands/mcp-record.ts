import { ToolscoreInputError } from '../../core/errors.js';
import { recordSession } from '../../mcp/recorder.js';
import { checkOutputPaths, commandInputs } from '../output-paths.js';
import { envFlags, resolveTarget } from './mcp-common.js';

/** Flags of `toolscore mcp record`. */
export interface McpRecordFlags {
  output: string;
  config?: string;
  server?: string;
  env: string[];
}

/** `toolscore mcp record -o session.json -- CMD...`: proxy stdio to the server and record its tool calls. */
export async function runMcpRecord(words: string[], flags: McpRecordFlags): Promise<number> {
  const { target } = await resolveTarget(words, { ...flags, timeout: '30' });
  if (target.kind !== 'stdio')
    throw new ToolscoreInputError(
      { source: '--config' },
      'mcp record proxies a stdio server; this server is reached over HTTP',
    );
  // The session file is rewritten after every call: it must not be the server's script or its config.
  checkOutputPaths(
    [['--output', flags.output, 'the session']],
    [['--config file', flags.config], ...commandInputs(target.command, target.args, target.cwd)],
  );
  const env = { ...(target.env ?? {}), ...(envFlags(flags.env) ?? {}) };
  const status = await recordSession({
    command: target.command,
    args: target.args,
    env,
    cwd: target.cwd,
    output: flags.output,
  });
  // The client may keep our stdin open; the server is gone, so stop reading it.
  process.stdin.destroy();
  return status;
}
