import { DEFAULT_LIMITS } from '../core/limits.js';
import type { ExpectedCall, Gold, GoldInput, GoldTurn } from '../core/types.js';
import { readCheckedGold } from '../io/gold-check.js';

/*
 * A gold standard read once: decoded (`$` operators made matchers), checked (unknown keys, swapped
 * files) and frozen, for the many evaluations that score traces against the same gold. `evaluate()`
 * given a compiled gold reads nothing again, so the per-case cost is the scoring alone.
 */

/** Options of `compileGold()`: those of `evaluate()` that change how a gold reads. */
export interface CompileGoldOptions {
  /** An unknown key throws an `UnknownGoldKeyError` instead of becoming a warning (as `evaluate({strictGold})`). */
  strictGold?: boolean;
  /** Deepest nesting of arguments (default `DEFAULT_LIMITS.maxDepth`, as `evaluate({limits: {maxDepth}})`). */
  maxDepth?: number;
  /** Name of the gold in messages (default `expected`). */
  source?: string;
}

/**
 * A gold standard decoded, checked and frozen by `compileGold()`. Give it as `evaluate({expected})`; an
 * evaluation with other reading options (`strictGold`, `limits.maxDepth`) reads `input` again instead.
 */
export class CompiledGold {
  /** The gold as scoring reads it. */
  readonly gold: Readonly<Gold>;
  /** What reading it warned about (unknown keys, a gold that looks like a trace), as `result.warnings` lines. */
  readonly warnings: readonly string[];
  /** The gold as given (argument objects without operators are shared with it: do not change it). */
  readonly input: GoldInput;
  readonly strictGold: boolean;
  readonly maxDepth: number;
  readonly source: string;

  /** @internal Made by `compileGold()`. */
  constructor(gold: Gold, warnings: readonly string[], input: GoldInput, options: Required<CompileGoldOptions>) {
    this.gold = freezeGold(gold);
    this.warnings = Object.freeze([...warnings]);
    this.input = input;
    this.strictGold = options.strictGold;
    this.maxDepth = options.maxDepth;
    this.source = options.source;
    Object.freeze(this);
  }

  /** Whether evaluating with these reading options gives what reading `input` with them would. */
  readsAs(strictGold: boolean, maxDepth: number, source: string): boolean {
    return strictGold === this.strictGold && maxDepth === this.maxDepth && source === this.source;
  }
}

/**
 * Reads a gold standard (every form `evaluate({expected})` takes) once: its `$` operators become
 * matchers, its keys are checked and its any-order groups sorted. Throws as `evaluate()` would on bad gold.
 */
export function compileGold(expected: GoldInput, options: CompileGoldOptions = {}): CompiledGold {
  const settings: Required<CompileGoldOptions> = {
    strictGold: options.strictGold === true,
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    source: options.source ?? 'expected',
  };
  const warnings: string[] = [];
  const gold = readCheckedGold(expected, settings.source, {
    strictGold: settings.strictGold,
    warnings,
    maxDepth: settings.maxDepth,
  });
  return new CompiledGold(gold, warnings, expected, settings);
}

/**
 * Freezes what reading made: the gold record, its lists, calls, options and turns. Argument values
 * are left as they are: those without operators are the caller's own objects.
 */
function freezeGold(gold: Gold): Gold {
  const freezeCalls = (calls: ExpectedCall[]): void => {
    for (const call of calls) {
      if (call.alternatives) Object.freeze(call.alternatives);
      Object.freeze(call);
    }
    Object.freeze(calls);
  };
  freezeCalls(gold.calls);
  Object.freeze(gold.options);
  if (gold.turns) {
    for (const turn of gold.turns as GoldTurn[]) {
      freezeCalls(turn.calls);
      Object.freeze(turn.options);
      Object.freeze(turn);
    }
    Object.freeze(gold.turns);
  }
  return Object.freeze(gold);
}
