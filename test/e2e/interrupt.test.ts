import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { CLI, childEnv } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-interrupt-'));
const temporaries = () => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** Runs a child, sends SIGINT when it prints `ready` (or after `delay` ms), resolves with how it ended. */
function interrupt(
  args: string[],
  trigger: { onReady: true } | { delay: number },
): Promise<{ signal: NodeJS.Signals | null; code: number | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { env: childEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    if ('delay' in trigger) setTimeout(() => child.kill('SIGINT'), trigger.delay);
    else child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && child.kill('SIGINT'));
    child.on('exit', (code, signal) => {
      clearTimeout(killer);
      done({ code, signal });
    });
  });
}

describe('Ctrl-C during a write', () => {
  it('removes the temporary file of a report being written and dies of SIGINT', async () => {
    // A write big enough (400 MB) that the interrupt lands while the temporary file is open.
    const script = join(dir, 'write.mjs');
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(join(REPO_ROOT, 'dist/io/atomic-write.js'))};
       const pending = writeFileAtomic(${JSON.stringify(join(dir, 'big.json'))}, 'x'.repeat(400_000_000));
       setTimeout(() => process.stdout.write('ready'), 5);
       await pending;`,
    );
    const ended = await interrupt([script], { onReady: true });
    expect(ended.signal).toBe('SIGINT');
    expect(temporaries()).toEqual([]);
    expect(existsSync(join(dir, 'big.json'))).toBe(false);
  });

  it('toolscore eval interrupted at any moment leaves no temporary file and no half report', async () => {
    const calls = Array.from({ length: 60_000 }, (_, i) => ({ tool: `t${i % 7}`, args: { i, text: 'x'.repeat(200) } }));
    writeFileSync(join(dir, 'gold.json'), JSON.stringify(calls.slice(0, 50)));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify(calls));
    for (const [k, delay] of [50, 300, 800, 1500].entries()) {
      const output = join(dir, `report-${k}.json`);
      await interrupt([CLI, 'eval', join(dir, 'gold.json'), join(dir, 'trace.json'), '-o', output], { delay });
      expect(temporaries()).toEqual([]);
      if (existsSync(output)) expect(() => JSON.parse(readFileSync(output, 'utf8'))).not.toThrow();
    }
  }, 300_000); // four runs of a large eval, each interrupted
});
