import { decodeRunsCursor, encodeRunsCursor } from './run-cursor.js';

describe('runs cursor', () => {
  it('round-trips a position', () => {
    const cursor = { requestedAt: '2026-11-24T10:00:00.123Z', runId: '7d4a3c86-8f0e-4b9b-9a51-0d8f3c1e2b44' };
    expect(decodeRunsCursor(encodeRunsCursor(cursor))).toEqual(cursor);
  });

  it('refuses text it did not write', () => {
    expect(decodeRunsCursor('not-a-cursor')).toBeUndefined();
    expect(decodeRunsCursor(Buffer.from('["x","y"]').toString('base64url'))).toBeUndefined();
    expect(decodeRunsCursor(Buffer.from('{"a":1}').toString('base64url'))).toBeUndefined();
  });
});
