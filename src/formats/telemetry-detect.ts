/**
 * Recognition of protocol and telemetry traces (MCP JSON-RPC, OpenTelemetry spans) for `detect.ts`.
 * Each test judges the whole structure, not only its first element.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON-RPC 2.0 message, a `{dir, message}` transcript item, or a batch holding one. */
function hasJsonRpc(value: unknown, depth: number): boolean {
  if (Array.isArray(value)) return depth < 4 && value.some((item) => hasJsonRpc(item, depth + 1));
  if (!isObject(value)) return false;
  if (value.jsonrpc === '2.0') return true;
  return !('jsonrpc' in value) && value.message !== null && typeof value.message === 'object' && hasJsonRpc(value.message, depth + 1);
}

/**
 * MCP: an object with `jsonrpc`; a recorded session (`{"format": "mcp"}`, or `messages` holding
 * JSON-RPC 2.0 messages); a list (or batch) with any JSON-RPC 2.0 message, raw or in `{dir, message}`.
 */
export function looksLikeMCP(data: unknown): boolean {
  if (isObject(data)) {
    return 'jsonrpc' in data || data.format === 'mcp' || (Array.isArray(data.messages) && hasJsonRpc(data.messages, 0)) || hasJsonRpc(data, 0);
  }
  return Array.isArray(data) && hasJsonRpc(data, 0);
}

/** A span: OTLP ids, SDK `context` ids, or a name, attributes and a start time. */
export function isSpanLike(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.traceId !== undefined && value.spanId !== undefined) return true;
  if (isObject(value.context) && value.context.span_id !== undefined && value.context.trace_id !== undefined) return true;
  return (
    typeof value.name === 'string' &&
    value.attributes !== null &&
    typeof value.attributes === 'object' &&
    (value.startTimeUnixNano !== undefined || value.start_time !== undefined || value.startTime !== undefined)
  );
}

function isExport(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.resourceSpans);
}

/**
 * OpenTelemetry: an OTLP/JSON export (`resourceSpans`), one `ResourceSpans` (`scopeSpans`), a single
 * span, or a non-empty list whose every item is a span or an export.
 */
export function looksLikeOtel(data: unknown): boolean {
  if (isObject(data)) {
    return (
      isExport(data) ||
      Array.isArray(data.scopeSpans) ||
      Array.isArray(data.instrumentationLibrarySpans) ||
      (Array.isArray(data.spans) && data.spans.length > 0 && data.spans.every(isSpanLike)) ||
      isSpanLike(data)
    );
  }
  return Array.isArray(data) && data.length > 0 && data.every((item) => isSpanLike(item) || isExport(item));
}
