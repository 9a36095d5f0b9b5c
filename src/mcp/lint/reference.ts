import { LINT_RULES } from './rules.js';

/* docs/mcp-rules.md, generated from the rule table so the documented ids can never drift from the code. */

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const INTRO = [
  'Every issue `toolscore mcp lint` and `mcp test` report carries the id of its rule in `rule`',
  '(`issues[].rule` in `mcp lint --json`, `lint[].rule` in the scorecard of `mcp test --report json`), so',
  'you can filter on it: `toolscore mcp lint --json "node server.js" | jq \'.issues[] | select(.rule !=',
  '"not-snake-case")\'`. Errors cost 0.25 and warnings 0.1 of the',
  'lint score per tool (see [Testing MCP servers](mcp.md)); a **security** finding is a mark of tool',
  'poisoning, counted in `security_issues` and shown on its own line whatever the grade.',
  '',
  'The rules are checked on each tool definition; the text rules read the tool description, every',
  "description inside its input schema and the server's `instructions` (filed under the tool",
  '`<instructions>`). Each issue names its own concrete fix; the column below gives the general one.',
];

/** The Markdown of docs/mcp-rules.md. */
export function lintRulesReference(): string {
  const lines = [
    '# MCP lint rules',
    '',
    '<!-- Generated from src/mcp/lint/rules.ts by npm run docs:mcp-rules; do not edit by hand. -->',
    '',
    ...INTRO,
    '',
    '| Rule | Severity | What it checks | The fix |',
    '| --- | --- | --- | --- |',
  ];
  for (const rule of LINT_RULES) {
    const severity = [
      rule.severity,
      'warningWhen' in rule ? ` (warning when ${rule.warningWhen})` : '',
      rule.security ? ', security' : '',
    ].join('');
    lines.push(`| \`${rule.id}\` | ${cell(severity)} | ${cell(rule.checks)} | ${cell(rule.fix)} |`);
  }
  return `${lines.join('\n')}\n`;
}
