import { mcpLintText } from '../text.js';
import { isObject } from '../../core/objects.js';
import type { LintIssue, McpTool } from '../types.js';
import { findDirectives } from './directives.js';
import { codePointList, findHiddenCharacters, withoutFormatCharacters } from './hidden-characters.js';
import { lintIssue } from './rules.js';
import { lintDefinition } from './schema-rules.js';
import { findToolReferences, ToolNameIndex } from './tool-references.js';

export { isTyped } from './schema-rules.js';
export { LARGE_DEFINITION_TOKENS } from './rules.js';
export { findHiddenCharacters } from './hidden-characters.js';
export { findDirectives } from './directives.js';
export { findToolReferences, closestTool } from './tool-references.js';

/** The pseudo-tool that issues about the server's `instructions` are filed under. */
export const INSTRUCTIONS_OWNER = '<instructions>';

/** Every `description` string anywhere inside a schema. */
function schemaDescriptions(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 32) return out;
  if (Array.isArray(schema)) {
    for (const item of schema) schemaDescriptions(item, out, depth + 1);
  } else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'description' && typeof value === 'string') out.push(value);
      else if (key === 'properties' && isObject(value))
        for (const property of Object.values(value)) schemaDescriptions(property, out, depth + 1);
      else if (typeof value === 'object') schemaDescriptions(value, out, depth + 1);
    }
  }
  return out;
}

/** Every property name, and every string enum or const value, in a schema: words that are not tool references. */
function schemaVocabulary(schema: unknown, out: Set<string>, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(schema)) {
    for (const item of schema) schemaVocabulary(item, out, depth + 1);
    return;
  }
  if (!isObject(schema)) return;
  if (isObject(schema.properties)) for (const name of Object.keys(schema.properties)) out.add(name);
  if (Array.isArray(schema.enum)) for (const value of schema.enum) if (typeof value === 'string') out.add(value);
  if (typeof schema.const === 'string') out.add(schema.const);
  for (const value of Object.values(schema)) if (typeof value === 'object') schemaVocabulary(value, out, depth + 1);
}

/** The text checks of one owner's model-visible text: hidden characters, directives, dangling tool references. */
function lintText(
  owner: string,
  texts: readonly string[],
  known: Set<string>,
  toolIndex: ToolNameIndex,
  where: string,
): LintIssue[] {
  const issues: LintIssue[] = [];
  const all = texts.join('\n');
  const hidden = findHiddenCharacters(all);
  if (hidden.tags.length > 0)
    issues.push(lintIssue(owner, 'hidden-tag-characters', mcpLintText.tagCharacters(where, hidden.tagText)));
  if (hidden.bidi.length > 0)
    issues.push(lintIssue(owner, 'hidden-bidi-controls', mcpLintText.bidiControls(where, codePointList(hidden.bidi))));
  if (hidden.format.length > 0)
    issues.push(
      lintIssue(owner, 'hidden-format-characters', mcpLintText.formatCharacters(where, codePointList(hidden.format))),
    );

  const visible = withoutFormatCharacters(all.replace(/[\u{E0000}-\u{E007F}]/gu, ''));
  const directives = findDirectives(visible);
  if (directives.hideFromUser !== undefined)
    issues.push(lintIssue(owner, 'hides-from-user', mcpLintText.hidesFromUser(where, directives.hideFromUser)));
  if (directives.override !== undefined)
    issues.push(
      lintIssue(owner, 'overrides-instructions', mcpLintText.overridesInstructions(where, directives.override)),
    );
  if (directives.tag !== undefined)
    issues.push(lintIssue(owner, 'authority-tag', mcpLintText.authorityTag(where, directives.tag)));

  for (const name of findToolReferences(visible)) {
    if (known.has(name)) continue;
    issues.push(
      lintIssue(owner, 'dangling-tool-reference', mcpLintText.danglingReference(where, name, toolIndex.closest(name))),
    );
  }
  return issues;
}

/**
 * Lints tool definitions and the server's instructions. Per tool: the definition rules (description,
 * size, name, input schema), then the text checks over its description and every description inside
 * its input schema (and hidden characters in its name). The instructions get the text checks, filed
 * under `<instructions>`. Two tools with the same name are an error.
 */
export function lintTools(tools: readonly McpTool[], instructions?: string | null): LintIssue[] {
  const toolNames = tools.map((tool) => tool.name);
  const toolIndex = new ToolNameIndex(toolNames);
  const known = new Set<string>(toolNames);
  for (const tool of tools) schemaVocabulary(tool.inputSchema, known);
  const issues: LintIssue[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name)) issues.push(lintIssue(tool.name, 'duplicate-name', mcpLintText.duplicateName(tool.name)));
    seen.add(tool.name);
    issues.push(...lintDefinition(tool));
    const texts = [
      typeof tool.description === 'string' ? tool.description : '',
      ...schemaDescriptions(tool.inputSchema),
    ];
    const textIssues = lintText(tool.name, texts, known, toolIndex, mcpLintText.toolWhere(tool.name));
    const nameHidden = findHiddenCharacters(tool.name);
    const namePoints = [...nameHidden.tags, ...nameHidden.bidi, ...nameHidden.format];
    if (namePoints.length > 0) {
      const onlyFormat = nameHidden.tags.length + nameHidden.bidi.length === 0;
      issues.push(
        lintIssue(
          tool.name,
          'hidden-characters-in-name',
          mcpLintText.hiddenInName(codePointList(namePoints)),
          onlyFormat ? 'warning' : undefined,
        ),
      );
    }
    issues.push(...textIssues);
  }
  if (typeof instructions === 'string' && instructions.trim() !== '') {
    issues.push(...lintText(INSTRUCTIONS_OWNER, [instructions], known, toolIndex, mcpLintText.instructionsWhere()));
  }
  return issues;
}
