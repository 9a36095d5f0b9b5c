import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
  SECRET,
  exampleResult,
  expectGolden,
  hostileResult,
} from '../../test/report-fixtures.js';
import { renderJunitReport } from './junit.js';
import { buildReportView } from './view-model.js';

/*
 * The report is parsed back with a real XML parser (fast-xml-parser) and checked against the structure
 * the Apache Ant JUnit schema (JUnit.xsd) requires: which elements, in which order, which attributes
 * with which types. Node has no XSD validator; this is the schema's content, rule by rule.
 */

/** A parsed element in document order: its name, attributes and children (text nodes as `#text`). */
interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

type Ordered = Record<string, unknown>[];

function toNodes(items: Ordered): Node[] {
  return items.flatMap((item) => {
    const name = Object.keys(item).find((key) => key !== ':@')!;
    if (name === '#text' || name === '?xml') return [];
    const children = item[name] as Ordered;
    const text = children
      .filter((child) => '#text' in child)
      .map((child) => String(child['#text']))
      .join('');
    return [{ name, attributes: (item[':@'] ?? {}) as Record<string, string>, children: toNodes(children), text }];
  });
}

/** Parses XML after checking it is well-formed. */
function parseXml(xml: string): Node[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  // XML 1.0 forbids these characters even as character references; the parser does not check them.
  expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  expect(xml).not.toMatch(/&#(0*|x0*)([0-8]|1[1-2]|1[4-9]|2\d|3[01]|[bcef]|1[0-9a-f]);/i);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    preserveOrder: true,
    trimValues: false,
    parseAttributeValue: false,
    parseTagValue: false,
    htmlEntities: true,
  });
  return toNodes(parser.parse(xml) as Ordered);
}

const INT = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** The schema's ISO8601_DATETIME_PATTERN: no fraction, no time zone. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

function expectAttributes(node: Node, required: readonly string[], optional: readonly string[] = []): void {
  for (const name of required) expect(node.attributes, `${node.name}@${name}`).toHaveProperty(name);
  for (const name of Object.keys(node.attributes))
    expect([...required, ...optional], `unexpected ${node.name}@${name}`).toContain(name);
}

/** Checks a document against JUnit.xsd's rules; returns its test suites. */
function checkAntJunitSchema(xml: string): Node[] {
  const roots = parseXml(xml);
  expect(roots.map((node) => node.name)).toEqual(['testsuites']);
  const [testsuites] = roots;
  expect(testsuites!.attributes).toEqual({});
  testsuites!.children.forEach((suite, index) => {
    expect(suite.name).toBe('testsuite');
    expectAttributes(
      suite,
      ['package', 'id', 'name', 'timestamp', 'hostname', 'tests', 'failures', 'errors', 'time'],
      ['skipped'],
    );
    expect(suite.attributes.name!.trim()).not.toBe('');
    expect(suite.attributes.hostname!.trim()).not.toBe('');
    expect(suite.attributes.id).toBe(String(index));
    expect(suite.attributes.timestamp).toMatch(TIMESTAMP);
    for (const name of ['id', 'tests', 'failures', 'errors', 'skipped'])
      if (name in suite.attributes) expect(suite.attributes[name]).toMatch(INT);
    expect(suite.attributes.time).toMatch(DECIMAL);
    // properties, testcase*, system-out, system-err: in that order, each but testcase exactly once.
    const names = suite.children.map((child) => child.name);
    expect(names[0]).toBe('properties');
    expect(names.slice(-2)).toEqual(['system-out', 'system-err']);
    expect(new Set(names.slice(1, -2))).toEqual(new Set(['testcase']));
    for (const property of suite.children[0]!.children) {
      expect(property.name).toBe('property');
      expectAttributes(property, ['name', 'value']);
      expect(property.attributes.name!.trim()).not.toBe('');
    }
    const cases = suite.children.filter((child) => child.name === 'testcase');
    for (const testCase of cases) {
      expectAttributes(testCase, ['name', 'classname', 'time']);
      expect(testCase.attributes.time).toMatch(DECIMAL);
      expect(testCase.children.length).toBeLessThanOrEqual(1);
      for (const outcome of testCase.children) {
        expect(['skipped', 'error', 'failure']).toContain(outcome.name);
        if (outcome.name !== 'skipped') expectAttributes(outcome, ['type'], ['message']);
      }
    }
    expect(suite.attributes.tests).toBe(String(cases.length));
    expect(suite.attributes.failures).toBe(
      String(cases.filter((testCase) => testCase.children.some((child) => child.name === 'failure')).length),
    );
  });
  return testsuites!.children;
}

function failureOf(testCase: Node): Node | undefined {
  return testCase.children.find((child) => child.name === 'failure');
}

describe('renderJunitReport', () => {
  it('matches the golden file for the bundled example', async () => {
    expectGolden('example.junit.xml', renderJunitReport(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
  });

  it('follows the Ant JUnit schema; one case for the score, one for safety, one per call row, failing with the Top issues', async () => {
    const [suite] = checkAntJunitSchema(renderJunitReport(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
    expect(suite!.attributes).toMatchObject({
      name: 'examples/gold.json vs examples/trace.json',
      timestamp: '2025-06-14T09:30:00',
      tests: '7',
      failures: '3',
      errors: '0',
      time: '5.850',
    });
    const properties = Object.fromEntries(
      suite!.children[0]!.children.map((property) => [property.attributes.name, property.attributes.value]),
    );
    expect(properties).toMatchObject({ score: '0.835', grade: 'B', verdict: 'WARN', required_call_recall: '0.75' });
    const cases = suite!.children.filter((child) => child.name === 'testcase');
    expect(
      cases.map((testCase) => [
        testCase.attributes.name,
        testCase.attributes.classname,
        testCase.attributes.time,
        failureOf(testCase)?.attributes.type ?? null,
      ]),
    ).toEqual([
      ['score', 'toolscore', '0', null],
      ['behavior and safety', 'toolscore', '0', null],
      ['expected call 1: get_weather', 'toolscore.calls', '0.410', null],
      ['expected call 2: search_flights', 'toolscore.calls', '1.870', 'argument_mismatch'],
      ['expected call 3: book_flight', 'toolscore.calls', '2.300', 'failed'],
      ['extra call 4: charge_card', 'toolscore.calls', '0.920', 'extra'],
      ['expected call 4: send_email', 'toolscore.calls', '0.350', null],
    ]);
    const flights = failureOf(cases[3]!)!;
    expect(flights.attributes.message).toBe(
      'search_flights called with different arguments: destination: expected "LIS", got "OPO"',
    );
    expect(flights.text).toContain(
      'Expected: search_flights(origin="LHR", destination="LIS", date="2025-06-14", passengers=2)',
    );
    expect(flights.text).toContain(
      'Actual: search_flights(origin="LHR", destination="OPO", date="2025-06-14", passengers=2)',
    );
    expect(failureOf(cases[4]!)!.attributes.message).toBe(
      'book_flight failed: "Payment declined: card expired" and was not retried successfully',
    );
  });

  it('fails the score case below --min-score, or on a FAIL verdict, with the Top issues in its body', async () => {
    const [gated] = checkAntJunitSchema(
      renderJunitReport(buildReportView(await exampleResult(), { ...EXAMPLE_OPTIONS, minScore: 0.9 })),
    );
    const score = failureOf(gated!.children.find((child) => child.attributes.name === 'score')!)!;
    expect(score.attributes).toEqual({ type: 'score', message: 'Score 83.5% is below the required 90.0%' });
    expect(score.text).toContain(
      'WARN: score 83.5%, grade B\nRequired calls completed: 3 of 4\nTop issues to fix:\n1. book_flight failed',
    );

    const failing = evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'c' }] });
    const [suite] = checkAntJunitSchema(renderJunitReport(buildReportView(failing, { now: FIXED_TIME })));
    expect(suite!.attributes.name).toBe('Toolscore evaluation');
    expect(failureOf(suite!.children.find((child) => child.attributes.name === 'score')!)!.attributes.message).toBe(
      'FAIL: score 0.0%, grade F',
    );
  });

  it('fails the safety case on error findings', () => {
    const result = evaluate({ expected: [{ tool: 'search' }], actual: [{ tool: 'search', args: { key: SECRET } }] });
    const [suite] = checkAntJunitSchema(renderJunitReport(buildReportView(result, { now: FIXED_TIME })));
    const safety = failureOf(suite!.children.find((child) => child.attributes.name === 'behavior and safety')!)!;
    expect(safety.attributes).toEqual({
      type: 'behavior_and_safety',
      message: 'call 1 (search) passes a credential (openai_api_key) in "key": sk-p…cd',
    });
  });

  it('stays well-formed and schema-valid with any input: markup, CDATA ends, forbidden characters, credentials', () => {
    const xml = renderJunitReport(
      buildReportView(hostileResult(), {
        goldFile: `${IMG_PAYLOAD}\u0000.json`,
        traceFile: ']]>.json',
        now: FIXED_TIME,
      }),
    );
    const [suite] = checkAntJunitSchema(xml);
    expect(xml).not.toContain(SECRET);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain(']]>');
    const names = suite!.children
      .filter((child) => child.name === 'testcase')
      .map((testCase) => testCase.attributes.name);
    expect(names).toEqual([
      'score',
      'behavior and safety',
      'expected call 1: search',
      `expected call 2: ${IMG_PAYLOAD}`,
      'expected call 3: =HYPERLINK("http://x")',
    ]);
    expect(suite!.attributes.name).toBe(`${IMG_PAYLOAD}\\u0000.json vs ]]>.json`);
    const wrongTool = failureOf(
      suite!.children.find((child) => child.attributes.name === `expected call 2: ${IMG_PAYLOAD}`)!,
    )!;
    expect(wrongTool.attributes.message).toBe(`called ${SCRIPT_PAYLOAD} where ${IMG_PAYLOAD} was expected`);
    // JSON text writes the lone surrogate as an escape; U+FFFE, which XML forbids, becomes U+FFFD.
    expect(wrongTool.text).toContain(`Actual: ${SCRIPT_PAYLOAD}(${IMG_PAYLOAD}="a\\u0000b\\ud800c\uFFFDd]]>e")`);
  });
});
