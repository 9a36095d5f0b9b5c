/**
 * Every command of the `toolscore` program, with its options declared once, in tables typed by the
 * command's flags. Only types come from the command modules here; each module is imported when its
 * command runs, so `--help` and `--version` load commander and this file alone.
 */
import type { CommandSpec, OptionSpec, OptionTable } from './command.js';
import type { BatchOutputFlags } from './commands/batch-output.js';
import type { BatchFlags } from './commands/batch.js';
import type { BfclFlags } from './commands/bfcl.js';
import type { CompareFlags } from './commands/compare.js';
import type { DemoFlags } from './commands/demo.js';
import type { EvalFlags } from './commands/eval.js';
import type { GenerateFlags } from './commands/generate.js';
import type { GoldFlags } from './commands/gold.js';
import type { InitFlags } from './commands/init.js';
import type { McpTargetFlags } from './commands/mcp-common.js';
import type { MergeFlags } from './commands/merge.js';
import type { RunFlags } from './commands/run.js';
import type { RunsListFlags, RunsPruneFlags, RunsShowFlags } from './commands/runs.js';
import type { McpLintFlags } from './commands/mcp-lint.js';
import type { McpListFlags } from './commands/mcp-list.js';
import type { McpRecordFlags } from './commands/mcp-record.js';
import type { McpTestFlags } from './commands/mcp-test.js';
import type { RecordFlags } from './commands/record.js';
import type { RegressionFlags } from './commands/regression.js';
import type { SnapshotDirFlags } from './commands/snapshots.js';
import type { ValidateFlags } from './commands/validate.js';
import type { ViewFlags } from './commands/view.js';
import type { JudgeFlags } from './judge-flags.js';
import type { StoreFlags } from './store-run.js';
import { STORED_COMMANDS } from '../store/types.js';
import type { ScoringFlags } from './scoring-flags.js';

/** The exit codes, shown after `toolscore --help` and `toolscore eval --help`. */
export const EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  a gate failed: score below --min-score, or --fail-on-violations found a
     forbidden call, a leaked credential, a broken budget or a failed outcome
     check
  2  bad usage or bad input: unknown command or option, a missing or invalid
     file, a bad --weight, --min-score or --format, an unwritable report path
     or one that names an input;
     or the --llm-judge requests failed (auth, network, timeout, maxCalls)`;

const MCP_EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  the server could not be started, reached or understood; or a gate failed
     (lint errors for mcp lint; --fail-under or --ci for mcp test)
  2  bad usage: no server or more than one way to reach it, a bad flag value,
     a config file that cannot be read`;

const SNAPSHOT_EXIT_CODES = `
Exit codes:
  0  done
  1  no snapshot has that name, and nothing was changed; rm: the answer was no;
     record --from-trace: the snapshot exists and --update was not given, or
     --update in CI (record -- CMD exits with CMD's code)
  2  bad usage, or a snapshot file that cannot be read`;

const MCP_TEST_CALLS = `
The tools are called for real: every tool not annotated destructiveHint is called with generated
arguments, so tools that write (files, databases, memory) will write. Point the command at a test
instance, or pass --read-only to call only tools annotated readOnlyHint. The tools to be called are
listed on stderr before the first call.`;

/** What the command groups (`toolscore mcp …`, `toolscore snapshots …`) are for. */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  mcp: 'test MCP servers: list and lint their tools, grade them with generated calls, record real sessions',
  snapshots: 'list, show and delete recorded tool-call snapshots',
  runs: 'list, show, delete and prune the runs kept with --store',
};

// ---- Options several commands share -------------------------------------------------------------

const EXPLAIN: OptionSpec = {
  flags: '--explain',
  description:
    'when the trace format cannot be detected, list every format, what it looks for and what the trace lacked',
};
const COLOR: OptionSpec = { flags: '--no-color', description: 'do not colour the output (NO_COLOR=1 does the same)' };
const FORMAT: OptionSpec = {
  flags: '-f, --format <format>',
  description: 'trace format, or auto to detect it',
  default: 'auto',
};
const STRICT_GOLD: OptionSpec = {
  flags: '--strict-gold',
  description: 'an unknown key in the gold file is an error (exit 2), not a warning',
};
const SNAPSHOT_DIR: OptionTable<SnapshotDirFlags> = {
  dir: {
    flags: '--dir <folder>',
    description: 'snapshot folder (default: $TOOLSCORE_SNAPSHOT_DIR, else .toolscore/snapshots)',
  },
};

const JUDGE_OPTIONS: OptionTable<JudgeFlags> = {
  llmJudge: {
    flags: '--llm-judge',
    description: 'also score semantic equivalence with an LLM judge (needs its SDK and API key; off by default)',
  },
  llmModel: {
    flags: '--llm-model <model>',
    description: 'judge model (default gpt-4o-mini; claude* uses Anthropic, gemini* Gemini)',
  },
  llmProvider: {
    flags: '--llm-provider <provider>',
    description: 'judge provider: openai, anthropic, gemini or openai_compatible (default: from the model)',
  },
  llmBaseUrl: {
    flags: '--llm-base-url <url>',
    description: 'judge endpoint; alone it means an OpenAI-compatible server (Ollama, vLLM, Groq)',
  },
  llmSamples: {
    flags: '--llm-samples <k>',
    description: 'ask the judge k times and take the median score of each pair',
  },
  llmMaxCalls: { flags: '--llm-max-calls <n>', description: 'fail rather than send more than n judge requests' },
  llmTimeout: {
    flags: '--llm-timeout <seconds>',
    description: 'give up on a judge attempt after this long, each retry included (default 60)',
  },
  llmCache: {
    flags: '--no-llm-cache',
    description: 'ask the judge again instead of replaying verdicts from .toolscore/judge-cache',
  },
};

const SERVER_ARGUMENT = [
  '[command...]',
  'the command that starts the server over stdio: one quoted string ("node server.js"), or words after --',
] as const;

/** Where an MCP server is and how long to wait for it. */
const MCP_TARGET: OptionTable<McpTargetFlags> = {
  url: {
    flags: '--url <url>',
    description: 'a server already running, over Streamable HTTP (e.g. http://127.0.0.1:3000/mcp)',
  },
  config: {
    flags: '--config <file>',
    description: 'a Claude Desktop / Cursor / VS Code config file holding the server',
  },
  server: { flags: '--server <name>', description: 'which server of the --config file (needed when it holds several)' },
  env: {
    flags: '-e, --env <key=value>',
    description: 'an environment variable for the server, repeatable',
    repeatable: true,
  },
  timeout: { flags: '--timeout <seconds>', description: 'most seconds any one request may take', default: '30' },
  startupTimeout: {
    flags: '--startup-timeout <seconds>',
    description: 'most seconds to start the server and complete the handshake, apart from --timeout',
    default: '30',
  },
};

/** How cases are scored and gated: shared by `eval` and `batch` (a batch case's own options override them). */
const SCORE_OPTIONS: OptionTable<
  Pick<ScoringFlags, 'weight' | 'strict' | 'forbidden' | 'minScore' | 'failOnViolations'>
> = {
  weight: {
    flags: '--weight <name=value>',
    description: 'weight of a score metric, repeatable (e.g. required_call_recall=0.3)',
    repeatable: true,
  },
  strict: { flags: '--strict', description: 'compare arguments strictly: same JSON type, no trimming' },
  forbidden: { flags: '--forbidden <rules>', description: 'JSON file of calls the agent must never make' },
  minScore: { flags: '--min-score <score>', description: 'exit 1 when the score is below this number in [0, 1]' },
  failOnViolations: {
    flags: '--fail-on-violations',
    description:
      'exit 1 when a call matches a forbidden rule, passes a credential or breaks a budget, or an outcome check fails',
  },
};

/** Tool schemas, budgets and limits: shared by `eval` and `batch`. */
const BUDGET_AND_LIMIT_OPTIONS: OptionTable<
  Omit<ScoringFlags, 'format' | 'weight' | 'strict' | 'forbidden' | 'minScore' | 'failOnViolations'>
> = {
  tools: {
    flags: '--tools <file>',
    description:
      'tools offered to the agent (OpenAI or Anthropic tools, MCP tools/list): check calls against their schemas',
  },
  maxCalls: { flags: '--max-calls <n>', description: 'budget: most tool calls in the trace' },
  maxCallsPerTool: {
    flags: '--max-calls-per-tool <n|tool=n>',
    description: 'budget: most calls of any tool, or of one tool (repeatable)',
    repeatable: true,
  },
  maxDuration: {
    flags: '--max-duration <seconds>',
    description: 'budget: most seconds spent in tool calls in total',
  },
  maxCallDuration: {
    flags: '--max-call-duration <seconds>',
    description: 'budget: most seconds for any single call',
  },
  maxCost: { flags: '--max-cost <usd>', description: 'budget: most USD spent on tool calls' },
  maxDepth: {
    flags: '--max-depth <n>',
    description: 'limit: deepest argument nesting read (default 1000, at most 1500)',
  },
  maxPairingCells: {
    flags: '--max-pairing-cells <n>',
    description: 'limit: most expected × actual calls of one tool to pair exactly (default 4000000)',
  },
  maxSequenceCells: {
    flags: '--max-sequence-cells <n>',
    description: 'limit: most cells for the sequence edit distance (default 400000000)',
  },
  maxLineBytes: {
    flags: '--max-line-bytes <n>',
    description: 'limit: longest line of a JSON Lines trace, in bytes (default 268435456)',
  },
  maxRegexChars: {
    flags: '--max-regex-chars <n>',
    description: 'limit: most characters $regex matchers may read in one run (default 200000000)',
  },
  maxStateBytes: {
    flags: '--max-state-bytes <n>',
    description: 'limit: largest before-state or after-state, in bytes of JSON (default 16777216)',
  },
};

/** Where the run is kept: shared by `eval`, `batch`, `run`, `bfcl`, `compare` and `runs`. */
const STORE: OptionTable<StoreFlags> = {
  store: {
    flags: '--store [path|url]',
    description:
      'keep the run in a store: a SQLite file or postgres:// URL (alone: $TOOLSCORE_STORE, else .toolscore/runs.db; TOOLSCORE_STORE set keeps every run)',
  },
};

/** How a conversation's turn scores make its score: shared by `eval` and `batch`. */
const TURN_AGGREGATE: OptionSpec = {
  flags: '--turn-aggregate <how>',
  description:
    'for a conversation gold ("turns"): the score is the mean of the turn scores, or the lowest (default mean)',
  choices: ['mean', 'min'],
};

const RUNS_STORE: OptionTable<StoreFlags> = {
  store: {
    flags: '--store [path|url]',
    description: 'the store: a SQLite file or postgres:// URL (default: $TOOLSCORE_STORE, else .toolscore/runs.db)',
  },
};

const RUNS_EXIT_CODES = `
Exit codes:
  0  done
  2  bad usage or bad input: no store there yet, a file that is not a store, a
     store of a newer toolscore, a locked or read-only file, a server that
     cannot be reached, a run id the store does not hold`;

// ---- The commands -------------------------------------------------------------------------------

const evalCommand: CommandSpec<EvalFlags, [string, string]> = {
  name: 'eval',
  description: 'score a trace against a gold standard, print the verdict and write the JSON report',
  arguments: [
    ['<gold>', 'gold standard: a JSON array of expected calls'],
    ['<trace>', 'the calls the agent made'],
  ],
  options: {
    format: FORMAT,
    run: {
      flags: '--run <id>',
      description:
        'the run to score when the trace file holds several (an ADK eval set: an eval_id); such a file needs it',
    },
    output: {
      flags: '-o, --output <file>',
      description: 'where to write the JSON report; - for stdout (the verdict then goes to stderr)',
      default: 'toolscore.json',
    },
    html: { flags: '--html <file>', description: 'also write the HTML report: one self-contained page, works offline' },
    markdown: {
      flags: '--markdown <file>',
      description: 'also write the Markdown report, for pull-request comments and job summaries',
    },
    junit: { flags: '--junit <file>', description: 'also write a JUnit XML report, for CI test views' },
    csv: { flags: '--csv <file>', description: 'also write every metric as CSV, one row each' },
    saveBaseline: {
      flags: '--save-baseline <file>',
      description: 'also write a baseline (score, metrics, safety counts, gold hash) for toolscore regression',
    },
    ci: {
      flags: '--ci',
      description: 'in GitHub Actions, append the Markdown report to the job summary ($GITHUB_STEP_SUMMARY)',
    },
    ...SCORE_OPTIONS,
    turnAggregate: TURN_AGGREGATE,
    ignoreTools: {
      flags: '--ignore-tools <names>',
      description:
        "comma-separated tools the gold does not care about: never extra or redundant, still checked for safety (adds to the gold file's ignore_tools)",
    },
    strictGold: STRICT_GOLD,
    sideEffects: { flags: '--no-side-effects', description: "do not run the gold file's side_effects checks" },
    showSecrets: {
      flags: '--show-secrets',
      description: 'keep credentials found in the calls in the JSON report (masked by default)',
    },
    root: {
      flags: '--root <dir>',
      description: "directory file_exists checks resolve against (default: the gold file's directory)",
    },
    db: {
      flags: '--db <url>',
      description: 'database for live sql_rows checks: sqlite:path.db or postgres://user:pass@host/db',
    },
    dbAllowSuperuser: {
      flags: '--db-allow-superuser',
      description: 'let live sql_rows checks connect to PostgreSQL as a superuser (refused by default)',
    },
    dbTimeout: {
      flags: '--db-timeout <seconds>',
      description: 'stop a live sql_rows query after this many seconds (default 10)',
    },
    dbMaxRows: {
      flags: '--db-max-rows <n>',
      description: 'most rows a live sql_rows query may return (default 100000)',
    },
    stateBefore: {
      flags: '--state-before <file|db>',
      description:
        'the world before the run, for the gold\'s "state": a JSON file, or a database (sqlite:before.db, postgres://…) read with --state-queries',
    },
    stateAfter: {
      flags: '--state-after <file|db>',
      description: 'the world after the run: a JSON file, or a database read with --state-queries',
    },
    stateQueries: {
      flags: '--state-queries <file>',
      description:
        'JSON file of named read-only queries whose rows make a state read from a database ({"orders": "SELECT …"})',
    },
    ...BUDGET_AND_LIMIT_OPTIONS,
    ...JUDGE_OPTIONS,
    verbose: {
      flags: '-v, --verbose',
      description:
        'show every metric and the missing and extra tools; when the trace format cannot be detected, as --explain',
    },
    explain: EXPLAIN,
    debug: {
      flags: '-d, --debug',
      description: 'after the verdict, walk through each mismatch on the terminal (n next, p previous, q quit)',
    },
    ...STORE,
    color: COLOR,
  },
  help: EXIT_CODES,
  async run([gold, trace], flags) {
    const { runEval } = await import('./commands/eval.js');
    return runEval(gold, trace, flags);
  },
};

const BATCH_EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  a gate failed: the mean score (each case's, with --min-score-each) below
     --min-score; --fail-on-violations found a forbidden call, a leaked
     credential or a broken budget in any case; or more cases could not be
     read or scored than --max-errors allows (default 0); or pass^k below
     --min-pass-hat-k k=X
  2  bad usage or bad input: a bad flag, a shard like 3/2, a pattern that
     matches no file, an output that names an input; no case could be read;
     --fail-fast met a case that could not be read or scored; or
     --min-pass-hat-k k=X on a run without trials, or with a case of fewer
     than k trials`;

/** What `batch` and `merge` write, and their gates. */
const BATCH_OUTPUT_OPTIONS: OptionTable<Omit<BatchOutputFlags, 'minScore' | 'failOnViolations'>> = {
  output: {
    flags: '-o, --output <file>',
    description: 'write the results, one JSON line per case in dataset order; - for stdout',
  },
  summary: { flags: '--summary <file>', description: 'write the aggregate as JSON (also printed)' },
  html: {
    flags: '--html <file>',
    description: 'also write the HTML report of the batch: distribution, tools, worst cases',
  },
  markdown: {
    flags: '--markdown <file>',
    description: 'also write the Markdown report of the batch, for job summaries',
  },
  junit: {
    flags: '--junit <file>',
    description: 'also write JUnit XML, one testcase per case (failed below --min-score)',
  },
  csv: { flags: '--csv <file>', description: 'also write one CSV row per case' },
  ci: {
    flags: '--ci',
    description: 'in GitHub Actions, append the Markdown report to the job summary ($GITHUB_STEP_SUMMARY)',
  },
  minScoreEach: {
    flags: '--min-score-each',
    description: 'apply --min-score to every case instead of the mean',
  },
  maxErrors: {
    flags: '--max-errors <n>',
    description: 'allow up to n cases that could not be read or scored (default 0: any such case fails the run)',
  },
  saveBaseline: {
    flags: '--save-baseline <file>',
    description: 'also write a baseline of the run (aggregate and per case), for toolscore regression --results',
  },
  minPassHatK: {
    flags: '--min-pass-hat-k <k=X>',
    description:
      "fail when pass^k of the cases' trials is below X (4=0.6: all 4 of 4 trials pass on 60% of cases, by τ-bench's estimator); repeatable",
    repeatable: true,
  },
};

const batchCommand: CommandSpec<BatchFlags, [string | undefined]> = {
  name: 'batch',
  description: 'score a dataset of cases (or many traces) as a stream, in parallel, optionally one shard of it',
  usage: '[dataset] | --gold G --traces PATTERN | --gold-dir G --trace-dir T [options]',
  arguments: [['[dataset]', 'JSON Lines or JSON array of {id, expected, actual, options?}']],
  options: {
    gold: { flags: '--gold <file>', description: 'one gold standard for every trace of --traces' },
    traces: {
      flags: '--traces <pattern>',
      description: "trace files or glob patterns, expanded by toolscore (quote them: 'runs/**/*.json'); repeatable",
      repeatable: true,
    },
    goldDir: {
      flags: '--gold-dir <folder>',
      description: 'gold files, paired with --trace-dir by relative path without extension',
    },
    traceDir: { flags: '--trace-dir <folder>', description: 'traces, paired with --gold-dir' },
    ...BATCH_OUTPUT_OPTIONS,
    format: FORMAT,
    ...SCORE_OPTIONS,
    turnAggregate: TURN_AGGREGATE,
    ...BUDGET_AND_LIMIT_OPTIONS,
    jobs: {
      flags: '-j, --jobs <n>',
      description: 'scoring threads (default: the available cores); 1 starts no worker',
    },
    shard: {
      flags: '--shard <i/n|auto>',
      description: 'score only the i-th of n slices (1-based, by position); auto: Kubernetes JOB_COMPLETION_INDEX',
    },
    shardCount: { flags: '--shard-count <n>', description: 'the number of shards, with --shard auto' },
    failFast: { flags: '--fail-fast', description: 'stop at the first case that cannot be read or scored (exit 2)' },
    strictGold: {
      flags: '--strict-gold',
      description: "an unknown key in a case's gold (or the --gold file) makes the case an error, not a warning",
    },
    allowCaseLimits: {
      flags: '--allow-case-limits',
      description:
        "let a case's options.limits raise the limits above (by default a case may only lower them; a case that raises one is an error line)",
    },
    ...STORE,
    progress: { flags: '--no-progress', description: 'print no progress line on stderr' },
  },
  help: BATCH_EXIT_CODES,
  async run([dataset], flags) {
    const { runBatch } = await import('./commands/batch.js');
    return runBatch(dataset, flags);
  },
};

const RUN_EXIT_CODES = `
Exit codes:
  0  done, and every gate passed
  1  a gate failed (as for batch: the mean score, or each trial's with
     --min-score-each, below --min-score; --fail-on-violations; more trials
     that failed (threw, timed out, returned nothing readable) than
     --max-errors allows, default 0)
  2  bad usage or bad input: a bad flag, an agent module that cannot be loaded
     or has no such export, a dataset that cannot be read, a results file
     (--resume) of another run; or no trial could be scored
  130  interrupted (Ctrl-C): the trials done are written; the line printed
     last is the command that completes the run (--resume)`;

const runCommand: CommandSpec<RunFlags, [string]> = {
  name: 'run',
  description: 'run your agent on every case of a dataset, k times, and score each trial as batch does',
  arguments: [
    ['<agent>', 'a module (.ts, .mts, .js, .mjs) whose default export is async (input, context) => response'],
  ],
  options: {
    dataset: {
      flags: '--dataset <file>',
      description: 'JSON Lines or JSON array of {id, input, expected, options?}',
      required: true,
    },
    export: { flags: '--export <name>', description: "the agent module's export to run (default: its default export)" },
    trials: { flags: '--trials <k>', description: 'run every case k times (default 1)' },
    concurrency: { flags: '--concurrency <n>', description: 'trials running at once (default 4)' },
    timeout: {
      flags: '--timeout <seconds>',
      description: "a trial's time (default 60): then its signal fires and the trial is an error line",
    },
    tracesDir: {
      flags: '--traces-dir <folder>',
      description: "write each trial's trace there, and cases.jsonl: toolscore batch re-scores it without the agent",
    },
    resume: {
      flags: '--resume',
      description: 'run only the trials the results file (-o) lacks, keeping its lines (after Ctrl-C)',
    },
    replay: {
      flags: '--replay [mode]',
      description:
        "answer the agent's wrapped tools and model from its cassettes (toolscore/replay): strict (the default: a call not recorded fails), replay, record (one trial per case) or off",
    },
    cassettes: {
      flags: '--cassettes <folder>',
      description: 'the folder of cassettes, with --replay (default .toolscore/cassettes)',
    },
    ...BATCH_OUTPUT_OPTIONS,
    format: FORMAT,
    ...SCORE_OPTIONS,
    ...BUDGET_AND_LIMIT_OPTIONS,
    shard: {
      flags: '--shard <i/n|auto>',
      description:
        "run only the i-th of n slices of the cases, all trials of a case in one (by id, as batch's); toolscore merge joins them",
    },
    shardCount: { flags: '--shard-count <n>', description: 'the number of shards, with --shard auto' },
    strictGold: {
      flags: '--strict-gold',
      description: "an unknown key in a case's gold makes its trials errors, not warnings",
    },
    allowCaseLimits: {
      flags: '--allow-case-limits',
      description: "let a case's options.limits raise the limits above",
    },
    ...STORE,
    progress: { flags: '--no-progress', description: 'print no progress line on stderr' },
  },
  help: RUN_EXIT_CODES,
  async run([agent], flags) {
    const { runRun } = await import('./commands/run.js');
    return runRun(agent, flags);
  },
};

const BFCL_EXIT_CODES = `
Exit codes:
  0  judged (a BFCL run gates nothing), or the gold files were written
  2  bad usage or bad input: no --questions or --results, a file whose name
     says no category, a category with no questions or possible answers, a
     results file of a category toolscore cannot judge offline (memory,
     executable, Java, JavaScript), a line that is not JSON`;

const bfclCommand: CommandSpec<BfclFlags, []> = {
  name: 'bfcl',
  description:
    "the Berkeley Function Calling Leaderboard's verdict of every entry, reproduced, with toolscore's diagnosis beside it",
  usage: '--questions Q --answers A --results R [options] | --questions Q --answers A --to-gold DIR',
  options: {
    questions: {
      flags: '--questions <path>',
      description: 'questions: a BFCL_v4_<category>.json[l] file, or a folder of them (v1 names too)',
    },
    answers: {
      flags: '--answers <path>',
      description: 'possible answers: a file or folder (not needed for the relevance categories)',
    },
    results: {
      flags: '--results <path>',
      description: "the model's results: a BFCL_v4_<category>_result.json[l] file, or a folder of them",
    },
    output: { flags: '-o, --output <file>', description: 'write the verdicts, one JSON line per entry' },
    summary: { flags: '--summary <file>', description: 'write the per-category counts as JSON' },
    html: { flags: '--html <file>', description: 'write an HTML report' },
    markdown: { flags: '--markdown <file>', description: 'write a Markdown report' },
    jobs: {
      flags: '-j, --jobs <n>',
      description: 'judging threads (default 1: no worker; threads pay off only on runs far larger than BFCL)',
    },
    underscoreToDot: {
      flags: '--no-underscore-to-dot',
      description: "a result name with _ for the offered name's . is not that function",
    },
    toGold: {
      flags: '--to-gold <folder>',
      description: 'write each possible answer as a gold file (<id>.json) into the folder, and judge nothing',
    },
    ...STORE,
    progress: { flags: '--no-progress', description: 'print no progress line on stderr' },
  },
  help: BFCL_EXIT_CODES,
  async run(_args, flags) {
    const { runBfcl } = await import('./commands/bfcl.js');
    return runBfcl(flags);
  },
};

const mergeCommand: CommandSpec<MergeFlags, [string[]]> = {
  name: 'merge',
  description: "combine the results files of a batch's shards into the results, summary and reports of the whole",
  arguments: [['<results...>', 'results files of the shards (or a quoted pattern: "results-*.jsonl")']],
  options: {
    ...BATCH_OUTPUT_OPTIONS,
    minScore: SCORE_OPTIONS.minScore,
    failOnViolations: SCORE_OPTIONS.failOnViolations,
  },
  help: BATCH_EXIT_CODES,
  async run([files], flags) {
    const { runMerge } = await import('./commands/merge.js');
    return runMerge(files, flags);
  },
};

const REGRESSION_EXIT_CODES = `
Exit codes:
  0  nothing regressed
  1  a metric regressed past its threshold, or a safety count (forbidden
     calls, credentials, broken budgets) rose
  2  bad usage or bad input: a missing or malformed baseline or results file,
     a baseline of a newer schema_version, a bad --threshold or --threshold-for,
     a gold file unlike the baseline's under --strict-gold`;

const regressionCommand: CommandSpec<RegressionFlags, [string, string | undefined]> = {
  name: 'regression',
  description: 'compare a trace, or a batch run, with a baseline: fail when a metric or a safety count got worse',
  usage: 'BASELINE TRACE --gold-file GOLD | BASELINE --results RESULTS.jsonl [options]',
  arguments: [
    ['<baseline>', "baseline file (eval --save-baseline; the Python tool's baselines too)"],
    ['[trace]', 'the trace to compare, scored against --gold-file'],
  ],
  options: {
    goldFile: { flags: '-g, --gold-file <file>', description: 'gold standard the trace is scored against' },
    results: { flags: '--results <file>', description: "a batch run's results.jsonl, compared with a batch baseline" },
    threshold: {
      flags: '-t, --threshold <delta>',
      description: 'largest drop allowed, as an absolute delta (0.05 = 5 points of a share; default 0.05)',
    },
    thresholdFor: {
      flags: '--threshold-for <metric=delta>',
      description:
        "one metric's threshold, repeatable (e.g. argument_f1=0.1, failed_calls=2; pass_hat_k=0.1 for every pass^k of runs with trials)",
      repeatable: true,
    },
    strictGold: {
      flags: '--strict-gold',
      description: "fail (exit 2) when the gold file is not the baseline's, instead of warning",
    },
    format: FORMAT,
    forbidden: { flags: '--forbidden <rules>', description: 'JSON file of calls the agent must never make' },
    output: { flags: '-o, --output <file>', description: 'write the comparison as JSON' },
    markdown: { flags: '--markdown <file>', description: 'write the comparison as Markdown, for job summaries' },
    junit: { flags: '--junit <file>', description: 'write JUnit XML, one test case per metric' },
    color: COLOR,
  },
  help: REGRESSION_EXIT_CODES,
  async run([baseline, trace], flags) {
    const { runRegression } = await import('./commands/regression.js');
    return runRegression(baseline, trace, flags);
  },
};

const compareCommand: CommandSpec<CompareFlags, [string[]]> = {
  name: 'compare',
  description:
    'compare models or prompts side by side: the score and each metric, the best, and case by case for batches',
  usage: 'GOLD TRACE TRACE... | --results A.jsonl B.jsonl... [options]',
  arguments: [['<files...>', 'a gold file and the traces of each model, or with --results the results files']],
  options: {
    results: { flags: '--results', description: "the files are batch runs' results.jsonl (one per model)" },
    names: { flags: '--names <a,b,...>', description: 'model names, one per run in order (default: the file stems)' },
    format: FORMAT,
    weight: SCORE_OPTIONS.weight,
    strict: SCORE_OPTIONS.strict,
    output: { flags: '-o, --output <file>', description: 'write the comparison as JSON' },
    markdown: { flags: '--markdown <file>', description: 'write the comparison as Markdown, for job summaries' },
    html: { flags: '--html <file>', description: 'write the comparison as an HTML page with a chart per measure' },
    ...STORE,
    color: COLOR,
  },
  help: `
Exit codes:
  0  compared (a comparison gates nothing)
  2  bad usage or bad input: fewer than two runs, --names of the wrong count or
     with a name twice, two runs with the same file stem and no --names, a file
     that cannot be read, a broken results line`,
  async run([files], flags) {
    const { runCompare } = await import('./commands/compare.js');
    return runCompare(files, flags);
  },
};

const generateCommand: CommandSpec<GenerateFlags> = {
  name: 'generate',
  description: 'write expected calls whose arguments satisfy the tool schemas: normal, boundary and edge cases',
  options: {
    tools: {
      flags: '--tools <file>',
      description:
        'tool definitions: OpenAI tools (with or without the function wrapper), Anthropic tools, an MCP tools/list result',
      required: true,
    },
    n: { flags: '-n <count>', description: 'cases per tool (at most 1,000,000 in all: -n × tools)', default: '10' },
    edgeCases: {
      flags: '--no-edge-cases',
      description: 'normal cases only (by default 60% normal, 20% boundary, 20% edge)',
    },
    seed: { flags: '--seed <text>', description: 'the same seed writes the same file', default: '0' },
    cases: {
      flags: '--cases',
      description: 'write a batch dataset, one case per line ({id, expected, actual: []}), instead of one gold file',
    },
    output: { flags: '-o, --output <file>', description: 'where to write (default: standard output)' },
  },
  help: `
Exit codes:
  0  written
  2  bad usage or bad input: a tools file that is not a catalogue, -n below 1
     or -n × tools above 1,000,000, an output that names the tools file, no
     tool whose schema can be satisfied`,
  async run(_args, flags) {
    const { runGenerate } = await import('./commands/generate.js');
    return runGenerate(flags);
  },
};

const validateCommand: CommandSpec<ValidateFlags, [string]> = {
  name: 'validate',
  description: 'check that a file reads as a gold standard or a trace, and show what is in it',
  arguments: [['<file>', 'gold standard or trace file']],
  options: {
    format: FORMAT,
    kind: {
      flags: '--kind <kind>',
      description: 'read the file as gold, as a trace, or try both',
      choices: ['gold', 'trace', 'auto'],
      default: 'auto',
    },
    all: { flags: '--all', description: 'list every call, not the first five' },
    json: {
      flags: '--json',
      description: 'print what was found as JSON: format, counts, every call (tool, args, result, error), warnings',
    },
    strictGold: STRICT_GOLD,
    explain: EXPLAIN,
    verbose: { flags: '-v, --verbose', description: 'the same as --explain' },
    color: COLOR,
  },
  help: '\nExit codes:\n  0  the file is valid\n  2  it is not (the reason is printed), or bad usage',
  async run([file], flags) {
    const { runValidate } = await import('./commands/validate.js');
    return runValidate(file, flags);
  },
};

const goldCommand: CommandSpec<GoldFlags> = {
  name: 'gold',
  description:
    'write a first gold file from a recorded trace (or convert an ADK eval set), to review and then score later runs against',
  usage: '--from-trace TRACE [-o GOLD] [options] | --from-adk EVALSET [-o GOLD | --out-dir DIR] [options]',
  options: {
    fromTrace: { flags: '--from-trace <file>', description: 'the trace to take the calls from' },
    fromAdk: {
      flags: '--from-adk <file>',
      description:
        "an ADK eval set (*.evalset.json) or *.test.json eval data: each eval case's invocations become the turns of a gold file",
    },
    format: FORMAT,
    output: { flags: '-o, --output <file>', description: 'where to write the gold file (default: stdout)' },
    outDir: {
      flags: '--out-dir <folder>',
      description: 'with --from-adk: write one gold file per eval case into the folder, named by its eval_id',
    },
    args: {
      flags: '--args <mode>',
      description:
        'exact: arguments as recorded (timestamps and ids as patterns); keys: argument names and JSON types; none: not checked',
      choices: ['exact', 'keys', 'none'],
      default: 'exact',
    },
    color: COLOR,
  },
  help: '\nCredentials in the arguments become $regex shapes, as in snapshots.\n\nExit codes:\n  0  the gold file was written\n  2  bad usage, a trace that cannot be read, an output path that names the trace, or an eval set of several cases without --out-dir',
  async run(_, flags) {
    const { runGold } = await import('./commands/gold.js');
    return runGold(flags);
  },
};

const snapshotsListCommand: CommandSpec<SnapshotDirFlags & { pending?: boolean }> = {
  name: 'snapshots list',
  description: 'list snapshots: approved or pending, name, call count and file',
  options: { pending: { flags: '--pending', description: 'only snapshots waiting for approval' }, ...SNAPSHOT_DIR },
  async run(_, flags) {
    const { runSnapshotsList } = await import('./commands/snapshots.js');
    return runSnapshotsList(flags);
  },
};

const snapshotsShowCommand: CommandSpec<SnapshotDirFlags, [string]> = {
  name: 'snapshots show',
  description: 'show one snapshot: its file, state and calls',
  arguments: [['<name>', 'snapshot name (or its file name)']],
  options: SNAPSHOT_DIR,
  help: SNAPSHOT_EXIT_CODES,
  async run([name], flags) {
    const { runSnapshotsShow } = await import('./commands/snapshots.js');
    return runSnapshotsShow(name, flags);
  },
};

const snapshotsRemoveCommand: CommandSpec<SnapshotDirFlags & { yes?: boolean }, [string]> = {
  name: 'snapshots rm',
  description: 'delete a snapshot',
  arguments: [['<name>', 'snapshot name (or its file name)']],
  options: { yes: { flags: '-y, --yes', description: 'do not ask for confirmation' }, ...SNAPSHOT_DIR },
  help: SNAPSHOT_EXIT_CODES,
  async run([name], flags) {
    const { runSnapshotsRemove } = await import('./commands/snapshots.js');
    return runSnapshotsRemove(name, flags);
  },
};

const runsListCommand: CommandSpec<RunsListFlags> = {
  name: 'runs list',
  description: 'list the kept runs, newest first: when, command, branch and commit, cases, mean score, verdicts',
  options: {
    command: {
      flags: '--command <name>',
      description: 'only runs of this command',
      choices: STORED_COMMANDS,
    },
    branch: { flags: '--branch <name>', description: 'only runs made on this git branch' },
    gold: { flags: '--gold <path>', description: 'only runs of this gold file or dataset, as it was given' },
    limit: { flags: '--limit <n>', description: 'show at most n runs (default 20)' },
    offset: { flags: '--offset <n>', description: 'skip the n newest runs first' },
    json: { flags: '--json', description: 'print the page as JSON: {total, items}' },
    ...RUNS_STORE,
  },
  help: RUNS_EXIT_CODES,
  async run(_, flags) {
    const { runRunsList } = await import('./commands/runs.js');
    return runRunsList(flags);
  },
};

const runsShowCommand: CommandSpec<RunsShowFlags, [string]> = {
  name: 'runs show',
  description: 'show one kept run: where it came from, its options, numbers and lowest-scoring cases',
  arguments: [['<id>', 'the run id, as runs list shows it']],
  options: {
    json: { flags: '--json', description: 'print the run as JSON (options and summary included)' },
    ...RUNS_STORE,
  },
  help: RUNS_EXIT_CODES,
  async run([id], flags) {
    const { runRunsShow } = await import('./commands/runs.js');
    return runRunsShow(id, flags);
  },
};

const runsDeleteCommand: CommandSpec<StoreFlags, [string[]]> = {
  name: 'runs delete',
  description: 'delete kept runs and their cases (every id must name a run, or nothing is deleted)',
  arguments: [['<ids...>', 'run ids, as runs list shows them']],
  options: RUNS_STORE,
  help: RUNS_EXIT_CODES,
  async run([ids], flags) {
    const { runRunsDelete } = await import('./commands/runs.js');
    return runRunsDelete(ids, flags);
  },
};

const runsPruneCommand: CommandSpec<RunsPruneFlags> = {
  name: 'runs prune',
  description: 'delete all but the newest kept runs',
  options: {
    keep: { flags: '--keep <n>', description: 'how many of the newest runs to keep', required: true },
    ...RUNS_STORE,
  },
  help: RUNS_EXIT_CODES,
  async run(_, flags) {
    const { runRunsPrune } = await import('./commands/runs.js');
    return runRunsPrune(flags);
  },
};

const approveCommand: CommandSpec<SnapshotDirFlags & { all?: boolean }, [string[]]> = {
  name: 'approve',
  description: 'approve recorded snapshots, so test runs replay them as the gold standard',
  arguments: [['[names...]', 'snapshot names (or file names)']],
  options: { all: { flags: '--all', description: 'approve every pending snapshot' }, ...SNAPSHOT_DIR },
  help: SNAPSHOT_EXIT_CODES,
  async run([names], flags) {
    const { runApprove } = await import('./commands/approve.js');
    return runApprove(names, flags);
  },
};

const recordCommand: CommandSpec<RecordFlags, [string[]]> = {
  name: 'record',
  description: 'record a snapshot from a trace file, or run a test command in record mode',
  usage: '--from-trace FILE --name NAME [--format F] [--update] | [--update] -- CMD...',
  arguments: [['[command...]', 'command to run in record mode, after --']],
  options: {
    fromTrace: { flags: '--from-trace <file>', description: 'trace file to record the snapshot from' },
    name: { flags: '--name <name>', description: 'name of the snapshot to record' },
    format: FORMAT,
    update: {
      flags: '--update',
      description: 're-record an existing snapshot and approve it (a test run: TOOLSCORE_UPDATE=1); never in CI',
    },
    ...SNAPSHOT_DIR,
  },
  help: SNAPSHOT_EXIT_CODES,
  async run([command], flags) {
    const { runRecord } = await import('./commands/record.js');
    return runRecord(command, flags);
  },
};

const mcpListCommand: CommandSpec<McpListFlags, [string[]]> = {
  name: 'mcp list',
  description: 'list the tools a server offers',
  arguments: [SERVER_ARGUMENT],
  options: {
    ...MCP_TARGET,
    json: { flags: '--json', description: 'print the tools/list result as JSON (usable as eval --tools)' },
  },
  help: MCP_EXIT_CODES,
  async run([words], flags) {
    const { runMcpList } = await import('./commands/mcp-list.js');
    return runMcpList(words, flags);
  },
};

const mcpLintCommand: CommandSpec<McpLintFlags, [string[]]> = {
  name: 'mcp lint',
  description:
    'check tool definitions and instructions: descriptions, schemas, names, hidden characters, tool poisoning',
  arguments: [SERVER_ARGUMENT],
  options: { ...MCP_TARGET, json: { flags: '--json', description: 'print the issues as JSON' }, color: COLOR },
  help: MCP_EXIT_CODES,
  async run([words], flags) {
    const { runMcpLint } = await import('./commands/mcp-lint.js');
    return runMcpLint(words, flags);
  },
};

const mcpTestCommand: CommandSpec<McpTestFlags, [string[]]> = {
  name: 'mcp test',
  description: 'grade a server: generated valid and invalid calls, lint, latency and token cost, ranked fixes',
  arguments: [SERVER_ARGUMENT],
  options: {
    ...MCP_TARGET,
    cases: { flags: '--cases <n>', description: 'valid-input scenarios per tool', default: '3' },
    edgeCases: { flags: '--no-edge-cases', description: 'do not send invalid input' },
    readOnly: {
      flags: '--read-only',
      description:
        'call only tools annotated readOnlyHint (by default every tool not annotated destructiveHint is called, write tools included)',
    },
    allowDestructive: { flags: '--allow-destructive', description: 'also call tools annotated destructiveHint' },
    report: { flags: '--report <kind>', description: 'write a report file (with -o)', choices: ['md', 'json'] },
    output: { flags: '-o, --output <file>', description: 'where --report goes' },
    failUnder: {
      flags: '--fail-under <grade>',
      description: 'exit 1 when the grade is worse than this (A-F), or the score below this number in [0, 1]',
    },
    ci: {
      flags: '--ci',
      description:
        'append the scorecard to $GITHUB_STEP_SUMMARY; without --fail-under, exit 1 on any lint error or failed scenario',
    },
    color: COLOR,
  },
  help: `${MCP_TEST_CALLS}\n${MCP_EXIT_CODES}`,
  async run([words], flags) {
    const { runMcpTest } = await import('./commands/mcp-test.js');
    return runMcpTest(words, flags);
  },
};

const { url: _remoteServer, timeout: _timeout, startupTimeout: _startupTimeout, ...MCP_RECORD_TARGET } = MCP_TARGET;

const mcpRecordCommand: CommandSpec<McpRecordFlags, [string[]]> = {
  name: 'mcp record',
  description: 'sit between an MCP client and a stdio server and record its tool calls, for toolscore eval',
  arguments: [SERVER_ARGUMENT],
  options: {
    ...MCP_RECORD_TARGET,
    output: {
      flags: '-o, --output <file>',
      description: 'the session file to write (rewritten after every call)',
      required: true,
    },
  },
  help: '\nPut "toolscore mcp record -o session.json -- CMD ARGS..." where your MCP client launches the server,\nthen score the session with "toolscore eval gold.json session.json".\n\nExit status: the server\'s (128+N when killed by signal N); 1 when it could not be started; 2 bad usage.',
  async run([words], flags) {
    const { runMcpRecord } = await import('./commands/mcp-record.js');
    return runMcpRecord(words, flags);
  },
};

const viewCommand: CommandSpec<ViewFlags> = {
  name: 'view',
  description: 'browse the kept runs on this machine: runs over time, one run, one case, two runs compared (read-only)',
  options: {
    ...RUNS_STORE,
    port: { flags: '--port <port>', description: 'listen on this port of 127.0.0.1 (default: a free one)' },
    watch: { flags: '--watch', description: 'reload the open page when a run is kept' },
    export: {
      flags: '--export <dir>',
      description: 'write the pages as a static site into a new or empty folder (or an earlier export), and exit',
    },
    open: { flags: '--no-open', description: 'do not open the browser (it is not opened under CI either)' },
  },
  help: `
Serves on 127.0.0.1 only, at a URL with a random token (printed, and opened in the browser): other
machines, other sites in the browser and requests without the token are refused. Ctrl+C stops it.

Exit codes:
  0  stopped, or the site exported
  2  bad usage or bad input: no store there yet, a file that is not a store, a
     store of a newer toolscore, a locked file, a server that cannot be
     reached, a port in use, an --export folder that holds other files`,
  async run(_, flags) {
    const { runView } = await import('./commands/view.js');
    return runView(flags);
  },
};

const demoCommand: CommandSpec<DemoFlags> = {
  name: 'demo',
  description: 'grade the bundled sample MCP server (with deliberate flaws): no key, no network, no setup',
  options: {
    report: { flags: '--report <kind>', description: 'also write a report file (with -o)', choices: ['md', 'json'] },
    output: { flags: '-o, --output <file>', description: 'where --report goes' },
    color: COLOR,
  },
  async run(_, flags) {
    const { runDemo } = await import('./commands/demo.js');
    return runDemo(flags);
  },
};

const initCommand: CommandSpec<InitFlags> = {
  name: 'init',
  description: 'set a project up: a first test of its agent stack that passes at once, its snapshot, and a CI workflow',
  options: {
    framework: {
      flags: '--framework <name>',
      description:
        'agent stack (default: from package.json): vercel-ai, openai-agents, langgraph, langchain, anthropic, openai, gemini, mastra, mcp or generic',
    },
    runner: {
      flags: '--runner <runner>',
      description:
        'test runner (default: vitest or jest when a dependency or the test script, else node): vitest, jest or node',
    },
    dir: {
      flags: '--dir <folder>',
      description:
        'folder of the test file (default: test/ or tests/ when present, else test/); a relative one stays inside the project',
    },
    yes: {
      flags: '-y, --yes',
      description: 'ask nothing, take what was detected (off a terminal nothing is asked anyway)',
    },
    ci: { flags: '--no-ci', description: 'write no GitHub Actions workflow' },
    force: { flags: '--force', description: 'overwrite files that are already there' },
  },
  help: `
Writes, from the current folder: the test (toolscore.test.ts in a TypeScript project under Vitest,
else toolscore.test.mjs; in --dir), .toolscore/snapshots/ with its approved snapshot, and
.github/workflows/toolscore.yml.

Exit codes:
  0  written
  1  a file is already there (each is named) and --force was not given, or the questions were
     cancelled (Ctrl+C, Ctrl+D); nothing was written
  2  bad usage: an unknown --framework or --runner, a package.json that cannot be read`,
  async run(_, flags) {
    const { runInit } = await import('./commands/init.js');
    return runInit(flags);
  },
};

/** The commands in the order `toolscore --help` lists them; each checked against its own flags above. */
// biome-ignore lint/suspicious/noExplicitAny: a list of commands whose flags differ
export const COMMANDS: readonly CommandSpec<any, any>[] = [
  evalCommand,
  batchCommand,
  runCommand,
  mergeCommand,
  bfclCommand,
  regressionCommand,
  compareCommand,
  runsListCommand,
  runsShowCommand,
  runsDeleteCommand,
  runsPruneCommand,
  generateCommand,
  validateCommand,
  goldCommand,
  snapshotsListCommand,
  snapshotsShowCommand,
  snapshotsRemoveCommand,
  approveCommand,
  recordCommand,
  mcpListCommand,
  mcpLintCommand,
  mcpTestCommand,
  mcpRecordCommand,
  viewCommand,
  demoCommand,
  initCommand,
];
