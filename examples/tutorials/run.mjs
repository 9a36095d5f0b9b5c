// @ts-check
import { pathToFileURL } from 'node:url';

/** @typedef {(print: (line: string) => void) => Promise<void>} Tutorial A tutorial: prints what it explains, line by line. */

/**
 * Runs `tutorial` when its file is the program (`node examples/tutorials/quickstart.mjs`), not when imported.
 * @param {string} url
 * @param {Tutorial} tutorial
 * @returns {Promise<void>}
 */
export async function runIfMain(url, tutorial) {
  if (process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href) await tutorial(console.log);
}

/**
 * A file of the repository, from a tutorial.
 * @param {string} path
 * @returns {string}
 */
export function repoFile(path) {
  return new URL(`../../${path}`, import.meta.url).pathname;
}
