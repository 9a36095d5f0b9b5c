import { describe, expect, test } from 'vitest';
import * as mcp from '../mcp/index.js';
import * as reports from './index.js';

/* Renderers are named render<Kind><Format>; the names of 0.1 stay as deprecated aliases of the same functions. */
describe('renderer names', () => {
  test('the 0.1 names are the renamed functions', () => {
    expect(reports.renderConsoleSummary).toBe(reports.renderReportConsole);
    expect(reports.renderHtmlReport).toBe(reports.renderReportHtml);
    expect(reports.renderMarkdownReport).toBe(reports.renderReportMarkdown);
    expect(reports.renderJunitReport).toBe(reports.renderReportJunit);
    expect(reports.renderCsvReport).toBe(reports.renderReportCsv);
    expect(mcp.scorecardJson).toBe(mcp.renderScorecardJson);
  });

  test('every renderer an entry exports follows the scheme', () => {
    const deprecated = [
      'renderConsoleSummary',
      'renderHtmlReport',
      'renderMarkdownReport',
      'renderJunitReport',
      'renderCsvReport',
    ];
    const renderers = Object.keys(reports).filter((name) => name.startsWith('render') && !deprecated.includes(name));
    expect(renderers.sort()).toEqual([
      'renderReportConsole',
      'renderReportCsv',
      'renderReportHtml',
      'renderReportJunit',
      'renderReportMarkdown',
    ]);
    expect(
      Object.keys(mcp)
        .filter((name) => name.startsWith('render'))
        .sort(),
    ).toEqual(['renderScorecardConsole', 'renderScorecardJson', 'renderScorecardMarkdown']);
  });
});
