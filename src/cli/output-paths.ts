import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ToolscoreInputError } from '../core/errors.js';
import { followLinks, isWrittenThrough } from '../io/atomic-write.js';

/** A file a command reads, with what it is (`gold file`); undefined when the flag was not given. */
export type InputFile = readonly [role: string, path: string | undefined];

/** A file a command writes: the flag that named it, the path, what goes there (`the report`). */
export type OutputFile = readonly [flag: string, path: string, what: string];

/** The file at `path`, links followed, as device and inode (hard links compare equal); undefined when there is none. */
function fileIdentity(path: string): string | undefined {
  try {
    const entry = statSync(path);
    return `${entry.dev}:${entry.ino}`;
  } catch {
    return undefined;
  }
}

/** What two outputs share when they name one file: its identity, or for a new file its resolved path. */
function outputKey(path: string): string {
  const identity = fileIdentity(path);
  if (identity !== undefined) return identity;
  const target = followLinks(path);
  try {
    return join(realpathSync(dirname(target)), basename(target));
  } catch {
    return target;
  }
}

/**
 * Refuses, before anything is read or written, an output that is one of the inputs (through links,
 * hard links, `..`), that another output also writes, or that is `-` (commands that can write to
 * stdout handle `-` before calling this). Devices and FIFOs (`/dev/null`) are written
 * through, never replaced, so they are free to share.
 */
export function checkOutputPaths(outputs: readonly OutputFile[], inputs: readonly InputFile[]): void {
  const inputIdentities = inputs.flatMap(([role, path]) => {
    const identity = path === undefined ? undefined : fileIdentity(path);
    return identity === undefined ? [] : [[role, identity] as const];
  });
  const taken = new Map<string, string>();
  for (const [flag, output, what] of outputs) {
    // Elsewhere "-" means stdout; here it would silently become a file of that name.
    if (output === '-')
      throw new ToolscoreInputError(
        { source: flag },
        `"-" is not stdout here: ${flag} writes ${what} to a file (to name a file "-", write ./-)`,
      );
    if (isWrittenThrough(output)) continue;
    const identity = fileIdentity(output);
    const input = identity === undefined ? undefined : inputIdentities.find(([, other]) => other === identity);
    if (input !== undefined)
      throw new ToolscoreInputError(
        { source: flag },
        `${JSON.stringify(output)} is the ${input[0]}; writing ${what} there would overwrite it`,
      );
    const key = outputKey(output);
    const other = taken.get(key);
    if (other !== undefined)
      throw new ToolscoreInputError(
        { source: flag },
        `${JSON.stringify(output)} is also the ${other} report; each report needs a file of its own`,
      );
    taken.set(key, flag);
  }
}

/** The words of a server command that name existing files (the script, a config), as inputs of the run. */
export function commandInputs(command: string, args: readonly string[], cwd: string | undefined): InputFile[] {
  return [command, ...args].flatMap((word) => {
    const path = resolve(cwd ?? '.', word);
    return fileIdentity(path) === undefined ? [] : [["server command's file", path] as const];
  });
}
