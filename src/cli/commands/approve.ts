import { ToolscoreInputError } from '../../core/errors.js';
import { displayText, plural } from '../../reports/text.js';
import { SnapshotStore } from '../../testing/snapshots/store.js';
import { reportCorrupt, reportNotFound, type SnapshotDirFlags } from './snapshots.js';

/**
 * `toolscore approve NAME... | --all`: marks snapshots approved, keeping their calls (and any matchers
 * written into them) as they are. A name that matches no snapshot is exit 1, as in the Python tool,
 * and nothing is approved.
 */
export function runApprove(names: readonly string[], flags: SnapshotDirFlags & { all?: boolean }): number {
  const store = new SnapshotStore(flags.dir);
  if (flags.all === true && names.length > 0)
    throw new ToolscoreInputError({ source: 'approve' }, 'give snapshot names or --all, not both');
  if (flags.all !== true && names.length === 0)
    throw new ToolscoreInputError(
      { source: 'approve' },
      'expected snapshot names, or --all to approve every pending snapshot',
    );
  const unknown = names.filter((name) => store.fileOf(name) === undefined);
  if (unknown.length > 0) {
    for (const name of unknown) reportNotFound(store, name);
    return 1;
  }
  const chosen = flags.all
    ? store.list().snapshots.filter((snapshot) => !snapshot.data.approved)
    : names.map((name) => store.require(name));
  for (const snapshot of chosen) {
    if (snapshot.data.approved) {
      process.stdout.write(`already approved ${displayText(snapshot.data.name)}\n`);
      continue;
    }
    store.approve(snapshot.file);
    process.stdout.write(`approved ${displayText(snapshot.data.name)} (${displayText(snapshot.file)})\n`);
  }
  if (flags.all) process.stdout.write(`${plural(chosen.length, 'snapshot')} approved\n`);
  return flags.all && reportCorrupt(store) ? 2 : 0;
}
