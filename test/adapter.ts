import type { ToolCall } from '../src/core/types.js';
import { collectingContext, type TraceFormat } from '../src/formats/types.js';

/** What an adapter read: the calls, and its warnings as `source at path: message` lines. */
export interface AdapterReading {
  calls: ToolCall[];
  warnings: string[];
}

/** The one way adapter tests read data: `format.parse` with a context that collects warnings. */
export function readerFor(format: TraceFormat, source = 't'): (data: unknown) => AdapterReading {
  return (data) => {
    const warnings: string[] = [];
    return { calls: format.parse(data, collectingContext(source, warnings)), warnings };
  };
}
