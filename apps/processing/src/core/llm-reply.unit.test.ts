import { veloriaChunks } from '../testing/veloria-chunks.js';
import { termWeights } from './coverage.js';
import { groundLlmAnswer, LlmReplyUngroundedError, llmReplySchema } from './llm-reply.js';
import { analyzeQuestion } from './question.js';
import { tokenize } from './text.js';

const chunks = veloriaChunks().slice(0, 10);
const question = analyzeQuestion('What is the population of Veloria?');
const weights = termWeights(
  question.terms,
  chunks.map((c) => new Set(tokenize([c.text, ...c.headingPath].join(' ')))),
);
const ground = (reply: { answer: string; chunk: number; quote: string; confidence: number }) =>
  groundLlmAnswer({ reply, chunks, question, weights, retrieval: chunks.map(() => 0.5) });
const n = chunks.findIndex((c) => c.text.startsWith('Population:')) + 1;

describe('llmReplySchema (what @forage/llm checks the JSON reply against)', () => {
  it('reads an answer (a numeric string cited chunk, default confidence) and an abstention', () => {
    expect(llmReplySchema.parse({ answer: 'x', chunk: '2', quote: 'x' })).toEqual({
      answer: 'x',
      chunk: 2,
      quote: 'x',
      confidence: 0.5,
    });
    expect(llmReplySchema.parse({ abstain: true, reason: 'not stated' })).toEqual({
      abstain: true,
      reason: 'not stated',
    });
  });

  it.each([
    [{ answer: '' }],
    [{ answer: 'x', chunk: 0, quote: 'x' }],
    [{ answer: 'x', chunk: 1, quote: 'x', confidence: 7 }],
    [[]],
  ])('refuses %j', (reply) => {
    expect(llmReplySchema.safeParse(reply).success).toBe(false);
  });
});

describe('groundLlmAnswer', () => {
  it('accepts a verbatim quote that holds the answer and scores it from model confidence and coverage', () => {
    const grounded = ground({
      answer: '1,234,567',
      chunk: n,
      quote: 'Population: 1,234,567 (2020 census)',
      confidence: 0.8,
    });
    expect(grounded).toMatchObject({
      answer: '1,234,567',
      snippet: 'Population: 1,234,567 (2020 census)',
      chunk: { chunkId: chunks[n - 1]?.chunkId },
    });
    expect(grounded.confidence).toBeGreaterThan(0.5);
    expect(grounded.confidence).toBeLessThanOrEqual(0.9);
  });

  it.each([
    ['the cited excerpt does not exist', { answer: '1', chunk: 99, quote: '1', confidence: 1 }],
    [
      'the quote is paraphrased',
      { answer: '1,234,567', chunk: n, quote: 'The population is 1,234,567', confidence: 1 },
    ],
    [
      'the answer is not in the quote',
      { answer: '2 million', chunk: n, quote: 'Population: 1,234,567', confidence: 1 },
    ],
    [
      'the excerpt says nothing the question asks about',
      { answer: 'Velorian', chunk: 8, quote: 'Velorian', confidence: 1 },
    ],
  ])('rejects an answer when %s', (_label, reply) => {
    expect(() => ground(reply)).toThrow(LlmReplyUngroundedError);
  });
});
