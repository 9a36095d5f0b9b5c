import { describe, expect, test } from 'vitest';
import { readerFor } from '../adapter.js';
import { mcpFormat } from '../../src/formats/readers/mcp.js';

/*
 * Recorded sessions carry more than calls: the MCP Inspector's network log keeps every HTTP header
 * (Authorization included) and the OAuth flow's form bodies (client secrets, codes). Only the
 * JSON-RPC bodies may become call data, so no header or OAuth body reaches a report.
 */

const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const secret = 'client-secret-' + 'x9Y8z7W6v5U4';

describe('recordings: what is read, and what is not', () => {
  test('Inspector network log: request and response headers and auth entries never become call data', () => {
    const { calls, warnings } = readerFor(
      mcpFormat,
      'network.json',
    )([
      {
        id: 'a-1',
        method: 'POST',
        url: 'https://auth.example.com/token',
        requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
        requestBody: `grant_type=authorization_code&code=abc&client_secret=${secret}`,
        responseBody: JSON.stringify({ access_token: token, token_type: 'Bearer' }),
        category: 'auth',
      },
      {
        id: 'n-1',
        timestamp: '2026-07-28T10:30:20.000Z',
        method: 'POST',
        url: 'https://example.com/mcp',
        requestHeaders: { authorization: `Bearer ${token}`, 'mcp-method': 'tools/call' },
        requestBody: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search', arguments: { q: 'mcp' } },
        }),
        responseHeaders: { 'set-cookie': `session=${token}` },
        responseBody: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3 hits"}]}}',
        duration: 20,
        category: 'transport',
      },
    ]);
    expect(calls).toEqual([
      {
        tool: 'search',
        args: { q: 'mcp' },
        id: '1',
        result: '3 hits',
        is_error: false,
        timestamp: Date.parse('2026-07-28T10:30:20.000Z') / 1000,
        duration: 0.02,
        metadata: { format: 'mcp', jsonrpc_id: 1 },
      },
    ]);
    expect(warnings).toEqual([]);
    const everything = JSON.stringify({ calls, warnings });
    expect(everything.includes(token)).toBe(false);
    expect(everything.includes(secret)).toBe(false);
  });
});
