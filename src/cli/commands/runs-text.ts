/* Every sentence `toolscore runs` prints. */
import { plural } from '../../reports/text.js';

export const RUNS_TEXT = {
  none: 'no runs kept',
  header: ['id', 'started', 'command', 'branch', 'commit', 'cases', 'mean', 'pass/warn/fail', 'gold'],
  worst: 'lowest scores:',
} as const;

/** `toolscore runs list` when the page shows fewer than all: how to see the rest. */
export function moreRunsText(shown: number, total: number): string {
  return `${shown} of ${total} runs shown (--limit, --offset for more)`;
}

export function noRunText(id: number, store: string): string {
  return `no run ${id} in ${store} (toolscore runs list shows the ids)`;
}

export function runIdText(text: string): string {
  return `expected a run id (a whole number, as toolscore runs list shows), got ${JSON.stringify(text)}`;
}

export function deletedText(id: number): string {
  return `deleted run ${id}`;
}

export function prunedText(deleted: number, kept: number): string {
  return `deleted ${plural(deleted, 'run')}; kept the newest ${plural(kept, 'run')}`;
}
