/**
 * gorilla `func_source_code/message_api.py` (`MessageAPI`), rule for rule: users, a login, and an inbox
 * of one-entry dicts `{receiver_id: message}`; message ids are drawn from `random.Random(200191)`.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { type MethodTable, callMethod, methodNames, sameAttributes } from './methods.js';
import {
  add,
  asDict,
  asList,
  asStr,
  contains,
  get,
  getItem,
  iterate,
  len,
  removeItem,
  setItem,
  truthy,
  typeName,
} from './ops.js';
import { type PyData, PyDict, PyException, pyEq, pyStr } from './py.js';
import { PyIntSet } from './py-set.js';
import { PyRandom, intSeed } from './random.js';

class MessageApi implements SimulatedApi {
  readonly className = 'MessageAPI';
  readonly methods = methodNames(METHODS);
  random = new PyRandom(200191);
  generatedIds: PyData = new PyIntSet();
  userCount: PyData = 4;
  userMap: PyData = new PyDict();
  inbox: PyData = [];
  messageCount: PyData = 3;
  currentUser: PyData = null;

  loadScenario(config: PyDict): void {
    this.random = new PyRandom(intSeed(get(config, 'random_seed', 200191)));
    this.generatedIds = get(config, 'generated_ids', new PyIntSet());
    this.userCount = get(config, 'user_count', 4);
    this.userMap = get(
      config,
      'user_map',
      PyDict.of({ Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' }),
    );
    this.inbox = get(config, 'inbox', [
      PyDict.of({ USR002: 'My name is Alice. I want to connect.' }),
      PyDict.of({ USR003: 'Could you upload the file?' }),
      PyDict.of({ USR004: 'Could you upload the file?' }),
    ]);
    this.messageCount = get(config, 'message_count', 3);
    this.currentUser = get(config, 'current_user', null);
  }

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [
      ['generated_ids', this.generatedIds],
      ['user_count', this.userCount],
      ['user_map', this.userMap],
      ['inbox', this.inbox],
      ['message_count', this.messageCount],
      ['current_user', this.currentUser],
    ];
  }

  /** The class's `__eq__`: another MessageAPI whose public attributes are all equal. */
  pyEq(other: SimulatedApi): boolean {
    return other instanceof MessageApi && sameAttributes(this, other);
  }

  generateId(): PyDict {
    const ids = this.generatedIds;
    const taken = (id: number) => (ids instanceof PyIntSet ? ids.has(id) : contains(ids, id));
    let id = this.random.randint(10000, 99999);
    while (taken(id)) id = this.random.randint(10000, 99999);
    if (!(ids instanceof PyIntSet))
      throw new PyException('AttributeError', `'${typeName(ids)}' object has no attribute 'add'`);
    ids.add(id);
    return PyDict.of({ new_id: id });
  }

  userIds(): PyData[] {
    return [...asDict(this.userMap, 'values').values()];
  }
}

/** `list(message.items())[0]`: an inbox entry's receiver and text. */
function firstItem(message: PyData): [PyData, PyData] {
  const entries = [...asDict(message, 'items')];
  if (entries.length === 0) throw new PyException('IndexError', 'list index out of range');
  const [key, value] = entries[0] as [PyData, PyData];
  return [key, value];
}

const error = (message: string): PyDict => PyDict.of({ error: message });
const notLoggedIn = () => error('No user is currently logged in.');

/** `str.zfill(width)`: zeros after the sign. */
function zfill(text: string, width: number): string {
  if (text.length >= width) return text;
  const sign = text.startsWith('-') || text.startsWith('+') ? (text[0] as string) : '';
  return sign + '0'.repeat(width - text.length) + text.slice(sign.length);
}

const METHODS: MethodTable<MessageApi> = {
  list_users: {
    params: [],
    run(api) {
      return PyDict.of({ user_list: [...asDict(api.userMap, 'keys').keys()] });
    },
  },
  get_user_id: {
    params: ['user'],
    run(api, user) {
      if (!contains(api.userMap, user)) return error(`User '${pyStr(user)}' not found in the workspace.`);
      return PyDict.of({ user_id: get(api.userMap, user) });
    },
  },
  message_login: {
    params: ['user_id'],
    run(api, userId) {
      if (!contains(api.userIds(), userId))
        return PyDict.of({ login_status: false, message: `User ID '${pyStr(userId)}' not found.` });
      api.currentUser = userId;
      return PyDict.of({ login_status: true, message: `User '${pyStr(userId)}' logged in successfully.` });
    },
  },
  message_get_login_status: {
    params: [],
    run(api) {
      return PyDict.of({ login_status: truthy(api.currentUser) });
    },
  },
  send_message: {
    params: ['receiver_id', 'message'],
    run(api, receiverId, message) {
      if (!truthy(api.currentUser)) return notLoggedIn();
      if (!contains(api.userIds(), receiverId)) return error(`Receiver ID '${pyStr(receiverId)}' not found.`);
      const messageId = api.generateId();
      const entry = new PyDict();
      setItem(entry, receiverId, message);
      asList(api.inbox, 'append').push(entry);
      api.messageCount = add(api.messageCount, 1);
      return PyDict.of({
        sent_status: true,
        message_id: messageId,
        message: `Message sent to '${pyStr(receiverId)}' successfully.`,
      });
    },
  },
  delete_message: {
    params: ['receiver_id'],
    run(api, receiverId) {
      if (!truthy(api.currentUser)) return notLoggedIn();
      for (const message of [...iterate(api.inbox)].reverse()) {
        const [receiver] = firstItem(message);
        if (pyEq(receiver, receiverId)) {
          // list.remove: the first message equal to this one, which may be an earlier copy.
          removeItem(asList(api.inbox, 'remove'), message);
          return PyDict.of({
            deleted_status: true,
            receiver_id: receiver,
            message: `Receiver ${pyStr(receiverId)}'s latest message deleted successfully.`,
          });
        }
      }
      return error(`Receiver ID ${pyStr(receiverId)} not found.`);
    },
  },
  view_messages_sent: {
    params: [],
    run(api) {
      if (!truthy(api.currentUser)) return notLoggedIn();
      const sent = new PyDict();
      for (const message of iterate(api.inbox)) {
        const [receiver, content] = firstItem(message);
        if (!contains(sent, receiver)) setItem(sent, receiver, [content]);
        else asList(getItem(sent, receiver), 'append').push(content);
      }
      return PyDict.of({ messages: sent });
    },
  },
  add_contact: {
    params: ['user_name'],
    run(api, userName) {
      if (contains(api.userMap, userName)) return error(`User name '${pyStr(userName)}' already exists.`);
      api.userCount = add(api.userCount, 1);
      const userId = `USR${zfill(pyStr(api.userCount), 3)}`;
      if (contains(api.userIds(), userId)) return error(`User ID '${userId}' already exists.`);
      setItem(api.userMap, userName, userId);
      return PyDict.of({
        added_status: true,
        user_id: userId,
        message: `Contact '${pyStr(userName)}' added successfully.`,
      });
    },
  },
  search_messages: {
    params: ['keyword'],
    run(api, keyword) {
      if (!truthy(api.currentUser)) return notLoggedIn();
      const wanted = asStr(keyword, 'lower').toLowerCase();
      const results: PyData[] = [];
      for (const message of iterate(api.inbox)) {
        const [receiverId, content] = firstItem(message);
        if (asStr(content, 'lower').toLowerCase().includes(wanted))
          results.push(PyDict.of({ receiver_id: receiverId, message: content }));
      }
      return PyDict.of({ results });
    },
  },
  get_message_stats: {
    params: [],
    run(api) {
      if (!truthy(api.currentUser)) return notLoggedIn();
      let received = 0;
      const contacts = new PyDict();
      for (const message of iterate(api.inbox)) {
        const [receiverId] = firstItem(message);
        received += 1;
        setItem(contacts, receiverId, null);
      }
      return PyDict.of({ stats: PyDict.of({ received_count: received, total_contacts: len(contacts) }) });
    },
  },
};

export const createMessageAPI: SimulatedApiFactory = () => new MessageApi();
