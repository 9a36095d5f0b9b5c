import { mcpLintText } from '../text.js';
import { isObject } from '../../core/objects.js';
import { toolTokens } from '../tokens.js';
import type { LintIssue, McpTool } from '../types.js';
import { LARGE_DEFINITION_TOKENS, lintIssue, type LintRuleId } from './rules.js';

const SNAKE_CASE = /^[a-z][a-z0-9_]*$/;
/** What the Anthropic and OpenAI APIs accept as a tool name. */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Whether a property schema says what type it holds (see the rule table). */
export function isTyped(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if ('type' in schema || 'enum' in schema || 'const' in schema || '$ref' in schema) return true;
  const every = (key: string): boolean =>
    Array.isArray(schema[key]) && (schema[key] as unknown[]).length > 0 && (schema[key] as unknown[]).every(isTyped);
  if (every('anyOf') || every('oneOf')) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some(isTyped);
}

type DefinitionRule = Exclude<keyof typeof mcpLintText, 'toolWhere' | 'instructionsWhere'>;

/** `missingDescription` → the issue of rule `missing-description`. */
function issue(tool: string, rule: DefinitionRule, ...args: string[]): LintIssue {
  const text = (mcpLintText[rule] as (...a: string[]) => { message: string; fix: string })(...args);
  return lintIssue(tool, rule.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) as LintRuleId, text);
}

/** The definition rules of one tool: description, size, name, input schema. */
export function lintDefinition(tool: McpTool): LintIssue[] {
  const issues: LintIssue[] = [];
  const name = tool.name;
  const description = typeof tool.description === 'string' ? tool.description.trim() : '';
  if (description === '') issues.push(issue(name, 'missingDescription', name));
  else if (description.length < 10) issues.push(issue(name, 'shortDescription', name, description));
  const tokens = toolTokens(tool);
  if (tokens > LARGE_DEFINITION_TOKENS)
    issues.push(issue(name, 'largeDefinition', name, String(tokens), String(LARGE_DEFINITION_TOKENS)));
  if (!PROVIDER_NAME.test(name)) issues.push(issue(name, 'providerName', name));
  else if (!SNAKE_CASE.test(name)) issues.push(issue(name, 'notSnakeCase', name));

  const schema = tool.inputSchema;
  if (!isObject(schema) || Object.keys(schema).length === 0) {
    issues.push(issue(name, 'missingSchema', name));
    return issues;
  }
  if (!('type' in schema)) issues.push(issue(name, 'schemaWithoutType', name));
  else if (schema.type !== 'object') issues.push(issue(name, 'schemaNotObject', name, JSON.stringify(schema.type)));
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [property, propertySchema] of Object.entries(properties)) {
    if (!isTyped(propertySchema)) issues.push(issue(name, 'untypedProperty', name, property));
  }
  const required = Array.isArray(schema.required) ? schema.required : undefined;
  for (const entry of required ?? []) {
    if (typeof entry !== 'string' || !Object.hasOwn(properties, entry))
      issues.push(issue(name, 'requiredNotDefined', name, String(entry)));
  }
  if (Object.keys(properties).length > 0 && required === undefined) issues.push(issue(name, 'noRequired', name));
  return issues;
}
