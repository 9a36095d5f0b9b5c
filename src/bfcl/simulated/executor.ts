/**
 * The leaderboard's `execute_multi_turn_func_call` (gorilla `multi_turn_eval/multi_turn_utils.py`),
 * ported rule for rule: one instance per involved class and side, made and loaded with the entry's
 * `initial_config` the first time the side runs calls and kept across turns; each call's text has its
 * method names prefixed with their instance's name (`_process_method_calls`), is refused when it names
 * a forbidden function, and is run as Python's `eval` would run it; each result becomes a string as
 * Python turns it into one (a str as it is, a dict through `json.dumps`, anything else `str()`), and an
 * exception the text `Error during execution: <str(e)>`.
 */
import { UncheckableEntry } from '../checker.js';
import { type PythonCall, parsePythonCall } from '../python-calls.js';
import type { PyValue } from '../python-values.js';
import type { SimulatedApi, SimulatedApiFactory } from './api.js';
import { PyDict, type PyData, PyException, jsonDumps, pyData, pyStr } from './py.js';
import { SIMULATED_APIS, STATELESS_CLASSES } from './registry.js';

/** What the executor needs of a multi-turn question. */
export interface Scenario {
  id: string;
  /** `initial_config` as `json.loads` gave it: each side loads its own deep copy. */
  initialConfig: { [className: string]: PyValue };
  involvedClasses: readonly string[];
  /** `"long_context" in test_category`: the APIs load their long variants. */
  longContext: boolean;
}

/** Function names the leaderboard refuses to `eval`, whatever they would call. */
const FORBIDDEN = ['kill', 'exit', 'quit', 'remove', 'unlink', 'popen', 'Popen', 'run'];

/**
 * `_process_method_calls`' pattern, `\b([a-zA-Z_]\w*)\s*(?=\()` with Python's Unicode `\w`: a name
 * followed by `(`, anywhere in the text (inside string literals too, as Python's `re.sub` does).
 */
const CALLED_NAME = /(?<![\p{L}\p{N}_])([a-zA-Z_][\p{L}\p{N}_]*)\s*(?=\()/gu;

/** Python's keywords: `f(from='a')` is a SyntaxError, and the leaderboard records its message. */
const KEYWORDS = new Set(
  'and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/**
 * Names `eval` finds in `multi_turn_utils`' globals or in Python's builtins: a call to one would run
 * Python itself, which toolscore does not; the entry is reported as not judged rather than guessed.
 */
const PYTHON_NAMES = new Set(
  'copy importlib inspect json re CLASS_FILE_PATH_MAPPING STATELESS_CLASSES execute_multi_turn_func_call is_empty_execute_response _process_method_calls abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__ True False None'.split(
    ' ',
  ),
);

/** `type(result) == str` as it is, `dict` through `json.dumps` (its `str()` when not serializable), else `str()`. */
export function resultText(result: PyData): string {
  if (typeof result === 'string') return result;
  if (result instanceof PyDict) {
    try {
      return jsonDumps(result);
    } catch (error) {
      if (error instanceof PyException) return pyStr(result);
      throw error;
    }
  }
  return pyStr(result);
}

/**
 * An error that is not Python's (a value of a shape the port does not expect, which Python would meet
 * with an exception whose message toolscore does not know): the entry is reported as not judged. A
 * stack overflow and toolscore's own reasons pass through.
 */
function notPython(error: unknown, doing: string): unknown {
  if (error instanceof UncheckableEntry || (error instanceof RangeError && /call stack/i.test(error.message)))
    return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new UncheckableEntry(`${doing} fails in toolscore's port (${reason}); what Python raises there is not known`);
}

/**
 * One side's instances of an entry (the model's or the ground truth's): what Python keeps in
 * `globals()` under `<model>_<entry id>_<class>_instance` from one turn to the next.
 */
export class SimulatedSide {
  /** `involved_instances`: class name → instance, in `involved_classes` order; empty until the first run. */
  readonly instances = new Map<string, SimulatedApi>();
  private readonly byName = new Map<string, SimulatedApi>();
  /** `class_method_name_mapping`: method → instance name (a later class's method of the same name wins). */
  private readonly owners = new Map<string, string>();

  /**
   * @param side the model name part of the instances' names (`<model>_eval` or `<model>_ground_truth_eval`
   *   in the leaderboard); it only shows where a call's text names a method inside a string literal.
   */
  constructor(
    private readonly scenario: Scenario,
    private readonly side: string,
    private readonly apis: ReadonlyMap<string, SimulatedApiFactory> = SIMULATED_APIS,
  ) {}

  /** `execute_multi_turn_func_call(func_call_list, …)`: the result of each call, as text. */
  execute(calls: readonly string[]): string[] {
    this.start();
    return calls.map((call) => {
      try {
        return resultText(this.run(call));
      } catch (error) {
        if (error instanceof PyException) return `Error during execution: ${error.message}`;
        throw notPython(error, `running ${JSON.stringify(call)}`);
      }
    });
  }

  /** Makes and loads every involved class's instance the first time; later runs find them (Python's `globals()`). */
  private start(): void {
    if (this.instances.size > 0) return;
    for (const className of this.scenario.involvedClasses) {
      const factory = this.apis.get(className);
      if (factory === undefined)
        throw new UncheckableEntry(`involves ${className}, a simulated API toolscore does not have`);
      const api = factory();
      if (!STATELESS_CLASSES.has(className)) {
        // `copy.deepcopy(initial_config.get(class_name, {}))`: pyData builds a fresh copy every time.
        const config = Object.hasOwn(this.scenario.initialConfig, className)
          ? pyData(this.scenario.initialConfig[className] as PyValue)
          : new PyDict();
        if (!(config instanceof PyDict))
          throw new UncheckableEntry(`its initial_config of ${className} is not an object`);
        try {
          api.loadScenario(config, this.scenario.longContext);
        } catch (error) {
          // Python's run stops there too: no verdict for the entry.
          if (error instanceof PyException)
            throw new UncheckableEntry(
              `its initial_config of ${className} does not load: Python raises ${error.pyClass}: ${error.message}`,
            );
          throw notPython(error, `loading its initial_config of ${className}`);
        }
      }
      const name = `${this.side}_${this.scenario.id}_${className}_instance`.replace(/[-./:]/g, '_');
      this.instances.set(className, api);
      this.byName.set(name, api);
      for (const method of api.methods) if (!method.startsWith('_')) this.owners.set(method, name);
    }
  }

  /** One call's text, prefixed, checked and evaluated: what `eval(func_call)` returns, or the exception it raises. */
  private run(text: string): PyData {
    const processed = text.replace(CALLED_NAME, (_, name: string) => {
      const owner = this.owners.get(name);
      return owner === undefined ? name : `${owner}.${name}`;
    });
    let head = processed.split('(')[0]!;
    if (head.includes('.')) head = head.split('.')[1]!;
    if (FORBIDDEN.includes(head)) throw new PyException('Exception', `Function call ${head} is not allowed.`);
    const call = this.parse(processed);
    const [first, ...rest] = call.name.split('.') as [string, ...string[]];
    const api = this.byName.get(first);
    if (api === undefined) {
      if (PYTHON_NAMES.has(first) || /^[A-Z]\w*(?:Error|Exception|Warning)$/.test(first))
        throw new UncheckableEntry(`calls ${JSON.stringify(text)}, which runs Python's own ${first}`);
      throw new PyException('NameError', `name '${first}' is not defined`);
    }
    if (rest.length !== 1) throw new UncheckableEntry(`calls ${JSON.stringify(text)}, an attribute of a method`);
    return api.call(rest[0]!, {
      positional: call.positional.map(pyData),
      keywords: new Map(Object.entries(call.keywords).map(([name, value]) => [name, pyData(value)])),
    });
  }

  private parse(text: string): PythonCall {
    let call: PythonCall;
    try {
      call = parsePythonCall(text, `entry ${this.scenario.id}`);
    } catch (error) {
      throw new UncheckableEntry(error instanceof Error ? error.message : String(error));
    }
    for (const keyword of Object.keys(call.keywords)) {
      // CPython's message for a keyword argument named by a keyword (`f(from='a')`).
      if (KEYWORDS.has(keyword)) throw new PyException('SyntaxError', 'invalid syntax (<string>, line 1)');
      // `f(True=1)` is another SyntaxError, whose message toolscore does not reproduce.
      if (keyword === 'True' || keyword === 'False' || keyword === 'None')
        throw new UncheckableEntry(`calls ${JSON.stringify(text)}, a keyword argument named ${keyword}`);
    }
    return call;
  }
}
