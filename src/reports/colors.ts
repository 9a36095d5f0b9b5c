/**
 * picocolors, required on first use: it is CommonJS, and importing CommonJS as an ES module makes Node
 * load and run its CommonJS lexer first (commander is loaded the same way, cli/commander.ts, so a start
 * of the CLI needs the lexer for neither); and a module that colours text can be imported without
 * loading picocolors or node:tty behind it (`import 'toolscore'` holds the testing helpers' failure report).
 */
import { createRequire } from 'node:module';
import type picocolors from 'picocolors';

const require = createRequire(import.meta.url);

/** Colour functions (`bold`, `dim`, `red`…); with `enabled` false, each returns its text unchanged. */
export function createColors(enabled: boolean): Colors {
  return (require('picocolors') as typeof picocolors).createColors(enabled);
}

export type Colors = ReturnType<(typeof picocolors)['createColors']>;
