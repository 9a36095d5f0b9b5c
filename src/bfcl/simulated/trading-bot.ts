/**
 * gorilla `func_source_code/trading_bot.py` (`TradingBot`) ported rule for rule: orders keyed by int id
 * (a scenario's digit-string keys become ints on load), the account, the watch list, transactions
 * stamped by `random.Random(random_seed)`, and the long-context additions. Some methods answer a list
 * rather than a dict when logged out, as the Python does.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { abs, deepCopy, formatFixed, toInt } from './builtins.js';
import {
  AUTOMOBILE_EXTENSION,
  MA_5_EXTENSION,
  MA_20_EXTENSION,
  ORDER_DETAIL_EXTENSION,
  TECHNOLOGY_EXTENSION,
  TRANSACTION_HISTORY_EXTENSION,
  WATCH_LIST_EXTENSION,
} from './long-context.js';
import { callMethod, type MethodTable, methodNames } from './methods.js';
import {
  add,
  asDict,
  asList,
  asStr,
  compare,
  contains,
  get,
  getItem,
  iterate,
  multiply,
  removeItem,
  setItem,
  subtract,
  toFloat,
  truthy,
  typeName,
} from './ops.js';
import { type PyData, PyDict, PyException, PyFloat, pyEq, pyRepr, pyStr } from './py.js';
import { PyRandom } from './random.js';

const f = (value: number): PyFloat => new PyFloat(value);

function stock(price: number, percentChange: number, volume: number, ma5: number, ma20: number): PyDict {
  return PyDict.of({
    price: f(price),
    percent_change: f(percentChange),
    volume: f(volume),
    'MA(5)': f(ma5),
    'MA(20)': f(ma20),
  });
}

/** `DEFAULT_STATE`, made afresh for each load as `deepcopy(DEFAULT_STATE)` is. */
function defaultState(): PyDict {
  return PyDict.of({
    orders: new PyDict([
      [
        12345,
        PyDict.of({ id: 12345, order_type: 'Buy', symbol: 'AAPL', price: f(210.65), amount: 10, status: 'Completed' }),
      ],
      [
        12446,
        PyDict.of({ id: 12446, order_type: 'Sell', symbol: 'GOOG', price: f(2840.56), amount: 5, status: 'Pending' }),
      ],
    ]),
    account_info: PyDict.of({ account_id: 12345, balance: f(10000.0), binding_card: 1974202140965533 }),
    authenticated: false,
    market_status: 'Closed',
    order_counter: 12446,
    stocks: PyDict.of({
      AAPL: stock(227.16, 0.17, 2.552, 227.11, 227.09),
      GOOG: stock(2840.34, 0.24, 1.123, 2835.67, 2842.15),
      TSLA: stock(667.92, -0.12, 1.654, 671.15, 668.2),
      MSFT: stock(310.23, 0.09, 3.234, 309.88, 310.11),
      NVDA: stock(220.34, 0.34, 1.234, 220.45, 220.67),
      ALPH: stock(1320.45, -0.08, 1.567, 1321.12, 1325.78),
      OMEG: stock(457.23, 0.12, 2.345, 456.78, 458.12),
      QUAS: stock(725.89, -0.03, 1.789, 726.45, 728.0),
      NEPT: stock(88.34, 0.19, 0.654, 88.21, 88.67),
      SYNX: stock(345.67, 0.11, 2.112, 345.34, 346.12),
      ZETA: stock(22.09, -0.05, 0.789, 22.12, 22.34),
    }),
    watch_list: ['NVDA'],
    transaction_history: [],
    random_seed: 1053520,
  });
}

/** The attributes `_load_scenario` sets from the scenario (or the default), in its order. */
const LOADED = [
  'orders',
  'account_info',
  'authenticated',
  'market_status',
  'order_counter',
  'stocks',
  'watch_list',
  'transaction_history',
] as const;

const SYMBOLS: readonly [string, string][] = [
  ['Apple', 'AAPL'],
  ['Google', 'GOOG'],
  ['Tesla', 'TSLA'],
  ['Microsoft', 'MSFT'],
  ['Nvidia', 'NVDA'],
  ['Zeta Corp', 'ZETA'],
  ['Alpha Tech', 'ALPH'],
  ['Omega Industries', 'OMEG'],
  ['Quasar Ltd.', 'QUAS'],
  ['Neptune Systems', 'NEPT'],
  ['Synex Solutions', 'SYNX'],
  ['Amazon', 'AMZN'],
  ['Gorilla', 'GORI'],
];

/**
 * `CURRENT_TIME = datetime(2024, 9, 1, 10, 30)`, naive. `_generate_transaction_timestamp` turns it into
 * a POSIX time in the machine's local zone, draws `randint(start, start + 1 day)` and prints the draw in
 * that same zone: the zone cancels out (the draw depends only on the width, 86,400 s, with no DST change
 * on 1-2 September 2024 in any zone), so the stamp is CURRENT_TIME plus the drawn seconds on every
 * machine. Computed here in UTC. PR #1308's score file agrees: multi_turn_base_117's ground truth funds
 * the account first and shows "2024-09-02 05:40:15", as this gives for the default seed.
 */
const CURRENT_TIME_SECONDS = Date.UTC(2024, 8, 1, 10, 30) / 1000;
const ONE_DAY_SECONDS = 86_400;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `strftime("%Y-%m-%d %H:%M:%S")` of a time in seconds (read in UTC, see above). */
function formatTimestamp(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `_strptime`'s pattern for `%Y-%m-%d` (a prefix match; what follows is "unconverted data"). */
const DATE_PATTERN = /^(\d\d\d\d)-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])/;

/**
 * `datetime.strptime(text, "%Y-%m-%d")` (or with `" %H:%M:%S"`) as a comparable tuple, or Python's
 * ValueError / TypeError. (Python's `_strptime` turns the format's space into `\s+`.)
 */
function strptime(text: PyData, withTime: boolean): number[] {
  if (typeof text !== 'string')
    throw new PyException('TypeError', `strptime() argument 1 must be str, not ${typeName(text)}`);
  const format = withTime ? '%Y-%m-%d %H:%M:%S' : '%Y-%m-%d';
  const date = DATE_PATTERN.exec(text);
  let end = date?.[0].length ?? 0;
  let time: RegExpExecArray | null = null;
  if (date !== null && withTime) {
    const spaced = /\s+/y;
    spaced.lastIndex = end;
    const space = spaced.exec(text);
    if (space !== null) {
      const pattern = /(2[0-3]|[0-1]\d|\d):([0-5]\d|\d):(6[0-1]|[0-5]\d|\d)/y;
      pattern.lastIndex = end + space[0].length;
      time = pattern.exec(text);
      if (time !== null) end = pattern.lastIndex;
    }
  }
  if (date === null || (withTime && time === null))
    throw new PyException('ValueError', `time data ${pyRepr(text)} does not match format ${pyRepr(format)}`);
  if (end !== text.length) throw new PyException('ValueError', `unconverted data remains: ${text.slice(end)}`);
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate() || year < 1)
    throw new PyException('ValueError', year < 1 ? `year ${year} is out of range` : 'day is out of range for month');
  const clock = time === null ? [0, 0, 0] : [Number(time[1]), Number(time[2]), Number(time[3])];
  if (clock[2]! > 59) throw new PyException('ValueError', 'second must be in 0..59');
  return [year, month, day, ...clock];
}

function before(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return (a[k] as number) < (b[k] as number);
  return true;
}

const error = (message: string): PyDict => PyDict.of({ error: message });

class TradingBot implements SimulatedApi {
  readonly className = 'TradingBot';
  readonly methods = methodNames(METHODS);
  /** The public attributes, in `vars()` order. */
  readonly state = new Map<string, PyData>();
  random = new PyRandom(1053520);

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [...this.state];
  }

  loadScenario(config: PyDict, longContext: boolean): void {
    const scenario = deepCopy(config) as PyDict;
    const defaults = defaultState();
    this.state.clear();
    for (const name of LOADED) this.state.set(name, get(scenario, name, defaults.get(name) as PyData));
    // `int(k) if isinstance(k, str) and k.isdigit() else k`, into a new dict.
    const orders = new PyDict();
    for (const key of iterate(asDict(this.get('orders'), 'items')))
      setItem(
        orders,
        typeof key === 'string' && /^\d+$/.test(key) ? toInt(key) : key,
        getItem(this.get('orders'), key),
      );
    this.state.set('orders', orders);
    this.state.set('long_context', longContext);
    const seed = get(scenario, 'random_seed', defaults.get('random_seed') as PyData);
    if (typeof seed !== 'number') throw new Error(`TradingBot: random_seed ${pyRepr(seed)} is not an int`);
    this.random = new PyRandom(seed);
  }

  get(name: string): PyData {
    return this.state.get(name) as PyData;
  }

  set(name: string, value: PyData): void {
    this.state.set(name, value);
  }

  get longContext(): boolean {
    return truthy(this.get('long_context'));
  }

  get authenticated(): boolean {
    return truthy(this.get('authenticated'));
  }

  transactionTimestamp(): string {
    const drawn = this.random.randint(CURRENT_TIME_SECONDS, CURRENT_TIME_SECONDS + ONE_DAY_SECONDS);
    return formatTimestamp(drawn);
  }

  /** `self.transaction_history.append({...})` with a fresh timestamp. */
  record(type: string, amount: PyData): void {
    const history = asList(this.get('transaction_history'), 'append');
    history.push(PyDict.of({ type, amount, timestamp: this.transactionTimestamp() }));
  }
}

const METHODS: MethodTable<TradingBot> = {
  get_current_time: { params: [], run: () => PyDict.of({ current_time: '10:30 AM' }) },
  get_symbol_by_name: {
    params: ['name'],
    run(_bot, name) {
      const map = new PyDict(SYMBOLS);
      return PyDict.of({ symbol: get(map, name, 'Stock not found') });
    },
  },
  get_stock_info: {
    params: ['symbol'],
    run(bot, symbol) {
      if (!contains(bot.get('stocks'), symbol)) return error(`Stock with symbol '${pyStr(symbol)}' not found.`);
      const found = getItem(bot.get('stocks'), symbol);
      if (!bot.longContext) return found;
      const copy = new PyDict(asDict(found, 'copy'));
      setItem(copy, 'MA(5)', MA_5_EXTENSION);
      setItem(copy, 'MA(20)', MA_20_EXTENSION);
      return copy;
    },
  },
  get_order_details: {
    params: ['order_id'],
    run(bot, orderId) {
      const orders = bot.get('orders');
      if (!contains(orders, orderId))
        return error(
          `Order with ID ${pyStr(orderId)} not found.Here is the list of orders_id: ${pyRepr(iterate(orders))}`,
        );
      const order = getItem(orders, orderId);
      if (!bot.longContext) return order;
      const copy = new PyDict(asDict(order, 'copy'));
      const symbol = getItem(copy, 'symbol');
      // `value.format(symbol=symbol)`: the texts hold no other field than {symbol}.
      const metadata = new PyDict(
        [...ORDER_DETAIL_EXTENSION].map(([key, text]) => [key, (text as string).replaceAll('{symbol}', pyStr(symbol))]),
      );
      setItem(copy, 'metadata', metadata);
      return copy;
    },
  },
  cancel_order: {
    params: ['order_id'],
    run(bot, orderId) {
      const orders = bot.get('orders');
      if (!contains(orders, orderId)) return error(`Order with ID ${pyStr(orderId)} not found.`);
      if (pyEq(getItem(getItem(orders, orderId), 'status'), 'Completed'))
        return error(`Can't cancel order ${pyStr(orderId)}. Order is already completed.`);
      setItem(getItem(orders, orderId), 'status', 'Cancelled');
      return PyDict.of({ order_id: orderId, status: 'Cancelled' });
    },
  },
  place_order: {
    params: ['order_type', 'symbol', 'price', 'amount'],
    run(bot, orderType, symbol, priceArgument, amount) {
      if (!bot.authenticated) return error('User not authenticated. Please log in to place an order.');
      if (!contains(bot.get('stocks'), symbol)) return error(`Invalid stock symbol: ${pyStr(symbol)}`);
      if (compare('<=', priceArgument, 0) || compare('<=', amount, 0))
        return error('Price and amount must be positive values.');
      if (asStr(orderType, 'lower').toLowerCase() === 'buy') {
        const totalCost = multiply(toFloat(priceArgument), toInt(amount));
        if (compare('>', totalCost, get(bot.get('account_info'), 'balance', 0))) {
          const balance = get(bot.get('account_info'), 'balance', 0);
          return error(
            `Insufficient funds: required $${formatFixed(totalCost, 2)} but only $${formatFixed(balance, 2)} available.`,
          );
        }
      }
      const price = toFloat(priceArgument);
      const orderId = bot.get('order_counter');
      setItem(
        bot.get('orders'),
        orderId,
        PyDict.of({ id: orderId, order_type: orderType, symbol, price, amount, status: 'Open' }),
      );
      bot.set('order_counter', add(orderId, 1));
      return PyDict.of({ order_id: orderId, order_type: orderType, status: 'Pending', price, amount });
    },
  },
  withdraw_funds: {
    params: ['amount'],
    run(bot, amount) {
      if (!bot.authenticated) return error('User not authenticated. Please log in to make a transaction.');
      if (!pyEq(bot.get('market_status'), 'Open')) return error('Market is closed. Transactions are not allowed.');
      if (compare('<=', amount, 0)) return error('Transaction amount must be positive.');
      const account = bot.get('account_info');
      if (compare('>', amount, getItem(account, 'balance'))) return error('Insufficient funds for withdrawal.');
      setItem(account, 'balance', subtract(getItem(account, 'balance'), amount));
      bot.record('withdrawal', amount);
      return PyDict.of({ status: 'Withdrawal successful', new_balance: getItem(account, 'balance') });
    },
  },
  get_account_info: {
    params: [],
    run(bot) {
      if (!bot.authenticated) return error('User not authenticated. Please log in to view account information.');
      return bot.get('account_info');
    },
  },
  trading_login: {
    params: ['username', 'password'],
    run(bot) {
      if (bot.authenticated) return PyDict.of({ status: 'Already logged in' });
      bot.set('authenticated', true);
      return PyDict.of({ status: 'Logged in successfully' });
    },
  },
  trading_get_login_status: { params: [], run: (bot) => PyDict.of({ status: bot.authenticated }) },
  trading_logout: {
    params: [],
    run(bot) {
      if (!bot.authenticated) return PyDict.of({ status: 'No user is currently logged in' });
      bot.set('authenticated', false);
      return PyDict.of({ status: 'Logged out successfully' });
    },
  },
  fund_account: {
    params: ['amount'],
    run(bot, amount) {
      if (!bot.authenticated) return error('User not authenticated. Please log in to fund the account.');
      if (compare('<=', amount, 0)) return error('Funding amount must be positive.');
      const account = bot.get('account_info');
      setItem(account, 'balance', add(getItem(account, 'balance'), amount));
      bot.record('deposit', amount);
      return PyDict.of({ status: 'Account funded successfully', new_balance: getItem(account, 'balance') });
    },
  },
  remove_stock_from_watchlist: {
    params: ['symbol'],
    run(bot, symbol) {
      if (!bot.authenticated) return error('User not authenticated. Please log in to modify the watchlist.');
      if (!contains(bot.get('watch_list'), symbol)) return error(`Stock ${pyStr(symbol)} not found in watchlist.`);
      removeItem(asList(bot.get('watch_list'), 'remove'), symbol);
      return PyDict.of({ status: `Stock ${pyStr(symbol)} removed from watchlist successfully.` });
    },
  },
  get_watchlist: {
    params: [],
    run(bot) {
      if (!bot.authenticated) return ['Error: User not authenticated. Please log in to view the watchlist.'];
      if (bot.longContext) return [...asList(bot.get('watch_list'), 'copy'), ...WATCH_LIST_EXTENSION];
      return PyDict.of({ watchlist: bot.get('watch_list') });
    },
  },
  get_order_history: {
    params: [],
    run(bot) {
      if (!bot.authenticated) return [error('User not authenticated. Please log in to view order history.')];
      return PyDict.of({ history: iterate(asDict(bot.get('orders'), 'keys')) });
    },
  },
  get_transaction_history: {
    params: ['start_date', 'end_date'],
    defaults: { start_date: null, end_date: null },
    run(bot, startDate, endDate) {
      if (!bot.authenticated) return [error('User not authenticated. Please log in to view transaction history.')];
      // datetime.min and datetime.max as tuples.
      const start = truthy(startDate) ? strptime(startDate, false) : [1, 1, 1, 0, 0, 0];
      const end = truthy(endDate) ? strptime(endDate, false) : [9999, 12, 31, 23, 59, 59.999999];
      const filtered = iterate(bot.get('transaction_history')).filter((transaction) => {
        const when = strptime(getItem(transaction, 'timestamp'), true);
        return before(start, when) && before(when, end);
      });
      if (bot.longContext) filtered.push(...TRANSACTION_HISTORY_EXTENSION);
      return PyDict.of({ transaction_history: filtered });
    },
  },
  get_available_stocks: {
    params: ['sector'],
    run(bot, sector) {
      const technology: PyData[] = ['AAPL', 'GOOG', 'MSFT', 'NVDA'];
      const automobile: PyData[] = ['TSLA', 'F', 'GM'];
      if (bot.longContext) {
        technology.push(...TECHNOLOGY_EXTENSION);
        automobile.push(...AUTOMOBILE_EXTENSION);
      }
      const sectors = PyDict.of({ Technology: technology, Automobile: automobile });
      return PyDict.of({ stock_list: get(sectors, sector, []) });
    },
  },
  filter_stocks_by_price: {
    params: ['stocks', 'min_price', 'max_price'],
    run(bot, stocks, minPrice, maxPrice) {
      const price = (symbol: PyData): PyData => get(get(bot.get('stocks'), symbol, new PyDict()), 'price', 0);
      const filtered = iterate(stocks).filter(
        (symbol) => compare('>=', price(symbol), minPrice) && compare('<=', price(symbol), maxPrice),
      );
      return PyDict.of({ filtered_stocks: filtered });
    },
  },
  add_to_watchlist: {
    params: ['stock'],
    run(bot, symbol) {
      const watchList = bot.get('watch_list');
      if (!contains(watchList, symbol) && contains(bot.get('stocks'), symbol)) asList(watchList, 'append').push(symbol);
      return PyDict.of({ watchlist: watchList });
    },
  },
  notify_price_change: {
    params: ['stocks', 'threshold'],
    run(bot, stocks, threshold) {
      const changed = iterate(stocks).filter(
        (symbol) =>
          contains(bot.get('stocks'), symbol) &&
          compare('>=', abs(getItem(getItem(bot.get('stocks'), symbol), 'percent_change')), threshold),
      );
      if (changed.length === 0)
        return PyDict.of({ notification: 'No significant price changes in the selected stocks.' });
      return PyDict.of({ notification: `Stocks ${changed.join(', ')} have significant price changes.` });
    },
  },
};

export const createTradingBot: SimulatedApiFactory = () => new TradingBot();
