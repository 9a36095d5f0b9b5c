import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { UncheckableEntry } from '../checker.js';
import { entryObject } from '../decode.js';
import { stepCallTexts } from '../multi-turn-checker.js';
import { pyValue } from '../python-values.js';
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { type Scenario, SimulatedSide, resultText } from './executor.js';
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

/**
 * Every "unexpected keyword argument" result the leaderboard stored for glyphh-ada-1.1's run (gorilla
 * PR #1308, commit 55e023f4d26b39cbaf00100fd04e792613ccff3c, berkeley-function-call-leaderboard/score/
 * glyphh-ada-1.1/multi_turn/BFCL_v4_<category>_score.json; each row's comment says where in the entry's
 * `error` it is): entry, turn, step and call of the model's decoded result (`model_result_decoded`),
 * the call's text, and the result Python 3.13 gave. Three end with the suggestion 3.13 adds.
 */
const STORED_TYPE_ERRORS: [id: string, turn: number, step: number, call: number, text: string, stored: string][] = [
  [
    'multi_turn_base_28',
    2,
    0,
    0,
    "du(path='.')",
    "Error during execution: GorillaFileSystem.du() got an unexpected keyword argument 'path'",
  ], // execution_result[2].model[0][0]
  [
    'multi_turn_base_28',
    2,
    2,
    0,
    "echo(text='205 bytes',file='usage.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[2].model[2][0]
  [
    'multi_turn_base_28',
    2,
    3,
    0,
    "echo(message='205 bytes',file='usage.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'message'",
  ], // execution_result[2].model[3][0]
  [
    'multi_turn_base_28',
    2,
    5,
    0,
    "cat(file_name='usage.txt',content='205 bytes')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'content'",
  ], // execution_result[2].model[5][0]
  [
    'multi_turn_base_32',
    1,
    1,
    0,
    "echo(text='2.0',file_name='result.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[1].model[1][0]
  [
    'multi_turn_base_48',
    1,
    0,
    0,
    "cat(file='test_file1.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][4]
  [
    'multi_turn_base_48',
    1,
    0,
    1,
    "cat(file='test_file2.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][5]
  [
    'multi_turn_base_48',
    1,
    1,
    0,
    "cat(path='test_file1.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'path'",
  ], // details["model_response (including all previous turns)"][6]
  [
    'multi_turn_base_48',
    1,
    1,
    1,
    "cat(path='test_file2.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'path'",
  ], // details["model_response (including all previous turns)"][7]
  [
    'multi_turn_long_context_28',
    2,
    0,
    0,
    "du(path='.')",
    "Error during execution: GorillaFileSystem.du() got an unexpected keyword argument 'path'",
  ], // execution_result[2].model[0][0]
  [
    'multi_turn_long_context_28',
    2,
    2,
    0,
    "echo(text='205 bytes',file='usage.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[2].model[2][0]
  [
    'multi_turn_long_context_28',
    2,
    3,
    0,
    "echo(message='205 bytes',output_file='usage.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'message'",
  ], // execution_result[2].model[3][0]
  [
    'multi_turn_long_context_32',
    1,
    1,
    0,
    "echo(text='2.0',file_name='result.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[1].model[1][0]
  [
    'multi_turn_long_context_48',
    1,
    0,
    0,
    "wc(file='test_file1.txt',c='true')",
    "Error during execution: GorillaFileSystem.wc() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][4]
  [
    'multi_turn_long_context_48',
    1,
    0,
    1,
    "wc(file='test_file2.txt',c='true')",
    "Error during execution: GorillaFileSystem.wc() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][5]
  [
    'multi_turn_long_context_48',
    1,
    1,
    0,
    "cat(file='test_file1.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][6]
  [
    'multi_turn_long_context_48',
    1,
    1,
    1,
    "cat(file='test_file2.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][7]
  [
    'multi_turn_miss_func_23',
    1,
    0,
    0,
    "echo(text='Comprehensive guide for the new initiative.')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_28',
    3,
    0,
    0,
    "du(path='.')",
    "Error during execution: GorillaFileSystem.du() got an unexpected keyword argument 'path'",
  ], // execution_result[3].model[0][0]
  [
    'multi_turn_miss_func_31',
    1,
    0,
    0,
    "cat(file='data.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_31',
    1,
    0,
    1,
    "wc(file='data.txt')",
    "Error during execution: GorillaFileSystem.wc() got an unexpected keyword argument 'file'",
  ], // execution_result[1].model[0][1]
  [
    'multi_turn_miss_func_34',
    2,
    2,
    0,
    "echo(text='3333',file_name='statistics.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[2].model[2][0]
  [
    'multi_turn_miss_func_41',
    1,
    0,
    0,
    "get_user_id(user_identifier='Bob')",
    "Error during execution: MessageAPI.get_user_id() got an unexpected keyword argument 'user_identifier'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_44',
    2,
    0,
    0,
    "mean(file_name='annual_report.txt')",
    "Error during execution: MathAPI.mean() got an unexpected keyword argument 'file_name'",
  ], // details["model_response (including all previous turns)"][3]
  [
    'multi_turn_miss_func_47',
    2,
    1,
    0,
    "mean(file_name='student_record.txt')",
    "Error during execution: MathAPI.mean() got an unexpected keyword argument 'file_name'",
  ], // details["model_response (including all previous turns)"][2]
  [
    'multi_turn_miss_func_48',
    2,
    0,
    0,
    "wc(file='test_file1.txt')",
    "Error during execution: GorillaFileSystem.wc() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][3]
  [
    'multi_turn_miss_func_48',
    2,
    0,
    1,
    "wc(file='test_file2.txt')",
    "Error during execution: GorillaFileSystem.wc() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][4]
  [
    'multi_turn_miss_func_48',
    2,
    1,
    0,
    "cat(file='test_file1.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][5]
  [
    'multi_turn_miss_func_48',
    2,
    1,
    1,
    "cat(file='test_file2.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][6]
  [
    'multi_turn_miss_func_62',
    1,
    0,
    0,
    "estimate_distance(origin='Rivermist',destination='Stonebrook')",
    "Error during execution: VehicleControlAPI.estimate_distance() got an unexpected keyword argument 'origin'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_77',
    1,
    0,
    0,
    "estimate_distance(origin='San Francisco',destination='Stonebrook')",
    "Error during execution: VehicleControlAPI.estimate_distance() got an unexpected keyword argument 'origin'",
  ], // details["model_response (including all previous turns)"][0]
  [
    'multi_turn_miss_func_90',
    2,
    0,
    0,
    "estimate_distance(origin='San Francisco',destination='Rivermist')",
    "Error during execution: VehicleControlAPI.estimate_distance() got an unexpected keyword argument 'origin'",
  ], // details["model_response (including all previous turns)"][7]
  [
    'multi_turn_miss_func_101',
    2,
    0,
    0,
    "send_message(recipient_id='USR003',message='The latest stock price of XTC is $150.75.',sender_id='USR001')",
    "Error during execution: MessageAPI.send_message() got an unexpected keyword argument 'recipient_id'",
  ], // execution_result[2].model[0][0]
  [
    'multi_turn_miss_func_134',
    2,
    0,
    0,
    "get_order_history(limit='1')",
    "Error during execution: TradingBot.get_order_history() got an unexpected keyword argument 'limit'",
  ], // execution_result[2].model[0][0]
  [
    'multi_turn_miss_func_139',
    1,
    0,
    0,
    "add_to_watchlist(stock_symbol='Zeta Corp')",
    "Error during execution: TradingBot.add_to_watchlist() got an unexpected keyword argument 'stock_symbol'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_141',
    1,
    0,
    0,
    "remove_stock_from_watchlist(stock_symbol='TSLA')",
    "Error during execution: TradingBot.remove_stock_from_watchlist() got an unexpected keyword argument 'stock_symbol'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_151',
    1,
    0,
    0,
    "book_flight(departure_airport='SFO',arrival_airport='LAX',departure_date='2026-11-10',cabin_class='business',credit_card_id='144756014165',access_token='abc123xyz')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'departure_airport'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_154',
    1,
    0,
    0,
    "verify_traveler_information(first_name='Michael',last_name='Smith',birthdate='February 14, 1962',passport_number='P87654321')",
    "Error during execution: TravelAPI.verify_traveler_information() got an unexpected keyword argument 'birthdate'",
  ], // details["model_response (including all previous turns)"][0]
  [
    'multi_turn_miss_func_156',
    3,
    0,
    0,
    "contact_customer_support(booking_id='3426812',issue_type='last-minute complication',priority='high')",
    "Error during execution: TravelAPI.contact_customer_support() got an unexpected keyword argument 'issue_type'",
  ], // execution_result[3].model[0][0]
  [
    'multi_turn_miss_func_161',
    1,
    0,
    0,
    "authenticate_travel(client_id='client_520',secret='rise_to_sky',refresh_token='token990125',permissions='read_write',first_name='Michael',last_name='Thompson')",
    "Error during execution: TravelAPI.authenticate_travel() got an unexpected keyword argument 'secret'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_165',
    1,
    0,
    0,
    "verify_traveler_information(name='Eleanor Smith',date_of_birth='March 15, 1985',passport_number='US123456789')",
    "Error during execution: TravelAPI.verify_traveler_information() got an unexpected keyword argument 'name'",
  ], // details["model_response (including all previous turns)"][0]
  [
    'multi_turn_miss_func_170',
    1,
    0,
    0,
    "book_flight(from_city='San Francisco',to_city='Los Angeles',travel_date='2026-11-15',travel_class='first',max_price='10000',card_id='card123',account_token='access_token_abc123')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'from_city'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_174',
    1,
    0,
    0,
    "book_flight(departure_city='San Francisco',arrival_city='Rome',departure_date='2026-10-10',cabin_class='business',card_id='card_7243',access_token='abc123xyz',currency='EUR')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'departure_city'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_186',
    2,
    0,
    0,
    "book_flight(travel_from='RMS',travel_to='JFK',travel_date='2026-12-15',travel_class='first',card_id='card_4526',access_code='secure_access_token_987654321')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'access_code'. Did you mean 'access_token'?",
  ], // execution_result[2].model[0][0]
  [
    'multi_turn_miss_func_195',
    1,
    0,
    0,
    "book_flight(origin='Rivermist',destination='Los Angeles',travel_date='2026-11-15',preferred_seating='business',card_id='1_3456',access_token='abc123xyz')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'origin'",
  ], // execution_result[1].model[0][0]
  [
    'multi_turn_miss_func_196',
    4,
    0,
    0,
    "create_ticket(title='Cancellation Issue',description='Error encountered during flight cancellation process.',booking_id='3426812')",
    "Error during execution: TicketAPI.create_ticket() got an unexpected keyword argument 'booking_id'",
  ], // execution_result[4].model[0][0]
  [
    'multi_turn_miss_param_32',
    2,
    1,
    1,
    "echo(text='2.0',file_name='result.txt')",
    "Error during execution: GorillaFileSystem.echo() got an unexpected keyword argument 'text'",
  ], // execution_result[2].model[1][1]
  [
    'multi_turn_miss_param_48',
    1,
    0,
    0,
    "cat(file='test_file1.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][4]
  [
    'multi_turn_miss_param_48',
    1,
    0,
    1,
    "cat(file='test_file2.txt')",
    "Error during execution: GorillaFileSystem.cat() got an unexpected keyword argument 'file'",
  ], // details["model_response (including all previous turns)"][5]
  [
    'multi_turn_miss_param_54',
    3,
    0,
    0,
    "retweet(tweetId='10')",
    "Error during execution: TwitterAPI.retweet() got an unexpected keyword argument 'tweetId'. Did you mean 'tweet_id'?",
  ], // execution_result[3].model[0][0]
  [
    'multi_turn_miss_param_170',
    1,
    0,
    0,
    "book_flight(travel_from='SFO',travel_to='LAX',travel_date='2026-11-15',travel_class='first',card_id='card123',account_token='access_token_abc123')",
    "Error during execution: TravelAPI.book_flight() got an unexpected keyword argument 'account_token'. Did you mean 'access_token'?",
  ], // execution_result[1].model[0][0]
];

const corpusLines = new Map<string, string[]>();

/** An entry of the corpus's copy of the run (test/corpus/bfcl/multi-turn-full), read as the runner reads it. */
function corpusEntry(file: string, id: string): Record<string, unknown> {
  let lines = corpusLines.get(file);
  if (lines === undefined) {
    const url = new URL(`../../../test/corpus/bfcl/multi-turn-full/${file}.gz`, import.meta.url);
    lines = gunzipSync(readFileSync(url)).toString('utf8').split('\n');
    corpusLines.set(file, lines);
  }
  const line = lines.find((text) => text.startsWith(`{"id": "${id}"`));
  if (line === undefined) throw new Error(`${id} is not in ${file}`);
  return entryObject(line, `${file} (${id})`, true);
}

describe("the leaderboard's stored TypeErrors for unexpected keywords, executed again", () => {
  test.each(STORED_TYPE_ERRORS)('%s turn %i step %i call %i: %s', (id, turn, step, call, text, stored) => {
    const category = id.replace(/_\d+$/, '');
    const question = corpusEntry(`BFCL_v4_${category}.json`, id);
    const result = corpusEntry(`glyphh-ada-1.1/BFCL_v4_${category}_result.json`, id).result as unknown[][];
    const scenario: Scenario = {
      id,
      initialConfig: pyValue(question.initial_config) as Scenario['initialConfig'],
      involvedClasses: question.involved_classes as string[],
      longContext: category.includes('long_context'),
    };
    // The model's side run as the checker runs it, turn by turn, each decoded step in order, up to the call.
    const model = new SimulatedSide(scenario, 'model_eval');
    let got: [text: string, result: string] | undefined;
    for (let t = 0; t <= turn && got === undefined; t++) {
      const steps = result[t]!.map((raw) => stepCallTexts(raw, id)).filter(
        (texts) => texts !== undefined && texts.length > 0,
      );
      for (let s = 0; s < steps.length && got === undefined; s++) {
        const results = model.execute(steps[s]!);
        if (t === turn && s === step) got = [steps[s]![call]!, results[call]!];
      }
    }
    expect(got).toEqual([text, stored]);
  });
});
