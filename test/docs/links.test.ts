import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';

/*
 * Every relative link in the README and docs/ points at a file that exists, and every #anchor at a heading
 * there; no page names a folder outside the repository (a developer's machine), which a user does not have.
 */

/** GitHub's heading anchor: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(id!);
  return anchors;
}

const pages = [
  resolve(REPO_ROOT, 'README.md'),
  ...readdirSync(resolve(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => resolve(REPO_ROOT, 'docs', name)),
];

describe('links in the README and docs/', () => {
  for (const page of pages) {
    it(page.slice(REPO_ROOT.length + 1), () => {
      const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? page : join(dirname(page), path);
        if (!existsSync(file)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          broken.push(`${target}: no heading #${anchor}`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('paths in the README and docs/', () => {
  for (const page of pages) {
    it(`${page.slice(REPO_ROOT.length + 1)} names no folder outside the repository`, () => {
      const text = readFileSync(page, 'utf8');
      const outside = [...text.matchAll(/(?:\.\.\/)+[\w./*-]+|\/work\/[\w./*-]*/g)]
        .map((match) => match[0].replace(/\.$/, ''))
        .filter((path) => {
          if (path.startsWith('/work/')) return true;
          // A glob names the folder it looks in: that folder must be the repository's.
          const fixed = path.includes('*') ? dirname(path.slice(0, path.indexOf('*') + 1)) : path;
          const where = resolve(dirname(page), fixed);
          return !where.startsWith(`${REPO_ROOT}/`) || !existsSync(where);
        });
      expect(outside).toEqual([]);
    });
  }
});
