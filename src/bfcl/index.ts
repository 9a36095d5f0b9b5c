/**
 * `toolscore/bfcl`: the Berkeley Function Calling Leaderboard's verdicts, reproduced, beside
 * toolscore's diagnosis of every entry; and its possible answers as gold files.
 */
export { evaluateBfcl, type BfclOptions, type BfclRun } from './run.js';
export { planBfclRun, type BfclSources } from './files.js';
export { bfclGold, type BfclGold } from './gold.js';
export type {
  BfclCategorySummary,
  BfclErrorLine,
  BfclLine,
  BfclSummary,
  BfclTurnsLine,
  BfclVerdictLine,
  Ruleset,
} from './types.js';
export { bfclGoldFiles, type BfclGoldFile } from './to-gold.js';
export type { BfclGoldTurn, BfclTurnsGold } from './multi-turn.js';
export { renderBfclConsole, renderBfclHtml, renderBfclMarkdown } from './report.js';
