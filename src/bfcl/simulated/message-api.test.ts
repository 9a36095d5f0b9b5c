import { describe, expect, test } from 'vitest';
import type { SimulatedApi } from './api.js';
import { createMessageAPI } from './message-api.js';
import { type PyData, PyDict, PyException, pyRepr } from './py.js';

/**
 * Each expected value is what Python printed for the same call on gorilla's own class (python3 3.11.7,
 * gorilla HEAD 6ea57973, PYTHONPATH=berkeley-function-call-leaderboard): `repr(result)`, or
 * `!! Type: str(e)` when the call raised:
 *   from bfcl_eval.eval_checker.multi_turn_eval.func_source_code.message_api import MessageAPI
 *   api = MessageAPI(); api._load_scenario({}); print(repr(api.send_message('USR002', 'hi'))) ...
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

describe('MessageAPI', () => {
  test('the default workspace when the config is empty', () => {
    const api = createMessageAPI();
    api.loadScenario(new PyDict(), false);
    expect(state(api)).toBe(
      "{'generated_ids': set(), 'user_count': 4, 'user_map': {'Alice': 'USR001', 'Bob': 'USR002', 'Catherine': 'USR003', 'Daniel': 'USR004'}, 'inbox': [{'USR002': 'My name is Alice. I want to connect.'}, {'USR003': 'Could you upload the file?'}, {'USR004': 'Could you upload the file?'}], 'message_count': 3, 'current_user': None}",
    );
    expect(api.methods).toEqual([
      'add_contact',
      'delete_message',
      'get_message_stats',
      'get_user_id',
      'list_users',
      'message_get_login_status',
      'message_login',
      'search_messages',
      'send_message',
      'view_messages_sent',
    ]);
  });

  test('every method in one session; ids drawn from Random(200191); delete removes the first equal message', () => {
    const api = createMessageAPI();
    api.loadScenario(new PyDict(), false);
    expect(run(api, 'send_message', ['USR002', 'hi'])).toBe("{'error': 'No user is currently logged in.'}");
    expect(run(api, 'list_users')).toBe("{'user_list': ['Alice', 'Bob', 'Catherine', 'Daniel']}");
    expect(run(api, 'get_user_id', ['Bob'])).toBe("{'user_id': 'USR002'}");
    expect(run(api, 'get_user_id', ['Zed'])).toBe(`{'error': "User 'Zed' not found in the workspace."}`);
    expect(run(api, 'get_user_id', [['x']])).toBe("!! TypeError: unhashable type: 'list'");
    expect(run(api, 'message_get_login_status')).toBe("{'login_status': False}");
    expect(run(api, 'message_login', ['USR009'])).toBe(
      `{'login_status': False, 'message': "User ID 'USR009' not found."}`,
    );
    expect(run(api, 'message_login', ['USR001'])).toBe(
      `{'login_status': True, 'message': "User 'USR001' logged in successfully."}`,
    );
    expect(run(api, 'message_get_login_status')).toBe("{'login_status': True}");
    expect(run(api, 'send_message', ['USR009', 'hi'])).toBe(`{'error': "Receiver ID 'USR009' not found."}`);
    expect(run(api, 'send_message', ['USR002', 'Hello Bob'])).toBe(
      `{'sent_status': True, 'message_id': {'new_id': 67410}, 'message': "Message sent to 'USR002' successfully."}`,
    );
    expect(run(api, 'send_message', [], { message: 'Meeting at 5', receiver_id: 'USR003' })).toBe(
      `{'sent_status': True, 'message_id': {'new_id': 41772}, 'message': "Message sent to 'USR003' successfully."}`,
    );
    expect(run(api, 'send_message', ['USR002', 'Hello Bob'])).toBe(
      `{'sent_status': True, 'message_id': {'new_id': 24547}, 'message': "Message sent to 'USR002' successfully."}`,
    );
    expect(run(api, 'view_messages_sent')).toBe(
      "{'messages': {'USR002': ['My name is Alice. I want to connect.', 'Hello Bob', 'Hello Bob'], 'USR003': ['Could you upload the file?', 'Meeting at 5'], 'USR004': ['Could you upload the file?']}}",
    );
    expect(run(api, 'search_messages', ['hello'])).toBe(
      "{'results': [{'receiver_id': 'USR002', 'message': 'Hello Bob'}, {'receiver_id': 'USR002', 'message': 'Hello Bob'}]}",
    );
    expect(run(api, 'search_messages', [3])).toBe("!! AttributeError: 'int' object has no attribute 'lower'");
    expect(run(api, 'get_message_stats')).toBe("{'stats': {'received_count': 6, 'total_contacts': 3}}");
    expect(run(api, 'delete_message', ['USR002'])).toBe(
      `{'deleted_status': True, 'receiver_id': 'USR002', 'message': "Receiver USR002's latest message deleted successfully."}`,
    );
    expect(run(api, 'delete_message', ['USR009'])).toBe("{'error': 'Receiver ID USR009 not found.'}");
    expect(run(api, 'add_contact', ['Eve'])).toBe(
      `{'added_status': True, 'user_id': 'USR005', 'message': "Contact 'Eve' added successfully."}`,
    );
    expect(run(api, 'add_contact', ['Alice'])).toBe(`{'error': "User name 'Alice' already exists."}`);
    expect(run(api, 'list_users')).toBe("{'user_list': ['Alice', 'Bob', 'Catherine', 'Daniel', 'Eve']}");
    expect(run(api, 'get_message_stats')).toBe("{'stats': {'received_count': 5, 'total_contacts': 3}}");
    expect(state(api)).toBe(
      "{'generated_ids': {67410, 24547, 41772}, 'user_count': 5, 'user_map': {'Alice': 'USR001', 'Bob': 'USR002', 'Catherine': 'USR003', 'Daniel': 'USR004', 'Eve': 'USR005'}, 'inbox': [{'USR002': 'My name is Alice. I want to connect.'}, {'USR003': 'Could you upload the file?'}, {'USR004': 'Could you upload the file?'}, {'USR003': 'Meeting at 5'}, {'USR002': 'Hello Bob'}], 'message_count': 6, 'current_user': 'USR001'}",
    );
  });

  test('a scenario as the data gives it; the logged-out errors; __eq__ over the public attributes', () => {
    const config = () =>
      PyDict.of({
        user_count: 9,
        user_map: PyDict.of({ Jane: 'USR010' }),
        inbox: [PyDict.of({ USR010: 'x' })],
        message_count: 1,
        current_user: 'USR010',
      });
    const api = createMessageAPI();
    api.loadScenario(config(), false);
    // user_count 9 + 1 is USR010, which Jane already has: the count stays incremented.
    expect(run(api, 'add_contact', ['Kim'])).toBe(`{'error': "User ID 'USR010' already exists."}`);
    expect(run(api, 'add_contact', ['Lee'])).toBe(
      `{'added_status': True, 'user_id': 'USR011', 'message': "Contact 'Lee' added successfully."}`,
    );
    const other = createMessageAPI();
    other.loadScenario(config(), false);
    const eq = (a: SimulatedApi, b: SimulatedApi) => (a as unknown as { pyEq(o: SimulatedApi): boolean }).pyEq(b);
    expect(eq(api, other)).toBe(false);
    expect(run(other, 'add_contact', ['Kim'])).toBe(`{'error': "User ID 'USR010' already exists."}`);
    expect(run(other, 'add_contact', ['Lee'])).toContain("'USR011'");
    expect(eq(api, other)).toBe(true);
    const loggedOut = createMessageAPI();
    loggedOut.loadScenario(new PyDict(), false);
    for (const method of ['view_messages_sent', 'search_messages', 'get_message_stats', 'delete_message']) {
      const args = method === 'search_messages' || method === 'delete_message' ? ['x'] : [];
      expect(run(loggedOut, method, args)).toBe("{'error': 'No user is currently logged in.'}");
    }
  });
});
