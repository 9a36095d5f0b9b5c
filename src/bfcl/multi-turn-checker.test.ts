import { describe, expect, test } from 'vitest';
import { judgeMultiTurn, stepCallTexts } from './multi-turn-checker.js';
import type { SimulatedApi } from './simulated/api.js';
import { PyException, type PyData, dictGet } from './simulated/py.js';

/** A made-up stateful API: `add(text)` appends a note (None), `count()` returns how many there are. */
function notes(): SimulatedApi {
  let kept: PyData[] = [];
  return {
    className: 'NoteAPI',
    methods: ['add', 'count'],
    loadScenario(config) {
      kept = (dictGet(config, 'notes')?.value as PyData[] | undefined) ?? [];
    },
    call(method, args) {
      if (method === 'count') return kept.length;
      const text = args.keywords.get('text');
      if (text === undefined)
        throw new PyException('TypeError', "NoteAPI.add() missing 1 required positional argument: 'text'");
      kept.push(text);
      return null;
    },
    publicAttributes: () => [['notes', kept]],
  };
}

const APIS = new Map([['NoteAPI', notes]]);
const QUESTION = {
  id: 'multi_turn_base_7',
  initial_config: { NoteAPI: { notes: ['a'] } },
  involved_classes: ['NoteAPI'],
};
const step = (...calls: [string, string][]) => calls.map(([name, args]) => ({ [name]: args }));

const judge = (truth: string[][], result: unknown) =>
  judgeMultiTurn('multi_turn_base_7', QUESTION, truth, result, 'results.json:1', APIS);

describe('multi_turn_checker and the runner around it, on a made-up API', () => {
  test('the same calls reach the same state and results: valid', () => {
    const result = [[step(['add', '{"text": "b"}']), step(['count', '{}'])], [step(['count', '{}'])]];
    expect(judge([["add(text='b')", 'count()'], ['count()']], result)).toEqual({
      verdict: { valid: true, error: [] },
      firstStateDifference: null,
    });
  });

  test('a result that is not a list, or has another number of turns, fails before anything runs', () => {
    expect(judge([['count()']], 'oops').verdict).toEqual({
      valid: false,
      error: ['Error during inference phase. Model did not output a list of model responses.'],
      error_type: 'multi_turn:inference_error',
    });
    expect(judge([['count()'], ['count()']], [[step(['count', '{}'])]]).verdict).toEqual({
      valid: false,
      error: [
        'Model was force-terminated during inference phase. The length of the model result turns (1) does not match the length of the ground truth turns (2).',
      ],
      error_type: 'multi_turn:force_terminated',
    });
  });

  test('a turn with expected calls and no decoded step fails as empty, turns counted from 0', () => {
    // The text step and the step whose arguments are not JSON decode to nothing.
    const result = [[step(['count', '{}'])], ['I cannot do that', step(['add', '{oops'])]];
    expect(judge([['count()'], ["add(text='b')"]], result)).toEqual({
      verdict: {
        valid: false,
        error: ['Model response list is empty for turn 1'],
        error_type: 'multi_turn:empty_turn_model_response',
      },
      firstStateDifference: { turn: 2, classes: [{ class_name: 'NoteAPI', attributes: ['notes'] }] },
    });
  });

  test('the state is checked before the results', () => {
    const result = [[step(['add', '{"text": "c"}'])]];
    expect(judge([["add(text='b')"]], result).verdict).toEqual({
      valid: false,
      error: ['Model instance for NoteAPI does not match the state with ground truth instance.'],
      error_type: 'multi_turn:instance_state_mismatch',
    });
  });

  test("the ground truth's results must be among the model's results so far, any order, each used once", () => {
    // Same state (count() changes nothing), but the model never counted.
    expect(judge([['count()']], [[step(['add', '{}'])]]).verdict).toEqual({
      valid: false,
      error: [
        'Model response execution results so far does not contain all the ground truth response execution results for turn 0.',
      ],
      error_type: 'multi_turn:execution_response_mismatch',
    });
    // Turn 1's result ("1") counts for turn 2 too: with turn 2's own, two "1"s cover the two expected.
    expect(
      judge([['count()'], ['count()', 'count()']], [[step(['count', '{}'])], [step(['count', '{}'])]]).verdict.valid,
    ).toBe(true);
    expect(judge([['count()'], ['count()', 'count()']], [[step(['count', '{}'])], []]).verdict.error_type).toBe(
      'multi_turn:empty_turn_model_response',
    );
  });

  test('a turn expecting no call is not checked; what the model did there shows in the next checked turn', () => {
    const result = [[step(['add', '{"text": "x"}'])], [step(['count', '{}'])]];
    const judged = judge([[], ['count()']], result);
    expect(judged.verdict.error).toEqual([
      'Model instance for NoteAPI does not match the state with ground truth instance.',
    ]);
    // toolscore's diagnosis names the turn the states parted: the first.
    expect(judged.firstStateDifference).toEqual({
      turn: 1,
      classes: [{ class_name: 'NoteAPI', attributes: ['notes'] }],
    });
  });
});

describe('the long-context variants', () => {
  test('"long_context" or "composite" in the category the id names loads them', () => {
    const loaded = (id: string): boolean[] => {
      const flags: boolean[] = [];
      const api = (): SimulatedApi => ({
        ...notes(),
        loadScenario: (_config, longContext) => void flags.push(longContext),
      });
      judgeMultiTurn(id, QUESTION, [['count()']], [[step(['count', '{}'])]], 'r', new Map([['NoteAPI', api]]));
      return flags;
    };
    // Each side loads once.
    expect(loaded('multi_turn_long_context_3')).toEqual([true, true]);
    expect(loaded('multi_turn_composite_3')).toEqual([true, true]);
    expect(loaded('multi_turn_base_3')).toEqual([false, false]);
  });
});

describe('decode_execute of a function-calling model (convert_to_function_call)', () => {
  test("every key of an item, arguments as Python's repr, joined with ','", () => {
    expect(stepCallTexts([{ cd: '{"folder": "a\'b", "n": 1.0, "m": [1, null, true]}', ls: { a: true } }], 'r')).toEqual(
      [`cd(folder="a'b",n=1.0,m=[1, None, True])`, 'ls(a=True)'],
    );
    // A lone item is a list of one.
    expect(stepCallTexts({ pwd: '{}' }, 'r')).toEqual(['pwd()']);
  });

  test('what Python cannot decode makes the step undefined (the runner skips it); an empty text is no call', () => {
    expect(stepCallTexts('Done.', 'r')).toBeUndefined();
    expect(stepCallTexts('', 'r')).toEqual([]);
    expect(stepCallTexts([{ cd: '[1]' }], 'r')).toBeUndefined();
    expect(stepCallTexts([{ cd: '{"a": 1}' }, 'text'], 'r')).toBeUndefined();
    expect(stepCallTexts([{ cd: 'not json' }], 'r')).toBeUndefined();
    expect(stepCallTexts(3, 'r')).toBeUndefined();
  });
});
