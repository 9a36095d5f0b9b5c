/**
 * A stand-in LLM judge on 127.0.0.1 for running the examples without an API key or network. It speaks
 * the three wire formats the judge uses (OpenAI chat completions, also as an OpenAI-compatible server;
 * Anthropic messages; Gemini generateContent) and scores each pair with a plain word-overlap rule,
 * the way a real model would answer: a JSON object of verdicts.
 *
 *   node examples/judge/local-server.mjs      # prints the environment that points the SDKs at it
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The words of a tool name or a value: `search_web`, `webSearch` and `web search` all give {search, web}. */
function words(text) {
  return new Set(
    String(text)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9#@.]+/)
      .filter(Boolean),
  );
}

function overlap(a, b) {
  const shared = [...a].filter((word) => b.has(word)).length;
  return shared / Math.max(1, Math.max(a.size, b.size));
}

/** One pair of the prompt: `Expected tool: X … Arguments: {…} Actual tool: Y … Arguments: {…}`. */
function readPair(block) {
  const [expectedPart, actualPart = ''] = block.split(/^Actual tool: /m);
  const tool = (part) => /^(?:Expected tool: )?(\S+)/.exec(part.trim())?.[1] ?? '';
  const args = (part) => {
    const match = /Arguments: ([\s\S]*)$/.exec(part);
    try {
      return match ? JSON.parse(match[1].trim()) : {};
    } catch {
      return {};
    }
  };
  const expectedBlock = expectedPart.slice(expectedPart.indexOf('Expected tool: '));
  return {
    expected: { tool: tool(expectedBlock), args: args(expectedBlock) },
    actual: { tool: tool(actualPart), args: args(actualPart) },
  };
}

/** The rule: same intent when the tool names share their words and the argument values share theirs. */
function judge({ expected, actual }) {
  const names = overlap(words(expected.tool), words(actual.tool));
  const values = overlap(
    words(Object.values(expected.args ?? {}).join(' ')),
    words(Object.values(actual.args ?? {}).join(' ')),
  );
  if (names === 1 && values === 1) return { score: 1, explanation: `${actual.tool} is the expected call` };
  if (names === 1) return { score: 0.9, explanation: `${actual.tool} names the same tool with equivalent arguments` };
  if (names >= 0.5)
    return {
      score: Number((0.5 + 0.3 * values).toFixed(2)),
      explanation: `${actual.tool} is related to ${expected.tool} but does a different job`,
    };
  return { score: 0.2, explanation: `${actual.tool} does not do what ${expected.tool} does` };
}

/** The judge's answer text to a question: all pairs of a batch, or the one pair of a single question. */
function answer(question) {
  const blocks = question.split(/^Pair \d+$/m).slice(1);
  if (blocks.length === 0) return JSON.stringify(judge(readPair(question.slice(question.indexOf('Expected tool: ')))));
  return JSON.stringify({ scores: blocks.map((block, index) => ({ index, ...judge(readPair(block)) })) });
}

const WIRES = {
  openai: {
    question: (body) => body.messages.find((message) => message.role === 'user')?.content ?? '',
    reply: (body, text) => ({
      id: 'chatcmpl-local',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    }),
  },
  anthropic: {
    question: (body) =>
      typeof body.messages[0].content === 'string'
        ? body.messages[0].content
        : body.messages[0].content.map((block) => block.text ?? '').join(''),
    reply: (body, text) => ({
      id: 'msg_local',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    }),
  },
  gemini: {
    question: (body) =>
      body.contents
        .flatMap((content) => content.parts)
        .map((part) => part.text ?? '')
        .join(''),
    reply: (_body, text) => ({
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    }),
  },
};

function wireOf(method, path) {
  if (method !== 'POST') return undefined;
  if (path === '/v1/chat/completions') return 'openai';
  if (path === '/v1/messages') return 'anthropic';
  if (/^\/v1beta\/models\/[^/]+:generateContent$/.test(path)) return 'gemini';
  return undefined;
}

/** Starts the server on a free port of 127.0.0.1. `requests` counts what it answered. */
export async function startLocalJudge() {
  let requests = 0;
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const wire = wireOf(request.method, (request.url ?? '/').split('?')[0]);
      response.setHeader('content-type', 'application/json');
      if (!wire) {
        response
          .writeHead(404)
          .end(JSON.stringify({ error: { message: `no route ${request.method} ${request.url}` } }));
        return;
      }
      requests++;
      const body = JSON.parse(text);
      response.end(JSON.stringify(WIRES[wire].reply(body, answer(WIRES[wire].question(body)))));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    get requests() {
      return requests;
    },
    /** The variables that point each official SDK at this server, with stand-in keys. */
    env: {
      OPENAI_BASE_URL: `${url}/v1`,
      ANTHROPIC_BASE_URL: url,
      GOOGLE_GEMINI_BASE_URL: url,
      OPENAI_API_KEY: 'sk-local',
      ANTHROPIC_API_KEY: 'sk-ant-local',
      GOOGLE_API_KEY: 'local',
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const judge = await startLocalJudge();
  for (const [name, value] of Object.entries(judge.env)) console.log(`export ${name}=${value}`);
  console.log('# local judge listening; Ctrl-C stops it');
}
