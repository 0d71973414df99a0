import { randomUUID } from 'node:crypto';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { taskMemory, type MemoryEntry } from '@forage/contracts';
import type { RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { clearMemory, forgetMemory, listMemory, memoryLine } from './memory.js';

/** `forage memory list | forget | clear` over a real nats-server and the memory bank's KV bucket. */
describe('forage memory', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let kv: KV;

  const put = async (
    key: string,
    value: MemoryEntry['value'],
    expiresInMs: number,
    origin?: string,
  ): Promise<void> => {
    const entry: MemoryEntry = {
      key,
      label: key,
      value,
      sensitive: typeof value !== 'string',
      savedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
      runId: randomUUID(),
      ...(origin ? { origin } : {}),
    };
    await kv.put(key, JSON.stringify(entry));
  };

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  it('lists nothing before any run kept a detail', async () => {
    expect(await listMemory(nc)).toEqual([]);
    expect(await forgetMemory(nc, 'email')).toBe(false);
  });

  it('lists unexpired entries only, shows a secret as (secret), forgets one and clears the rest', async () => {
    kv = await new Kvm(nc).create(taskMemory.bucket, { history: 1 });
    await put('email', 'ada@example.org', 60_000);
    await put('name', 'Ada Lovelace', 60_000);
    await put('password', { secretHandle: 'in-password' }, 60_000, 'http://shop.test:7813');
    await put('phone', '+44 20 7946 0000', -1);
    const listed = await listMemory(nc);
    expect(listed.map((e) => e.key)).toEqual(['email', 'name', 'password']);
    const secret = listed.find((e) => e.key === 'password');
    if (!secret) throw new Error('no secret entry');
    expect(memoryLine(secret)).toContain('(secret)');
    expect(memoryLine(secret)).not.toContain('in-password');
    // each detail says the site it was given for (it is used elsewhere only after asking)
    expect(memoryLine(secret)).toMatch(/ for http:\/\/shop\.test:7813$/);

    expect(await forgetMemory(nc, 'email')).toBe(true);
    expect(await forgetMemory(nc, 'email')).toBe(false);
    expect((await listMemory(nc)).map((e) => e.key)).toEqual(['name', 'password']);
    expect(await kv.get('email')).toMatchObject({ operation: 'PURGE' });

    expect(await clearMemory(nc)).toBeGreaterThanOrEqual(2);
    expect(await listMemory(nc)).toEqual([]);
  });
});
