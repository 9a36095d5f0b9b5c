import { describe, expect, test } from 'vitest';
import { readCorpusJson } from '../../../test/corpus.js';
import { contentToText } from './mcp-content.js';

describe('contentToText (reference §16.8)', () => {
  test('null, strings and JSON-RPC error objects', () => {
    expect(contentToText(null)).toBe('');
    expect(contentToText(undefined)).toBe('');
    expect(contentToText('plain')).toBe('plain');
    expect(contentToText(readCorpusJson('mcp/spec-examples-2026-07-28/InvalidParamsError__unknown-tool.json'))).toBe(
      'Unknown tool: invalid_tool_name',
    );
    expect(contentToText({ code: 1 })).toBe('');
  });

  test('text items of the spec examples, joined by newlines', () => {
    const result = readCorpusJson(
      'mcp/spec-examples-2026-07-28/CallToolResult__result-with-unstructured-text.json',
    ) as { content: unknown };
    expect(contentToText(result.content)).toBe(
      'Current weather in New York:\nTemperature: 72°F\nConditions: Partly cloudy',
    );
    expect(
      contentToText([
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('a\nb');
  });

  test('resources, resource links, images and audio become placeholders; unknown types are skipped', () => {
    expect(
      contentToText([
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAEC' } },
        { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AAEC' } },
        { type: 'resource_link', uri: 'demo://resource/1', name: 'Resource 1' },
        { type: 'resource_link', uri: 'demo://resource/2' },
        { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGR', mimeType: 'audio/wav' },
        { type: 'image', data: 'iVBOR' },
        { type: 'mystery', text: 'not shown' },
        'not an item',
      ]),
    ).toBe(
      [
        '[resource file:///a.txt]',
        'hello',
        '[binary resource file:///b.bin (application/octet-stream)]',
        '[binary resource file:///c.bin]',
        '[resource link demo://resource/1 Resource 1]',
        '[resource link demo://resource/2]',
        '[image (image/png)]',
        '[audio (audio/wav)]',
        '[image]',
      ].join('\n'),
    );
  });
});
