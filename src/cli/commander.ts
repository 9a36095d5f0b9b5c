/**
 * commander, loaded with require(): it is CommonJS, and importing it as an ES module makes Node resolve
 * its ES wrapper and load and run its CommonJS lexer first (about 3 ms of CPU on every start).
 */
import { createRequire } from 'node:module';
import type * as commander from 'commander';

const loaded = createRequire(import.meta.url)('commander') as typeof commander;

export const Command: typeof commander.Command = loaded.Command;
export type Command = commander.Command;
export const Option: typeof commander.Option = loaded.Option;
export type Option = commander.Option;
export const CommanderError: typeof commander.CommanderError = loaded.CommanderError;
export type CommanderError = commander.CommanderError;
