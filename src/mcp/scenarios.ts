import { mcpText } from './text.js';
import { seededRandom } from '../schemas/prng.js';
import {
  effectiveSchema,
  normalizeSchema,
  propertyNames,
  requiredNames,
  type Schema,
  schemaLoop,
  schemaTypes,
  valueHasType,
} from '../schemas/schema-util.js';
import { isObject } from '../core/objects.js';
import type { McpTool, Scenario } from './types.js';
import { schemaError, schemaProblem } from './validate.js';
import { emptyValue, generateValue, isWaitProperty } from '../schemas/schema-values.js';

/** Options of `generateScenarios`. */
export interface ScenarioOptions {
  /** Happy-path scenarios per tool (default 3). */
  casesPerTool?: number;
  /** Also make edge cases: a missing required argument, a wrong type, empty values (default true). */
  includeEdgeCases?: boolean;
  /** Call tools annotated `destructiveHint: true` too (default false: their scenarios are skipped). */
  allowDestructive?: boolean;
  /** Call only tools annotated `readOnlyHint: true` (default false: every other tool is called too). */
  readOnly?: boolean;
}

/** Tries at generating happy arguments that pass the tool's own schema before giving up. */
const ATTEMPTS = 8;

/** Whether a tool says it may destroy data: `destructiveHint: true` on a tool not marked read-only. */
export function isDestructive(tool: McpTool): boolean {
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  return annotations.destructiveHint === true && annotations.readOnlyHint !== true;
}

/** Whether a tool says it changes nothing: `readOnlyHint: true`. */
function isReadOnly(tool: McpTool): boolean {
  return isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
}

/** Why none of a tool's scenarios is run, whatever its arguments: destructive, not read-only under `readOnly`, task-only. */
function toolSkip(tool: McpTool, options: ScenarioOptions): string | undefined {
  if (isDestructive(tool) && options.allowDestructive !== true) return mcpText.skippedDestructive();
  if (options.readOnly === true && !isReadOnly(tool)) return mcpText.skippedNotReadOnly();
  if (requiresTask(tool)) return mcpText.skippedTaskRequired();
  return undefined;
}

/** Whether a tool can only be called as a task (`execution.taskSupport: "required"`), which plain tools/call cannot do. */
export function requiresTask(tool: McpTool): boolean {
  return isObject(tool.execution) && tool.execution.taskSupport === 'required';
}

/** Probe values for a wrong type, in order: the first one the property's types do not accept is used. */
const WRONG_TYPE_PROBES: readonly unknown[] = [
  12345,
  'not-a-valid-value',
  ['not-a-valid-value'],
  { unexpected: true },
  true,
];

function wrongTypeValue(schema: Schema): unknown {
  const types = schemaTypes(schema);
  if (types.length > 1) return WRONG_TYPE_PROBES.find((probe) => !valueHasType(probe, types)) ?? null;
  switch (types[0]) {
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
    case 'object':
      return 'not-a-list-or-object';
    default:
      return 12345;
  }
}

function describeWrongType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'number' ? 'number' : typeof value;
}

/**
 * Scenarios for each tool, the same every run: the random source is seeded by the tool name.
 *
 * - A tool whose schema is unusable (not an object schema with `properties`) gets one happy call with
 *   `{}`.
 * - Otherwise `casesPerTool` happy calls, each passing every property (required and optional). The first
 *   uses schema defaults; every argument set is checked against the tool's own schema with ajv and
 *   regenerated when it fails, so a strict server is never failed by the generator's mistakes. When no
 *   valid set can be made the scenario is skipped, with the reason. Identical happy calls are made once.
 * - Edge cases from one more happy set: the first required argument dropped, the first property given
 *   the wrong type, and every property given an empty value. Edge cases equal to a happy call are left out.
 * - A tool whose input schema cannot be checked (a pattern the linear-time engine cannot run, nesting
 *   deeper than `MAX_SCHEMA_DEPTH`) gets one skipped scenario that says why.
 * - Tools annotated destructive are kept in the list, skipped, unless `allowDestructive`; with
 *   `readOnly`, so is every tool not annotated `readOnlyHint: true`.
 */
export function generateScenarios(tools: readonly McpTool[], options: ScenarioOptions = {}): Scenario[] {
  const casesPerTool = Math.max(1, Math.floor(options.casesPerTool ?? 3));
  const includeEdge = options.includeEdgeCases !== false;
  const scenarios: Scenario[] = [];
  for (const tool of tools) {
    const forTool = toolScenarios(tool, casesPerTool, includeEdge);
    const skip = toolSkip(tool, options);
    if (skip !== undefined) for (const scenario of forTool) scenario.skip = skip;
    scenarios.push(...forTool);
  }
  return scenarios;
}

/** Which arguments a happy case passes, for its description: all, the required ones only, or some optional ones. */
function happyKind(
  names: readonly string[],
  propertyCount: number,
  required: ReadonlySet<string>,
  optionalCount: number,
): 'all' | 'required' | 'some' {
  if (optionalCount === 0 || names.length === propertyCount) return 'all';
  return names.every((name) => required.has(name)) ? 'required' : 'some';
}

function toolScenarios(tool: McpTool, casesPerTool: number, includeEdge: boolean): Scenario[] {
  const full = tool.inputSchema;
  const schema = effectiveSchema(full);
  if (!schema || !isObject(full)) {
    return [{ tool: tool.name, kind: 'happy', description: mcpText.scenarioNoArgs(), arguments: {} }];
  }
  // A schema that loops is the server's own fault: its one happy scenario fails without a call.
  const loop = schemaLoop(full);
  if (loop !== undefined)
    return [
      {
        tool: tool.name,
        kind: 'happy',
        description: mcpText.scenarioHappy(1),
        arguments: {},
        broken: mcpText.brokenLoopingSchema(loop),
      },
    ];
  // A schema whose checks cannot run (an unsupported pattern, too deep) could not vouch for any argument set.
  const problem = schemaProblem(full);
  if (problem !== undefined)
    return [
      {
        tool: tool.name,
        kind: 'happy',
        description: mcpText.scenarioHappy(1),
        arguments: {},
        skip: mcpText.skippedUncheckableSchema(problem),
      },
    ];
  const random = seededRandom(tool.name);
  const root: Schema = full;
  const properties = schema.properties as Record<string, unknown>;
  // Wait-like numbers are always passed (at their smallest), so a server's default wait never applies.
  const required = new Set([
    ...requiredNames(schema),
    ...propertyNames(schema).filter((name) => isWaitProperty(name, properties[name], root)),
  ]);
  const optional = propertyNames(schema).filter((name) => !required.has(name));
  /** Which properties a happy case passes: every one (case 1), the required ones (case 2), a random half of the optional ones after that. */
  const chooseNames = (k: number): string[] => {
    if (k === 0 || optional.length === 0) return propertyNames(schema);
    if (k === 1) return propertyNames(schema).filter((name) => required.has(name));
    return propertyNames(schema).filter((name) => required.has(name) || random.chance(0.5));
  };
  const makeArgs = (
    useDefaults: boolean,
    names: readonly string[] = propertyNames(schema),
  ): { args: Record<string, unknown>; error?: string } => {
    let last: { args: Record<string, unknown>; error?: string } = { args: {} };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const context = { random, root, useDefaults: useDefaults && attempt === 0 };
      const args: Record<string, unknown> = {};
      for (const name of names) args[name] = generateValue(properties[name], name, context);
      const error = schemaError(full, args);
      if (error === undefined) return { args };
      last = { args, error };
    }
    return last;
  };

  const scenarios: Scenario[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < casesPerTool; k++) {
    const names = chooseNames(k);
    const { args, error } = makeArgs(k === 0, names);
    const key = JSON.stringify(args);
    if (seen.has(key)) continue;
    seen.add(key);
    const which = happyKind(names, propertyNames(schema).length, required, optional.length);
    const scenario: Scenario = {
      tool: tool.name,
      kind: 'happy',
      description: mcpText.scenarioHappy(k + 1, which),
      arguments: args,
    };
    if (error !== undefined) scenario.skip = mcpText.skippedInvalidArgs(error);
    scenarios.push(scenario);
  }
  if (!includeEdge) return scenarios;

  const edges = edgeScenarios(tool.name, schema, root, makeArgs(false).args);
  for (const edge of edges) {
    const key = JSON.stringify(edge.arguments);
    if (seen.has(key)) continue;
    seen.add(key);
    scenarios.push(edge);
  }
  return scenarios;
}

/** The edge cases built from one valid argument set: the first required argument dropped, the first property of the wrong type, every property empty. */
function edgeScenarios(tool: string, schema: Schema, root: Schema, base: Record<string, unknown>): Scenario[] {
  const names = propertyNames(schema);
  const edges: Scenario[] = [];
  const firstRequired = requiredNames(schema)[0];
  if (firstRequired !== undefined) {
    const { [firstRequired]: _dropped, ...rest } = base;
    edges.push({
      tool,
      kind: 'edge',
      description: mcpText.scenarioMissingRequired(firstRequired),
      arguments: rest,
    });
  }
  const first = names[0];
  if (first !== undefined) {
    const property = normalizeSchema((schema.properties as Record<string, unknown>)[first], root);
    const wrong = wrongTypeValue(property);
    edges.push({
      tool,
      kind: 'edge',
      description: mcpText.scenarioWrongType(first, describeWrongType(wrong)),
      arguments: { ...base, [first]: wrong },
    });
    const empty: Record<string, unknown> = {};
    for (const name of names) empty[name] = emptyValue((schema.properties as Record<string, unknown>)[name], root);
    edges.push({ tool, kind: 'edge', description: mcpText.scenarioEmptyValues(), arguments: empty });
  }
  return edges;
}
