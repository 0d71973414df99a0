import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { logRecordEvent, runStart } from '@forage/contracts';
import {
  kvBuckets,
  natsConnectOptions,
  provisionBus,
  storageLimitOf,
  streams,
  type ServiceIdentity,
} from '@forage/messaging';
import { startTestNats, unboundedStores, type TestNats } from '@forage/testing';

/**
 * Storage quotas on JetStream (issue 25 item 1): on a real nats-server configured from the bus
 * topology, with small limits provisioned by the admin, one identity's flood fills only its own
 * log quota, a full stream refuses new messages and keeps the ones it holds, and an oversized KV
 * value is refused. Provisioning again with the defaults brings every store back to them.
 */
describe('JetStream storage quotas per identity', () => {
  let nats: TestNats;
  let admin: NatsConnection;
  const open: NatsConnection[] = [];
  const connectAs = async (identity: ServiceIdentity | 'admin'): Promise<NatsConnection> => {
    const nc = await connect({ servers: nats.url, ...natsConnectOptions(nats.security(identity)) });
    open.push(nc);
    return nc;
  };
  const small = {
    FORAGE_BUS_LOG_RECORDS_PER_PRODUCER: '20',
    FORAGE_BUS_RUNS_MAX_MB: '0.05',
    FORAGE_BUS_TASK_MEMORY_MAX_MB: '0.05',
  };
  const logSubject = (tool: string): string => `${logRecordEvent.subject}.${tool}`;

  beforeAll(async () => {
    nats = await startTestNats({ auth: true });
    admin = await connectAs('admin');
    await provisionBus(admin, { env: small });
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await nats.stop();
  });

  it("stops one producer's log flood at its own quota; another producer still logs", async () => {
    const search = jetstream(await connectAs('search'));
    const outcomes: boolean[] = [];
    for (let i = 0; i < 25; i++) {
      const ok = await search
        .publish(logSubject('search'), JSON.stringify({ flood: i }), { msgID: `flood-${String(i)}` })
        .then(() => true)
        .catch(() => false);
      outcomes.push(ok);
    }
    expect(outcomes.filter(Boolean)).toHaveLength(20);
    expect(outcomes.slice(20)).toEqual([false, false, false, false, false]);
    const orchestrator = jetstream(await connectAs('orchestrator'));
    await expect(
      orchestrator.publish(logSubject('orchestrator'), '{}', { msgID: 'after-flood' }),
    ).resolves.toMatchObject({ stream: streams.logs.name });
    const info = await (
      await jetstreamManager(admin)
    ).streams.info(streams.logs.name, {
      subjects_filter: '>',
    });
    expect(info.state.subjects?.[logSubject('search')]).toBe(20);
    expect(info.state.subjects?.[logSubject('orchestrator')]).toBe(1);
  });

  it('refuses new runs once the run stream is full and keeps the runs it holds', async () => {
    const gateway = jetstream(await connectAs('gateway'));
    const body = JSON.stringify({ pad: 'x'.repeat(10_000) });
    let accepted = 0;
    let refusedWith = '';
    for (let i = 0; i < 8 && !refusedWith; i++) {
      await gateway
        .publish(runStart.subject, body, { msgID: `run-${String(i)}` })
        .then(() => (accepted += 1))
        .catch((err: unknown) => (refusedWith = String(err)));
    }
    expect(refusedWith).toMatch(/maximum bytes/i);
    expect(accepted).toBeGreaterThan(2);
    const info = await (await jetstreamManager(admin)).streams.info(streams.runs.name);
    expect(info.state.messages).toBe(accepted);
    expect(info.state.bytes).toBeLessThanOrEqual(storageLimitOf(streams.runs.name, small).maxBytes);
  });

  it('refuses a task-memory value over its size limit', async () => {
    const memory = await new Kvm(await connectAs('orchestrator')).open(kvBuckets.taskMemory.bucket);
    await expect(memory.put('fine', JSON.stringify({ a: 1 }))).resolves.toBeGreaterThan(0);
    await expect(memory.put('huge', 'y'.repeat(300 * 1024))).rejects.toThrow(/maximum|size/i);
    expect(await memory.get('huge')).toBeNull();
  });

  it('brings every store back to the default limits when provisioned again', async () => {
    await provisionBus(admin);
    const jsm = await jetstreamManager(admin);
    const logs = await jsm.streams.info(streams.logs.name);
    expect(logs.config.max_msgs_per_subject).toBe(storageLimitOf(streams.logs.name, {}).perSubjectMessages);
    expect(logs.config.discard).toBe('new');
    const memory = await jsm.streams.info(`KV_${kvBuckets.taskMemory.bucket}`);
    expect(memory.config.max_bytes).toBe(storageLimitOf(`KV_${kvBuckets.taskMemory.bucket}`, {}).maxBytes);
    expect(await unboundedStores(admin)).toEqual([]);
  });
});
