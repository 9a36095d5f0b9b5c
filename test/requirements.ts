import { existsSync } from 'node:fs';

/**
 * Something a group of tests needs from the machine. Tests that need it carry its Vitest tag (declared
 * in vitest.config.ts from this list) and are skipped where it is missing; the skip-summary reporter
 * then prints one line saying what was skipped and why.
 */
export interface Requirement {
  /** The Vitest tag of the tests that need it. */
  tag: string;
  /** What those tests are, for the skip line: "3 browser tests". */
  kind: string;
  /** Why the tests cannot run on this machine and how to fix it, or undefined when they can. */
  missing: () => string | undefined;
}

/** The Chromium the browser tests drive. */
export const CHROMIUM_PATH = process.env.TOOLSCORE_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM: Requirement = {
  tag: 'chromium',
  kind: 'browser',
  missing: () =>
    existsSync(CHROMIUM_PATH)
      ? undefined
      : `no Chromium at ${CHROMIUM_PATH}: apt-get install chromium, or point TOOLSCORE_CHROMIUM at one`,
};

/** A real PostgreSQL server: without one, PGlite stands in for the live sql_rows tests, but it cannot stop a running query or run programs. */
export const POSTGRES_SERVER: Requirement = {
  tag: 'postgres-server',
  kind: 'PostgreSQL attack',
  missing: () =>
    process.env.TOOLSCORE_TEST_PG_URL
      ? undefined
      : 'TOOLSCORE_TEST_PG_URL is not set, so PGlite stands in, and it cannot stop a running query or run programs: bash .ci/postgres.sh starts a server',
};

/** Every requirement, in the order the skip line names them. */
export const REQUIREMENTS: readonly Requirement[] = [CHROMIUM, POSTGRES_SERVER];

/**
 * Options for a `describe` whose tests need `requirement`: its tag, and a skip where it is missing. Under
 * CI=true nothing is skipped, so a CI machine that lacks it fails instead of passing quietly.
 */
export function needs(requirement: Requirement): { tags: string[]; skip: boolean } {
  return { tags: [requirement.tag], skip: process.env.CI !== 'true' && requirement.missing() !== undefined };
}

/** The one line about tests skipped for want of a requirement (count per requirement, in order), or undefined when none were. */
export function skipLine(skipped: ReadonlyMap<Requirement, number>): string | undefined {
  const parts = [...skipped].flatMap(([requirement, count]) => {
    const reason = requirement.missing();
    if (count === 0 || reason === undefined) return [];
    return [`${count} ${requirement.kind} test${count === 1 ? '' : 's'} (${reason})`];
  });
  return parts.length === 0 ? undefined : `skipped: ${parts.join('; ')}`;
}
