import { describe, expect, test } from 'vitest';
import type { SimulatedApi } from './api.js';
import { type PyData, PyDict, PyException, PyFloat, pyRepr } from './py.js';
import { createTicketAPI } from './ticket-api.js';

/**
 * Each expected line is what Python printed for the same call on gorilla's own class (python3 3.11.7, gorilla
 * HEAD 6ea57973, PYTHONPATH=berkeley-function-call-leaderboard): `repr(result)`, or `!! Type: str(e)` when the
 * call raised:
 *   from bfcl_eval.eval_checker.multi_turn_eval.func_source_code.ticket_api import TicketAPI
 *   api = TicketAPI(); api._load_scenario({}); print(repr(api.create_ticket('t'))) ...
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

describe('TicketAPI', () => {
  test('defaults when the config is empty, and the public methods in getmembers order', () => {
    const api = createTicketAPI();
    api.loadScenario(new PyDict(), false);
    expect(state(api)).toBe("{'ticket_queue': [], 'ticket_counter': 1, 'current_user': None}");
    expect(api.methods).toEqual([
      'close_ticket',
      'create_ticket',
      'edit_ticket',
      'get_ticket',
      'get_user_tickets',
      'logout',
      'resolve_ticket',
      'ticket_get_login_status',
      'ticket_login',
    ]);
  });

  test('every method, its success path and its errors, in one session', () => {
    const api = createTicketAPI();
    api.loadScenario(new PyDict(), false);
    const ticket1 =
      "{'id': 1, 'title': 'Bug', 'description': 'desc', 'status': 'Open', 'priority': 5, 'created_by': 'alice'}";
    expect(run(api, 'create_ticket', ['t'])).toBe(
      "{'error': 'User not authenticated. Please log in to create a ticket.'}",
    );
    expect(run(api, 'ticket_login', ['', ''])).toBe("{'success': False}");
    expect(run(api, 'ticket_login', ['alice', 'pw'])).toBe("{'success': True}");
    expect(run(api, 'create_ticket', ['Bug'], { priority: '3' })).toBe(
      "!! TypeError: '<' not supported between instances of 'str' and 'int'",
    );
    expect(run(api, 'create_ticket', ['Bug'], { priority: 0 })).toBe(
      "{'error': 'Invalid priority. Priority must be between 1 and 5.'}",
    );
    expect(run(api, 'create_ticket', ['Bug', 'desc', 5])).toBe(ticket1);
    expect(run(api, 'create_ticket', ['Bug2'], { priority: new PyFloat(2.5) })).toBe(
      "{'id': 2, 'title': 'Bug2', 'description': '', 'status': 'Open', 'priority': 2.5, 'created_by': 'alice'}",
    );
    expect(run(api, 'get_ticket', [1])).toBe(ticket1);
    expect(run(api, 'get_ticket', [new PyFloat(1)])).toBe(ticket1);
    expect(run(api, 'get_ticket', ['1'])).toBe("{'error': 'Ticket with ID 1 not found.'}");
    expect(run(api, 'close_ticket', [1])).toBe("{'status': 'Ticket 1 has been closed successfully.'}");
    expect(run(api, 'close_ticket', [1])).toBe("{'error': 'Ticket with ID 1 is already closed.'}");
    expect(run(api, 'close_ticket', [9])).toBe("{'error': 'Ticket with ID 9 not found.'}");
    expect(run(api, 'resolve_ticket', [2, 'fixed'])).toBe("{'status': 'Ticket 2 has been resolved successfully.'}");
    expect(run(api, 'resolve_ticket', [2, 'again'])).toBe("{'error': 'Ticket with ID 2 is already resolved.'}");
    expect(run(api, 'edit_ticket', [2, PyDict.of({ title: 'New', priority: null, foo: 1, bar: 2 })])).toBe(
      "{'error': 'Invalid fields for update: foo, bar'}",
    );
    expect(run(api, 'edit_ticket', [2, PyDict.of({ title: 'New', priority: null })])).toBe(
      "{'status': 'Ticket 2 has been updated successfully.'}",
    );
    expect(run(api, 'edit_ticket', [2, [1]])).toBe("!! AttributeError: 'list' object has no attribute 'keys'");
    expect(run(api, 'edit_ticket', [7, new PyDict()])).toBe("{'error': 'Ticket with ID 7 not found.'}");
    const closed =
      "{'id': 1, 'title': 'Bug', 'description': 'desc', 'status': 'Closed', 'priority': 5, 'created_by': 'alice'}";
    const resolved =
      "{'id': 2, 'title': 'New', 'description': '', 'status': 'Resolved', 'priority': 2.5, 'created_by': 'alice', 'resolution': 'fixed'}";
    expect(run(api, 'get_user_tickets')).toBe(`[${closed}, ${resolved}]`);
    expect(run(api, 'get_user_tickets', ['open'])).toBe('[]');
    expect(run(api, 'get_user_tickets', ['resolved'])).toBe(`[${resolved}]`);
    expect(run(api, 'get_user_tickets', [5])).toBe("!! AttributeError: 'int' object has no attribute 'lower'");
    expect(run(api, 'ticket_get_login_status')).toBe("{'login_status': True}");
    expect(run(api, 'logout')).toBe("{'success': True}");
    expect(run(api, 'logout')).toBe("{'success': False}");
    expect(run(api, 'get_user_tickets')).toBe("[{'error': 'User not authenticated. Please log in to view tickets.'}]");
    expect(run(api, 'ticket_get_login_status')).toBe("{'login_status': False}");
    expect(state(api)).toBe(`{'ticket_queue': [${closed}, ${resolved}], 'ticket_counter': 3, 'current_user': None}`);
  });

  test("Python's TypeErrors for the arguments, and no such method", () => {
    const api = createTicketAPI();
    api.loadScenario(new PyDict(), false);
    expect(run(api, 'create_ticket', [], { title: 'x', foo: 1 })).toBe(
      "!! TypeError: TicketAPI.create_ticket() got an unexpected keyword argument 'foo'",
    );
    expect(run(api, 'get_ticket')).toBe(
      "!! TypeError: TicketAPI.get_ticket() missing 1 required positional argument: 'ticket_id'",
    );
    expect(run(api, 'logout', [1])).toBe(
      '!! TypeError: TicketAPI.logout() takes 1 positional argument but 2 were given',
    );
    expect(run(api, 'fly')).toBe("!! AttributeError: 'TicketAPI' object has no attribute 'fly'");
  });

  test('a scenario is loaded as given, ticket ids compared with ==', () => {
    const api = createTicketAPI();
    const ticket = PyDict.of({ id: 3, title: 't', description: '', status: 'Open', priority: 1, created_by: 'bob' });
    api.loadScenario(PyDict.of({ ticket_queue: [ticket], ticket_counter: 4, current_user: 'bob' }), false);
    expect(run(api, 'create_ticket', ['second'])).toBe(
      "{'id': 4, 'title': 'second', 'description': '', 'status': 'Open', 'priority': 1, 'created_by': 'bob'}",
    );
    expect(run(api, 'close_ticket', [true])).toBe("{'error': 'Ticket with ID True not found.'}");
    expect(run(api, 'edit_ticket', [3, PyDict.of({ status: 'Pending', priority: 4 })])).toBe(
      "{'status': 'Ticket 3 has been updated successfully.'}",
    );
    expect(pyRepr(ticket)).toBe(
      "{'id': 3, 'title': 't', 'description': '', 'status': 'Pending', 'priority': 4, 'created_by': 'bob'}",
    );
  });
});
