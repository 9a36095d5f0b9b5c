/*
 * A three-turn support chat recorded as an OpenAI Chat Completions message list (three user messages),
 * for the tests of the test APIs on a conversation: the agent looks order 7 up, refunds it, and after
 * "Thanks!" only answers (`supportChat`), or makes the refund one turn late (`lateRefundChat`).
 */

const toolCall = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

const user = (content: string) => ({ role: 'user', content });
const calling = (call: ReturnType<typeof toolCall>) => ({ role: 'assistant', content: null, tool_calls: [call] });
const result = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });
const answer = (content: string) => ({ role: 'assistant', content });

/** The user's three messages. */
export const SUPPORT_USER_MESSAGES = ['Where is order 7?', 'Please refund it', 'Thanks!'];

/** Turn 1 get_order(id 7), turn 2 refund_order(id 7), turn 3 no call. */
export const supportChat = [
  user('Where is order 7?'),
  calling(toolCall('c1', 'get_order', { id: 7 })),
  result('c1', '{"status":"delivered"}'),
  answer('Order 7 was delivered.'),
  user('Please refund it'),
  calling(toolCall('c2', 'refund_order', { id: 7 })),
  result('c2', '{"ok":true}'),
  answer('Refunded.'),
  user('Thanks!'),
  answer('You are welcome.'),
];

/** The same chat with the refund made after "Thanks!" (turn 3) instead of turn 2. */
export const lateRefundChat = [
  user('Where is order 7?'),
  calling(toolCall('c1', 'get_order', { id: 7 })),
  result('c1', '{"status":"delivered"}'),
  answer('Order 7 was delivered.'),
  user('Please refund it'),
  answer('Let me check.'),
  user('Thanks!'),
  calling(toolCall('c2', 'refund_order', { id: 7 })),
  result('c2', '{"ok":true}'),
  answer('Refunded.'),
];

/** The gold of the chat: per turn, the calls expected after the user's message. */
export const SUPPORT_TURNS = {
  turns: [
    { user: 'Where is order 7?', calls: [{ tool: 'get_order', args: { id: 7 } }] },
    { user: { $contains: 'refund' }, calls: [{ tool: 'refund_order', args: { id: 7 } }] },
    { user: 'Thanks!', calls: [] },
  ],
};
