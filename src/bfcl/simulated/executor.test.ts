import { describe, expect, test } from 'vitest';
import { UncheckableEntry } from '../checker.js';
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { SimulatedSide, resultText } from './executor.js';
import { PyDict, PyException, PyFloat, type PyData, type PyObject, dictGet } from './py.js';

const file: PyObject = { pyClass: 'File', pyEq: () => false, pyRepr: () => '<<File: a.txt, Content: x>>' };

/**
 * A made-up API in the leaderboard's manner (gorilla's APIs are ported in their own files): notes kept
 * in a list, loaded from the config's `notes`; `add(text)` appends, `show()` returns a dict, `count()`
 * an int, `run()` exists to be refused.
 */
function noteApi(loads: PyDict[]): SimulatedApiFactory {
  return (): SimulatedApi => {
    let notes: PyData[] = [];
    const methods: Record<string, (args: PyArguments) => PyData> = {
      add: (args) => {
        const text = args.keywords.get('text') ?? args.positional[0];
        if (text === undefined)
          throw new PyException('TypeError', "NoteAPI.add() missing 1 required positional argument: 'text'");
        notes.push(text);
        return null;
      },
      count: () => notes.length,
      show: () => PyDict.of({ notes: [...notes], ratio: new PyFloat(0.5), name: 'é' }),
      file: () => PyDict.of({ file }),
      list: () => [...notes],
      run: () => 'ran',
    };
    return {
      className: 'NoteAPI',
      methods: Object.keys(methods),
      loadScenario(config) {
        loads.push(config);
        const given = dictGet(config, 'notes');
        notes = given === undefined ? [] : (given.value as PyData[]);
      },
      call(method, args) {
        return methods[method]!(args);
      },
      publicAttributes: () => [['notes', notes]],
    };
  };
}

function side(loads: PyDict[] = [], config: Record<string, unknown> = { NoteAPI: { notes: ['first'] } }) {
  return new SimulatedSide(
    { id: 'mt_0', initialConfig: config as never, involvedClasses: ['NoteAPI', 'MathAPI'], longContext: false },
    'model_eval',
    new Map([
      ['NoteAPI', noteApi(loads)],
      [
        'MathAPI',
        () => ({
          className: 'MathAPI',
          methods: ['mean'],
          loadScenario: () => {
            throw new Error('a stateless class is never loaded');
          },
          call: () => new PyFloat(2),
          publicAttributes: () => [],
        }),
      ],
    ]),
  );
}

describe('execute_multi_turn_func_call, ported', () => {
  test('results become text as Python makes them: str as is, dict through json.dumps, anything else str()', () => {
    const results = side().execute([
      "add(text='second')",
      'show()',
      'count()',
      'list()',
      'mean(numbers=[1, 3])',
      'file()',
    ]);
    expect(results).toEqual([
      'None',
      '{"notes": ["first", "second"], "ratio": 0.5, "name": "\\u00e9"}',
      '2',
      "['first', 'second']",
      '2.0',
      // json.dumps raises on the File object: str(dict) instead.
      "{'file': <<File: a.txt, Content: x>>}",
    ]);
  });

  test('instances are made once per side and kept across turns; each loads its own copy of the config', () => {
    const loads: PyDict[] = [];
    const config = { NoteAPI: { notes: ['first'] } };
    const model = side(loads, config);
    const truth = side(loads, config);
    model.execute(["add(text='a')"]);
    model.execute(["add(text='b')"]);
    truth.execute([]);
    expect(model.execute(['count()'])).toEqual(['3']);
    expect(truth.execute(['count()'])).toEqual(['1']);
    expect(loads).toHaveLength(2);
    expect(loads[0]).not.toBe(loads[1]);
    expect(config).toEqual({ NoteAPI: { notes: ['first'] } });
    expect([...model.instances.keys()]).toEqual(['NoteAPI', 'MathAPI']);
  });

  test('a class the config does not mention loads {}', () => {
    const loads: PyDict[] = [];
    side(loads, {}).execute([]);
    expect(loads).toEqual([new PyDict()]);
  });

  test("Python's exceptions become 'Error during execution: …' with str(e)", () => {
    expect(side().execute(['add()', "getDistance(a='x')", "add(from='x')", 'run()', 'kill()'])).toEqual([
      "Error during execution: NoteAPI.add() missing 1 required positional argument: 'text'",
      // python3 -c "eval(\"getDistance(a='x')\")" → NameError: name 'getDistance' is not defined
      "Error during execution: name 'getDistance' is not defined",
      // python3 -c "eval(\"f(from='x')\")" → SyntaxError: invalid syntax (<string>, line 1)
      'Error during execution: invalid syntax (<string>, line 1)',
      // The forbidden names are refused before eval, whether or not a class has them.
      'Error during execution: Function call run is not allowed.',
      'Error during execution: Function call kill is not allowed.',
    ]);
  });

  test('method names are prefixed inside string literals too, as re.sub does (whitespace before "(" dropped)', () => {
    const notes = side();
    notes.execute(["add(text='count (all) and élcount(x) and recount(y) and x.count(z)')"]);
    // python3: _process_method_calls(that text, {'add': I, 'count': I}) with I = 'model_eval_mt_0_NoteAPI_instance'
    expect(notes.execute(['list()'])).toEqual([
      "['first', 'model_eval_mt_0_NoteAPI_instance.count(all) and élcount(x) and recount(y) and x.model_eval_mt_0_NoteAPI_instance.count(z)']",
    ]);
  });

  test("a call of Python's own builtins is not judged rather than guessed", () => {
    expect(() => side().execute(["print('x')"])).toThrow(UncheckableEntry);
    expect(() => side().execute(['ValueError()'])).toThrow(UncheckableEntry);
  });

  test('an involved class toolscore does not have is not judged', () => {
    const missing = new SimulatedSide(
      { id: 'mt_1', initialConfig: {}, involvedClasses: ['WebSearchAPI'], longContext: false },
      'model_eval',
      new Map(),
    );
    expect(() => missing.execute([])).toThrow('involves WebSearchAPI, a simulated API toolscore does not have');
  });
});

describe('resultText', () => {
  test('a list of dicts is str(), not json', () => {
    expect(resultText([PyDict.of({ a: true })])).toBe("[{'a': True}]");
    expect(resultText(PyDict.of({ a: true }))).toBe('{"a": true}');
    expect(resultText(true)).toBe('True');
  });
});
