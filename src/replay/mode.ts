import { ToolscoreInputError } from '../core/errors.js';
import type { Environment } from '../core/types.js';

/**
 * How a cassette treats a call:
 * - `record`: every call runs for real and the cassette is recorded afresh (the old file is replaced);
 * - `replay`: a recorded call is answered from the cassette; one it does not hold runs for real and is
 *   added to it, so a cassette grows with the agent instead of breaking on the first new call;
 * - `strict`: a recorded call is answered from the cassette; one it does not hold fails, naming the tool
 *   and its arguments (or the model request), and nothing runs for real: CI stays offline and free;
 * - `off`: every call runs for real and no file is read or written.
 */
export type ReplayMode = 'record' | 'replay' | 'strict' | 'off';

export const REPLAY_MODES: readonly ReplayMode[] = ['record', 'replay', 'strict', 'off'];

/** The environment variable that sets the mode (`toolscore run --replay` sets it for the agent's process). */
export const REPLAY_MODE_VARIABLE = 'TOOLSCORE_REPLAY';

/** The environment variable that sets the folder of cassettes. */
export const CASSETTES_VARIABLE = 'TOOLSCORE_CASSETTES';

/** Where cassettes live unless told otherwise, relative to the working folder. */
export const DEFAULT_CASSETTES_DIR = '.toolscore/cassettes';

/** Where cassettes are and how they are used. */
export interface ReplaySettings {
  mode: ReplayMode;
  /** The folder holding one cassette file per case. */
  dir: string;
}

/**
 * The replay settings of this process: `TOOLSCORE_REPLAY` (record, replay, strict or off; `off` when
 * unset or empty) and `TOOLSCORE_CASSETTES` (the folder; `.toolscore/cassettes` when unset or empty).
 * A mode it does not know is an input error naming the variable and the modes it takes.
 */
export function replayFromEnv(env: Environment = process.env): ReplaySettings {
  const mode = (env[REPLAY_MODE_VARIABLE] ?? '').trim().toLowerCase() || 'off';
  if (!(REPLAY_MODES as readonly string[]).includes(mode))
    throw new ToolscoreInputError(
      { source: REPLAY_MODE_VARIABLE },
      `expected one of ${REPLAY_MODES.join(', ')}, got ${JSON.stringify(env[REPLAY_MODE_VARIABLE])}`,
    );
  return { mode: mode as ReplayMode, dir: env[CASSETTES_VARIABLE]?.trim() || DEFAULT_CASSETTES_DIR };
}
