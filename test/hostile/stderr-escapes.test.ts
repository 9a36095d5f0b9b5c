import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { compileSchema } from '../../src/schemas/validator.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Red team, round 2: text from input that reaches stderr. First a JSON Schema `format` that is a
 * terminal escape. ajv used to warn
 * `unknown format "…" ignored` on stderr with the name raw, so a tools file or an MCP server could
 * retitle (OSC 0), clear (CSI 2J) or hide text on the user's terminal. CLI runs are bounded by
 * runProgram's 30 s timeout (npm run build first).
 */

/** Retitle the window, clear the screen, and a C1 CSI that some terminals act on too. */
const FORMAT = '\u001b]0;pwned\u0007x\u001b[2J\u009b1m';
const TERMINAL_CONTROLS = /[\u001b\u0007\u009b]/;

const tools = [
  {
    type: 'function',
    function: {
      name: 'lookup',
      description: 'Looks a code up.',
      parameters: { type: 'object', properties: { code: { type: 'string', format: FORMAT } }, required: ['code'] },
    },
  },
];

const scratch = useScratchFolder('toolscore-hostile-stderr-escapes-');

describe('an unknown format never reaches the terminal raw', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('compiling the schema writes nothing to the console or stderr, and the format is not checked', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const validate = compileSchema(structuredClone(tools[0]!.function.parameters));
    expect([validate({ code: 'anything' }), validate({ code: 7 })]).toEqual([true, false]);
    expect([warn.mock.calls, log.mock.calls, error.mock.calls, stderr.mock.calls]).toEqual([[], [], [], []]);
  });

  test('generate --tools', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    const run = await runCli(['generate', '--tools', 'tools.json', '-n', '1', '-o', 'gold.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toMatch(TERMINAL_CONTROLS);
  });

  test('eval --tools', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'lookup', args: { code: 'a1' } }]));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify([{ tool: 'lookup', args: { code: 'a1' } }]));
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--tools', 'tools.json', '-o', 'r.json'], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROLS);
    expect(run.stdout).not.toMatch(TERMINAL_CONTROLS);
    expect(run.stderr).not.toContain('unknown format');
  });

  test('mcp test against a server whose input schema has that format', async () => {
    const dir = scratch.fresh();
    // A minimal JSON-RPC server over stdio: initialize, tools/list with the hostile schema, tools/call.
    const server = join(dir, 'server.mjs');
    writeFileSync(
      server,
      `import { createInterface } from 'node:readline';
const tools = ${JSON.stringify([{ name: 'lookup', description: 'Looks a code up.', inputSchema: tools[0]!.function.parameters }])};
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    return send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'formats', version: '0.0.1' } } });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools } });
  if (m.method === 'tools/call') return send({ id: m.id, result: { content: [{ type: 'text', text: 'found' }] } });
  send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
`,
    );
    const run = await runCli(['mcp', 'test', '--report', 'json', '-o', 'card.json', '--', process.execPath, server], {
      cwd: dir,
    });
    expect(run.code, run.stderr).not.toBe(2);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROLS);
    expect(run.stdout).not.toMatch(TERMINAL_CONTROLS);
    expect(run.stderr).not.toContain('unknown format');
  });
});

describe('mcp record prints the command and the output path escaped', () => {
  test('a server command that cannot start, and an output path with an OSC title sequence', async () => {
    const dir = scratch.fresh();
    const run = await runCli(['mcp', 'record', '-o', 'rec\u001b]0;x\u0007.jsonl', '--', '/nonexistent\u009b2J'], {
      cwd: dir,
    });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'toolscore: could not start the server "/nonexistent\\u009b2J": command not found\ntoolscore: recorded 0 tool calls to rec\\u001b]0;x\\u0007.jsonl\n',
    });
  });
});
