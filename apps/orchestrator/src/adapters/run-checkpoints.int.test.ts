import { randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Bus, type RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import type { OrchestratorConfig } from '../config.js';
import { research } from '../core/research.js';
import { fakeRun } from '../core/testing/fake-web.js';
import { comparison } from '../core/testing/fixtures.js';
import { RunCheckpoints } from './run-checkpoints.js';

const { web, input } = comparison;

/**
 * Step checkpoints through the real KV bucket: what a run saved is what a redelivered run loads
 * (a field the stored schema dropped would make a resumed run silently start over or forget).
 */
describe('run checkpoints in JetStream KV', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  let checkpoints: RunCheckpoints;

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    checkpoints = new RunCheckpoints(new Bus(nc), { ORCH_RUN_STATE_TTL_HOURS: 1 } as OrchestratorConfig);
    await checkpoints.onModuleInit();
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  it('loads every field a run saved, and a run resumed from it continues where it stopped', async () => {
    const first = fakeRun(web);
    const whole = await research(first.acts, input);
    const saved = first.checkpoints.find((c) => c.answers.length === 1);
    if (!saved) throw new Error('no checkpoint with one answer');
    const runId = randomUUID();
    await checkpoints.save(runId, saved);

    const loaded = await checkpoints.load(runId);
    expect(loaded).toEqual(JSON.parse(JSON.stringify(saved)));
    if (!loaded) throw new Error('not loaded');
    const resumed = fakeRun(web);
    const r = await research(resumed.acts, { ...input, resume: loaded });
    expect(r.answer?.text).toBe(whole.answer?.text);
    expect(resumed.queries.map((q) => q.toLowerCase())).toEqual(['population kemonia']);

    await checkpoints.forget(runId);
    expect(await checkpoints.load(runId)).toBeUndefined();
  });

  it('keeps the site a task is bound to and how it ended, so a resumed task neither asks again nor goes elsewhere', async () => {
    const first = fakeRun(web);
    await research(first.acts, input);
    const last = first.checkpoints.at(-1);
    if (!last) throw new Error('no checkpoint');
    const task = {
      ...last,
      taskSite: 'http://shop.test:7813',
      taskEnded: {
        outcome: 'unconfirmed' as const,
        reason: 'the task on http://shop.test:7813/contact could not be performed',
      },
    };
    const runId = randomUUID();
    await checkpoints.save(runId, task);
    expect(await checkpoints.load(runId)).toMatchObject({
      taskSite: task.taskSite,
      taskEnded: task.taskEnded,
    });
  });

  it('treats an entry that is not a checkpoint as none (the run starts over)', async () => {
    const kv = await new Kvm(nc).open('forage-run-checkpoints');
    const runId = randomUUID();
    await kv.put(runId, '{"steps": "many"}');
    expect(await checkpoints.load(runId)).toBeUndefined();
    await kv.put(runId, 'not json');
    expect(await checkpoints.load(runId)).toBeUndefined();
  });
});
