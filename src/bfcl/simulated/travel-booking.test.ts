import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SimulatedApi } from './api.js';
import { CREDIT_CARD_EXTENSION } from './long-context.js';
import { type PyData, PyDict, PyException, PyFloat, pyRepr } from './py.js';
import { createTravelAPI } from './travel-booking.js';

/**
 * Each expected value is what Python printed for the same call on gorilla's own class (python3 3.11.7,
 * gorilla HEAD 6ea57973, PYTHONPATH=berkeley-function-call-leaderboard): `repr(result)`, or
 * `!! Type: str(e)` when the call raised:
 *   from bfcl_eval.eval_checker.multi_turn_eval.func_source_code.travel_booking import TravelAPI
 *   api = TravelAPI(); api._load_scenario({}); print(repr(api.authenticate_travel('cid', ...))) ...
 */
function run(api: SimulatedApi, method: string, positional: PyData[] = [], keywords: Record<string, PyData> = {}) {
  try {
    return pyRepr(api.call(method, { positional, keywords: new Map(Object.entries(keywords)) }));
  } catch (error) {
    if (error instanceof PyException) return `!! ${error.pyClass}: ${error.message}`;
    throw error;
  }
}

const state = (api: SimulatedApi) => pyRepr(PyDict.of(Object.fromEntries(api.publicAttributes())));
const f = (value: number) => new PyFloat(value);

afterEach(() => {
  vi.useRealTimers();
});

describe('TravelAPI', () => {
  test('the token, the card and the flight costs; the token and card ids drawn from Random(141053)', () => {
    const api = createTravelAPI();
    api.loadScenario(new PyDict(), false);
    expect(run(api, 'travel_get_login_status')).toBe("{'status': False}");
    expect(run(api, 'register_credit_card', ['tok', '4111', '12/30', 'Ann Lee', 123])).toBe(
      "{'error': 'Token not initialized'}",
    );
    expect(run(api, 'authenticate_travel', ['cid', 'secret', 'refresh', 'read_write', 'Ann', 'Lee'])).toBe(
      "{'expires_in': 2, 'access_token': '251675', 'token_type': 'Bearer', 'scope': 'read_write'}",
    );
    expect(run(api, 'travel_get_login_status')).toBe("{'status': True}");
    expect(run(api, 'get_budget_fiscal_year')).toBe("{'budget_fiscal_year': '2018'}");
    expect(run(api, 'get_budget_fiscal_year', [], { includeRemoved: 'true' })).toBe("{'budget_fiscal_year': '2018'}");
    expect(run(api, 'register_credit_card', ['bad', '4111', '12/30', 'Ann Lee', 123])).toBe(
      "{'error': 'Invalid access token'}",
    );
    expect(run(api, 'register_credit_card', ['251675', '4111', '12/30', 'Ann Lee', 123])).toBe(
      "{'card_id': '391310425148'}",
    );
    expect(run(api, 'get_flight_cost', ['SFO', 'LAX', '2024-11-15', 'economy'])).toBe("{'travel_cost_list': [400.0]}");
    expect(run(api, 'get_flight_cost', ['SFO', 'LAX', '2024-11-16', 'first'])).toBe("{'travel_cost_list': [1000.0]}");
    expect(run(api, 'get_flight_cost', ['LAX', 'SFX', '2024-11-16', 'first'])).toBe(
      '!! ValueError: No available route for the given airports.',
    );
    expect(run(api, 'get_flight_cost', ['SFO', 'LAX', '2024-11-16', 'premium'])).toBe(
      '!! ValueError: Invalid travel class. Options are: economy, business, first.',
    );
    expect(run(api, 'get_flight_cost', [['SFO'], 'LAX', '2024-11-16', 'first'])).toBe(
      "!! TypeError: unhashable type: 'list'",
    );
    expect(run(api, 'get_flight_cost', ['SFO', 'LAX', ['2024', '11', 'a'], 'business'])).toBe(
      "{'travel_cost_list': [400.0]}",
    );
    expect(run(api, 'get_flight_cost', ['SFO', 'LAX', 20241116, 'business'])).toBe(
      "!! TypeError: 'int' object is not iterable",
    );
    expect(run(api, 'get_credit_card_balance', ['251675', 'nope'])).toBe(
      `{'error': "Card not registered. Here are a list of card_id's: ['391310425148']"}`,
    );
    expect(state(api)).toBe(
      "{'credit_card_list': {'391310425148': {'card_number': '4111', 'expiration_date': '12/30', 'cardholder_name': 'Ann Lee', 'card_verification_number': 123, 'balance': 58617}}, 'booking_record': {}, 'access_token': '251675', 'token_type': 'Bearer', 'token_expires_in': 2, 'token_scope': 'read_write', 'user_first_name': 'Ann', 'user_last_name': 'Lee', 'budget_limit': None, 'long_context': False}",
    );
  });

  test('booking, invoice, insurance, cancelling and the rest, from a scenario', () => {
    const api = createTravelAPI();
    api.loadScenario(
      PyDict.of({
        credit_card_list: PyDict.of({
          card_1: PyDict.of({
            card_number: '1111',
            expiration_date: '01/30',
            cardholder_name: 'Ann Lee',
            card_verification_number: 111,
            balance: f(1000),
          }),
          card_2: PyDict.of({ card_number: '2222' }),
        }),
        access_token: 'abc',
        token_expires_in: 2,
        user_first_name: 'Ann',
        user_last_name: 'Lee',
        budget_limit: f(900),
      }),
      false,
    );
    const book = (...args: PyData[]) => run(api, 'book_flight', ['abc', ...args]);
    expect(run(api, 'book_flight', ['bad', 'card_1', '2024-11-15', 'SFO', 'LAX', 'economy'])).toBe(
      "{'booking_status': False, 'error': 'Invalid access token'}",
    );
    expect(book('card_9', '2024-11-15', 'SFO', 'LAX', 'economy')).toBe(
      "{'booking_status': False, 'error': 'Card not registered'}",
    );
    expect(book('card_2', '2024-11-15', 'SFO', 'LAX', 'economy')).toBe(
      "{'booking_status': False, 'error': 'Balance not found'}",
    );
    expect(book('card_1', '2024-11-15', 'XXX', 'LAX', 'economy')).toBe(
      "{'booking_status': False, 'error': 'Invalid departure airport code: XXX'}",
    );
    expect(book('card_1', '2024-11-15', 'SFO', 'XXX', 'economy')).toBe(
      "{'booking_status': False, 'error': 'Invalid destination airport code: XXX'}",
    );
    for (const date of ['2024/11/15', '2024-02-30'])
      expect(book('card_1', date, 'SFO', 'LAX', 'economy')).toBe(
        "{'booking_status': False, 'error': 'Invalid date format. Use YYYY-MM-DD.'}",
      );
    // Python printed the set in an order of its per-process hashing ({'economy', 'first', 'business'} that
    // run); toolscore prints the order the source writes.
    expect(book('card_1', '2024-11-15', 'SFO', 'LAX', 'premium')).toBe(
      `{'booking_status': False, 'error': "Invalid travel class. Must be one of {'economy', 'business', 'first'}"}`,
    );
    expect(book('card_1', '2024-11-15', 'SFO', 'HND', 'economy')).toBe(
      "{'booking_status': False, 'error': 'No available route for the given airports.'}",
    );
    expect(book('card_1', '2024-11-15', 'SFO', 'JFK', 'first')).toBe(
      "{'booking_status': False, 'error': 'Insufficient funds'}",
    );
    expect(book('card_1', '2024-11-15', 'SFO', 'LAX', 'economy')).toBe(
      "{'booking_id': '3426812', 'transaction_id': '45451592', 'booking_status': True, 'booking_history': {}}",
    );
    expect(book('card_1', '2024-11-15', 'LAX', 'SFO', 'economy')).toBe(
      "{'booking_status': False, 'error': 'Balance is less than budget limit'}",
    );
    const booking =
      "'card_id': 'card_1', 'travel_date': '2024-11-15', 'travel_from': 'SFO', 'travel_to': 'LAX', 'travel_class': 'economy', 'travel_cost': 400.0, 'transaction_id': '45451592'";
    expect(run(api, 'retrieve_invoice', ['abc'])).toBe("{'error': 'Booking not found'}");
    expect(run(api, 'retrieve_invoice', ['abc', '3426812'])).toBe(
      "{'invoice': {'booking_id': '3426812', 'travel_date': '2024-11-15', 'travel_from': 'SFO', 'travel_to': 'LAX', 'travel_class': 'economy', 'travel_cost': 400.0, 'transaction_id': '45451592'}}",
    );
    expect(run(api, 'get_booking_history', ['abc'])).toBe(`{'booking_history': {'3426812': {${booking}}}}`);
    const insure = (...args: PyData[]) => run(api, 'purchase_insurance', ['abc', 'comprehensive', ...args]);
    expect(insure('3426812', f(950), 'card_1')).toBe("{'insurance_status': False, 'error': 'Exceeded budget limit'}");
    expect(insure('nope', f(50), 'card_1')).toBe("{'insurance_status': False, 'error': 'Booking not found'}");
    expect(insure('3426812', f(50), 'card_9')).toBe(
      "{'insurance_status': False, 'error': 'Credit card not registered'}",
    );
    expect(insure('3426812', 50, 'card_1')).toBe("{'insurance_id': '498276044', 'insurance_status': True}");
    expect(run(api, 'contact_customer_support', ['3426812', 'help'])).toBe(
      "{'customer_support_message': 'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.'}",
    );
    expect(run(api, 'contact_customer_support', ['nope', 'help'])).toBe("{'error': 'Booking not found'}");
    expect(run(api, 'cancel_booking', ['abc', 'nope'])).toBe("{'cancel_status': False, 'error': 'Booking not found'}");
    expect(run(api, 'cancel_booking', ['abc', '3426812'])).toBe("{'cancel_status': True}");
    expect(run(api, 'get_credit_card_balance', ['abc', 'card_1'])).toBe("{'card_balance': 950.0}");
    expect(run(api, 'set_budget_limit', ['abc', '1500'])).toBe("{'budget_limit': 1500.0}");
    expect(run(api, 'set_budget_limit', ['abc', 'lots'])).toBe(
      "!! ValueError: could not convert string to float: 'lots'",
    );
    expect(run(api, 'compute_exchange_rate', ['USD', 'EUR', 100])).toBe("{'exchanged_value': 80.0}");
    expect(run(api, 'compute_exchange_rate', ['EUR', 'USD', 100])).toBe("{'exchanged_value': 125.0}");
    expect(run(api, 'compute_exchange_rate', ['JPY', 'USD', f(1000)])).toBe("{'exchanged_value': 9.09}");
    expect(run(api, 'compute_exchange_rate', ['GBP', 'USD', 10])).toBe("{'exchanged_value': 14.29}");
    expect(run(api, 'compute_exchange_rate', ['USD', 'RMB', '3'])).toBe("{'exchanged_value': 3333333.0}");
    expect(run(api, 'compute_exchange_rate', ['USD', 'XXX', 1])).toBe(
      '!! ValueError: No available exchange rate for the given currencies.',
    );
    expect(run(api, 'get_nearest_airport_by_city', ['Rome'])).toBe("{'nearest_airport': 'CIA'}");
    expect(run(api, 'get_nearest_airport_by_city', ['Atlantis'])).toBe("{'nearest_airport': 'Unknown'}");
    expect(run(api, 'list_all_airports')).toBe(
      "['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS']",
    );
    expect(state(api)).toBe(
      "{'credit_card_list': {'card_1': {'card_number': '1111', 'expiration_date': '01/30', 'cardholder_name': 'Ann Lee', 'card_verification_number': 111, 'balance': 950.0}, 'card_2': {'card_number': '2222'}}, 'booking_record': {}, 'access_token': 'abc', 'token_type': None, 'token_expires_in': 2, 'token_scope': None, 'user_first_name': 'Ann', 'user_last_name': 'Lee', 'budget_limit': 1500.0, 'long_context': False}",
    );
    expect(run(api, 'get_all_credit_cards')).toBe(
      "{'credit_card_list': {'card_1': {'card_number': '1111', 'expiration_date': '01/30', 'cardholder_name': 'Ann Lee', 'card_verification_number': 111, 'balance': 950.0}, 'card_2': {'card_number': '2222'}}}",
    );
  });

  test("the traveler's age counts from today's local date (Python's datetime.today())", () => {
    const api = createTravelAPI();
    api.loadScenario(PyDict.of({ user_first_name: 'Ann', user_last_name: 'Lee' }), false);
    const verify = (...args: PyData[]) => run(api, 'verify_traveler_information', args);
    expect(verify('Bob', 'Lee', '1990-01-01', 'US123')).toBe(
      "{'verification_status': False, 'verification_failure': 'Cannot book flight information for another user.Expected Ann Lee, got Bob Lee'}",
    );
    expect(verify('Ann', 'Lee', '1990-13-01', 'US123')).toBe(
      "{'verification_status': False, 'verification_failure': 'Invalid date of birth format. Please use YYYY-MM-DD.'}",
    );
    expect(verify('Ann', 'Lee', '1990-01-01', 'UK123')).toBe(
      "{'verification_status': False, 'verification_failure': 'Passport must be issued by the United States.'}",
    );
    expect(verify('Ann', 'Lee', '1990-1-1', 'US123')).toBe("{'verification_status': True}");
    expect(verify('Ann', 'Lee', 19900101, 'US123')).toBe('!! TypeError: strptime() argument 1 must be str, not int');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 14, 12));
    // Born 2008-06-15: 17 on 2026-06-14, 18 the next day (worked out by hand).
    expect(verify('Ann', 'Lee', '2008-06-15', 'US123')).toBe(
      "{'verification_status': False, 'verification_failure': 'Traveler must be at least 18 years old.'}",
    );
    vi.setSystemTime(new Date(2026, 5, 15, 12));
    expect(verify('Ann', 'Lee', '2008-06-15', 'US123')).toBe("{'verification_status': True}");
  });

  test("long context: every route's cost, long_context.py's cards and bookings (the module's own dicts)", () => {
    const api = createTravelAPI();
    api.loadScenario(
      PyDict.of({
        access_token: 'abc',
        token_expires_in: 2,
        credit_card_list: PyDict.of({ '1234567812345678': PyDict.of({ balance: f(1) }) }),
      }),
      true,
    );
    const [cards, bookings] = api.publicAttributes().map(([, value]) => value) as [PyDict, PyDict];
    // len(a.credit_card_list), list(...)[:3], len(a.booking_record), list(...)[:2]
    // → 22 ['1234567812345678', '2345678923456789', '3456789034567890'] 16 ['booking_901', 'booking_902']
    expect([cards.size, [...cards.keys()].slice(0, 3), bookings.size, [...bookings.keys()].slice(0, 2)]).toEqual([
      22,
      ['1234567812345678', '2345678923456789', '3456789034567890'],
      16,
      ['booking_901', 'booking_902'],
    ]);
    // r = a.get_flight_cost("SFO","LAX","2024-11-15","economy")["travel_cost_list"]; print(len(r), r[:3], r[-2:], sum(r))
    // → 153 [400.0, 1000.0, 800.0] [200.0, 440.0] 105640.0
    const costs = (
      api.call('get_flight_cost', {
        positional: ['SFO', 'LAX', '2024-11-15', 'economy'],
        keywords: new Map(),
      }) as PyDict
    ).get('travel_cost_list') as PyFloat[];
    expect([costs.length, pyRepr(costs.slice(0, 3)), pyRepr(costs.slice(-2))]).toEqual([
      153,
      '[400.0, 1000.0, 800.0]',
      '[200.0, 440.0]',
    ]);
    expect(costs.reduce((sum, cost) => sum + cost.value, 0)).toBe(105640);
    expect(run(api, 'book_flight', ['abc', '1234567812345678', '2024-11-15', 'SFO', 'LAX', 'economy'])).toBe(
      "{'booking_status': False, 'error': 'Insufficient funds'}",
    );
    const extensionCard = CREDIT_CARD_EXTENSION.get('2345678923456789') as PyDict;
    const before = (extensionCard.get('balance') as PyFloat).value;
    const booked = api.call('book_flight', {
      positional: ['abc', '2345678923456789', '2024-11-15', 'JFK', 'ORD', 'business'],
      keywords: new Map(),
    }) as PyDict;
    // print(CREDIT_CARD_EXTENSION[ids[1]]["balance"]) → 6300.0: JFK-ORD 300 × business 2 × 2 (the date's
    // digits sum to 16, even) is 1200 off the card's 7500.0.
    // The history is the live booking_record with the new booking last; the card charged is the module's dict.
    expect(booked.get('booking_id')).toBe('3426812');
    expect(booked.get('booking_history')).toBe(bookings);
    expect([...bookings.keys()].at(-1)).toBe('3426812');
    expect(cards.get('2345678923456789')).toBe(extensionCard);
    expect([before, (extensionCard.get('balance') as PyFloat).value]).toEqual([7500, 6300]);
  });
});
