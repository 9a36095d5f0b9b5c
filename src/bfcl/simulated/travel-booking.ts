/**
 * gorilla `func_source_code/travel_booking.py` (`TravelAPI`), rule for rule: a token, credit cards,
 * flight costs from a fixed table, bookings, insurance; ids and tokens drawn from `random.Random(141053)`.
 * With `long_context` the scenario gains long_context.py's cards and bookings: the module's own dicts,
 * not copies, as in Python (a booking charged to one of those cards changes the module's dict).
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { BOOKING_RECORD_EXTENSION, CREDIT_CARD_EXTENSION } from './long-context.js';
import { type MethodTable, callMethod, methodNames, sameAttributes } from './methods.js';
import {
  add,
  asStr,
  compare,
  contains,
  deepCopy,
  delItem,
  dictKey,
  get,
  getItem,
  iterate,
  multiply,
  round,
  setItem,
  subtract,
  toFloat,
  trueDivide,
  typeError,
  typeName,
} from './ops.js';
import { type PyData, PyDict, PyException, PyFloat, pyEq, pyRepr, pyStr } from './py.js';
import { PyRandom, intSeed } from './random.js';

// get_flight_cost's base_costs, in the dict's order: "FROM-TO:cost".
const BASE_COSTS: readonly [string, string, number][] = (
  'SFO-LAX:200 SFO-JFK:500 SFO-ORD:400 SFO-BOS:450 SFO-RMS:300 SFO-SBK:350 SFO-MPC:370 SFO-SVP:320 ' +
  'SFO-SHD:330 SFO-SSV:340 SFO-OKD:360 SFO-WLB:310 SFO-CRH:380 SFO-ATV:390 SFO-PHV:420 SFO-GFD:430 ' +
  'SFO-CIA:700 LAX-SFO:100 LAX-JFK:600 LAX-ORD:500 LAX-BOS:550 LAX-RMS:310 LAX-SBK:320 LAX-MPC:330 ' +
  'LAX-SVP:340 LAX-SHD:350 LAX-SSV:360 LAX-OKD:370 LAX-WLB:380 LAX-CRH:390 LAX-ATV:400 LAX-PHV:410 ' +
  'LAX-GFD:420 LAX-HND:430 JFK-ORD:300 JFK-BOS:250 JFK-RMS:450 JFK-SBK:460 JFK-MPC:470 JFK-SVP:480 ' +
  'JFK-SHD:490 JFK-SSV:500 JFK-OKD:510 JFK-WLB:520 JFK-CRH:530 JFK-ATV:540 JFK-PHV:550 JFK-GFD:560 ' +
  'JFK-LAX:570 JFK-HND:800 JFK-PVG:950 JFK-PEK:1000 ORD-LAX:180 ORD-BOS:200 ORD-RMS:350 ORD-SBK:360 ' +
  'ORD-MPC:370 ORD-SVP:380 ORD-SHD:390 ORD-SSV:400 ORD-OKD:410 ORD-WLB:420 ORD-CRH:430 ORD-ATV:440 ' +
  'ORD-PHV:450 ORD-GFD:460 BOS-RMS:400 BOS-SBK:410 BOS-MPC:420 BOS-SVP:430 BOS-SHD:440 BOS-SSV:450 ' +
  'BOS-OKD:460 BOS-WLB:470 BOS-CRH:480 BOS-ATV:490 BOS-PHV:500 BOS-GFD:510 RMS-BOS:200 RMS-JFK:210 ' +
  'RMS-SBK:220 RMS-MPC:230 RMS-SVP:240 RMS-SHD:250 RMS-SSV:260 RMS-OKD:270 RMS-WLB:280 RMS-CRH:290 ' +
  'RMS-ATV:300 RMS-PHV:310 RMS-GFD:320 RMS-LAX:330 SBK-MPC:200 SBK-SVP:210 SBK-SHD:220 SBK-SSV:230 ' +
  'SBK-OKD:240 SBK-WLB:250 SBK-CRH:260 SBK-ATV:270 SBK-PHV:280 SBK-GFD:290 MPC-SVP:210 MPC-SHD:220 ' +
  'MPC-SSV:230 MPC-OKD:240 MPC-WLB:250 MPC-CRH:260 MPC-ATV:270 MPC-PHV:280 MPC-GFD:290 SVP-SHD:230 ' +
  'SVP-SSV:240 SVP-OKD:250 SVP-WLB:260 SVP-CRH:270 SVP-ATV:280 SVP-PHV:290 SVP-GFD:300 SHD-SSV:220 ' +
  'SHD-OKD:230 SHD-WLB:240 SHD-CRH:250 SHD-ATV:260 SHD-PHV:270 SHD-GFD:280 SSV-OKD:240 SSV-WLB:250 ' +
  'SSV-CRH:260 SSV-ATV:270 SSV-PHV:280 SSV-GFD:290 OKD-WLB:230 OKD-CRH:240 OKD-ATV:250 OKD-PHV:260 ' +
  'OKD-GFD:270 WLB-CRH:250 WLB-ATV:260 WLB-PHV:270 WLB-GFD:280 CRH-ATV:240 CRH-PHV:250 CRH-GFD:260 ' +
  'CRH-SFO:270 CRH-RMS:280 CRH-HKG:290 CRH-JFK:300 ATV-PHV:230 ATV-GFD:240 PHV-GFD:220 LHR-CDG:100 ' +
  'OKD-LAX:220'
)
  .split(' ')
  .map((route) => {
    const [from, to, cost] = route.split(/[-:]/) as [string, string, string];
    return [from, to, Number(cost)];
  });

const AIRPORTS = [
  'RMS',
  'SBK',
  'MPC',
  'SVP',
  'SHD',
  'CDG',
  'LHR',
  'SSV',
  'OKD',
  'WLB',
  'PEK',
  'HND',
  'HKG',
  'CIA',
  'CRH',
  'ATV',
  'PHV',
  'GFD',
  'SFO',
  'LAX',
  'JFK',
  'ORD',
  'BOS',
];

const AIRPORT_BY_CITY = PyDict.of({
  Rivermist: 'RMS',
  Stonebrook: 'SBK',
  Maplecrest: 'MPC',
  Silverpine: 'SVP',
  Shadowridge: 'SHD',
  London: 'LHR',
  Paris: 'CDG',
  'Sunset Valley': 'SSV',
  Oakendale: 'OKD',
  Willowbend: 'WLB',
  'Crescent Hollow': 'CRH',
  Autumnville: 'ATV',
  Pinehaven: 'PHV',
  Greenfield: 'GFD',
  'San Francisco': 'SFO',
  'Los Angeles': 'LAX',
  'New York': 'JFK',
  Chicago: 'ORD',
  Boston: 'BOS',
  Beijing: 'PEK',
  'Hong Kong': 'HKG',
  Rome: 'CIA',
  Tokyo: 'HND',
});

// compute_exchange_rate's table, in order (ints and floats as Python wrote them).
const EXCHANGE_RATES: readonly [string, string, PyData][] = [
  ['USD', 'RMB', 7],
  ['USD', 'EUR', new PyFloat(0.8)],
  ['USD', 'JPY', 110],
  ['USD', 'GBP', new PyFloat(0.7)],
  ['USD', 'CAD', new PyFloat(1.3)],
  ['USD', 'AUD', new PyFloat(1.4)],
  ['USD', 'INR', 70],
  ['USD', 'RUB', 60],
  ['USD', 'BRL', new PyFloat(3.8)],
  ['USD', 'MXN', 20],
];

class TravelApi implements SimulatedApi {
  readonly className = 'TravelAPI';
  readonly methods = methodNames(METHODS);
  random = new PyRandom(141053);
  /** `_flight_cost_lookup`: "from|to|class|date" → {"cost": float}, private. */
  flightCostLookup = new Map<string, PyData>();
  creditCardList: PyData = new PyDict();
  bookingRecord: PyData = new PyDict();
  accessToken: PyData = null;
  tokenType: PyData = null;
  tokenExpiresIn: PyData = null;
  tokenScope: PyData = null;
  userFirstName: PyData = null;
  userLastName: PyData = null;
  budgetLimit: PyData = null;
  longContext = false;

  loadScenario(config: PyDict, longContext: boolean): void {
    this.random = new PyRandom(intSeed(get(config, 'random_seed', 141053)));
    this.creditCardList = get(config, 'credit_card_list', new PyDict());
    this.bookingRecord = get(config, 'booking_record', new PyDict());
    this.accessToken = get(config, 'access_token', null);
    this.tokenType = get(config, 'token_type', null);
    this.tokenExpiresIn = get(config, 'token_expires_in', null);
    this.tokenScope = get(config, 'token_scope', null);
    this.userFirstName = get(config, 'user_first_name', null);
    this.userLastName = get(config, 'user_last_name', null);
    this.budgetLimit = get(config, 'budget_limit', null);
    this.longContext = longContext;
    if (longContext) {
      for (const [cardId, card] of CREDIT_CARD_EXTENSION)
        if (!contains(this.creditCardList, cardId)) setItem(this.creditCardList, cardId, card);
      for (const [bookingId, booking] of BOOKING_RECORD_EXTENSION)
        if (!contains(this.bookingRecord, bookingId)) setItem(this.bookingRecord, bookingId, booking);
    }
  }

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [
      ['credit_card_list', this.creditCardList],
      ['booking_record', this.bookingRecord],
      ['access_token', this.accessToken],
      ['token_type', this.tokenType],
      ['token_expires_in', this.tokenExpiresIn],
      ['token_scope', this.tokenScope],
      ['user_first_name', this.userFirstName],
      ['user_last_name', this.userLastName],
      ['budget_limit', this.budgetLimit],
      ['long_context', this.longContext],
    ];
  }

  /** The class's `__eq__`: another TravelAPI whose public attributes are all equal. */
  pyEq(other: SimulatedApi): boolean {
    return other instanceof TravelApi && sameAttributes(this, other);
  }

  /** The token checks most methods open with: expired (0), then not the token issued. */
  tokenError(accessToken: PyData): string | undefined {
    if (pyEq(this.tokenExpiresIn, 0)) return 'Token expired';
    if (!pyEq(accessToken, this.accessToken)) return 'Invalid access token';
    return undefined;
  }

  card(cardId: PyData): PyData {
    return getItem(this.creditCardList, cardId);
  }

  flightCost(travelFrom: PyData, travelTo: PyData, travelDate: PyData, travelClass: PyData): PyData {
    // (travel_from, travel_to) in base_costs: the tuple is hashed first, then compared with str keys.
    dictKey(travelFrom);
    dictKey(travelTo);
    const route = BASE_COSTS.find(([from, to]) => from === travelFrom && to === travelTo);
    if (route === undefined) throw new PyException('ValueError', 'No available route for the given airports.');
    let factor: number;
    if (pyEq(travelClass, 'economy')) factor = 1;
    else if (pyEq(travelClass, 'business')) factor = 2;
    else if (pyEq(travelClass, 'first')) factor = 5;
    else throw new PyException('ValueError', 'Invalid travel class. Options are: economy, business, first.');
    let digitSum = 0;
    for (const char of iterate(travelDate)) {
      const text = asStr(char, 'isdigit');
      if (/^[0-9]+$/.test(text)) digitSum += Number(text);
    }
    const multiplier = digitSum % 2 === 0 ? 2 : 1;
    const key = (from: PyData, to: PyData) => `${pyStr(from)}|${pyStr(to)}|${pyStr(travelClass)}|${pyStr(travelDate)}`;
    const costs: PyData[] = [];
    this.flightCostLookup = new Map();
    for (const [from, to, base] of this.longContext ? BASE_COSTS : [route]) {
      const cost = new PyFloat(base * factor * multiplier);
      this.flightCostLookup.set(key(from, to), PyDict.of({ cost }));
      costs.push(cost);
    }
    return PyDict.of({ travel_cost_list: costs });
  }
}

/** `datetime.strptime(value, "%Y-%m-%d")`: its ValueError for text not of that form or not a date. */
function strptimeDate(value: PyData): { year: number; month: number; day: number } {
  if (typeof value !== 'string') throw typeError(`strptime() argument 1 must be str, not ${typeName(value)}`);
  // _strptime's regexes for %Y, %m and %d; the match must use up the whole text.
  const match = /^(\d{4})-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])/.exec(value);
  if (match === null)
    throw new PyException('ValueError', `time data ${pyRepr(value)} does not match format '%Y-%m-%d'`);
  if (match[0].length !== value.length)
    throw new PyException('ValueError', `unconverted data remains: ${value.slice(match[0].length)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) throw new PyException('ValueError', `year ${year} is out of range`);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  if (day > days) throw new PyException('ValueError', 'day is out of range for month');
  return { year, month, day };
}

const failed = (status: string, message: string): PyDict => PyDict.of({ [status]: false, error: message });
const error = (message: string): PyDict => PyDict.of({ error: message });

const METHODS: MethodTable<TravelApi> = {
  authenticate_travel: {
    params: ['client_id', 'client_secret', 'refresh_token', 'grant_type', 'user_first_name', 'user_last_name'],
    run(api, _clientId, _clientSecret, _refreshToken, grantType, firstName, lastName) {
      api.tokenExpiresIn = 2;
      api.accessToken = String(api.random.randint(100000, 999999));
      api.tokenType = 'Bearer';
      api.tokenScope = grantType;
      api.userFirstName = firstName;
      api.userLastName = lastName;
      return PyDict.of({ expires_in: 2, access_token: api.accessToken, token_type: 'Bearer', scope: grantType });
    },
  },
  travel_get_login_status: {
    params: [],
    run(api) {
      const loggedOut = api.tokenExpiresIn === null || pyEq(api.tokenExpiresIn, 0);
      return PyDict.of({ status: !loggedOut });
    },
  },
  get_budget_fiscal_year: {
    params: ['lastModifiedAfter', 'includeRemoved'],
    defaults: { lastModifiedAfter: null, includeRemoved: null },
    run() {
      return PyDict.of({ budget_fiscal_year: '2018' });
    },
  },
  register_credit_card: {
    params: ['access_token', 'card_number', 'expiration_date', 'cardholder_name', 'card_verification_number'],
    run(api, accessToken, cardNumber, expirationDate, cardholderName, verificationNumber) {
      if (api.tokenExpiresIn === null) return error('Token not initialized');
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return error(tokenError);
      if (contains(api.creditCardList, cardNumber)) return error('Card already registered');
      const cardId = String(api.random.randint(100000000000, 999999999999));
      setItem(
        api.creditCardList,
        cardId,
        PyDict.of({
          card_number: cardNumber,
          expiration_date: expirationDate,
          cardholder_name: cardholderName,
          card_verification_number: verificationNumber,
          balance: api.random.randint(10000, 99999),
        }),
      );
      return PyDict.of({ card_id: cardId });
    },
  },
  get_flight_cost: {
    params: ['travel_from', 'travel_to', 'travel_date', 'travel_class'],
    run(api, travelFrom, travelTo, travelDate, travelClass) {
      return api.flightCost(travelFrom, travelTo, travelDate, travelClass);
    },
  },
  get_credit_card_balance: {
    params: ['access_token', 'card_id'],
    run(api, accessToken, cardId) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return error(tokenError);
      if (!contains(api.creditCardList, cardId)) {
        const ids = pyRepr(iterate(api.creditCardList));
        return error(`Card not registered. Here are a list of card_id's: ${ids}`);
      }
      return PyDict.of({ card_balance: getItem(api.card(cardId), 'balance') });
    },
  },
  book_flight: {
    params: ['access_token', 'card_id', 'travel_date', 'travel_from', 'travel_to', 'travel_class'],
    run(api, accessToken, cardId, travelDate, travelFrom, travelTo, travelClass) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return failed('booking_status', tokenError);
      if (!contains(api.creditCardList, cardId)) return failed('booking_status', 'Card not registered');
      if (!contains(api.card(cardId), 'balance')) return failed('booking_status', 'Balance not found');
      if (!contains(AIRPORTS, travelFrom))
        return failed('booking_status', `Invalid departure airport code: ${pyStr(travelFrom)}`);
      if (!contains(AIRPORTS, travelTo))
        return failed('booking_status', `Invalid destination airport code: ${pyStr(travelTo)}`);
      try {
        strptimeDate(travelDate);
      } catch (caught) {
        if (!(caught instanceof PyException) || caught.pyClass !== 'ValueError') throw caught;
        return failed('booking_status', 'Invalid date format. Use YYYY-MM-DD.');
      }
      dictKey(travelClass);
      if (!['economy', 'business', 'first'].includes(travelClass as string))
        // A set of str: Python prints it in an order its per-process string hashing decides; toolscore
        // prints the order the source writes.
        return failed('booking_status', "Invalid travel class. Must be one of {'economy', 'business', 'first'}");
      let travelCost: PyData;
      try {
        api.flightCost(travelFrom, travelTo, travelDate, travelClass);
        const key = `${pyStr(travelFrom)}|${pyStr(travelTo)}|${pyStr(travelClass)}|${pyStr(travelDate)}`;
        const entry = api.flightCostLookup.get(key);
        if (entry === undefined) return failed('booking_status', 'No available route for the given parameters');
        travelCost = getItem(entry, 'cost');
      } catch (caught) {
        if (!(caught instanceof PyException) || caught.pyClass !== 'ValueError') throw caught;
        return failed('booking_status', caught.message);
      }
      const card = api.card(cardId);
      if (compare('<', getItem(card, 'balance'), travelCost)) return failed('booking_status', 'Insufficient funds');
      if (api.budgetLimit !== null && compare('<', getItem(card, 'balance'), api.budgetLimit))
        return failed('booking_status', 'Balance is less than budget limit');
      setItem(card, 'balance', subtract(getItem(card, 'balance'), travelCost));
      const bookingId = String(api.random.randint(1000000, 9999999));
      const transactionId = String(api.random.randint(10000000, 99999999));
      setItem(
        api.bookingRecord,
        bookingId,
        PyDict.of({
          card_id: cardId,
          travel_date: travelDate,
          travel_from: travelFrom,
          travel_to: travelTo,
          travel_class: travelClass,
          travel_cost: travelCost,
          transaction_id: transactionId,
        }),
      );
      return PyDict.of({
        booking_id: bookingId,
        transaction_id: transactionId,
        booking_status: true,
        booking_history: api.longContext ? api.bookingRecord : new PyDict(),
      });
    },
  },
  retrieve_invoice: {
    params: ['access_token', 'booking_id', 'insurance_id'],
    defaults: { booking_id: null, insurance_id: null },
    run(api, accessToken, bookingId) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return error(tokenError);
      if (!contains(api.bookingRecord, bookingId)) return error('Booking not found');
      const booking = getItem(api.bookingRecord, bookingId);
      const invoice = PyDict.of({ booking_id: bookingId });
      for (const field of ['travel_date', 'travel_from', 'travel_to', 'travel_class', 'travel_cost', 'transaction_id'])
        invoice.set(field, getItem(booking, field));
      return PyDict.of({ invoice });
    },
  },
  get_booking_history: {
    params: ['access_token'],
    run(api, accessToken) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return error(tokenError);
      return PyDict.of({ booking_history: deepCopy(api.bookingRecord) });
    },
  },
  list_all_airports: {
    params: [],
    run() {
      return [...AIRPORTS];
    },
  },
  cancel_booking: {
    params: ['access_token', 'booking_id'],
    run(api, accessToken, bookingId) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return failed('cancel_status', tokenError);
      if (!contains(api.bookingRecord, bookingId)) return failed('cancel_status', 'Booking not found');
      const booking = getItem(api.bookingRecord, bookingId);
      const cardId = getItem(booking, 'card_id');
      const travelCost = getItem(booking, 'travel_cost');
      const card = api.card(cardId);
      setItem(card, 'balance', add(getItem(card, 'balance'), travelCost));
      delItem(api.bookingRecord, bookingId);
      return PyDict.of({ cancel_status: true });
    },
  },
  compute_exchange_rate: {
    params: ['base_currency', 'target_currency', 'value'],
    run(_api, base, target, value) {
      for (const [from, to, rate] of EXCHANGE_RATES) {
        if (pyEq(base, from) && pyEq(target, to)) return PyDict.of({ exchanged_value: toFloat(multiply(value, rate)) });
        if (pyEq(base, to) && pyEq(target, from))
          return PyDict.of({ exchanged_value: round(trueDivide(value, rate), 2) });
      }
      throw new PyException('ValueError', 'No available exchange rate for the given currencies.');
    },
  },
  verify_traveler_information: {
    params: ['first_name', 'last_name', 'date_of_birth', 'passport_number'],
    run(api, firstName, lastName, dateOfBirth, passportNumber) {
      if (!pyEq(api.userFirstName, firstName) || !pyEq(api.userLastName, lastName)) {
        return PyDict.of({
          verification_status: false,
          verification_failure:
            'Cannot book flight information for another user.' +
            `Expected ${pyStr(api.userFirstName)} ${pyStr(api.userLastName)}, got ${pyStr(firstName)} ${pyStr(lastName)}`,
        });
      }
      let age: number;
      try {
        const birth = strptimeDate(dateOfBirth);
        // datetime.today(): the local date of the machine running the check, as in Python.
        const now = new Date();
        const [month, day] = [now.getMonth() + 1, now.getDate()];
        const beforeBirthday = month < birth.month || (month === birth.month && day < birth.day);
        age = now.getFullYear() - birth.year - (beforeBirthday ? 1 : 0);
      } catch (caught) {
        if (!(caught instanceof PyException) || caught.pyClass !== 'ValueError') throw caught;
        return PyDict.of({
          verification_status: false,
          verification_failure: 'Invalid date of birth format. Please use YYYY-MM-DD.',
        });
      }
      if (age < 18)
        return PyDict.of({
          verification_status: false,
          verification_failure: 'Traveler must be at least 18 years old.',
        });
      if (!asStr(passportNumber, 'startswith').startsWith('US'))
        return PyDict.of({
          verification_status: false,
          verification_failure: 'Passport must be issued by the United States.',
        });
      return PyDict.of({ verification_status: true });
    },
  },
  set_budget_limit: {
    params: ['access_token', 'budget_limit'],
    run(api, accessToken, budgetLimit) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return error(tokenError);
      const limit = toFloat(budgetLimit);
      api.budgetLimit = limit;
      return PyDict.of({ budget_limit: limit });
    },
  },
  get_nearest_airport_by_city: {
    params: ['location'],
    run(_api, location) {
      return PyDict.of({ nearest_airport: get(AIRPORT_BY_CITY, location, 'Unknown') });
    },
  },
  purchase_insurance: {
    params: ['access_token', 'insurance_type', 'booking_id', 'insurance_cost', 'card_id'],
    run(api, accessToken, _insuranceType, bookingId, insuranceCost, cardId) {
      const tokenError = api.tokenError(accessToken);
      if (tokenError) return failed('insurance_status', tokenError);
      if (api.budgetLimit !== null && compare('<', api.budgetLimit, insuranceCost))
        return failed('insurance_status', 'Exceeded budget limit');
      if (!contains(api.bookingRecord, bookingId)) return failed('insurance_status', 'Booking not found');
      if (!contains(api.creditCardList, cardId)) return failed('insurance_status', 'Credit card not registered');
      const card = api.card(cardId);
      setItem(card, 'balance', subtract(getItem(card, 'balance'), insuranceCost));
      return PyDict.of({
        insurance_id: String(api.random.randint(100000000, 999999999)),
        insurance_status: true,
      });
    },
  },
  contact_customer_support: {
    params: ['booking_id', 'message'],
    run(api, bookingId) {
      if (!contains(api.bookingRecord, bookingId)) return error('Booking not found');
      return PyDict.of({
        customer_support_message:
          'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.',
      });
    },
  },
  get_all_credit_cards: {
    params: [],
    run(api) {
      return PyDict.of({ credit_card_list: api.creditCardList });
    },
  },
};

export const createTravelAPI: SimulatedApiFactory = () => new TravelApi();
