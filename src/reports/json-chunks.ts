/** A container being written: its items (or keys), the next one, and the indent of its own line. */
interface Frame {
  readonly container: unknown[] | Record<string, unknown>;
  /** Own enumerable keys of an object; undefined for an array. */
  readonly keys: readonly string[] | undefined;
  next: number;
  readonly indent: string;
  wrote: boolean;
}

/** Default size of a chunk, in characters: large enough that writes are few, small beside the whole. */
const JSON_CHUNK_CHARS = 1 << 20;

/**
 * The text of `JSON.stringify(value, null, 2)`, in chunks of about `chunkChars` characters, so that no
 * single string holds a whole large report (V8 refuses strings past about 512 M characters). The walk
 * keeps its own stack, so deep values cannot overflow the call stack either. Same rules as
 * JSON.stringify: `toJSON(key)` first; `undefined`, functions and symbols dropped from objects and
 * written `null` in arrays; non-finite numbers `null`; bigints throw.
 */
export function* jsonChunks(value: unknown, chunkChars: number = JSON_CHUNK_CHARS): Generator<string> {
  const stack: Frame[] = [];
  // Leaves are written by JSON.stringify itself; containers open a frame.
  const open = (item: unknown, indent: string): string | undefined => {
    if (
      item === null ||
      typeof item !== 'object' ||
      item instanceof Number ||
      item instanceof String ||
      item instanceof Boolean
    )
      return JSON.stringify(item);
    if (Array.isArray(item)) {
      stack.push({ container: item, keys: undefined, next: 0, indent, wrote: false });
      return '[';
    }
    stack.push({ container: item as Record<string, unknown>, keys: Object.keys(item), next: 0, indent, wrote: false });
    return '{';
  };
  const first = open(prepared('', value), '');
  if (first === undefined) return;
  let text = first;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const size = frame.keys === undefined ? (frame.container as unknown[]).length : frame.keys.length;
    if (frame.next >= size) {
      stack.pop();
      text +=
        frame.keys === undefined
          ? frame.wrote
            ? `\n${frame.indent}]`
            : ']'
          : frame.wrote
            ? `\n${frame.indent}}`
            : '}';
    } else {
      const inner = `${frame.indent}  `;
      const key = frame.keys === undefined ? String(frame.next) : frame.keys[frame.next]!;
      frame.next++;
      const item = prepared(key, (frame.container as Record<string, unknown>)[key]);
      const dropped = item === undefined || typeof item === 'function' || typeof item === 'symbol';
      if (frame.keys === undefined) {
        text += `${frame.wrote ? ',' : ''}\n${inner}${dropped ? 'null' : open(item, inner)}`;
        frame.wrote = true;
      } else if (!dropped) {
        text += `${frame.wrote ? ',' : ''}\n${inner}${JSON.stringify(key)}: ${open(item, inner)}`;
        frame.wrote = true;
      }
    }
    if (text.length >= chunkChars) {
      yield text;
      text = '';
    }
  }
  if (text !== '') yield text;
}

/** A value as JSON.stringify sees it: after its `toJSON(key)`, if it has one. */
function prepared(key: string, value: unknown): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(value, key);
  }
  return value;
}
