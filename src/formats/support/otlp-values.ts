import { isObject } from '../../core/objects.js';
/**
 * OTLP/JSON value helpers: `AnyValue` decoding, attribute lookup over KeyValue lists or plain
 * objects, and nanosecond timestamps read without losing precision.
 */

/** The member names of an OTLP `AnyValue`. */
const ANY_VALUE_KEYS = new Set([
  'stringValue',
  'boolValue',
  'intValue',
  'doubleValue',
  'arrayValue',
  'kvlistValue',
  'bytesValue',
]);

/**
 * Decodes an OTLP `AnyValue` (`{stringValue}`, `{intValue}` as a string or number, `{doubleValue}`,
 * `{boolValue}`, `{bytesValue}` kept as its base64 text, `{arrayValue: {values}}`, `{kvlistValue:
 * {values}}`) to plain JSON. An `intValue` outside the safe integer range stays a string so no digit
 * is lost. An empty or unknown value is `null`.
 * @internal Exported for its tests only.
 */
export function decodeAnyValue(value: unknown): unknown {
  if (!isObject(value)) return value ?? null;
  if ('stringValue' in value) return value.stringValue ?? '';
  if ('intValue' in value) return decodeInt(value.intValue);
  if ('doubleValue' in value) {
    const double = value.doubleValue;
    return typeof double === 'string' ? Number(double) : (double ?? 0);
  }
  if ('boolValue' in value) return value.boolValue === true || value.boolValue === 'true';
  if ('arrayValue' in value) {
    const values = isObject(value.arrayValue) ? value.arrayValue.values : undefined;
    return Array.isArray(values) ? values.map(decodeAnyValue) : [];
  }
  if ('kvlistValue' in value) {
    const values = isObject(value.kvlistValue) ? value.kvlistValue.values : undefined;
    const out: Record<string, unknown> = {};
    if (Array.isArray(values)) {
      for (const entry of values) {
        if (isObject(entry) && typeof entry.key === 'string') out[entry.key] = decodeAnyValue(entry.value);
      }
    }
    return out;
  }
  if ('bytesValue' in value) return value.bytesValue ?? '';
  return null;
}

function decodeInt(raw: unknown): unknown {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && /^-?\d+$/.test(raw)) {
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : raw;
  }
  return raw ?? 0;
}

/**
 * Whether a value looks like an encoded `AnyValue` (one member, an AnyValue member name).
 * @internal Exported for its tests only.
 */
export function isAnyValue(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  let count = 0;
  for (const key in value) {
    if (!ANY_VALUE_KEYS.has(key)) return false;
    count++;
  }
  return count === 1;
}

/**
 * Copies the attributes named in `wanted` out of an OTLP KeyValue list (`[{key, value: AnyValue}]`)
 * or a plain `{key: value}` object (SDK style; values that are encoded AnyValues are decoded).
 * Only the wanted values are decoded, so scanning a span with large unrelated attributes is cheap.
 * `onKey` sees every key (used to notice GenAI vocabularies without decoding values).
 */
export function pickAttributes(
  attributes: unknown,
  wanted: ReadonlySet<string>,
  onKey?: (key: string) => void,
): Record<string, unknown> {
  const keys = [...wanted];
  const values = readAttributeSlots(attributes, new Map(keys.map((key, slot) => [key, slot])), onKey);
  const out: Record<string, unknown> = {};
  keys.forEach((key, slot) => {
    if (values[slot] !== undefined) out[key] = values[slot];
  });
  return out;
}

/**
 * The wanted attributes, into fixed slots: `slots` maps each wanted key to its index in the returned
 * array (undefined where absent). Fixed positions keep lookups cheap on large span lists; `reuse`
 * (an array of `slots.size`) is cleared and filled instead of allocating one per call.
 */
export function readAttributeSlots(
  attributes: unknown,
  slots: ReadonlyMap<string, number>,
  onKey?: (key: string) => void,
  reuse?: unknown[],
): unknown[] {
  const out = reuse ?? new Array<unknown>(slots.size);
  if (reuse) out.fill(undefined);
  if (Array.isArray(attributes)) {
    for (let i = 0; i < attributes.length; i++) {
      const entry = attributes[i] as { key?: unknown; value?: unknown } | null;
      if (entry === null || typeof entry !== 'object') continue;
      const key = entry.key;
      if (typeof key !== 'string') continue;
      if (onKey) onKey(key);
      const slot = slots.get(key);
      if (slot !== undefined) out[slot] = decodeAnyValue(entry.value);
    }
  } else if (isObject(attributes)) {
    for (const key in attributes) {
      if (onKey) onKey(key);
      const slot = slots.get(key);
      if (slot === undefined) continue;
      const value = attributes[key];
      out[slot] = isAnyValue(value) ? decodeAnyValue(value) : value;
    }
  }
  return out;
}

/**
 * A point in time as nanoseconds since the Unix epoch: OTLP `...UnixNano` strings or numbers, an
 * OpenTelemetry JS `HrTime` pair `[seconds, nanoseconds]`, or an ISO 8601 string (microseconds and
 * nanoseconds kept). Anything else is undefined.
 */
export function toUnixNanos(value: unknown): bigint | undefined {
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return BigInt(value);
    return isoToNanos(value);
  }
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return BigInt(Math.round(value));
  if (typeof value === 'bigint') return value;
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
    return BigInt(Math.trunc(value[0])) * 1_000_000_000n + BigInt(Math.trunc(value[1]));
  }
  return undefined;
}

const ISO_FRACTION = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

function isoToNanos(text: string): bigint | undefined {
  const match = ISO_FRACTION.exec(text.trim());
  if (!match) return undefined;
  const millis = Date.parse(`${match[1]}${match[3] ?? 'Z'}`);
  if (Number.isNaN(millis)) return undefined;
  const fraction = (match[2] ?? '').slice(0, 9).padEnd(9, '0');
  return BigInt(millis) * 1_000_000n + BigInt(fraction);
}

/** Nanoseconds to seconds as a number (exact to the microsecond for present-day times). */
export function nanosToSeconds(nanos: bigint): number {
  if (nanos <= 9_007_199_254_740_991n && nanos >= -9_007_199_254_740_991n) return Number(nanos) / 1e9;
  const micros = nanos / 1000n;
  return Number(micros) / 1e6 + Number(nanos - micros * 1000n) / 1e9;
}
