import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { fromMCP } from '../formats/readers/mcp.js';
import { SessionRecorder } from './recorder.js';
import { commandTarget, describeTarget, readServerConfig, serverFromConfig, splitCommand } from './target.js';

describe('server command lines', () => {
  test('split like a POSIX shell: quotes, escapes, no expansion', () => {
    expect(splitCommand('node server.js --port 3000')).toEqual(['node', 'server.js', '--port', '3000']);
    expect(splitCommand(`npx -y "@scope/my server" 'a b' c\\ d ""`)).toEqual([
      'npx',
      '-y',
      '@scope/my server',
      'a b',
      'c d',
      '',
    ]);
    expect(splitCommand('python -c "print(\\"hi\\")" $HOME ~')).toEqual(['python', '-c', 'print("hi")', '$HOME', '~']);
    expect(() => splitCommand('node "server.js')).toThrow('unclosed double quote');
  });

  test('one string is split; several words are kept as given', () => {
    expect(commandTarget(['node server.js'])).toEqual({ kind: 'stdio', command: 'node', args: ['server.js'] });
    expect(commandTarget(['node', 'my server.js'])).toEqual({ kind: 'stdio', command: 'node', args: ['my server.js'] });
    expect(() => commandTarget(['   '])).toThrow(ToolscoreInputError);
    expect(describeTarget({ kind: 'stdio', command: 'node', args: ['my server.js'] })).toBe('node "my server.js"');
  });
});

describe('client config files (Claude Desktop, Cursor, VS Code)', () => {
  const claude = {
    mcpServers: {
      notes: { command: 'node', args: ['notes.js'], env: { API_KEY: 'x', PORT: 3000 } },
      remote: { url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer t' } },
    },
  };

  test('stdio and URL servers; --server picks one; one server needs no name', () => {
    expect(serverFromConfig(claude, 'c.json', 'notes')).toEqual({
      name: 'notes',
      target: { kind: 'stdio', command: 'node', args: ['notes.js'], env: { API_KEY: 'x', PORT: '3000' } },
    });
    expect(serverFromConfig(claude, 'c.json', 'remote').target).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer t' },
    });
    expect(serverFromConfig({ mcpServers: { only: { command: 'srv' } } }, 'c.json')).toEqual({
      name: 'only',
      target: { kind: 'stdio', command: 'srv', args: [] },
    });
    expect(
      serverFromConfig({ servers: { s: { type: 'sse', url: 'http://127.0.0.1:1/sse' } } }, 'vscode.json').target,
    ).toMatchObject({ kind: 'http', transport: 'sse' });
  });

  test('errors name the file and what is wrong', () => {
    const error = (data: unknown, name?: string) => {
      try {
        serverFromConfig(data, 'c.json', name);
      } catch (caught) {
        return (caught as Error).message;
      }
      return 'no error';
    };
    expect(error([])).toBe('c.json at $: expected a configuration object with "mcpServers", got an array');
    expect(error({})).toMatch(/^c\.json at \$: no servers in this file/);
    expect(error({ mcpServers: {} })).toMatch(/^c\.json at \$\.mcpServers: no servers in this file/);
    expect(error(claude)).toBe(
      'c.json at $.mcpServers: the file holds 2 servers; choose one with --server (notes, remote)',
    );
    expect(error(claude, 'ghost')).toBe('c.json at $.mcpServers: no server named "ghost"; the file has notes, remote');
    expect(error({ mcpServers: { a: { command: 7 } } })).toBe(
      'c.json at $.mcpServers.a.command: expected the command that starts the server (a string), got a number',
    );
    expect(error({ mcpServers: { a: { command: 'x', args: ['ok', 1] } } })).toBe(
      'c.json at $.mcpServers.a.args: expected a list of strings',
    );
  });

  test('missing and invalid files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscore-config-'));
    await expect(readServerConfig(join(dir, 'none.json'))).rejects.toThrow('none.json: file not found');
    writeFileSync(join(dir, 'bad.json'), '{"mcpServers": ');
    await expect(readServerConfig(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json: not valid JSON/);
  });
});

describe('session recorder (reference §2.9)', () => {
  const call = (id: unknown, name = 'echo') =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { message: 'hi' } } });
  const answer = (id: unknown) =>
    JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'hi' }] } });

  test('keeps tools/call requests with usable ids and the responses that answer them, with round trips', () => {
    const recorder = new SessionRecorder(['node', 'server.js'], new Date('2026-01-01T00:00:00Z'));
    recorder.clientLine(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }), 0);
    recorder.serverLine(JSON.stringify({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18' } }), 1);
    recorder.clientLine(call(1), 1000);
    recorder.clientLine(call('1', 'other'), 1000);
    recorder.clientLine(call(null), 1000); // no usable id: not stored
    recorder.clientLine('not json at all', 1000);
    expect(recorder.serverLine(answer(1), 1250.1234567)).toBe(1);
    expect(recorder.serverLine(answer(99), 1300)).toBe(0); // answers nothing stored
    recorder.clientLine(`[${call(2)},${call(3)}]`, 2000); // a batch
    expect(recorder.serverLine(`[${answer(3)},${answer(2)}]`, 2500)).toBe(2);
    expect(recorder.requests).toBe(4);
    expect(recorder.answered).toBe(3);
    const session = JSON.parse(recorder.text()) as {
      messages: Record<string, unknown>[];
      server_command: string[];
      format: string;
      recorded_by: string;
    };
    expect(session).toMatchObject({
      format: 'mcp',
      recorded_by: 'toolscore mcp record',
      server_command: ['node', 'server.js'],
      started_at: '2026-01-01T00:00:00.000Z',
    });
    expect(session.messages.map((message) => [message.id, message.method ?? 'response', message.duration])).toEqual([
      [1, 'tools/call', undefined],
      ['1', 'tools/call', undefined],
      [1, 'response', 0.250123],
      [2, 'tools/call', undefined],
      [3, 'tools/call', undefined],
      [3, 'response', 0.5],
      [2, 'response', 0.5],
    ]);
    // The mcp adapter reads it: the string id "1" stays unanswered, apart from the number 1.
    const warnings: string[] = [];
    const calls = fromMCP(session, { onWarning: (warning) => warnings.push(warning) });
    expect(calls.map((item) => [item.tool, item.id, item.duration, item.result])).toEqual([
      ['echo', '1', 0.250123, 'hi'],
      ['other', '1', undefined, undefined],
      ['echo', '2', 0.5, 'hi'],
      ['echo', '3', 0.5, 'hi'],
    ]);
    expect(warnings).toHaveLength(1);
  });
});
