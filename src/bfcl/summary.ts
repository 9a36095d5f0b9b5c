import { VERSION } from '../core/version.js';
import type { BfclCategorySummary, BfclLine, BfclSummary } from './types.js';

interface Tally {
  correct: number;
  total: number;
  scoreSum: number;
  errors: number;
}

const empty = (): Tally => ({ correct: 0, total: 0, scoreSum: 0, errors: 0 });

/** Adds verdicts lines up per category, as the leaderboard counts them, with toolscore's mean score beside. */
export class BfclSummaryBuilder {
  private readonly tallies = new Map<string, Tally>();
  private readonly overall = empty();

  add(line: BfclLine): void {
    let tally = this.tallies.get(line.category);
    if (tally === undefined) this.tallies.set(line.category, (tally = empty()));
    for (const t of [tally, this.overall]) {
      if (!('valid' in line)) {
        t.errors++;
        continue;
      }
      t.total++;
      if (line.valid) t.correct++;
      t.scoreSum += line.score;
    }
  }

  summary(
    skipped: BfclSummary['skipped'],
    unanswered: number,
    textResults: BfclSummary['text_results'] = [],
  ): BfclSummary {
    const categories = [...this.tallies.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([category, tally]) => ({ category, ...counts(tally) }));
    return {
      toolscore_version: VERSION,
      categories,
      overall: counts(this.overall),
      skipped,
      unanswered,
      text_results: textResults,
    };
  }
}

function counts(tally: Tally): Omit<BfclCategorySummary, 'category'> {
  return {
    correct_count: tally.correct,
    total_count: tally.total,
    accuracy: tally.total === 0 ? null : tally.correct / tally.total,
    mean_score: tally.total === 0 ? null : tally.scoreSum / tally.total,
    errors: tally.errors,
  };
}
