import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { findSecretsInText, redactSecrets } from '../../src/metrics/security.js';
import { renderReportConsole } from '../../src/reports/console.js';
import { buildJsonReport } from '../../src/reports/json.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Red team, round 2: credentials as tool names, glued into identifiers, in BFCL function names and in
 * the model names typed to `compare`, through every file those commands write. Keys are assembled at
 * run time, so no credential-shaped literal sits in the repository. Every CLI run is bounded by
 * runProgram's 30 s timeout (npm run build first).
 */

const AWS = ['AK', 'IA', 'Q7RT2ZKX4M9PLW3N'].join('');
// An underscore at position 22: Markdown writes it `\_`, which once cut the raw key after 22 characters.
const GOOGLE = ['AI', 'za', 'SyD4k9Qz7Lm2Wx8Rt5', '_Vb3Nc6Hj1Pf0GeAb'].join('');
const SLACK = ['xo', 'xb-', '123456789012-123456789012-', 'Zq8Wm3Np5Rt7Yv9Bc2Df4Gh'].join('');
const GITHUB = ['gh', 'p_', 'A1b2'.repeat(9)].join('');

const MASKED = {
  aws: '[REDACTED aws_access_key_id: AKIA…3N]',
  google: '[REDACTED google_api_key: AIza…Ab]',
  slack: '[REDACTED slack_token: xoxb…Gh]',
};

/** Pieces of each key that no output may hold: its start past the 4 characters a preview shows, and its end. */
function expectNoKey(text: string, where: string): void {
  for (const key of [AWS, GOOGLE, SLACK]) {
    expect(text, where).not.toContain(key.slice(0, 6));
    expect(text, where).not.toContain(key.slice(4, 22).replace('_', ''));
    expect(text, where).not.toContain(key.slice(-8));
  }
}

const scratch = useScratchFolder('toolscore-hostile-leaks-');

test('the keys are what the detector calls them (the fixtures are real shapes)', () => {
  expect(GOOGLE).toHaveLength(39);
  expect(redactSecrets(`${AWS} ${GOOGLE} ${SLACK}`)).toBe(`${MASKED.aws} ${MASKED.google} ${MASKED.slack}`);
});

describe('keys glued into identifiers are found', () => {
  test.each([
    ['snake_case prefix', `tool_${AWS}`, `tool_${MASKED.aws}`],
    ['snake_case prefix, Google', `send_${GOOGLE}`, `send_${MASKED.google}`],
    ['snake_case suffix', `${AWS}_v2`, `${MASKED.aws}_v2`],
    ['both sides', `get_${AWS}_list`, `get_${MASKED.aws}_list`],
    ['upper-case words', `TOOL_${AWS}`, `TOOL_${MASKED.aws}`],
    ['Slack, glued to a word', `post${SLACK}`, `post${MASKED.slack}`],
  ])('%s', (_, text, masked) => {
    expect(redactSecrets(text)).toBe(masked);
  });

  test('a letter or digit glued to AKIA or AIza is still not a start: words contain them by chance', () => {
    for (const text of [`n${AWS}`, `data${GOOGLE}`, `x1${AWS}`, `${AWS}x`]) expect(findSecretsInText(text)).toEqual([]);
  });

  test('a tool named tool_AKIA… is masked in the console and the JSON report', () => {
    const result = evaluate({ expected: [{ tool: `tool_${AWS}` }], actual: [{ tool: `tool_${AWS}` }] });
    const console = renderReportConsole(result, { verbose: true, color: false });
    const json = JSON.stringify(buildJsonReport(result, {}));
    expectNoKey(console, 'console');
    expectNoKey(json, 'JSON');
    expect(buildJsonReport(result, {}).trace_calls.map((c) => c.tool)).toEqual([`tool_${MASKED.aws}`]);
  });
});

describe('batch: tools named with a credential are masked in results.jsonl and summary.json', () => {
  test('the keys of "tools", the top issue and the printed summary', async () => {
    const dir = scratch.fresh();
    const cases = [
      { id: 'aws', expected: [{ tool: AWS }], actual: [{ tool: AWS }] },
      { id: 'google-slack', expected: [{ tool: `tool_${GOOGLE}` }], actual: [{ tool: SLACK }] },
    ];
    writeFileSync(join(dir, 'cases.jsonl'), cases.map((c) => `${JSON.stringify(c)}\n`).join(''));
    const run = await runCli(
      ['batch', 'cases.jsonl', '-o', 'results.jsonl', '--summary', 'summary.json', '--jobs', '1', '--no-progress'],
      { cwd: dir },
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8');
    const summary = readFileSync(join(dir, 'summary.json'), 'utf8');
    expectNoKey(results, 'results.jsonl');
    expectNoKey(summary, 'summary.json');
    expectNoKey(run.stdout, 'stdout');
    const lines = results
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const counts = (expected: number, actual: number, misses: number) => ({
      expected_calls: expected,
      actual_calls: actual,
      selection_misses: misses,
      failed_calls: 0,
    });
    expect(lines[0].tools).toEqual({ [MASKED.aws]: counts(1, 1, 0) });
    // Code-unit order: "[" (0x5b) before "t" (0x74).
    expect(Object.keys(lines[1].tools)).toEqual([MASKED.slack, `tool_${MASKED.google}`]);
    expect(lines[1].tools).toEqual({ [MASKED.slack]: counts(0, 1, 0), [`tool_${MASKED.google}`]: counts(1, 0, 1) });
    expect(lines[1].top_issue).toMatchObject({
      kind: 'wrong_tool',
      tool: MASKED.slack,
      problem: `called ${MASKED.slack} where tool_${MASKED.google} was expected`,
    });
    expect(Object.keys(JSON.parse(summary).tools)).toEqual([MASKED.aws, MASKED.slack, `tool_${MASKED.google}`]);
  });
});

describe('bfcl: a key in a function name stays masked in the verdicts, the summary, Markdown and HTML', () => {
  test('-o, --summary, --markdown, --html', async () => {
    const dir = scratch.fresh();
    const questions = join(dir, 'BFCL_v4_simple_python.jsonl');
    const answers = join(dir, 'answers', 'BFCL_v4_simple_python.jsonl');
    const results = join(dir, 'BFCL_v4_simple_python_result.jsonl');
    const fn = (name: string) => ({
      name,
      description: 'Sends a message.',
      parameters: { type: 'dict', properties: { x: { type: 'integer' } }, required: ['x'] },
    });
    const jsonl = (...rows: unknown[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    const ask = [[{ role: 'user', content: 'send it' }]];
    writeFileSync(
      questions,
      jsonl(
        { id: 'simple_python_0', question: ask, function: [fn(`send_${GOOGLE}`)] },
        { id: 'simple_python_1', question: ask, function: [fn(AWS)] },
      ),
    );
    mkdirSync(join(dir, 'answers'));
    writeFileSync(
      answers,
      jsonl(
        { id: 'simple_python_0', ground_truth: [{ [`send_${GOOGLE}`]: { x: [1] } }] },
        { id: 'simple_python_1', ground_truth: [{ [AWS]: { x: [1] } }] },
      ),
    );
    writeFileSync(
      results,
      jsonl(
        { id: 'simple_python_0', result: [{ [`send_${GOOGLE}`]: JSON.stringify({ x: 2 }) }] },
        { id: 'simple_python_1', result: [{ [SLACK]: JSON.stringify({ x: 1 }) }] },
      ),
    );
    const run = await runCli(
      [
        'bfcl',
        '--questions',
        questions,
        '--answers',
        join(dir, 'answers'),
        '--results',
        results,
        '-o',
        'v.jsonl',
        '--summary',
        's.json',
        '--markdown',
        'r.md',
        '--html',
        'r.html',
        '--no-progress',
      ],
      { cwd: dir },
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expectNoKey(run.stdout, 'stdout');
    for (const file of ['v.jsonl', 's.json', 'r.md', 'r.html'])
      expectNoKey(readFileSync(join(dir, file), 'utf8'), file);
    const verdicts = readFileSync(join(dir, 'v.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(verdicts.map((v) => [v.valid, v.top_issue.tool, v.error])).toEqual([
      [false, `send_${MASKED.google}`, ["Invalid value for parameter 'x': 2. Expected one of [1]."]],
      [false, MASKED.slack, [`Function name '${MASKED.aws}' not found in model output.`]],
    ]);
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toContain(
      `send\\_\\[REDACTED google\\_api\\_key: AIza…Ab\\]: send\\_\\[REDACTED google\\_api\\_key: AIza…Ab\\] called with different arguments: x: expected 1, got 2`,
    );
  });
});

describe('compare: model names typed with a credential are masked in JSON, Markdown and HTML', () => {
  test('--names', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search', args: { q: 'a' } }]));
    writeFileSync(join(dir, 'a.json'), JSON.stringify([{ tool: 'search', args: { q: 'a' } }]));
    writeFileSync(join(dir, 'b.json'), JSON.stringify([{ tool: 'search', args: { q: 'b' } }]));
    const run = await runCli(
      [
        'compare',
        'gold.json',
        'a.json',
        'b.json',
        '--names',
        `tool_${AWS},${GOOGLE}`,
        '-o',
        'c.json',
        '--markdown',
        'c.md',
        '--html',
        'c.html',
        '--no-color',
      ],
      { cwd: dir },
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expectNoKey(run.stdout, 'stdout');
    for (const file of ['c.json', 'c.md', 'c.html']) expectNoKey(readFileSync(join(dir, file), 'utf8'), file);
    const comparison = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8'));
    expect(comparison.models.map((m: { name: string }) => m.name)).toEqual([`tool_${MASKED.aws}`, MASKED.google]);
    expect(comparison.winner).toEqual([`tool_${MASKED.aws}`]);
  });
});

describe('mcp test: a key a server sends is masked before any cut, and in the JSON card', () => {
  test('a tool named with a key, and an error text whose key the 200-character excerpt would cut', async () => {
    const dir = scratch.fresh();
    // The key starts at character 190 of the error text: a cut at 199 kept its first 10 characters.
    const errorText = `failed: ${'x'.repeat(181)} ${GITHUB}`;
    expect(errorText.indexOf(GITHUB)).toBe(190);
    const server = join(dir, 'server.mjs');
    const tools = [
      {
        name: `lookup_${AWS}`,
        description: 'Looks a code up.',
        inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
      },
    ];
    writeFileSync(
      server,
      `import { createInterface } from 'node:readline';
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    return send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'keys', version: '0.0.1' } } });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools: ${JSON.stringify(tools)} } });
  if (m.method === 'tools/call')
    return send({ id: m.id, result: { isError: true, content: [{ type: 'text', text: ${JSON.stringify(errorText)} }] } });
  send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
`,
    );
    const run = await runCli(['mcp', 'test', '--report', 'json', '-o', 'card.json', '--', process.execPath, server], {
      cwd: dir,
    });
    expect(run.code, run.stderr).not.toBe(2);
    const card = readFileSync(join(dir, 'card.json'), 'utf8');
    for (const [text, where] of [
      [card, 'card.json'],
      [run.stdout, 'stdout'],
      [run.stderr, 'stderr'],
    ] as const) {
      expectNoKey(text, where);
      expect(text, where).not.toContain(GITHUB.slice(0, 8));
    }
    const parsed = JSON.parse(card) as { results: { tool: string; detail: string }[] };
    expect(new Set(parsed.results.map((result) => result.tool))).toEqual(new Set([`lookup_${MASKED.aws}`]));
    const details = parsed.results.map((result) => result.detail).filter((detail) => detail.startsWith('failed: '));
    expect(details.length).toBeGreaterThan(0);
    for (const detail of details) expect(detail).toBe(`failed: ${'x'.repeat(181)} [REDACTED…`);
  });
});
