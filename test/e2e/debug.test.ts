import { describe, expect, it } from 'vitest';
import { CLI, EXAMPLES, onTerminal, runCli, useScratchFolder } from './run-cli.js';

/*
 * `eval --debug` under a real pseudo-terminal: util-linux `script` runs the CLI on a pty and passes the
 * keys written to its stdin through it. The bundled example has three Top issues (cli.test.ts): the
 * failed book_flight, search_flights' destination, the extra charge_card.
 */
const freshDir = useScratchFolder('toolscore-debug-').fresh;

describe('toolscore eval --debug', () => {
  it('walks the mismatches with n, p and q on a terminal', async () => {
    const session = onTerminal([process.execPath, CLI, 'eval', EXAMPLES.gold, EXAMPLES.trace, '--debug'], freshDir());
    await session.until('Issue 1 of 3 · failed · book_flight');
    expect(session.output()).toContain('Score 83.5%   Grade B   WARN');
    expect(session.output()).toContain('  actual:   book_flight({"flight_id":"TP1351","passengers":2})');
    session.key('n');
    await session.until('Issue 2 of 3 · argument_mismatch · search_flights');
    expect(session.output()).toContain('    destination: expected "LIS", got "OPO"');
    session.key('n');
    await session.until('Issue 3 of 3 · extra · charge_card');
    expect(session.output()).toContain('  expected: (not in the gold)');
    // n on the last page stays there; p goes back.
    const before = session.output().length;
    session.key('p');
    await session.until('Issue 2 of 3', before);
    session.key('q');
    await session.until('Debug session ended.');
    expect(await session.exited).toBe(0);
  });

  it('without a terminal it is an error saying so, before anything is scored', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--debug'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: --debug: --debug walks through the mismatches one key at a time, so it needs a terminal on stdin and stdout; run it interactively, or use --verbose\n',
    );
    expect(run.stdout).toBe('');
  });
});
