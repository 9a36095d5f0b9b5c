import * as z from 'zod';

/*
 * The JSON Schemas toolscore publishes (schemas/*.json) are emitted from zod schemas, each kept in a
 * registry of its own: the registry holds every part's description (what an editor shows on hover) and
 * the ids of parts emitted once under `$defs`; zod's global registry is left alone, so no two schemas'
 * ids can collide.
 */

/** What a part of a published schema carries. */
export interface SchemaPartMeta {
  /** Name under `$defs` (for parts used in several places, or recursively). */
  id?: string;
  description: string;
  /** What a refinement checks of an object's size, said in the JSON Schema too (zod emits no refinement). */
  minProperties?: number;
}

/** A registry of descriptions and the function that attaches one to a schema (returning it). */
export function schemaDocs(): {
  registry: z.core.$ZodRegistry<SchemaPartMeta>;
  doc: <T extends z.ZodType>(schema: T, description: string, id?: string) => T;
} {
  const registry = z.registry<SchemaPartMeta>();
  const doc = <T extends z.ZodType>(schema: T, description: string, id?: string): T => {
    registry.add(schema, id === undefined ? { description } : { id, description });
    return schema;
  };
  return { registry, doc };
}

/** Where the published schemas live (the package's `schemas/` folder, served by unpkg). */
const SCHEMA_BASE_URL = 'https://unpkg.com/toolscore/schemas/';

/** A published schema file: draft 2020-12, with its `$id` and title first. */
export function jsonSchemaFile(
  schema: z.ZodType,
  registry: z.core.$ZodRegistry<SchemaPartMeta>,
  file: string,
  title: string,
): Record<string, unknown> {
  return {
    $id: `${SCHEMA_BASE_URL}${file}`,
    title,
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', metadata: registry }),
  };
}
