import { describe, expect, it } from 'vitest';
import { progressText } from './text.js';

describe('the batch progress line', () => {
  it('shows cases done of the total when the total is known, with the rate and the time left', () => {
    // 1,200 cases in 2 s is 600/s; a fifth of the input read in 2 s leaves 8 s.
    expect(progressText(1200, 6000, 0, 2, 0.2)).toBe('1,200 / 6,000 cases · 600/s · 8 s left');
    expect(progressText(1200, 6000, 3, 2, undefined)).toBe('1,200 / 6,000 cases (3 unreadable) · 600/s');
  });

  it('shows the cases done alone when the total is not known (a pipe, a JSON array being read)', () => {
    expect(progressText(1200, undefined, 0, 2, undefined)).toBe('1,200 cases · 600/s');
  });
});
