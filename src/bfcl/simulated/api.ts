/**
 * The shape every simulated API of the leaderboard's multi-turn categories has in toolscore (one file per
 * Python module of gorilla `multi_turn_eval/func_source_code/`, ported rule for rule). The executor
 * (`execute_multi_turn_func_call`) makes one instance per class per side, loads its scenario once, calls
 * its methods turn after turn, and the state check compares the instances' public attributes.
 */
import type { PyData, PyDict } from './py.js';

/** The arguments of one call as Python binds them: positional ones in order, then keywords. */
export interface PyArguments {
  positional: readonly PyData[];
  /** In the order written; a keyword the method does not take is Python's TypeError. */
  keywords: ReadonlyMap<string, PyData>;
}

export interface SimulatedApi {
  /** The Python class name (`GorillaFileSystem`, `TwitterAPI`), as `involved_classes` names it. */
  readonly className: string;
  /**
   * Python's `_load_scenario(copy.deepcopy(initial_config.get(class_name, {})), long_context=...)`;
   * never called for the stateless `MathAPI`. The config is the entry's JSON as Python's `json.loads`
   * gives it (objects as `PyDict`s with str keys).
   */
  loadScenario(config: PyDict, longContext: boolean): void;
  /** The public methods (Python: `inspect.getmembers(instance, inspect.ismethod)` without a leading `_`). */
  readonly methods: readonly string[];
  /**
   * Calls a public method as Python would: binds the arguments to the method's parameters (defaults
   * filled in; a missing, unexpected or doubled argument is the `TypeError` Python raises, with Python's
   * message), runs it, and returns what it returns. Exceptions are thrown as `PyException`s.
   */
  call(method: string, args: PyArguments): PyData;
  /**
   * `vars(self)` without the keys starting with `_`, in attribute order: what `state_checker` compares
   * with `!=` and prints when the states differ.
   */
  publicAttributes(): [string, PyData][];
}

/** Makes a fresh instance, as Python's `class_()` does. */
export type SimulatedApiFactory = () => SimulatedApi;
