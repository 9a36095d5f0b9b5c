import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from './corpus.js';
import { CHROMIUM, CHROMIUM_PATH } from './requirements.js';

/** Where browser tests leave their pages and screenshots for a look after the run (git-ignored). */
export const ARTIFACTS = resolve(REPO_ROOT, 'test-artifacts');

/**
 * Debian's Chromium for the tests of one `describe` (call it inside one guarded by `needs(CHROMIUM)`):
 * started headless in a scratch profile before them, closed after. `work()` is a scratch folder that
 * is removed afterwards; ARTIFACTS exists.
 */
export function useChromium(prefix: string): { context: () => BrowserContext; work: () => string } {
  let work = '';
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    const missing = CHROMIUM.missing();
    if (missing !== undefined) throw new Error(`CI=true but ${missing} (.ci/run installs it)`);
    work = mkdtempSync(join(tmpdir(), prefix));
    mkdirSync(ARTIFACTS, { recursive: true });
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      timeout: 30_000,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  return {
    context: () => {
      if (context === undefined) throw new Error('Chromium is not started: call useChromium inside the describe');
      return context;
    },
    work: () => work,
  };
}
