import { type Command, Option } from './commander.js';

/** One option of a command, as `--help` shows it and commander reads it. */
export interface OptionSpec {
  /** Commander's flags: `-o, --output <file>`, `--strict`, `--no-color`. */
  flags: string;
  description: string;
  /** The value when the option is not given. */
  default?: string | boolean;
  /** The only values accepted. */
  choices?: readonly string[];
  /** Given more than once, the values are collected in order (an empty list when never given). */
  repeatable?: boolean;
  /** The command cannot run without it. */
  required?: boolean;
}

/**
 * A command's options, one entry per property of its flags type: the type checker refuses a missing
 * or extra entry, and `registerCommand` refuses an entry whose flag commander would store under
 * another property, so the table, the flags type and the parsed object cannot drift apart.
 */
export type OptionTable<Flags> = { readonly [Key in keyof Required<Flags>]: OptionSpec };

/** One command: its words, arguments, options, help, and the implementation it loads when it runs. */
export interface CommandSpec<Flags, Args extends unknown[] = []> {
  /** Its words: `eval`, or `mcp test` for a command of the `mcp` group. */
  name: string;
  description: string;
  /** A usage line replacing commander's. */
  usage?: string;
  /** Positional arguments in commander's notation (`<gold>`, `[names...]`) with their help. */
  arguments?: readonly (readonly [name: string, description: string])[];
  options: OptionTable<Flags>;
  /** Text shown after the options in `--help` (exit codes, an example). */
  help?: string;
  /**
   * Runs the command with its positional arguments and parsed flags, returning the exit code. The
   * implementation is imported here, when the command runs, so `--help` loads nothing else.
   */
  run(args: Args, flags: Flags): Promise<number>;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function toOption(key: string, spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  // Keeps the table's key and commander's property name the same; a mismatch is a programming error.
  if (option.attributeName() !== key)
    throw new Error(`option ${spec.flags} is stored as ${option.attributeName()}, not ${key}`);
  if (spec.choices) option.choices(spec.choices);
  if (spec.repeatable) option.argParser(collect).default([]);
  else if (spec.default !== undefined) option.default(spec.default);
  if (spec.required) option.makeOptionMandatory();
  return option;
}

/**
 * Adds a command to the program: `mcp test` goes under the `mcp` group, which `groups` describes
 * and which is created on first use.
 */
export function registerCommand<Flags, Args extends unknown[]>(
  program: Command,
  spec: CommandSpec<Flags, Args>,
  groups: Readonly<Record<string, string>>,
): void {
  const words = spec.name.split(' ');
  let parent = program;
  for (const word of words.slice(0, -1)) {
    parent =
      parent.commands.find((command) => command.name() === word) ??
      parent.command(word).description(groups[word] ?? '');
  }
  const command = parent.command(words.at(-1)!).description(spec.description);
  if (spec.usage) command.usage(spec.usage);
  for (const [name, description] of spec.arguments ?? []) command.argument(name, description);
  for (const [key, option] of Object.entries<OptionSpec>(spec.options)) command.addOption(toOption(key, option));
  if (spec.help) command.addHelpText('after', spec.help);
  command.action(async (...received: unknown[]) => {
    // Commander passes the positional arguments, then the parsed options, then the command itself.
    process.exitCode = await spec.run(received.slice(0, -2) as Args, received.at(-2) as Flags);
  });
}
