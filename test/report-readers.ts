import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

/*
 * Strict readers of the report files the tests share: CSV as RFC 4180 says, and JUnit XML checked against
 * the Apache Ant JUnit schema.
 */

/** A strict RFC 4180 reader: CRLF records, quoted cells with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let k = 0; k < text.length; k++) {
    const char = text[k]!;
    if (quoted) {
      if (char === '"' && text[k + 1] === '"') (cell += '"'), k++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[k + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), k++;
    else cell += char;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/*
 * The report is parsed back with a real XML parser (fast-xml-parser) and checked against the structure
 * the Apache Ant JUnit schema (JUnit.xsd) requires: which elements, in which order, which attributes
 * with which types. Node has no XSD validator; this is the schema's content, rule by rule.
 */

/** A parsed element in document order: its name, attributes and children (text nodes as `#text`). */
export interface Node {
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
export function parseXml(xml: string): Node[] {
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
export function checkAntJunitSchema(xml: string): Node[] {
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
    expect(suite.attributes.errors).toBe(
      String(cases.filter((testCase) => testCase.children.some((child) => child.name === 'error')).length),
    );
  });
  return testsuites!.children;
}

export function failureOf(testCase: Node): Node | undefined {
  return testCase.children.find((child) => child.name === 'failure');
}
