import { randomBytes } from 'node:crypto';
import {
  browserProfilesKeyFrom,
  openBound,
  openSecret,
  sealBound,
  sealSecret,
  SecretSealBrokenError,
  taskSecretsKeyFrom,
} from './crypto.js';

describe('the seal of task secrets and browser profiles', () => {
  const evidenceKey = randomBytes(32).toString('hex');

  it('opens a value only with the key and the binding it was sealed with', () => {
    const key = browserProfilesKeyFrom(evidenceKey);
    const sealed = sealBound({ key, boundTo: 'owner.work', value: 'cookie=1' });
    expect(openBound({ key, boundTo: 'owner.work', sealed })).toBe('cookie=1');
    expect(() => openBound({ key, boundTo: 'other.work', sealed })).toThrow(SecretSealBrokenError);
    expect(() => openBound({ key: taskSecretsKeyFrom(evidenceKey), boundTo: 'owner.work', sealed })).toThrow(
      /another key/,
    );
  });

  it('derives a key of its own for each use of the evidence key', () => {
    expect(browserProfilesKeyFrom(evidenceKey).equals(taskSecretsKeyFrom(evidenceKey))).toBe(false);
  });

  it('seals a task secret as before: bound to its KV key and its expiry', () => {
    const key = taskSecretsKeyFrom(evidenceKey);
    const sealed = sealSecret({
      key,
      kvKey: 'run.pin',
      expiresAt: '2026-12-01T00:00:00.000Z',
      value: '1234',
    });
    expect(openSecret({ key, kvKey: 'run.pin', expiresAt: '2026-12-01T00:00:00.000Z', sealed })).toBe('1234');
    expect(openBound({ key, boundTo: 'run.pin\n2026-12-01T00:00:00.000Z', sealed })).toBe('1234');
    expect(() =>
      openSecret({ key, kvKey: 'run.pin', expiresAt: '2027-01-01T00:00:00.000Z', sealed }),
    ).toThrow(SecretSealBrokenError);
  });
});
