import { InvalidRequestError, NotFoundError, UpstreamError } from './errors.js';
import { backoffFor } from './jetstream.js';
import { settle } from './settle.js';

const base = { maxDeliver: 3, backoff: (n: number) => n * 100 };

describe('settle: what happens to a durable message after its handler ran', () => {
  it('acks success', () => {
    expect(settle({ ...base, error: undefined, deliveryCount: 1 })).toEqual({ kind: 'ack' });
  });

  it('dead-letters invalid input at once, without retrying', () => {
    expect(settle({ ...base, error: new InvalidRequestError('bad'), deliveryCount: 1 })).toMatchObject({
      kind: 'dead-letter',
    });
  });

  it('dead-letters a non-retryable named error at once', () => {
    expect(settle({ ...base, error: new NotFoundError('gone'), deliveryCount: 1 })).toMatchObject({
      kind: 'dead-letter',
      reason: 'NotFoundError: gone',
    });
  });

  it('naks retryable and unknown errors with the backoff for the attempt', () => {
    expect(settle({ ...base, error: new UpstreamError('busy'), deliveryCount: 2 })).toEqual({
      kind: 'nak',
      delayMs: 200,
    });
    expect(settle({ ...base, error: new Error('bug?'), deliveryCount: 1 })).toEqual({
      kind: 'nak',
      delayMs: 100,
    });
  });

  it('dead-letters once deliveries run out', () => {
    expect(settle({ ...base, error: new UpstreamError('busy'), deliveryCount: 3 })).toMatchObject({
      kind: 'dead-letter',
      reason: expect.stringContaining('out of deliveries after 3') as unknown,
    });
  });

  it('grows the backoff with the attempt and holds at the last step', () => {
    expect([1, 2, 3, 4, 9].map((n) => backoffFor(n, [10, 20, 40]))).toEqual([10, 20, 40, 40, 40]);
  });
});
