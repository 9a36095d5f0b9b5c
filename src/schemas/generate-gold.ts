import type { ToolCatalogue } from './catalogue.js';
import { seededRandom } from './prng.js';
import { effectiveSchema, propertyNames, requiredNames, type Schema } from './schema-util.js';
import { generateValue, isWaitProperty, type ValueMode } from './schema-values.js';
import { compileSchema, issueMessage, issuePath } from './validator.js';

/*
 * Gold cases from tool schemas (`toolscore generate`): for each tool, arguments that satisfy its JSON
 * Schema, in the Python tool's mix (§11.4 of the reference: 60% normal, 20% boundary, the rest edge),
 * each checked against the schema with ajv before it is written. The values come from the generator
 * `mcp test` uses (schema-values.ts), so both honour the same keywords.
 */

/** One generated case: a single expected call, usable on its own. */
export interface GeneratedCase {
  /** `<tool>-<kind>-<n>`, unique in the output. */
  id: string;
  kind: ValueMode;
  tool: string;
  args: Record<string, unknown>;
}

/** A tool that got fewer cases than asked: each one left out came out the same as an earlier case. */
export interface ShortTool {
  tool: string;
  /** Cases asked for (`perTool`). */
  asked: number;
  /** Cases written. */
  made: number;
}

/** A tool no case could be made for, and why. */
export interface SkippedTool {
  tool: string;
  reason: string;
}

export interface GenerateOptions {
  /** Cases per tool (default 10). */
  perTool?: number;
  /** Boundary and edge cases besides the normal ones (default true). */
  edgeCases?: boolean;
  /** Any text; the same seed gives the same cases (default `0`). */
  seed?: string;
}

/**
 * Most cases one run is asked for (cases per tool × tools): every case is held in memory until the
 * file is written, so `-n 1000000000` would run out of it.
 */
export const MAX_GENERATED_CASES = 1_000_000;

/** Tries per case before it is given up (a value set the schema rejects is drawn again). */
const ATTEMPTS = 8;

/** The kinds of a tool's `n` cases: ⌊0.6n⌋ normal, ⌊0.2n⌋ boundary, the rest edge; or all normal. */
export function caseKinds(n: number, edgeCases: boolean): ValueMode[] {
  if (!edgeCases) return Array.from({ length: n }, () => 'normal');
  const normal = Math.floor(0.6 * n);
  const boundary = Math.floor(0.2 * n);
  return [
    ...Array.from({ length: normal }, (): ValueMode => 'normal'),
    ...Array.from({ length: boundary }, (): ValueMode => 'boundary'),
    ...Array.from({ length: n - normal - boundary }, (): ValueMode => 'edge'),
  ];
}

/**
 * Cases for every tool of a catalogue, in catalogue order. Every case's arguments validate against the
 * tool's schema; a tool whose schema cannot be compiled or satisfied is skipped with the reason. A case
 * that comes out identical to an earlier one of the same tool is drawn again; one still identical after
 * every try is left out, and its tool listed in `short` (the generator's values for it are few).
 */
export function generateGoldCases(
  catalogue: ToolCatalogue,
  options: GenerateOptions = {},
): { cases: GeneratedCase[]; skipped: SkippedTool[]; short: ShortTool[] } {
  const perTool = options.perTool ?? 10;
  if (!Number.isSafeInteger(perTool) || perTool < 1 || perTool * catalogue.size > MAX_GENERATED_CASES)
    throw new RangeError(
      `perTool must be a whole number ≥ 1 and perTool × tools at most ${MAX_GENERATED_CASES}, got ${perTool} for ${catalogue.size} tools`,
    );
  const kinds = caseKinds(perTool, options.edgeCases ?? true);
  const cases: GeneratedCase[] = [];
  const skipped: SkippedTool[] = [];
  const short: ShortTool[] = [];
  for (const [tool, full] of catalogue) {
    let validate: ReturnType<typeof compileSchema>;
    try {
      validate = compileSchema(full);
    } catch (error) {
      skipped.push({ tool, reason: `its schema cannot be checked: ${(error as Error).message}` });
      continue;
    }
    const schema = effectiveSchema(full);
    const properties = (schema?.properties ?? {}) as Record<string, unknown>;
    const names = schema === undefined ? [] : propertyNames(schema);
    const required = new Set(schema === undefined ? [] : requiredNames(schema));
    const random = seededRandom(`${options.seed ?? '0'}:${tool}`);
    const seen = new Set<string>();
    const counts: Partial<Record<ValueMode, number>> = {};
    let lastError: string | undefined;
    for (const kind of kinds) {
      let made: Record<string, unknown> | undefined;
      for (let attempt = 0; attempt < ATTEMPTS && made === undefined; attempt++) {
        // Normal cases leave out each optional argument half the time; boundary and edge cases pass them all.
        const chosen = names.filter(
          (name) =>
            kind !== 'normal' ||
            required.has(name) ||
            isWaitProperty(name, properties[name], full as Schema) ||
            random.chance(0.5),
        );
        const args: Record<string, unknown> = {};
        const context = { random, root: full as Schema, useDefaults: attempt === 0, mode: kind };
        for (const name of chosen) args[name] = generateValue(properties[name], name, context);
        // A repeat of an earlier case is drawn again: later tries skip the defaults, so the values vary.
        if (validate(args)) {
          if (!seen.has(JSON.stringify(args))) made = args;
        } else {
          const issue = validate.errors?.[0];
          lastError =
            issue === undefined ? 'does not match the schema' : `${issuePath(issue, args)}: ${issueMessage(issue)}`;
        }
      }
      if (made === undefined) continue;
      seen.add(JSON.stringify(made));
      counts[kind] = (counts[kind] ?? 0) + 1;
      cases.push({ id: `${tool}-${kind}-${counts[kind]}`, kind, tool, args: made });
    }
    if (seen.size === 0)
      skipped.push({ tool, reason: `no generated arguments satisfy its schema (${lastError ?? 'no case asked for'})` });
    else if (seen.size < kinds.length) short.push({ tool, asked: kinds.length, made: seen.size });
  }
  return { cases, skipped, short };
}
