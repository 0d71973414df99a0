import { runStart } from '@forage/contracts';
import { runStartOf } from './run-request.js';

describe('runStartOf', () => {
  const runId = '7f1c2e3a-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
  const now = new Date('2026-12-02T00:00:00.000Z');

  it("puts the caller's own profile on the run: the owner is the API key that asked", () => {
    const event = runStartOf({
      runId,
      body: { question: 'Click the "Account" link', profile: 'work' },
      keyId: 'k1a2b3',
      defaultMaxPages: 3,
      now,
    });
    expect(event.profile).toEqual({ owner: 'k1a2b3', name: 'work' });
    expect(runStart.payload.safeParse(event).success).toBe(true);
  });

  it('names the anonymous owner on a gateway that needs no keys', () => {
    const event = runStartOf({
      runId,
      body: { question: 'q', profile: 'p' },
      keyId: null,
      defaultMaxPages: 3,
      now,
    });
    expect(event.profile).toEqual({ owner: '_anonymous', name: 'p' });
  });

  it('starts a run without a profile when none is asked for', () => {
    const event = runStartOf({ runId, body: { question: 'q' }, keyId: 'k1', defaultMaxPages: 3, now });
    expect(event).not.toHaveProperty('profile');
  });
});
