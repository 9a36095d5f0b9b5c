/**
 * gorilla `func_source_code/ticket_api.py` (`TicketAPI`), rule for rule: a queue of support tickets
 * for the logged-in user.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { type MethodTable, callMethod, methodNames } from './methods.js';
import {
  add,
  asDict,
  asList,
  asStr,
  compare,
  get,
  getItem,
  iterate,
  setItem,
  truthy,
  typeError,
  typeName,
} from './ops.js';
import { type PyData, PyDict, pyEq, pyStr } from './py.js';

class TicketApi implements SimulatedApi {
  readonly className = 'TicketAPI';
  readonly methods = methodNames(METHODS);
  ticketQueue: PyData = [];
  ticketCounter: PyData = 1;
  currentUser: PyData = null;

  loadScenario(config: PyDict): void {
    this.ticketQueue = get(config, 'ticket_queue', []);
    this.ticketCounter = get(config, 'ticket_counter', 1);
    this.currentUser = get(config, 'current_user', null);
  }

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [
      ['ticket_queue', this.ticketQueue],
      ['ticket_counter', this.ticketCounter],
      ['current_user', this.currentUser],
    ];
  }

  findTicket(ticketId: PyData): PyDict | null {
    for (const ticket of iterate(this.ticketQueue)) if (pyEq(getItem(ticket, 'id'), ticketId)) return ticket as PyDict;
    return null;
  }
}

const error = (message: string): PyDict => PyDict.of({ error: message });
const notFound = (ticketId: PyData): PyDict => error(`Ticket with ID ${pyStr(ticketId)} not found.`);

const METHODS: MethodTable<TicketApi> = {
  create_ticket: {
    params: ['title', 'description', 'priority'],
    defaults: { description: '', priority: 1 },
    run(api, title, description, priority) {
      if (!truthy(api.currentUser)) return error('User not authenticated. Please log in to create a ticket.');
      if (compare('<', priority, 1) || compare('>', priority, 5))
        return error('Invalid priority. Priority must be between 1 and 5.');
      const ticket = PyDict.of({
        id: api.ticketCounter,
        title,
        description,
        status: 'Open',
        priority,
        created_by: api.currentUser,
      });
      asList(api.ticketQueue, 'append').push(ticket);
      api.ticketCounter = add(api.ticketCounter, 1);
      return ticket;
    },
  },
  get_ticket: {
    params: ['ticket_id'],
    run(api, ticketId) {
      return api.findTicket(ticketId) ?? notFound(ticketId);
    },
  },
  close_ticket: {
    params: ['ticket_id'],
    run(api, ticketId) {
      const ticket = api.findTicket(ticketId);
      if (!ticket) return notFound(ticketId);
      if (pyEq(getItem(ticket, 'status'), 'Closed'))
        return error(`Ticket with ID ${pyStr(ticketId)} is already closed.`);
      setItem(ticket, 'status', 'Closed');
      return PyDict.of({ status: `Ticket ${pyStr(ticketId)} has been closed successfully.` });
    },
  },
  resolve_ticket: {
    params: ['ticket_id', 'resolution'],
    run(api, ticketId, resolution) {
      const ticket = api.findTicket(ticketId);
      if (!ticket) return notFound(ticketId);
      if (pyEq(getItem(ticket, 'status'), 'Resolved'))
        return error(`Ticket with ID ${pyStr(ticketId)} is already resolved.`);
      setItem(ticket, 'status', 'Resolved');
      setItem(ticket, 'resolution', resolution);
      return PyDict.of({ status: `Ticket ${pyStr(ticketId)} has been resolved successfully.` });
    },
  },
  edit_ticket: {
    params: ['ticket_id', 'updates'],
    run(api, ticketId, updates) {
      const ticket = api.findTicket(ticketId);
      if (!ticket) return notFound(ticketId);
      const fields = asDict(updates, 'keys');
      const valid = ['title', 'description', 'status', 'priority'];
      // A set of str: Python lists it in an order its per-process string hashing decides; toolscore keeps
      // the order the updates were written in.
      const invalid = [...fields.keys()].filter((key) => !valid.includes(key as string));
      if (invalid.length > 0) {
        invalid.forEach((key, k) => {
          if (typeof key !== 'string')
            throw typeError(`sequence item ${k}: expected str instance, ${typeName(key)} found`);
        });
        return error(`Invalid fields for update: ${invalid.join(', ')}`);
      }
      for (const [key, value] of fields) if (value !== null) setItem(ticket, key, value);
      return PyDict.of({ status: `Ticket ${pyStr(ticketId)} has been updated successfully.` });
    },
  },
  ticket_login: {
    params: ['username', 'password'],
    run(api, username, password) {
      if (truthy(username) && truthy(password)) {
        api.currentUser = username;
        return PyDict.of({ success: true });
      }
      return PyDict.of({ success: false });
    },
  },
  ticket_get_login_status: {
    params: [],
    run(api) {
      return PyDict.of({ login_status: truthy(api.currentUser) });
    },
  },
  logout: {
    params: [],
    run(api) {
      if (truthy(api.currentUser)) {
        api.currentUser = null;
        return PyDict.of({ success: true });
      }
      return PyDict.of({ success: false });
    },
  },
  get_user_tickets: {
    params: ['status'],
    defaults: { status: null },
    run(api, status) {
      if (!truthy(api.currentUser)) return [error('User not authenticated. Please log in to view tickets.')];
      let tickets = iterate(api.ticketQueue).filter((ticket) => pyEq(getItem(ticket, 'created_by'), api.currentUser));
      if (truthy(status)) {
        tickets = tickets.filter(
          (ticket) => asStr(getItem(ticket, 'status'), 'lower').toLowerCase() === asStr(status, 'lower').toLowerCase(),
        );
      }
      return tickets;
    },
  },
};

export const createTicketAPI: SimulatedApiFactory = () => new TicketApi();
