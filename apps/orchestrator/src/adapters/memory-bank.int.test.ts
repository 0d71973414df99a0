import { randomBytes, randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { taskMemory, taskSecrets } from '@forage/contracts';
import { Bus, type RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { detailOf } from '../core/memory/details.js';
import type { OrchestratorConfig } from '../config.js';
import { MemoryBank } from './memory-bank.js';

/** The memory bank over a real nats-server: KV entries with their own expiry, secrets sealed. */
describe('the task memory bank', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let memory: MemoryBank;
  const ttlMs = 1_500;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    const config = {
      ORCH_MEMORY_TTL_HOURS: ttlMs / 3_600_000,
      FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
    } as OrchestratorConfig;
    memory = new MemoryBank(new Bus(nc), config);
    await memory.onModuleInit();
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  const details = [
    detailOf('Your name'),
    detailOf('Email address'),
    detailOf('Message'),
    detailOf('Password', 'password'),
  ];

  const origin = 'http://shop.test:7813';

  it('reuses what one run was told in another run, bound to its site, and keeps no one-off message', async () => {
    const first = randomUUID();
    const kept = await memory.remember({
      runId: first,
      details,
      values: new Map([
        ['name', 'Ada Lovelace'],
        ['email', 'ada@example.org'],
        ['message', 'Do you ship abroad?'],
      ]),
      origin,
    });
    expect(kept).toBe(2);
    const recalled = await memory.recall(randomUUID(), ['name', 'email', 'message', 'phone']);
    expect(Object.fromEntries(recalled)).toEqual({
      name: { value: 'Ada Lovelace', origin },
      email: { value: 'ada@example.org', origin },
    });
    expect((await memory.entry('email'))?.origin).toBe(origin);
  });

  it('keeps a secret sealed, hands a later run its own handle, and never stores the plaintext', async () => {
    const first = randomUUID();
    await memory.secrets.putTaskSecret({
      runId: first,
      handle: 'in-password',
      value: 'correct horse',
      ttlMs: 60_000,
    });
    // a plaintext sensitive value is refused by the bank: only a sealed secret's handle is kept
    await memory.remember({ runId: first, details, values: new Map([['password', 'plain text']]) });
    expect(await memory.entry('password')).toBeUndefined();
    await memory.remember({
      runId: first,
      details,
      values: new Map([['password', { secretHandle: 'in-password' }]]),
      origin,
    });
    // the first run ends: its own secrets are removed (as action-execution does), the bank's copy stays
    await memory.secrets.forgetRun(first);
    const second = randomUUID();
    const recalled = await memory.recall(second, ['password']);
    expect(recalled.get('password')).toEqual({ value: { secretHandle: 'mem-password' }, origin });
    // the later run's copy opens for typing on the site it was given for only
    expect(await memory.secrets.resolveBoundTaskSecret(second, 'mem-password')).toEqual({
      value: 'correct horse',
      origin,
    });
    const raw = [
      (await (await new Kvm(nc).open(taskMemory.bucket)).get('password'))?.string() ?? '',
      (await (await new Kvm(nc).open(taskSecrets.bucket)).get(`${second}.mem-password`))?.string() ?? '',
    ].join('\n');
    expect(raw).not.toContain('correct horse');
  });

  it('forgets an entry once its own expiry has passed, though the bucket still holds it', async () => {
    await memory.remember({ runId: randomUUID(), details, values: new Map([['name', 'Grace Hopper']]) });
    expect((await memory.recall(randomUUID(), ['name'])).get('name')).toEqual({ value: 'Grace Hopper' });
    await new Promise((r) => setTimeout(r, ttlMs + 300));
    expect((await memory.recall(randomUUID(), ['name'])).size).toBe(0);
    expect(await (await new Kvm(nc).open(taskMemory.bucket)).get('name')).not.toBeNull();
  });
});
