/** What replay says: the calls a strict cassette cannot answer, and the values it cannot hold. */

/** The longest stretch of arguments or request a message quotes. */
const MAX_QUOTED = 300;

function quoted(json: string): string {
  return json.length > MAX_QUOTED ? `${json.slice(0, MAX_QUOTED)}…` : json;
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

/**
 * Why a strict cassette cannot answer a call: it never recorded it, or recorded it fewer times than it
 * is now called. `what` names the call (`tool "get_weather" with arguments {…}`); `recorded` is how many
 * times the cassette holds it; `exists` whether the cassette file exists at all.
 */
export function strictMissText(what: string, call: number, recorded: number, path: string, exists: boolean): string {
  if (!exists)
    return `strict replay: no recorded ${what}: cassette ${path} does not exist (record it with TOOLSCORE_REPLAY=record)`;
  if (recorded === 0) return `strict replay: no recorded ${what} in cassette ${path}`;
  return `strict replay: the ${what} is needed ${times(call)}, cassette ${path} recorded it only ${times(recorded)}`;
}

/** A tool call as a miss names it: its name and its arguments, credentials masked, as canonical JSON. */
export function toolCallText(tool: string, argsJson: string): string {
  return `call of tool ${JSON.stringify(tool)} with arguments ${quoted(argsJson)}`;
}

/**
 * A model request as a miss names it, credentials masked: the model and the request's last prompt
 * message (where two turns of a conversation differ), or the whole canonical request when it has no
 * prompt.
 */
export function modelRequestText(model: string, request: unknown, canonical: (value: unknown) => string): string {
  const prompt = (request as { prompt?: unknown }).prompt;
  const about =
    Array.isArray(prompt) && prompt.length > 0
      ? `a request of ${prompt.length} prompt message${prompt.length === 1 ? '' : 's'} ending with ${quoted(canonical(prompt.at(-1)))}`
      : `the request ${quoted(canonical(request))}`;
  return `response of model ${JSON.stringify(model)} to ${about}`;
}

/** A value a cassette cannot hold (a BigInt, a cycle), named by what produced it. */
export function unrecordableText(what: string, error: unknown): string {
  return `cannot record the ${what}: ${(error as Error).message}`;
}
