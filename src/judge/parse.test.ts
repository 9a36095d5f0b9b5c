import { describe, expect, it } from 'vitest';
import { parseBatchAnswer, parseSingleAnswer } from './parse.js';

describe('batched answers', () => {
  it('reads {"scores": [...]} by index', () => {
    expect(
      parseBatchAnswer(
        '{"scores": [{"index": 1, "score": 0.5, "explanation": "b"}, {"index": 0, "score": 1, "explanation": "a"}]}',
        2,
      ),
    ).toEqual([
      { score: 1, explanation: 'a' },
      { score: 0.5, explanation: 'b' },
    ]);
  });

  it('reads a bare array, by position when items have no index', () => {
    expect(parseBatchAnswer('[{"score": 0.2}, {"score": 0.4, "explanation": "x"}]', 2)).toEqual([
      { score: 0.2, explanation: 'no explanation given' },
      { score: 0.4, explanation: 'x' },
    ]);
  });

  it('reads the first array of an object that has no scores key', () => {
    expect(parseBatchAnswer('{"note": "ok", "verdicts": [{"index": "0", "score": "0.9"}]}', 1)).toEqual([
      { score: 0.9, explanation: 'no explanation given' },
    ]);
  });

  it('reads JSON in a code fence or with words around it', () => {
    expect(parseBatchAnswer('```json\n[{"score": 1}]\n```', 1)).toEqual([
      { score: 1, explanation: 'no explanation given' },
    ]);
    expect(parseBatchAnswer('Here you go: {"scores": [{"index": 0, "score": 0.3}]} Hope this helps.', 1)).toEqual([
      { score: 0.3, explanation: 'no explanation given' },
    ]);
  });

  it('clamps scores to [0, 1]', () => {
    expect(parseBatchAnswer('[{"score": 7}, {"score": -1}]', 2)?.map((verdict) => verdict?.score)).toEqual([1, 0]);
  });

  it('leaves holes for missing, repeated, out-of-range and scoreless items', () => {
    const text = JSON.stringify({
      scores: [
        { index: 0, score: 0.8 },
        { index: 0, score: 0.1 },
        { index: 5, score: 1 },
        { index: 2, score: 'high' },
        { index: 'x', score: 1 },
      ],
    });
    expect(parseBatchAnswer(text, 4)).toEqual([
      { score: 0.8, explanation: 'no explanation given' },
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives undefined for answers with no list of verdicts', () => {
    expect(parseBatchAnswer('{"scores": [{"index": 0, "score": 0.9', 1)).toBeUndefined();
    expect(parseBatchAnswer('{"score": 0.9}', 1)).toBeUndefined();
    expect(parseBatchAnswer('', 1)).toBeUndefined();
    expect(parseBatchAnswer('I think they match.', 1)).toBeUndefined();
  });
});

describe('single answers', () => {
  it('reads {score, explanation}', () => {
    expect(parseSingleAnswer('{"score": 0.85, "explanation": "synonyms"}')).toEqual({
      score: 0.85,
      explanation: 'synonyms',
    });
  });

  it('reads a one-item list as a batch would give it', () => {
    expect(parseSingleAnswer('{"scores": [{"index": 0, "score": 0.5}]}')).toEqual({
      score: 0.5,
      explanation: 'no explanation given',
    });
  });

  it('gives undefined without a numeric score', () => {
    expect(parseSingleAnswer('{"score": null}')).toBeUndefined();
    expect(parseSingleAnswer('no')).toBeUndefined();
  });
});
