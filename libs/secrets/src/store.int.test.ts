import { randomBytes, randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { taskSecrets } from '@forage/contracts';
import type { RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { taskSecretsKeyFrom } from './crypto.js';
import { InvalidTaskSecretError, TaskSecretExpiredError, TaskSecretNotFoundError } from './errors.js';
import { TaskSecretStore } from './store.js';

const SECRET = 'hunter2-Correct Horse Battery Staple';

/** Every form the plaintext could take in stored bytes. */
function forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [
    value,
    bytes.toString('base64'),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    encodeURIComponent(value),
    JSON.stringify(value).slice(1, -1),
    Array.from(value).reverse().join(''),
  ];
}

/** The task secret store on a real nats-server's KV bucket. */
describe('TaskSecretStore', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let clock = Date.parse('2026-11-24T12:00:00Z');
  const key = taskSecretsKeyFrom(randomBytes(32).toString('hex'));
  let store: TaskSecretStore;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    store = await TaskSecretStore.open(nc, { key, now: () => clock });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  const raw = async (runId: string, handle: string): Promise<string> => {
    const kv = await new Kvm(nc).open(taskSecrets.bucket);
    const entry = await kv.get(taskSecrets.key({ runId, handle }));
    if (!entry) throw new Error('nothing stored');
    return entry.string();
  };

  it('stores only ciphertext and gives the value back to its own run', async () => {
    const runId = randomUUID();
    const put = await store.putTaskSecret({ runId, handle: 'shop.password', value: SECRET, ttlMs: 60_000 });
    expect(put).toEqual({ handle: 'shop.password', expiresAt: new Date(clock + 60_000).toISOString() });
    const stored = await raw(runId, 'shop.password');
    for (const form of forms(SECRET)) expect(stored).not.toContain(form);
    const entry = JSON.parse(stored) as { sealed: unknown; expiresAt: unknown };
    expect(typeof entry.sealed).toBe('string');
    expect(entry.expiresAt).toBe(put.expiresAt);
    await expect(store.resolveTaskSecret(runId, 'shop.password')).resolves.toBe(SECRET);
  });

  it('refuses the handle to another run, even with the sealed entry copied under its key', async () => {
    const owner = randomUUID();
    const other = randomUUID();
    await store.putTaskSecret({ runId: owner, handle: 'card', value: SECRET, ttlMs: 60_000 });
    await expect(store.resolveTaskSecret(other, 'card')).rejects.toBeInstanceOf(TaskSecretNotFoundError);
    const kv = await new Kvm(nc).open(taskSecrets.bucket);
    await kv.put(taskSecrets.key({ runId: other, handle: 'card' }), await raw(owner, 'card'));
    const copied = store.resolveTaskSecret(other, 'card');
    await expect(copied).rejects.toBeInstanceOf(TaskSecretNotFoundError);
    await expect(copied).rejects.toThrow(/does not open/);
  });

  it('keeps the site a secret is bound to, sealed with it: an entry moved to another site does not open', async () => {
    const runId = randomUUID();
    const origin = 'http://shop.test:7813';
    await store.putTaskSecret({ runId, handle: 'in-password', value: SECRET, ttlMs: 60_000, origin });
    await expect(store.resolveBoundTaskSecret(runId, 'in-password')).resolves.toEqual({
      value: SECRET,
      origin,
    });
    const kv = await new Kvm(nc).open(taskSecrets.bucket);
    const entry = JSON.parse(await raw(runId, 'in-password')) as { origin: string };
    expect(entry.origin).toBe(origin);
    for (const moved of [
      { ...entry, origin: 'http://other.test' },
      { ...entry, origin: undefined },
    ]) {
      await kv.put(taskSecrets.key({ runId, handle: 'in-password' }), JSON.stringify(moved));
      await expect(store.resolveBoundTaskSecret(runId, 'in-password')).rejects.toThrow(/does not open/);
    }
  });

  it('refuses an expired secret, and an entry whose expiry was pushed back', async () => {
    const runId = randomUUID();
    await store.putTaskSecret({ runId, handle: 'otp', value: SECRET, ttlMs: 1_000 });
    await expect(store.resolveTaskSecret(runId, 'otp')).resolves.toBe(SECRET);
    clock += 1_000;
    await expect(store.resolveTaskSecret(runId, 'otp')).rejects.toBeInstanceOf(TaskSecretExpiredError);

    const kv = await new Kvm(nc).open(taskSecrets.bucket);
    const entry = JSON.parse(await raw(runId, 'otp')) as { sealed: string; expiresAt: string };
    await kv.put(
      taskSecrets.key({ runId, handle: 'otp' }),
      JSON.stringify({ ...entry, expiresAt: new Date(clock + 3_600_000).toISOString() }),
    );
    await expect(store.resolveTaskSecret(runId, 'otp')).rejects.toThrow(/does not open/);
  });

  it('refuses a bad put without quoting the value, and a key from another FORAGE_EVIDENCE_KEY', async () => {
    const runId = randomUUID();
    const bad = store.putTaskSecret({ runId, handle: 'Bad Handle', value: SECRET, ttlMs: 1 });
    await expect(bad).rejects.toBeInstanceOf(InvalidTaskSecretError);
    await expect(bad).rejects.not.toThrow(SECRET);
    await expect(
      store.putTaskSecret({ runId, handle: 'ok', value: SECRET, ttlMs: taskSecrets.ttlMs + 1 }),
    ).rejects.toThrow(/ttlMs/);

    await store.putTaskSecret({ runId, handle: 'ok', value: SECRET, ttlMs: 60_000 });
    const otherKey = taskSecretsKeyFrom(randomBytes(32).toString('base64'));
    const stranger = await TaskSecretStore.open(nc, { key: otherKey, now: () => clock });
    await expect(stranger.resolveTaskSecret(runId, 'ok')).rejects.toThrow(/another key/);
  });

  it('forgets every secret of a run and no other', async () => {
    const runId = randomUUID();
    const kept = randomUUID();
    await store.putTaskSecret({ runId, handle: 'a', value: SECRET, ttlMs: 60_000 });
    await store.putTaskSecret({ runId, handle: 'b', value: SECRET, ttlMs: 60_000 });
    await store.putTaskSecret({ runId: kept, handle: 'a', value: SECRET, ttlMs: 60_000 });
    await expect(store.forgetRun(runId)).resolves.toBe(2);
    await expect(store.resolveTaskSecret(runId, 'a')).rejects.toBeInstanceOf(TaskSecretNotFoundError);
    await expect(store.resolveTaskSecret(kept, 'a')).resolves.toBe(SECRET);
  });
});
