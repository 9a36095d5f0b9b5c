import { setTimeout as sleep } from 'node:timers/promises';
import { JudgeError } from './errors.js';

/** Longest wait between two attempts, whatever Retry-After says. */
const MAX_WAIT_MS = 60_000;

/**
 * Wait before retry n (0-based) when the server gave no Retry-After: 0.5 s, 1 s, 2 s … up to 8 s.
 * @internal Exported for its tests only.
 */
export function backoffMs(retry: number): number {
  return Math.min(8_000, 500 * 2 ** retry);
}

/**
 * Runs one request with a fresh timeout per attempt, retrying what may pass on a second try (timeouts,
 * lost connections, 408/409/429/5xx) up to `maxRetries` times. Waits what the server's Retry-After asks
 * (at most a minute), else backs off exponentially. Auth and other client errors fail at once.
 */
export async function withRetries<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  options: { maxRetries: number; timeoutMs: number },
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(AbortSignal.timeout(options.timeoutMs));
    } catch (error) {
      if (!(error instanceof JudgeError) || !error.retryable) throw error;
      if (retry >= options.maxRetries) {
        if (retry > 0) error.message += ` (gave up after ${retry + 1} attempts)`;
        throw error;
      }
      await sleep(Math.min(MAX_WAIT_MS, error.retryAfterMs ?? backoffMs(retry)));
    }
  }
}
