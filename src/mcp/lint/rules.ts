/**
 * The MCP lint rules, one row each: the single source of their ids, severities, what they check and
 * the general fix. The lint code reads severities here, `scorecard.ts` reads which rules are security
 * findings, and `docs/mcp-rules.md` is generated from this table (`npm run docs:mcp-rules`; a test
 * checks it). Each issue's own message and concrete fix are in `mcp/text.ts`.
 */

import type { LintIssue } from '../types.js';

export type LintSeverity = 'error' | 'warning';

export interface LintRule {
  /** The stable id an issue carries in `rule` (users filter on it). */
  id: string;
  severity: LintSeverity;
  /** When the rule reports a warning instead of its severity (one rule only). */
  warningWhen?: string;
  /** A tool-poisoning mark: counted in the scorecard's `security_issues`. */
  security: boolean;
  /** What the rule checks, as a sentence fragment for the docs. */
  checks: string;
  /** The general fix (each issue names its own concrete one). */
  fix: string;
}

/** Definitions larger than this many estimated tokens are flagged. */
export const LARGE_DEFINITION_TOKENS = 200;

export const LINT_RULES = [
  {
    id: 'missing-description',
    severity: 'warning',
    security: false,
    checks: 'the tool has no description, or a blank one',
    fix: 'describe what the tool does, when to use it and what it returns, in one or two sentences',
  },
  {
    id: 'short-description',
    severity: 'warning',
    security: false,
    checks: 'the description is shorter than 10 characters (spaces at the ends not counted)',
    fix: 'say what the tool does, when to use it and what it returns; a model picks tools by their descriptions',
  },
  {
    id: 'large-definition',
    severity: 'warning',
    security: false,
    checks: `the definition (name, description, input schema) costs more than ${LARGE_DEFINITION_TOKENS} estimated tokens (characters / 4)`,
    fix: 'shorten the description and parameter descriptions, or split the tool into simpler tools',
  },
  {
    id: 'provider-name',
    severity: 'error',
    security: false,
    checks: 'the name is not 1-64 letters, digits, `_` or `-`, which the OpenAI and Anthropic APIs require',
    fix: 'rename the tool using only letters, digits, underscores and hyphens, at most 64 characters',
  },
  {
    id: 'not-snake-case',
    severity: 'warning',
    security: false,
    checks: 'a name the APIs accept is not snake_case (lowercase letters, digits, `_`, starting with a letter)',
    fix: 'rename it to snake_case (the issue suggests the name); models call snake_case names most reliably',
  },
  {
    id: 'duplicate-name',
    severity: 'error',
    security: false,
    checks: 'two tools have the same name',
    fix: 'give every tool its own name; clients keep only one of them',
  },
  {
    id: 'missing-schema',
    severity: 'error',
    security: false,
    checks: 'the tool has no `inputSchema`, or an empty one (the other schema rules are then skipped)',
    fix: 'declare an input schema, at least `{"type": "object", "properties": {}}` for a tool without arguments',
  },
  {
    id: 'schema-without-type',
    severity: 'error',
    security: false,
    checks: 'the input schema has no `type`',
    fix: 'add `"type": "object"` at the top of the input schema (MCP requires it)',
  },
  {
    id: 'schema-not-object',
    severity: 'error',
    security: false,
    checks: 'the input schema has a `type` other than `"object"`',
    fix: 'make the input schema an object schema; MCP tool arguments are always an object',
  },
  {
    id: 'untyped-property',
    severity: 'error',
    security: false,
    checks:
      'a property has no `type`, `enum`, `const` or `$ref` (nor an `anyOf`/`oneOf` whose every branch is typed, nor an `allOf` with a typed branch)',
    fix: 'give the property a `type` (or an enum, const or $ref) so the model knows what to send',
  },
  {
    id: 'required-not-defined',
    severity: 'error',
    security: false,
    checks: 'a name in `required` is not among the properties',
    fix: 'define the property under `properties` or remove it from `required`',
  },
  {
    id: 'no-required',
    severity: 'warning',
    security: false,
    checks: 'the schema has properties but no `required` list',
    fix: 'add a `required` list (an empty list when every parameter is optional)',
  },
  {
    id: 'hidden-tag-characters',
    severity: 'error',
    security: true,
    checks:
      'model-visible text (the description, descriptions inside the input schema, the server instructions) holds Unicode tag characters (U+E0000-U+E007F), invisible to a person; subdivision flag emoji are not flagged',
    fix: 'remove the tag characters; hidden text in tool metadata is a known tool-poisoning technique',
  },
  {
    id: 'hidden-bidi-controls',
    severity: 'error',
    security: true,
    checks:
      'model-visible text holds bidirectional controls (U+202A-U+202E, U+2066-U+2069), which make it display differently from what the model reads',
    fix: 'remove the bidirectional controls',
  },
  {
    id: 'hidden-format-characters',
    severity: 'warning',
    security: false,
    checks:
      'model-visible text holds other invisible format characters (zero-width spaces and joiners, direction marks, the byte order mark, soft hyphens); joiners inside emoji are not flagged',
    fix: 'remove zero-width characters, direction marks and byte order marks from model-visible text',
  },
  {
    id: 'hidden-characters-in-name',
    severity: 'error',
    warningWhen: 'the name holds only other format characters (no tag characters, no bidirectional controls)',
    security: true,
    checks: 'the tool name holds invisible characters',
    fix: 'use a plain ASCII name',
  },
  {
    id: 'hides-from-user',
    severity: 'error',
    security: true,
    checks:
      'model-visible text tells the model to keep something from the user ("do not tell the user", "without informing the user"); ordinary advice such as "Do not show raw IDs to the user" is not flagged',
    fix: 'remove the instruction; tool metadata must never ask the model to hide actions or information from the user',
  },
  {
    id: 'overrides-instructions',
    severity: 'error',
    security: true,
    checks: 'model-visible text tells the model to ignore, disregard or forget previous instructions',
    fix: "remove the instruction; tool metadata that overrides the user's or the client's instructions is prompt injection",
  },
  {
    id: 'authority-tag',
    severity: 'warning',
    security: false,
    checks: 'model-visible text uses a pseudo-markup tag such as `<IMPORTANT>`, `<system>` or `<instructions>`',
    fix: 'state the guidance plainly; such tags are a common marker of tool poisoning',
  },
  {
    id: 'dangling-tool-reference',
    severity: 'warning',
    security: false,
    checks:
      'model-visible text refers to a tool the server does not expose ("call `fetch_rates` first"); property names and enum values of the schemas are not references',
    fix: 'refer to an exposed tool (the issue names the closest one), or expose the tool',
  },
] as const satisfies readonly LintRule[];

/** The id of a lint rule. */
export type LintRuleId = (typeof LINT_RULES)[number]['id'];

const BY_ID = new Map<string, LintRule>(LINT_RULES.map((rule) => [rule.id, rule]));

/** The row of a rule. */
function lintRule(id: LintRuleId): LintRule {
  return BY_ID.get(id)!;
}

/** The ids of the rules whose findings are marks of tool poisoning. */
export const SECURITY_RULES: ReadonlySet<string> = new Set(
  LINT_RULES.filter((rule) => rule.security).map((rule) => rule.id),
);

/** An issue of `rule` with its message and concrete fix; the severity is the rule's unless given. */
export function lintIssue(
  tool: string,
  rule: LintRuleId,
  text: { message: string; fix: string },
  severity: LintSeverity = lintRule(rule).severity,
): LintIssue {
  return { tool, rule, severity, message: text.message, fix: text.fix };
}
