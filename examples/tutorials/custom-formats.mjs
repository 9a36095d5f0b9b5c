// @ts-check
/**
 * Custom formats: your own logging shape, read without an adapter when it uses the common names, or
 * mapped to `{tool, args, result, error}` in three lines when it does not.
 *
 *   npm run build && node examples/tutorials/custom-formats.mjs
 */
import { evaluate } from 'toolscore';
import { runIfMain } from './run.mjs';

/** @type {import('./run.mjs').Tutorial} */
export const tutorial = async (print) => {
  const expected = [
    { tool: 'search_flights', args: { to: 'LIS' } },
    { tool: 'book_flight', args: { flight: 'TP1351' } },
  ];

  // 1. `name` / `arguments` (a JSON string, as models write it) / `output` are read as tool / args / result.
  const logged = [
    { name: 'search_flights', arguments: '{"to": "LIS"}', output: ['TP1351'] },
    { name: 'book_flight', arguments: '{"flight": "TP1351"}', output: { status: 'booked' } },
  ];
  const read = evaluate({ expected, actual: logged });
  print(`logged shape: ${read.traceCalls.map((call) => call.tool).join(', ')}; score ${read.score}`);

  // 2. A shape of your own: map it to toolscore's call, and mark failures so the safety checks see them.
  const events = [
    { event: 'tool', fn: 'search_flights', params: { to: 'LIS' }, ok: true },
    { event: 'tool', fn: 'book_flight', params: { flight: 'TP1351' }, ok: false, message: 'card declined' },
  ];
  const calls = events.map((e) => ({ tool: e.fn, args: e.params, is_error: !e.ok, error: e.ok ? null : e.message }));
  const mapped = evaluate({ expected, actual: calls });
  // The calls are right, so the score is 1; the failed booking is a finding and costs required call recall.
  print(`mapped shape: score ${mapped.score}, required call recall ${mapped.metrics.required_call_recall}`);
  for (const finding of mapped.findings) print(`  ${finding.severity}: ${finding.message}`);
};

await runIfMain(import.meta.url, tutorial);
