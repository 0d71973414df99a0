import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { kvBuckets, natsConnectOptions, streams, type ServiceIdentity } from '@forage/messaging';
import { adversaryResultLine, ATTACKS, runAttacks, startTestNats, type TestNats } from '@forage/testing';

/**
 * Least privilege on JetStream (issue 25 item 1): with each service's own credentials on a real
 * nats-server configured from the bus topology, every attack of the adversary suite is refused and
 * changes nothing, while each service can still do its own job.
 */
describe('JetStream permissions per identity', () => {
  let nats: TestNats;
  let admin: NatsConnection;
  const open: NatsConnection[] = [];
  const connectAs = async (identity: ServiceIdentity | 'admin'): Promise<NatsConnection> => {
    const nc = await connect({ servers: nats.url, ...natsConnectOptions(nats.security(identity)) });
    open.push(nc);
    return nc;
  };

  beforeAll(async () => {
    nats = await startTestNats({ auth: true });
    admin = await connectAs('admin');
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await nats.stop();
  });

  it('holds every attack of the adversary suite, by every attacker', async () => {
    const results = await runAttacks({ attacks: ATTACKS, admin, connect: connectAs });
    const failed = results.filter((r) => !r.outcome.held).map((r) => `${r.attack} by ${r.attacker}`);
    expect(failed).toEqual([]);
    expect(adversaryResultLine(results)).toMatch(/^RESULT attempts=\d+ held=\d+ failed=0$/);
    expect(results.length).toBeGreaterThan(ATTACKS.length * 5);
  }, 180_000);

  it("lets each service do its own job: the orchestrator's task memory, logging's chain head, its consumer", async () => {
    const memory = await new Kvm(await connectAs('orchestrator')).create(kvBuckets.taskMemory.bucket);
    await memory.put('allowed', '{}');
    expect((await memory.get('allowed'))?.operation).toBe('PUT');
    const chain = await new Kvm(await connectAs('logging')).create(kvBuckets.logChain.bucket);
    await chain.put('probe', '{}');
    const jsm = await jetstreamManager(await connectAs('logging'));
    await expect(jsm.consumers.info(streams.logs.name, 'logging')).resolves.toMatchObject({
      name: 'logging',
    });
    // the gateway follows the run streams with consumers of its own
    const gateway = await jetstreamManager(await connectAs('gateway'));
    await expect(gateway.streams.info(streams.runs.name)).resolves.toMatchObject({});
  });
});
