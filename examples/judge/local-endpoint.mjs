/**
 * Any OpenAI-compatible server (Ollama, vLLM, Groq): a base URL alone means provider openai_compatible,
 * and a local server needs no key. Gemini is picked from the model name, with samples: 3 asking three
 * times and reporting the median and how far apart the answers landed.
 *
 * LOCAL_JUDGE_URL defaults to Ollama's address; run-local.mjs points it at the stand-in.
 */
import { readFileSync } from 'node:fs';
import { calculateSemanticCorrectness } from 'toolscore/judge';

const goldCalls = JSON.parse(readFileSync(new URL('./gold.json', import.meta.url), 'utf8'));
const traceCalls = JSON.parse(readFileSync(new URL('./trace.json', import.meta.url), 'utf8'));

const local = await calculateSemanticCorrectness(goldCalls, traceCalls, {
  judge: { model: 'llama3.2', baseURL: process.env.LOCAL_JUDGE_URL ?? 'http://localhost:11434/v1' },
});
console.log(`${local.provider} ${local.model_used}: ${(local.semantic_score * 100).toFixed(2)}%`);

const gemini = await calculateSemanticCorrectness(goldCalls, traceCalls, {
  judge: { model: 'gemini-2.0-flash', samples: 3 },
});
console.log(
  `${gemini.provider} ${gemini.model_used}: ${(gemini.semantic_score * 100).toFixed(2)}%, spread ${gemini.score_spread} over ${gemini.samples} samples`,
);
