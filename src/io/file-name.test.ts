import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { safeJsonFileName } from './file-name.js';

const snapshotFileName = (name: string): string => safeJsonFileName(name, 'snapshot');

const sha8 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8);

describe('safeJsonFileName', () => {
  it('keeps letters, digits, dots, dashes and underscores and adds a SHA-1 prefix of the full name', () => {
    const name = 'test/agent.test.ts > books a flight';
    expect(snapshotFileName(name)).toBe(`test_agent.test.ts_books_a_flight-${sha8(name)}.json`);
    expect(snapshotFileName('réservation: vol 1')).toBe(`réservation_vol_1-${sha8('réservation: vol 1')}.json`);
  });

  it('never yields a hidden, empty or overlong file name', () => {
    expect(snapshotFileName('..')).toBe(`snapshot-${sha8('..')}.json`);
    expect(snapshotFileName('')).toBe(`snapshot-${sha8('')}.json`);
    expect(snapshotFileName('.hidden')).toMatch(/^hidden-/);
    expect(snapshotFileName('x'.repeat(300))).toBe(`${'x'.repeat(100)}-${sha8('x'.repeat(300))}.json`);
    expect(snapshotFileName('a/../../etc/passwd')).not.toContain('/');
  });

  it('gives names that sanitize alike their own files', () => {
    expect(snapshotFileName('a b')).not.toBe(snapshotFileName('a:b'));
  });

  it('falls back to the name it is given when nothing readable is left', () => {
    expect(safeJsonFileName('::', 'cassette')).toBe(`cassette-${sha8('::')}.json`);
  });
});
