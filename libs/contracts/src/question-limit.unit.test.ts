import { QUESTION_MAX_CHARS } from './common.js';
import { createRunBodySchema } from './http.js';
import { runStart } from './run.js';
import { searchQuery } from './search.js';

const runId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const longest = 'q'.repeat(QUESTION_MAX_CHARS);
const tooLong = `${longest}q`;

/** A question the gateway accepts must pass every contract it travels in (search is asked with it verbatim). */
describe('one question-length limit', () => {
  it('every contract carrying the question accepts the longest question', () => {
    expect(createRunBodySchema.safeParse({ question: longest }).success).toBe(true);
    expect(
      runStart.payload.safeParse({ runId, question: longest, requestedAt: new Date().toISOString() }).success,
    ).toBe(true);
    expect(searchQuery.request.safeParse({ runId, query: longest }).success).toBe(true);
  });

  it('the gateway refuses one character more, so nothing longer reaches the services', () => {
    expect(createRunBodySchema.safeParse({ question: tooLong }).success).toBe(false);
    expect(
      runStart.payload.safeParse({ runId, question: tooLong, requestedAt: new Date().toISOString() }).success,
    ).toBe(false);
  });
});
