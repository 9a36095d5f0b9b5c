import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { contentSha256, gitState } from './provenance.js';

const root = mkdtempSync(join(tmpdir(), 'toolscore-git-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

function repo(name: string, files: Record<string, string>): string {
  const folder = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

describe('gitState reads .git without starting git', () => {
  test('a branch with a loose ref, from a folder below the top', async () => {
    const folder = repo('loose', {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/refs/heads/main': `${A}\n`,
      'src/x': '',
    });
    expect(await gitState(join(folder, 'src'), {})).toEqual({ commit: A, branch: 'main' });
  });

  test('a branch found only in packed-refs', async () => {
    const folder = repo('packed', {
      '.git/HEAD': 'ref: refs/heads/feature/x\n',
      '.git/packed-refs': `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/feature/x\n${A} refs/heads/main\n`,
    });
    expect(await gitState(folder, {})).toEqual({ commit: B, branch: 'feature/x' });
  });

  test('a worktree: .git is a file naming its folder, whose refs are in the common folder', async () => {
    const main = repo('common', {
      '.git/refs/heads/topic': `${B}\n`,
      '.git/worktrees/wt/HEAD': 'ref: refs/heads/topic\n',
      '.git/worktrees/wt/commondir': '../..\n',
    });
    const worktree = repo('wt', { '.git': `gitdir: ${join(main, '.git/worktrees/wt')}\n` });
    expect(await gitState(worktree, {})).toEqual({ commit: B, branch: 'topic' });
  });

  test('a detached HEAD has no branch, except the one GitHub Actions names', async () => {
    const folder = repo('detached', { '.git/HEAD': `${A}\n` });
    expect(await gitState(folder, {})).toEqual({ commit: A, branch: null });
    expect(await gitState(folder, { GITHUB_HEAD_REF: '', GITHUB_REF_NAME: '12/merge' })).toEqual({
      commit: A,
      branch: '12/merge',
    });
    expect(await gitState(folder, { GITHUB_HEAD_REF: 'fix-refunds', GITHUB_REF_NAME: '12/merge' })).toEqual({
      commit: A,
      branch: 'fix-refunds',
    });
  });

  test('a branch with no commit yet, and a folder outside any repository', async () => {
    expect(await gitState(repo('unborn', { '.git/HEAD': 'ref: refs/heads/main\n' }), {})).toEqual({
      commit: null,
      branch: 'main',
    });
    expect(await gitState('/', {})).toBeNull();
  });
});

describe('contentSha256', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  test("a file: its bytes' hash", async () => {
    const folder = repo('hash', { 'gold.json': '[{"tool":"refund"}]' });
    expect(await contentSha256(join(folder, 'gold.json'))).toBe(sha('[{"tool":"refund"}]'));
  });

  test('a folder: its files by relative path, in path order, each with its length and bytes', async () => {
    const folder = repo('golds', { 'b.json': 'B', 'a/c.json': 'CC' });
    expect(await contentSha256(folder)).toBe(sha('a/c.json\u00002\u0000CCb.json\u00001\u0000B'));
  });
});
