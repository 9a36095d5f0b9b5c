import { pathToFileURL } from 'node:url';

/** A tutorial: prints what it explains, line by line. */
export type Tutorial = (print: (line: string) => void) => Promise<void>;

/** Runs `tutorial` when its file is the program (`npx tsx examples/tutorials/quickstart.ts`), not when imported. */
export async function runIfMain(url: string, tutorial: Tutorial): Promise<void> {
  if (process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href) await tutorial(console.log);
}

/** A file of the repository, from a tutorial. */
export function repoFile(path: string): string {
  return new URL(`../../${path}`, import.meta.url).pathname;
}
