// An agent for `toolscore run`, with no model and no network: it reads the request the way a model
// would, answers in the OpenAI Chat Completions shape, and (like a model) is not always right: on
// every second trial it swaps a flight's cities. Run it: toolscore run run/agent.mjs --dataset run/cases.jsonl --trials 3

/** The tool call a request asks for. */
function decide(request, trial) {
  let match = /weather in (\w+)/i.exec(request);
  if (match) return { name: 'get_weather', args: { city: match[1] } };
  match = /flight from (\w+) to (\w+)/i.exec(request);
  if (match) {
    const [from, to] = trial % 2 === 0 ? [match[2], match[1]] : [match[1], match[2]];
    return { name: 'search_flights', args: { from, to } };
  }
  match = /hotel in (\w+)/i.exec(request);
  if (match) return { name: 'search_hotels', args: { city: match[1] } };
  return undefined;
}

export default async function agent(input, { caseId, trial, signal, log }) {
  signal.throwIfAborted();
  const call = decide(input, trial);
  log(`${caseId}: ${call ? call.name : 'no tool'}`);
  const tool_calls = call
    ? [{ id: `call_${trial}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }]
    : undefined;
  return {
    object: 'chat.completion',
    model: 'example',
    choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls }, finish_reason: 'tool_calls' }],
  };
}
