import type { AgentTestContext } from 'toolscore';

/**
 * Stand-ins for real agents: each turns a prompt into the raw response an LLM API would return, so
 * the examples run offline. Swap in your own agent; toolscore reads the calls from its response.
 */

/** An OpenAI chat completion that calls one tool. */
function openAIToolCall(name: string, args: Record<string, unknown>): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      },
    ],
  };
}

/** A synchronous agent: weather questions call get_weather, "email NAME" calls send_email. */
export function myAgent(input: string): unknown {
  const email = /email (\w+)/i.exec(input);
  if (email) return openAIToolCall('send_email', { to: email[1] });
  const city = /(NYC|Paris|Lisbon)/i.exec(input)?.[1] ?? 'NYC';
  return openAIToolCall('get_weather', { city });
}

/**
 * A flaky agent, as real ones are: on the second of every three trials it asks for Lisbon's weather
 * whatever the question. (A real agent's trials differ by chance; this one by its trial number, so the
 * examples' numbers can be worked out by hand.)
 */
export function flakyWeatherAgent(input: string, { trial }: AgentTestContext): unknown {
  return myAgent(trial % 3 === 2 ? 'weather in Lisbon' : input);
}

/** An asynchronous agent (an Anthropic message): searches flights, books the first one, cancels when asked. */
export async function travelAgent(prompt: string): Promise<unknown> {
  await new Promise((resolve) => setTimeout(resolve, 1));
  const destination = /to (\w+)/.exec(prompt)?.[1] ?? 'NYC';
  const content: unknown[] = [
    { type: 'text', text: 'Let me find and book that flight.' },
    { type: 'tool_use', id: 'toolu_1', name: 'search_flights', input: { origin: 'SFO', destination } },
    { type: 'tool_use', id: 'toolu_2', name: 'book_flight', input: { flight_id: 'FL-1024' } },
  ];
  if (/cancel/.test(prompt))
    content.push({ type: 'tool_use', id: 'toolu_3', name: 'cancel_booking', input: { booking_id: 'BK-9' } });
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    stop_reason: 'tool_use',
    content,
  };
}
