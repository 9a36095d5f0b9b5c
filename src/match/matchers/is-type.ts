import { Matcher } from './matcher.js';

/** JSON type names accepted by `IsType` and `$type`. `integer` is a number with no fraction. */
export const JSON_TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

/** One JSON type name. */
export type JsonTypeName = (typeof JSON_TYPE_NAMES)[number];

/** Matches values of given JSON types; booleans are never numbers. */
export class IsTypeMatcher extends Matcher {
  /** The accepted types. */
  readonly types: readonly JsonTypeName[];

  constructor(types: readonly JsonTypeName[]) {
    super();
    for (const type of types) {
      if (!(JSON_TYPE_NAMES as readonly string[]).includes(type)) {
        throw new TypeError(
          `IsType: unknown type ${JSON.stringify(type)}; expected one of ${JSON_TYPE_NAMES.join(', ')}`,
        );
      }
    }
    this.types = types;
  }

  matches(value: unknown): boolean {
    return this.types.some((type) => hasType(value, type));
  }

  toString(): string {
    return `IsType(${this.types.join(', ')})`;
  }

  toJSON(): Record<string, unknown> {
    return { $type: this.types.length === 1 ? this.types[0] : [...this.types] };
  }
}

function hasType(value: unknown, type: JsonTypeName): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'null':
      return value === null;
  }
}

/** Matches a value of any of the given JSON types. Gold-file form: `{"$type": "integer"}` or `{"$type": ["string", "null"]}`. */
export function IsType(...types: JsonTypeName[]): IsTypeMatcher {
  return new IsTypeMatcher(types);
}
