import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { renderReportMarkdown } from '../../src/reports/markdown.js';
import { buildReportView } from '../../src/reports/view-model.js';

/*
 * Red team: a trace whose names, values and errors would become links, mentions or references when
 * the Markdown report is posted to GitHub (a pull-request comment, a job summary).
 */

const HOSTILE = [
  'https://evil.example/login',
  'www.evil.example',
  'ana@example.com',
  '@octocat',
  'closes #1',
  'octo/repo#2',
  'GH-3',
  'cafe1234beef',
];

describe('the Markdown report is inert on GitHub', () => {
  const result = evaluate({
    expected: [{ tool: 'notify', args: { to: '@security-team' } }],
    actual: [
      { tool: 'notify', args: { to: HOSTILE.join(' '), [HOSTILE[0]!]: HOSTILE[4] } },
      {
        tool: 'www.evil.example',
        args: { cc: 'ana@example.com' },
        is_error: true,
        error: 'see https://evil.example and #4',
      },
    ],
  });
  const text = renderReportMarkdown(buildReportView(result));

  it('holds no autolink, mention or reference GitHub would act on', () => {
    expect(text).not.toMatch(/:\/\//);
    expect(text).not.toMatch(/(?<![A-Za-z0-9])www\./i);
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/(?<!&)#[0-9]/);
    expect(text).not.toMatch(/(?<![A-Za-z0-9])GH-[0-9]/i);
    expect(text).not.toMatch(/(?<!\w)(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?!\w)/);
  });

  it('shows each of them escaped, so it still reads as written', () => {
    expect(text).toContain(
      'www&#46;evil.example(cc="ana&#64;&#8203;example.com") ❌ see https&#58;//evil.example and &#35;&#8203;4',
    );
    expect(text).toContain('octo/repo&#35;&#8203;2 GH-&#8203;3 cafe12&#8203;34beef');
    expect(text).toContain('ana&#64;&#8203;example.com &#64;&#8203;octocat closes &#35;&#8203;1');
  });
});
