/**
 * Renders MCP tool-result content as text (reference §16.8 `content_to_text`): `null` is "", a string
 * is itself, an object is its `message` (a JSON-RPC error) or "", and a content list is its items
 * joined by newlines:
 *
 * - `text` → its text;
 * - embedded `resource` with text → `[resource <uri>]` then a newline and the text;
 * - embedded `resource` with a blob → `[binary resource <uri> (<mime>)]` (mime when known);
 * - `resource_link` → `[resource link <uri> <name>]`;
 * - `image` / `audio` → `[image (<mime>)]` / `[audio (<mime>)]`;
 * - other types are skipped.
 */
export function contentToText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const lines: string[] = [];
    for (const item of content) {
      const text = renderItem(item);
      if (text !== undefined) lines.push(text);
    }
    return lines.join('\n');
  }
  if (typeof content === 'object') {
    const message = (content as Record<string, unknown>).message;
    return typeof message === 'string' ? message : '';
  }
  return '';
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function withMime(label: string, mime: string | undefined): string {
  return mime ? `${label} (${mime})` : label;
}

function renderItem(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const part = item as Record<string, unknown>;
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string' ? part.text : '';
    case 'resource': {
      const resource =
        part.resource !== null && typeof part.resource === 'object' ? (part.resource as Record<string, unknown>) : {};
      const uri = str(resource.uri) ?? '';
      if (typeof resource.text === 'string') return `[resource ${uri}]\n${resource.text}`;
      return `[${withMime(`binary resource ${uri}`, str(resource.mimeType))}]`;
    }
    case 'resource_link':
      return `[${['resource link', str(part.uri), str(part.name)].filter(Boolean).join(' ')}]`;
    case 'image':
    case 'audio':
      return `[${withMime(part.type, str(part.mimeType))}]`;
    default:
      return undefined;
  }
}
