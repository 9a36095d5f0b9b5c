import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dict, f, replay, scenario } from '../../../test/simulated-api.js';
import { PyDict } from './py.js';
import { createTradingBot } from './trading-bot.js';

/**
 * Expected outputs are python3's, printed by the replay script in test/simulated-api.ts:
 * python3 replay.py trading_bot TradingBot 0 '{}' "$(cat calls.json)" (the default state), then with
 * SCENARIO, then long context (1) on '{}' (sha256 of each output there). Any TZ gives the same stamps.
 */
const CALLS = [
  'get_current_time()',
  "get_symbol_by_name('Apple')",
  "get_symbol_by_name(name='Unknown Co')",
  "get_symbol_by_name(['x'])",
  "get_stock_info('AAPL')",
  "get_stock_info(symbol='XYZ')",
  'get_order_details(12345)',
  'get_order_details(order_id=99999)',
  "get_order_details('12345')",
  'cancel_order(12345)',
  'cancel_order(12446)',
  'cancel_order(1)',
  "place_order('Buy', 'AAPL', 150.0, 10)",
  "trading_login(username='u', password='p')",
  "trading_login('u', 'p')",
  'trading_get_login_status()',
  "place_order('Buy', 'XYZ', 1, 1)",
  "place_order('Buy', 'AAPL', 0, 10)",
  "place_order('Buy', 'AAPL', 100, -1)",
  "place_order(order_type='Buy', symbol='GOOG', price=2840.125, amount=4)",
  "place_order('Buy', 'AAPL', 150, 10)",
  "place_order(order_type='Sell', symbol='TSLA', price='667.5', amount=3)",
  "place_order('buy', 'MSFT', '10', '2')",
  "place_order(1, 'MSFT', 10, 2)",
  "place_order('Buy', 'MSFT', 'x', 2)",
  'get_order_details(12447)',
  'get_order_history()',
  'withdraw_funds(100)',
  'fund_account(500.5)',
  'fund_account(amount=-5)',
  "fund_account('5')",
  'get_account_info()',
  'get_transaction_history()',
  "get_transaction_history(start_date='2024-09-01', end_date='2024-09-01')",
  "get_transaction_history('2024-09-02')",
  "get_transaction_history(end_date='2024-9-2')",
  "get_transaction_history('2024-13-01')",
  "get_transaction_history('2024-09-01x')",
  "get_transaction_history('2024-02-30')",
  'get_transaction_history(20240901)',
  'get_watchlist()',
  "add_to_watchlist('AAPL')",
  "add_to_watchlist(stock='NOPE')",
  "add_to_watchlist('AAPL')",
  "remove_stock_from_watchlist('NVDA')",
  "remove_stock_from_watchlist(symbol='NVDA')",
  'get_watchlist()',
  "get_available_stocks('Technology')",
  "get_available_stocks(sector='Energy')",
  "filter_stocks_by_price(['AAPL', 'GOOG', 'NOPE', 'ZETA'], 20, 300)",
  "filter_stocks_by_price(stocks=['AAPL'], min_price=0, max_price=100.5)",
  "notify_price_change(['AAPL', 'TSLA', 'NVDA', 'NOPE'], 0.15)",
  "notify_price_change(stocks=['MSFT'], threshold=5)",
  'trading_logout()',
  'trading_logout()',
  'trading_get_login_status()',
  'get_watchlist()',
  'get_order_history()',
  'get_transaction_history()',
  'get_account_info()',
  'withdraw_funds(1)',
  'fund_account(1)',
  "remove_stock_from_watchlist('AAPL')",
  'trading_login()',
  "place_order('Buy', 'AAPL', 1)",
  'cancel_order(1, 2)',
  'get_current_time(now=True)',
  'buy()',
];

const PYTHON = [
  "{'current_time': '10:30 AM'}",
  "{'symbol': 'AAPL'}",
  "{'symbol': 'Stock not found'}",
  "TypeError: unhashable type: 'list'",
  "{'price': 227.16, 'percent_change': 0.17, 'volume': 2.552, 'MA(5)': 227.11, 'MA(20)': 227.09}",
  "{'error': \"Stock with symbol 'XYZ' not found.\"}",
  "{'id': 12345, 'order_type': 'Buy', 'symbol': 'AAPL', 'price': 210.65, 'amount': 10, 'status': 'Completed'}",
  "{'error': 'Order with ID 99999 not found.Here is the list of orders_id: [12345, 12446]'}",
  "{'error': 'Order with ID 12345 not found.Here is the list of orders_id: [12345, 12446]'}",
  "{'error': \"Can't cancel order 12345. Order is already completed.\"}",
  "{'order_id': 12446, 'status': 'Cancelled'}",
  "{'error': 'Order with ID 1 not found.'}",
  "{'error': 'User not authenticated. Please log in to place an order.'}",
  "{'status': 'Logged in successfully'}",
  "{'status': 'Already logged in'}",
  "{'status': True}",
  "{'error': 'Invalid stock symbol: XYZ'}",
  "{'error': 'Price and amount must be positive values.'}",
  "{'error': 'Price and amount must be positive values.'}",
  "{'error': 'Insufficient funds: required $11360.50 but only $10000.00 available.'}",
  "{'order_id': 12446, 'order_type': 'Buy', 'status': 'Pending', 'price': 150.0, 'amount': 10}",
  "TypeError: '<=' not supported between instances of 'str' and 'int'",
  "TypeError: '<=' not supported between instances of 'str' and 'int'",
  "AttributeError: 'int' object has no attribute 'lower'",
  "TypeError: '<=' not supported between instances of 'str' and 'int'",
  "{'error': 'Order with ID 12447 not found.Here is the list of orders_id: [12345, 12446]'}",
  "{'history': [12345, 12446]}",
  "{'error': 'Market is closed. Transactions are not allowed.'}",
  "{'status': 'Account funded successfully', 'new_balance': 10500.5}",
  "{'error': 'Funding amount must be positive.'}",
  "TypeError: '<=' not supported between instances of 'str' and 'int'",
  "{'account_id': 12345, 'balance': 10500.5, 'binding_card': 1974202140965533}",
  "{'transaction_history': [{'type': 'deposit', 'amount': 500.5, 'timestamp': '2024-09-02 05:40:15'}]}",
  "{'transaction_history': []}",
  "{'transaction_history': [{'type': 'deposit', 'amount': 500.5, 'timestamp': '2024-09-02 05:40:15'}]}",
  "{'transaction_history': []}",
  "ValueError: time data '2024-13-01' does not match format '%Y-%m-%d'",
  'ValueError: unconverted data remains: x',
  'ValueError: day is out of range for month',
  'TypeError: strptime() argument 1 must be str, not int',
  "{'watchlist': ['NVDA']}",
  "{'watchlist': ['NVDA', 'AAPL']}",
  "{'watchlist': ['NVDA', 'AAPL']}",
  "{'watchlist': ['NVDA', 'AAPL']}",
  "{'status': 'Stock NVDA removed from watchlist successfully.'}",
  "{'error': 'Stock NVDA not found in watchlist.'}",
  "{'watchlist': ['AAPL']}",
  "{'stock_list': ['AAPL', 'GOOG', 'MSFT', 'NVDA']}",
  "{'stock_list': []}",
  "{'filtered_stocks': ['AAPL', 'ZETA']}",
  "{'filtered_stocks': []}",
  "{'notification': 'Stocks AAPL, NVDA have significant price changes.'}",
  "{'notification': 'No significant price changes in the selected stocks.'}",
  "{'status': 'Logged out successfully'}",
  "{'status': 'No user is currently logged in'}",
  "{'status': False}",
  "['Error: User not authenticated. Please log in to view the watchlist.']",
  "[{'error': 'User not authenticated. Please log in to view order history.'}]",
  "[{'error': 'User not authenticated. Please log in to view transaction history.'}]",
  "{'error': 'User not authenticated. Please log in to view account information.'}",
  "{'error': 'User not authenticated. Please log in to make a transaction.'}",
  "{'error': 'User not authenticated. Please log in to fund the account.'}",
  "{'error': 'User not authenticated. Please log in to modify the watchlist.'}",
  "TypeError: TradingBot.trading_login() missing 2 required positional arguments: 'username' and 'password'",
  "TypeError: TradingBot.place_order() missing 1 required positional argument: 'amount'",
  'TypeError: TradingBot.cancel_order() takes 2 positional arguments but 3 were given',
  "TypeError: TradingBot.get_current_time() got an unexpected keyword argument 'now'",
  "AttributeError: 'TradingBot' object has no attribute 'buy'",
  [
    [
      'orders',
      "{12345: {'id': 12345, 'order_type': 'Buy', 'symbol': 'AAPL', 'price': 210.65, 'amount': 10, 'status': 'Completed'}, 12446: {'id': 12446, 'order_type': 'Buy', 'symbol': 'AAPL', 'price': 150.0, 'amount': 10, 'status': 'Open'}}",
    ],
    ['account_info', "{'account_id': 12345, 'balance': 10500.5, 'binding_card': 1974202140965533}"],
    ['authenticated', 'False'],
    ['market_status', "'Closed'"],
    ['order_counter', '12447'],
    [
      'stocks',
      "{'AAPL': {'price': 227.16, 'percent_change': 0.17, 'volume': 2.552, 'MA(5)': 227.11, 'MA(20)': 227.09}, 'GOOG': {'price': 2840.34, 'percent_change': 0.24, 'volume': 1.123, 'MA(5)': 2835.67, 'MA(20)': 2842.15}, 'TSLA': {'price': 667.92, 'percent_change': -0.12, 'volume': 1.654, 'MA(5)': 671.15, 'MA(20)': 668.2}, 'MSFT': {'price': 310.23, 'percent_change': 0.09, 'volume': 3.234, 'MA(5)': 309.88, 'MA(20)': 310.11}, 'NVDA': {'price': 220.34, 'percent_change': 0.34, 'volume': 1.234, 'MA(5)': 220.45, 'MA(20)': 220.67}, 'ALPH': {'price': 1320.45, 'percent_change': -0.08, 'volume': 1.567, 'MA(5)': 1321.12, 'MA(20)': 1325.78}, 'OMEG': {'price': 457.23, 'percent_change': 0.12, 'volume': 2.345, 'MA(5)': 456.78, 'MA(20)': 458.12}, 'QUAS': {'price': 725.89, 'percent_change': -0.03, 'volume': 1.789, 'MA(5)': 726.45, 'MA(20)': 728.0}, 'NEPT': {'price': 88.34, 'percent_change': 0.19, 'volume': 0.654, 'MA(5)': 88.21, 'MA(20)': 88.67}, 'SYNX': {'price': 345.67, 'percent_change': 0.11, 'volume': 2.112, 'MA(5)': 345.34, 'MA(20)': 346.12}, 'ZETA': {'price': 22.09, 'percent_change': -0.05, 'volume': 0.789, 'MA(5)': 22.12, 'MA(20)': 22.34}}",
    ],
    ['watch_list', "['AAPL']"],
    ['transaction_history', "[{'type': 'deposit', 'amount': 500.5, 'timestamp': '2024-09-02 05:40:15'}]"],
    ['long_context', 'False'],
  ],
];

/** Written with `dict` where a JS object would move the digit keys first. */
const SCENARIO = {
  orders: dict([
    ['12345', { id: 12345, order_type: 'Buy', symbol: 'AAPL', price: f(210.65), amount: 10, status: 'Completed' }],
    ['order_type', 'Buy'],
    ['777', { id: 777, order_type: 'Sell', symbol: 'TSLA', price: f(667.0), amount: 2, status: 'Open' }],
  ]),
  account_info: { account_id: 98765, balance: f(0.0), binding_card: 1987654321098765 },
  authenticated: true,
  market_status: 'Open',
  order_counter: 800,
  stocks: {
    AAPL: { price: f(227.16), percent_change: f(0.17), volume: f(2.552), 'MA(5)': f(227.11), 'MA(20)': f(227.09) },
    TSLA: { price: f(667.92), percent_change: f(-0.12), volume: f(1.654), 'MA(5)': f(671.15), 'MA(20)': f(668.2) },
  },
  watch_list: ['TSLA'],
  transaction_history: [{ type: 'deposit', amount: 100, timestamp: '2024-08-30 09:00:00' }],
  random_seed: 42,
};

const SCENARIO_CALLS = [
  'get_order_history()',
  'get_order_details(777)',
  'get_order_details("order_type")',
  'cancel_order(777)',
  'place_order("Buy", "AAPL", 0.125, 1)',
  'place_order("Buy", "AAPL", 0.375, 1)',
  'fund_account(amount=1000)',
  'withdraw_funds(2000)',
  'withdraw_funds(amount=250.25)',
  'withdraw_funds(0)',
  'place_order("Sell", "TSLA", 700, 1)',
  'get_transaction_history()',
  'get_transaction_history(start_date="2024-08-31")',
  'get_transaction_history(end_date="2024-08-31")',
  'get_account_info()',
];

const SCENARIO_PYTHON = [
  "{'history': [12345, 'order_type', 777]}",
  "{'id': 777, 'order_type': 'Sell', 'symbol': 'TSLA', 'price': 667.0, 'amount': 2, 'status': 'Open'}",
  "'Buy'",
  "{'order_id': 777, 'status': 'Cancelled'}",
  "{'error': 'Insufficient funds: required $0.12 but only $0.00 available.'}",
  "{'error': 'Insufficient funds: required $0.38 but only $0.00 available.'}",
  "{'status': 'Account funded successfully', 'new_balance': 1000.0}",
  "{'error': 'Insufficient funds for withdrawal.'}",
  "{'status': 'Withdrawal successful', 'new_balance': 749.75}",
  "{'error': 'Transaction amount must be positive.'}",
  "{'order_id': 800, 'order_type': 'Sell', 'status': 'Pending', 'price': 700.0, 'amount': 1}",
  "{'transaction_history': [{'type': 'deposit', 'amount': 100, 'timestamp': '2024-08-30 09:00:00'}, {'type': 'deposit', 'amount': 1000, 'timestamp': '2024-09-02 09:46:50'}, {'type': 'withdrawal', 'amount': 250.25, 'timestamp': '2024-09-01 14:33:12'}]}",
  "{'transaction_history': [{'type': 'deposit', 'amount': 1000, 'timestamp': '2024-09-02 09:46:50'}, {'type': 'withdrawal', 'amount': 250.25, 'timestamp': '2024-09-01 14:33:12'}]}",
  "{'transaction_history': [{'type': 'deposit', 'amount': 100, 'timestamp': '2024-08-30 09:00:00'}]}",
  "{'account_id': 98765, 'balance': 749.75, 'binding_card': 1987654321098765}",
  [
    [
      'orders',
      "{12345: {'id': 12345, 'order_type': 'Buy', 'symbol': 'AAPL', 'price': 210.65, 'amount': 10, 'status': 'Completed'}, 'order_type': 'Buy', 777: {'id': 777, 'order_type': 'Sell', 'symbol': 'TSLA', 'price': 667.0, 'amount': 2, 'status': 'Cancelled'}, 800: {'id': 800, 'order_type': 'Sell', 'symbol': 'TSLA', 'price': 700.0, 'amount': 1, 'status': 'Open'}}",
    ],
    ['account_info', "{'account_id': 98765, 'balance': 749.75, 'binding_card': 1987654321098765}"],
    ['authenticated', 'True'],
    ['market_status', "'Open'"],
    ['order_counter', '801'],
    [
      'stocks',
      "{'AAPL': {'price': 227.16, 'percent_change': 0.17, 'volume': 2.552, 'MA(5)': 227.11, 'MA(20)': 227.09}, 'TSLA': {'price': 667.92, 'percent_change': -0.12, 'volume': 1.654, 'MA(5)': 671.15, 'MA(20)': 668.2}}",
    ],
    ['watch_list', "['TSLA']"],
    [
      'transaction_history',
      "[{'type': 'deposit', 'amount': 100, 'timestamp': '2024-08-30 09:00:00'}, {'type': 'deposit', 'amount': 1000, 'timestamp': '2024-09-02 09:46:50'}, {'type': 'withdrawal', 'amount': 250.25, 'timestamp': '2024-09-01 14:33:12'}]",
    ],
    ['long_context', 'False'],
  ],
];

const LONG_CALLS = [
  'trading_login("a", "b")',
  'get_stock_info("AAPL")',
  'get_order_details(12345)',
  'get_watchlist()',
  'get_transaction_history()',
  'get_available_stocks("Technology")',
  'get_available_stocks("Automobile")',
  'get_available_stocks("Technology")',
];

const LONG_PYTHON_SHA256 = [
  '17163edefb0c8cad872ecd545f6162f9ba5f2f3d4c651fd7dfe1b23d68f9ebc6',
  '958d938e2f307aa33e534d7cdd7bf55ed82d3c6bc6a443ff671a9a2635737a24',
  '9470a58f150e056c4abfcde4a2230998d5890d1b120ca1e420c82f3862752f10',
  'e1dbb278d586e6a310a0cd7f2da6bbd0a5a95b4e34b35eeaa3adfa55c797b8ef',
  '3540cbd6574a2e50295f05443b662450a3b07619993e28f1cec8cbd8272799ff',
  '7e66354ab15aec4e7afa09b899fbece459b4ae7f4042d1d5868288cd272cb64b',
  '41467fb326f37e6d70c6c6201daeffed8e315b3bb72ea0d5658fca06a686253b',
  '7e66354ab15aec4e7afa09b899fbece459b4ae7f4042d1d5868288cd272cb64b',
];

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('TradingBot', () => {
  it('answers every method, success and error, as Python does from the default state, and ends in the same state', () => {
    const api = createTradingBot();
    api.loadScenario(new PyDict(), false);
    const out = replay(api, CALLS);
    CALLS.forEach((call, k) => expect([call, out[k]]).toEqual([call, PYTHON[k]]));
    expect(out.at(-1)).toEqual(PYTHON.at(-1));
  });

  it('loads a scenario: digit-string order ids become ints, its seed stamps the transactions, f"{x:.2f}" rounds half to even', () => {
    const api = createTradingBot();
    api.loadScenario(scenario(SCENARIO), false);
    const out = replay(api, SCENARIO_CALLS);
    SCENARIO_CALLS.forEach((call, k) => expect([call, out[k]]).toEqual([call, SCENARIO_PYTHON[k]]));
    expect(out.at(-1)).toEqual(SCENARIO_PYTHON.at(-1));
  });

  it('adds the long-context lists and texts', () => {
    const api = createTradingBot();
    api.loadScenario(new PyDict(), true);
    const out = replay(api, LONG_CALLS);
    expect(out.slice(0, -1).map((item) => sha256(item as string))).toEqual(LONG_PYTHON_SHA256);
    expect((out[3] as string).endsWith("'ZRFRE', Ellipsis]")).toBe(true);
    expect((out.at(-1) as [string, string][]).at(-1)).toEqual(['long_context', 'True']);
  });

  it('lists the public methods as inspect.getmembers does', () => {
    expect(createTradingBot().methods).toEqual([
      'add_to_watchlist',
      'cancel_order',
      'filter_stocks_by_price',
      'fund_account',
      'get_account_info',
      'get_available_stocks',
      'get_current_time',
      'get_order_details',
      'get_order_history',
      'get_stock_info',
      'get_symbol_by_name',
      'get_transaction_history',
      'get_watchlist',
      'notify_price_change',
      'place_order',
      'remove_stock_from_watchlist',
      'trading_get_login_status',
      'trading_login',
      'trading_logout',
      'withdraw_funds',
    ]);
  });
});
