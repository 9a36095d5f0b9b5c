import type { Reporter, TestModule } from 'vitest/node';
import { REQUIREMENTS, skipLine, type Requirement } from './requirements.js';

/** Prints, after the run's summary, the one line saying which tests were skipped for want of what. */
export default class SkipSummary implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = new Map<Requirement, number>(REQUIREMENTS.map((requirement) => [requirement, 0]));
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const requirement = REQUIREMENTS.find((candidate) => test.tags.includes(candidate.tag));
        if (requirement) skipped.set(requirement, skipped.get(requirement)! + 1);
      }
    }
    const line = skipLine(skipped);
    if (line !== undefined) process.stdout.write(`${line}\n`);
  }
}
