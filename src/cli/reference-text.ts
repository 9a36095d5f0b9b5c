/* The words of docs/cli.md, the CLI reference generated from the program's own definitions. */

export const CLI_REFERENCE_TEXT = {
  title: '# Command-line reference',
  intro: [
    "Generated from the CLI's own definitions (`src/cli/commands.ts`, through commander): each section is",
    'exactly what `toolscore <command> --help` prints. Do not edit by hand; after changing a command, run',
    '`npm run docs:cli` (a test fails while this file is stale).',
  ].join('\n'),
  commandsHeading: '## Commands',
  columns: '| Command | What it does |\n| --- | --- |',
  programHeading: '## `toolscore`',
} as const;
