/*
 * Type tests of the CLI's option tables (checked by `npm run typecheck`, which `npm test` runs): a
 * command's options are declared once, in a table typed by the flags its implementation receives, so
 * a table that misses, adds or misspells a flag must not compile.
 */
import { expectTypeOf } from 'vitest';
import type { CommandSpec, OptionSpec, OptionTable } from './command.js';
import type { EvalFlags } from './commands/eval.js';
import type { McpTargetFlags } from './commands/mcp-common.js';
import type { JudgeFlags } from './judge-flags.js';
import type { ScoringFlags } from './scoring-flags.js';

interface Flags {
  output: string;
  maxCalls?: string;
  color: boolean;
}
const spec: OptionSpec = { flags: '--x', description: 'x' };

// One entry per flag, the optional ones included, and nothing else.
expectTypeOf<keyof OptionTable<Flags>>().toEqualTypeOf<'output' | 'maxCalls' | 'color'>();
expectTypeOf<OptionTable<Flags>['maxCalls']>().toEqualTypeOf<OptionSpec>();
export const complete: OptionTable<Flags> = { output: spec, maxCalls: spec, color: spec };
// @ts-expect-error: an optional flag left out of the table
export const missing: OptionTable<Flags> = { output: spec, color: spec };
// @ts-expect-error: a flag the implementation does not read
export const extra: OptionTable<Flags> = { output: spec, maxCalls: spec, color: spec, verbose: spec };
// @ts-expect-error: an entry that is not an OptionSpec
export const bare: OptionTable<Flags> = { output: '--output <file>', maxCalls: spec, color: spec };

// What an option may say about itself.
expectTypeOf<OptionSpec['default']>().toEqualTypeOf<string | boolean | undefined>();
expectTypeOf<OptionSpec['choices']>().toEqualTypeOf<readonly string[] | undefined>();
// @ts-expect-error: commander's defaults are texts (parsed by the command) or booleans
export const numericDefault: OptionSpec = { flags: '--jobs <n>', description: 'n', default: 4 };

// A command's implementation receives its positionals and exactly the flags its table declares.
expectTypeOf<CommandSpec<Flags, [string, string]>['run']>().parameters.toEqualTypeOf<[[string, string], Flags]>();
expectTypeOf<CommandSpec<Flags>['run']>().returns.toEqualTypeOf<Promise<number>>();
expectTypeOf<CommandSpec<Flags>['options']>().toEqualTypeOf<OptionTable<Flags>>();
export const reading: CommandSpec<Flags> = {
  name: 'x',
  description: 'x',
  options: complete,
  // @ts-expect-error: a flag that is not in the table
  run: async (_args, flags) => (flags.verbose ? 1 : 0),
};

// How commander hands the shared flags over: repeatable ones as lists (empty when never given),
// negated ones (`--no-color`) as booleans that are always set, numbers as typed text for the command to check.
expectTypeOf<ScoringFlags['weight']>().toEqualTypeOf<string[]>();
expectTypeOf<ScoringFlags['maxCallsPerTool']>().toEqualTypeOf<string[]>();
expectTypeOf<ScoringFlags['minScore']>().toEqualTypeOf<string | undefined>();
expectTypeOf<McpTargetFlags['env']>().toEqualTypeOf<string[]>();
expectTypeOf<McpTargetFlags['timeout']>().toEqualTypeOf<string>();
expectTypeOf<EvalFlags['color']>().toEqualTypeOf<boolean>();
expectTypeOf<EvalFlags['sideEffects']>().toEqualTypeOf<boolean>();
expectTypeOf<JudgeFlags['llmCache']>().toEqualTypeOf<boolean | undefined>();
expectTypeOf<EvalFlags>().toExtend<JudgeFlags & ScoringFlags>();
