import { type Colors, createColors } from '../reports/colors.js';
import { mcpText } from './text.js';
import { escapeMarkdown } from '../reports/escape.js';
import { redactDeep } from '../metrics/security.js';
import { displayText, percent } from '../reports/text.js';
import type { Scorecard } from './scorecard.js';

/**
 * The scorecard as text: the console view, the Markdown report (also what `--ci` appends to the GitHub
 * job summary) and the JSON report. Every text that came from the server goes through `displayText`.
 */

const SHOWN_FIXES = 8;

function gradePaint(colors: Colors, grade: string): (text: string) => string {
  return grade === 'A' ? colors.green : grade === 'B' || grade === 'C' ? colors.yellow : colors.red;
}

function serverTitle(card: Scorecard): string {
  const name = displayText(card.server.title || card.server.name);
  return card.server.version ? `${name} ${displayText(card.server.version)}` : name;
}

function latencyText(ms: number | null): string {
  return ms === null ? '-' : `${ms.toFixed(1)} ms`;
}

/** A table with left-aligned text columns and right-aligned number columns. */
function table(head: readonly string[], rows: readonly (readonly string[])[], right: ReadonlySet<number>): string[] {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  return [line(head), `  ${widths.map((width) => '-'.repeat(width)).join('  ')}`, ...rows.map(line)];
}

function toolRows(card: Scorecard): string[][] {
  return card.tools.map((tool) => [
    displayText(tool.name),
    tool.total === 0
      ? tool.skipped > 0
        ? 'skipped'
        : '-'
      : `${tool.passed}/${tool.total}${tool.skipped > 0 ? ` (+${tool.skipped} skipped)` : ''}`,
    latencyText(tool.avg_latency_ms),
    String(tool.tokens),
    tool.lint_errors + tool.lint_warnings === 0
      ? '-'
      : [tool.lint_errors > 0 ? `${tool.lint_errors}E` : '', tool.lint_warnings > 0 ? `${tool.lint_warnings}W` : '']
          .filter(Boolean)
          .join(' '),
  ]);
}

function tokenLine(card: Scorecard): string {
  const instructions =
    card.instructions_tokens > 0 ? ` + ${card.instructions_tokens} for the instructions = ${card.context_tokens}` : '';
  return `Context cost: about ${card.total_tool_tokens} tokens for ${card.counts.tools} tool ${card.counts.tools === 1 ? 'definition' : 'definitions'}${instructions}, in every request`;
}

/** The console scorecard. */
export function renderScorecardConsole(card: Scorecard, options: { color?: boolean } = {}): string {
  const colors = createColors(options.color === true);
  const paint = gradePaint(colors, card.grade);
  const lines: string[] = [];
  lines.push(colors.bold(`MCP scorecard: ${serverTitle(card)}`));
  if (card.target)
    lines.push(
      colors.dim(
        `  ${displayText(card.target)}${card.protocol_version ? `  (protocol ${card.protocol_version})` : ''}`,
      ),
    );
  lines.push('');
  lines.push(`  Grade ${paint(colors.bold(card.grade))}   Score ${paint(percent(card.score))}`);
  lines.push(
    `  Valid input ${percent(card.scores.happy_pass_rate)} (${card.counts.happy_passed}/${card.counts.happy_total})` +
      `   Bad input ${percent(card.scores.edge_resilience_rate)} (${card.counts.edge_passed}/${card.counts.edge_total})` +
      `   Lint ${percent(card.scores.lint_score)} (${card.counts.lint_errors} ${card.counts.lint_errors === 1 ? 'error' : 'errors'}, ${card.counts.lint_warnings} ${card.counts.lint_warnings === 1 ? 'warning' : 'warnings'})`,
  );
  if (card.security_issues > 0)
    lines.push(colors.red(colors.bold(`  ${mcpText.securityWarning(card.security_issues)}`)));
  if (card.counts.skipped > 0)
    lines.push(colors.dim(`  ${card.counts.skipped} scenario${card.counts.skipped === 1 ? '' : 's'} skipped`));
  lines.push('');
  if (card.tools.length > 0) {
    lines.push(...table(['Tool', 'Passed', 'Avg latency', 'Tokens', 'Lint'], toolRows(card), new Set([2, 3])));
    lines.push('');
  }
  lines.push(tokenLine(card));
  for (const note of card.notes) lines.push(colors.yellow(`Note: ${displayText(note)}`));
  lines.push('');
  if (card.fixes.length === 0) {
    lines.push(colors.green(mcpText.cleanServer()));
  } else {
    lines.push(colors.bold('Top issues to fix'));
    card.fixes.slice(0, SHOWN_FIXES).forEach((fix, i) => {
      const mark = fix.priority <= 1 ? colors.red('✗') : fix.priority === 2 ? colors.red('!') : colors.yellow('!');
      lines.push(`  ${String(i + 1).padStart(2)}. ${mark} ${displayText(fix.problem)}`);
      lines.push(colors.dim(`        fix: ${displayText(fix.fix)}`));
    });
    if (card.fixes.length > SHOWN_FIXES) lines.push(`  ${mcpText.moreIssues(card.fixes.length - SHOWN_FIXES)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Server text in Markdown: control characters shown, and nothing it holds renders as markup, HTML or a link. */
function mdCell(text: string): string {
  return escapeMarkdown(displayText(text));
}

/** The Markdown scorecard (the full fix list). */
export function renderScorecardMarkdown(card: Scorecard): string {
  const lines: string[] = [];
  lines.push(`# MCP scorecard: ${mdCell(serverTitle(card))}`, '');
  lines.push(`**Grade ${card.grade}** · score ${percent(card.score)}`, '');
  if (card.security_issues > 0) lines.push(`> **${mcpText.securityWarning(card.security_issues)}**`, '');
  lines.push('| Component | Weight | Score | Detail |', '| --- | ---: | ---: | --- |');
  lines.push(
    `| Valid input (happy path) | 60% | ${percent(card.scores.happy_pass_rate)} | ${card.counts.happy_passed} of ${card.counts.happy_total} scenarios passed |`,
  );
  lines.push(
    `| Bad input (edge cases) | 20% | ${percent(card.scores.edge_resilience_rate)} | ${card.counts.edge_passed} of ${card.counts.edge_total} answered |`,
  );
  lines.push(
    `| Lint | 20% | ${percent(card.scores.lint_score)} | ${card.counts.lint_errors} errors, ${card.counts.lint_warnings} warnings |`,
  );
  lines.push('');
  lines.push(tokenLine(card), '');
  if (card.tools.length > 0) {
    lines.push('| Tool | Passed | Avg latency | Tokens | Lint |', '| --- | ---: | ---: | ---: | --- |');
    for (const row of toolRows(card)) lines.push(`| ${row.map(mdCell).join(' | ')} |`);
    lines.push('');
  }
  for (const note of card.notes) lines.push(`> ${mdCell(note)}`, '');
  if (card.fixes.length === 0) {
    lines.push(mcpText.cleanServer());
  } else {
    lines.push('## Issues to fix', '');
    card.fixes.forEach((fix, i) => {
      const label = ['fails on valid input', 'fails on bad input', 'lint error', 'lint warning'][fix.priority];
      lines.push(
        `${i + 1}. **${mdCell(fix.tool)}** (${label}): ${mdCell(fix.problem)}  `,
        `   *Fix:* ${mdCell(fix.fix)}`,
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON report: the scorecard object, with a format marker; credentials the server sent are masked. */
export function renderScorecardJson(card: Scorecard): string {
  return `${JSON.stringify({ format: 'toolscore-mcp-scorecard', ...redactDeep(card) }, null, 2)}\n`;
}

/** `Grade B (84.0%) for everything-server 1.0: 12/13 valid, 30/30 bad input, lint 92.3%`: the one-line summary. */
export function scorecardSummaryLine(card: Scorecard): string {
  return `Grade ${card.grade} (${percent(card.score)}) for ${serverTitle(card)}: valid input ${card.counts.happy_passed}/${card.counts.happy_total}, bad input ${card.counts.edge_passed}/${card.counts.edge_total}, lint ${percent(card.scores.lint_score)}`;
}
