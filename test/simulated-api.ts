import { parsePythonCall } from '../src/bfcl/python-calls.js';
import { PyFloat, type PyValue } from '../src/bfcl/python-values.js';
import type { SimulatedApi } from '../src/bfcl/simulated/api.js';
import { type PyData, PyDict, PyException, pyRepr } from '../src/bfcl/simulated/py.js';

/**
 * Replays calls on a simulated API as `/tmp/h37b/replay.py` (kept below) does on the Python class, so a
 * test compares its outputs with what python3 printed: `repr()` of each result, or `Class: str(e)` of
 * the exception, then `[name, repr(value)]` of the public attributes after the last call.
 *
 * # python3 replay.py <module> <Class> <long_context 0|1> <scenario json> <calls json>
 * import copy, importlib, json, sys
 * sys.path.insert(0, '/tmp/gorilla/berkeley-function-call-leaderboard')
 * module, cls, long_context, scenario, calls = sys.argv[1:6]
 * api = getattr(importlib.import_module('bfcl_eval.eval_checker.multi_turn_eval.func_source_code.' + module), cls)()
 * api._load_scenario(copy.deepcopy(json.loads(scenario)), long_context=long_context == '1')
 * out = []
 * for call in json.loads(calls):
 *     try:
 *         out.append(repr(eval('api.' + call)))
 *     except Exception as e:
 *         out.append(f'{type(e).__name__}: {e}')
 * out.append([[k, repr(v)] for k, v in vars(api).items() if not k.startswith('_')])
 * print(json.dumps(out, indent=1, ensure_ascii=False))
 *
 * (/tmp/gorilla is `git -C /work/.mirror/ShishirPatil+gorilla/repo archive HEAD
 * berkeley-function-call-leaderboard/bfcl_eval/eval_checker/multi_turn_eval | tar -x -C /tmp/gorilla`.)
 */
export function replay(api: SimulatedApi, calls: readonly string[]): (string | [string, string][])[] {
  const out: (string | [string, string][])[] = calls.map((text) => {
    const call = parsePythonCall(text, 'test');
    try {
      return pyRepr(
        api.call(call.name, {
          positional: call.positional.map(pyData),
          keywords: new Map(Object.entries(call.keywords).map(([name, value]) => [name, pyData(value)])),
        }),
      );
    } catch (error) {
      if (error instanceof PyException) return `${error.pyClass}: ${error.message}`;
      throw error;
    }
  });
  out.push(api.publicAttributes().map(([name, value]) => [name, pyRepr(value)]));
  return out;
}

/** A JSON value as `json.loads` gives it to Python: objects as dicts (floats stay `PyFloat`s). */
export function pyData(value: PyValue | unknown): PyData {
  if (Array.isArray(value)) return value.map(pyData);
  if (value instanceof PyFloat || value instanceof PyDict) return value;
  if (value !== null && typeof value === 'object')
    return new PyDict(Object.entries(value).map(([key, item]) => [key, pyData(item)]));
  return value as PyData;
}

/** A scenario written as Python would read it from JSON: `f(1.0)` marks a float. */
export function scenario(value: Record<string, unknown>): PyDict {
  return pyData(value) as PyDict;
}

/** A dict in the order written (a JS object would move digit keys such as `"777"` first). */
export function dict(entries: [string, unknown][]): PyDict {
  return new PyDict(entries.map(([key, value]) => [key, pyData(value)]));
}

export function f(value: number): PyFloat {
  return new PyFloat(value);
}
