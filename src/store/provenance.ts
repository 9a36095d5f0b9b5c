import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** The commit and branch a run was made at. */
export interface GitState {
  commit: string | null;
  branch: string | null;
}

const read = (path: string) => readFile(path, 'utf8').catch(() => undefined);

/** The `.git` of the repository holding `folder`: a folder, or (a worktree, a submodule) a file naming one. */
async function gitDirOf(folder: string): Promise<string | undefined> {
  for (let current = resolve(folder); ; current = dirname(current)) {
    const dotGit = join(current, '.git');
    const found = await stat(dotGit).catch(() => undefined);
    if (found?.isDirectory()) return dotGit;
    if (found?.isFile()) {
      const target = /^gitdir:\s*(.+?)\s*$/m.exec((await read(dotGit)) ?? '')?.[1];
      if (target !== undefined) return isAbsolute(target) ? target : resolve(current, target);
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The commit and branch checked out where the command runs, read from `.git` itself (HEAD, the loose
 * ref, else packed-refs; a worktree's refs in its common folder), without starting git. A detached HEAD
 * has no branch: in GitHub Actions the branch is then the one the workflow names (GITHUB_HEAD_REF for a
 * pull request, else GITHUB_REF_NAME). Null outside a repository.
 */
export async function gitState(folder: string, env: NodeJS.ProcessEnv = process.env): Promise<GitState | null> {
  const gitDir = await gitDirOf(folder);
  if (gitDir === undefined) return null;
  const head = (await read(join(gitDir, 'HEAD')))?.trim();
  if (head === undefined) return null;
  const ciBranch = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || null;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (ref === undefined) return { commit: /^[0-9a-f]{40,64}$/.test(head) ? head : null, branch: ciBranch };
  const common = resolve(gitDir, ((await read(join(gitDir, 'commondir'))) ?? '.').trim());
  let commit = ((await read(join(gitDir, ref))) ?? (await read(join(common, ref))))?.trim();
  if (commit === undefined) {
    const packed = (await read(join(common, 'packed-refs'))) ?? '';
    commit = packed
      .split('\n')
      .map((line) => line.split(' '))
      .find(([, name]) => name === ref)?.[0];
  }
  return {
    commit: commit !== undefined && /^[0-9a-f]{40,64}$/.test(commit) ? commit : null,
    branch: ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ciBranch,
  };
}

/** Feeds a file's bytes to the hash as they are read: a dataset of gigabytes is never held whole. */
async function feed(hash: Hash, path: string): Promise<void> {
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
}

/** SHA-256 (hex) of a file's bytes; of a folder, of its files' paths (relative, `/`) and bytes, in path order. */
export async function contentSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  if (!(await stat(path)).isDirectory()) {
    await feed(hash, path);
    return hash.digest('hex');
  }
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(path, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const file of files) {
    const { size } = await stat(join(path, file));
    hash.update(`${file}\0${size}\0`);
    await feed(hash, join(path, file));
  }
  return hash.digest('hex');
}
