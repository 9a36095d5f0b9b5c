import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readWithFormat } from '../../src/formats/auto.js';
import { claudeAgentSDKFormat } from '../../src/formats/readers/claude-agent-sdk.js';
import { claudeCodeFormat } from '../../src/formats/readers/claude-code.js';
import { formatNamed } from '../../src/formats/registry.js';
import { collectingContext, type UnrecognisedItems } from '../../src/formats/types.js';
import { loadTraceFile } from '../../src/io/trace.js';
import { useScratchFolder } from '../e2e/run-cli.js';

const scratch = useScratchFolder('toolscore-hostile-jsonl-memory-');

/** 100 KB of text: one line of a long session's prose or thinking. */
const PROSE = 'lorem ipsum '.repeat(8_500);

/**
 * A Claude Code session of `turns` turns: each an assistant line of prose, one of thinking, one with a
 * tool_use and the user line with its result. About 200 KB a turn; the calls are a few hundred bytes.
 */
function session(turns: number): string {
  const entry = (i: number, type: string, content: unknown[]) =>
    JSON.stringify({
      type,
      uuid: `u${i}`,
      parentUuid: i === 0 ? null : `u${i - 1}`,
      isSidechain: false,
      sessionId: 's',
      timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      message: { role: type, content },
    });
  const lines: string[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const i = turn * 4;
    lines.push(entry(i, 'assistant', [{ type: 'text', text: PROSE }]));
    lines.push(entry(i + 1, 'assistant', [{ type: 'thinking', thinking: PROSE, signature: 'sig' }]));
    lines.push(entry(i + 2, 'assistant', [{ type: 'tool_use', id: `t${turn}`, name: 'read', input: { turn } }]));
    lines.push(entry(i + 3, 'user', [{ type: 'tool_result', tool_use_id: `t${turn}`, content: `file ${turn}` }]));
  }
  return `${lines.join('\n')}\n`;
}

describe('a JSON Lines trace read by a format without a stream reader keeps the calls, not the file', () => {
  afterEach(() => vi.restoreAllMocks());

  test('claude-code: the lines handed to parse hold no prose or thinking; the calls are all there', async () => {
    const path = join(scratch.fresh(), 'session.jsonl');
    writeFileSync(path, session(100));
    const fileBytes = statSync(path).size;
    expect(fileBytes).toBeGreaterThan(20_000_000);
    const parse = vi.spyOn(claudeCodeFormat, 'parse');
    const { calls, format } = await loadTraceFile(path);
    expect(format).toBe('claude-code');
    expect(calls.map((call) => [call.tool, call.args, call.result])).toEqual(
      Array.from({ length: 100 }, (_, turn) => ['read', { turn }, `file ${turn}`]),
    );
    expect(calls[99]!.duration).toBe(1);
    // Before the fix every line was kept whole until parse: all 20 MB (3.5 GB for a 1.2 GB session).
    const held = parse.mock.calls[0]![0] as unknown[];
    expect(held).toHaveLength(400);
    expect(held[0]).toMatchObject({ message: { role: 'assistant', content: [{ type: 'text' }] } });
    expect((held[0] as { message: { content: object[] } }).message.content[0]).toEqual({ type: 'text' });
    expect((held[1] as { message: { content: object[] } }).message.content[0]).toEqual({ type: 'thinking' });
    // What is held is a small fraction of the file (a few hundred bytes a line).
    expect(JSON.stringify(held).length).toBeLessThan(fileBytes / 100);
  });

  test("claude-agent-sdk lines are slimmed the same way: of a turn's texts only the last (its reply) is kept, and slimmed messages read as the whole ones", () => {
    const assistant = (text: string, id: string) => ({
      type: 'assistant',
      message: {
        content: [
          { type: 'text', text },
          { type: 'thinking', thinking: PROSE },
          { type: 'tool_use', id, name: 'x', input: {} },
        ],
      },
    });
    const prompt = (text: string) => ({ type: 'user', message: { content: [{ type: 'text', text }] } });
    const messages = [
      prompt('one'),
      assistant(PROSE, 't1'),
      assistant('done', 't2'),
      prompt('two'),
      assistant('ok', 't3'),
    ];
    const slim = claudeAgentSDKFormat.slimmer!();
    const slimmed = messages.map(slim);
    const contents = slimmed.map((message) => (message as { message: { content: unknown[] } }).message.content);
    // Turn 1's first text is cut once its second comes; each turn's last text stays; thinking is cut to its type.
    expect(contents[1]).toEqual([
      { type: 'text' },
      { type: 'thinking' },
      { type: 'tool_use', id: 't1', name: 'x', input: {} },
    ]);
    expect(contents[2]![0]).toEqual({ type: 'text', text: 'done' });
    expect(contents[4]![0]).toEqual({ type: 'text', text: 'ok' });
    const reading = (list: unknown[]) => readWithFormat(list, 'claude-agent-sdk', 'test');
    expect(reading(slimmed)).toEqual(reading(messages));
    expect(reading(slimmed).replies).toEqual(['done', 'ok']);
  });

  test('custom: millions of lines that are not calls keep 100 warnings and a count, not one warning a line', async () => {
    const path = join(scratch.fresh(), 'notes.jsonl');
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify(i % 100 === 0 ? { tool: 'read', args: { i } } : { note: `note ${i}` }),
    );
    writeFileSync(path, `${lines.join('\n')}\n`);
    const { calls, warnings } = await loadTraceFile(path);
    expect(calls).toHaveLength(200);
    // Before the fix: 19,800 warnings, one a line (a 59 MB file of 3 million such lines kept 617 MB).
    expect(warnings).toHaveLength(101);
    expect(warnings[0]).toBe(`${path} at line 2: $: skipped a call with no tool name`);
    expect(warnings[99]).toBe(`${path} at line 102: $: skipped a call with no tool name`);
    expect(warnings[100]).toBe(
      `${path}: 19700 more lines with the warning "skipped a call with no tool name" (the first 100 are listed)`,
    );
  });

  const RECORDED: [string, string][] = [
    ['claude-code', 'agents/kno-trace/live_session.jsonl'],
    ['claude-code', 'agents/kno-trace/agent-agent-001.jsonl'],
    ['codex', 'agents/codemie-code/rollout-2026-05-11T11-26-55-excerpt.jsonl'],
    ['codex', 'agents/ai-sessions/codex-rollout-sample.jsonl'],
  ];
  for (const [name, fixture] of RECORDED) {
    test(`${name} ${fixture}: slimmed lines read as the whole ones (calls, warnings, what was passed over)`, () => {
      const format = formatNamed(name);
      const text = readFileSync(new URL(`../corpus/${fixture}`, import.meta.url), 'utf8');
      const lines = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
      const read = (items: unknown[]) => {
        const warnings: string[] = [];
        const passedOver: UnrecognisedItems = { count: 0 };
        const calls = format.parse(items, collectingContext(fixture, warnings, passedOver));
        return { calls, warnings, passedOver };
      };
      const whole = read(lines);
      expect(whole.calls.length).toBeGreaterThan(0);
      expect(read(lines.map((line) => format.slim!(line)))).toEqual(whole);
      // A whole reading's slimmer gives the same calls, and the same replies and user messages.
      const slimmer = format.slimmer?.() ?? ((line: unknown) => format.slim!(line));
      expect(read(lines.map(slimmer))).toEqual(whole);
      expect(readWithFormat(lines.map(format.slimmer?.() ?? format.slim!), name, fixture)).toEqual(
        readWithFormat(lines, name, fixture),
      );
    });
  }
});
