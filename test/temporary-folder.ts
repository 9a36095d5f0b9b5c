import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Vitest's global set-up: every temporary file the tests make (mkdtemp under os.tmpdir(), and those of
 * the CLI, servers and browsers they start) goes into one folder of this run, removed when the run ends,
 * so a test that forgets to clean up leaves nothing behind in the machine's /tmp.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'toolscore-tests-'));
  // As /tmp itself: tests that drop root's privileges (read-only files are only read-only to others) reach their folders.
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
