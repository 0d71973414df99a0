import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { durableConsumers, SERVICE_IDENTITIES, streams, type ServiceIdentity } from '@forage/messaging';
import { broken, held, refusal, type Attack } from '../attack.js';

const orchestrators = durableConsumers.orchestratorRuns;
const logging = durableConsumers.loggingRecords;

/** Deleting the orchestrator's consumer (the issue: new runs stayed queued while status said ok). */
export const deleteConsumer: Attack = {
  name: 'consumer-delete',
  description: `delete ${orchestrators.stream}/${orchestrators.consumer} and ${logging.stream}/${logging.consumer}`,
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const refused = [
      await refusal(() => jsm.consumers.delete(orchestrators.stream, orchestrators.consumer)),
      await refusal(() => jsm.consumers.delete(logging.stream, logging.consumer)),
    ];
    const admin = await jetstreamManager(ctx.admin);
    for (const c of [orchestrators, logging]) {
      const there = await admin.consumers.info(c.stream, c.consumer).then(
        () => true,
        () => false,
      );
      if (!there) return broken(`${c.stream}/${c.consumer} was deleted`);
    }
    return refused.every(Boolean) ? held(refused.join('; ')) : broken('a delete was not refused');
  },
};

/** Pulling from a consumer that is not the attacker's: every question, or every log record. */
export const readOthersConsumer: Attack = {
  name: 'read-other-consumer',
  description: `pull from ${orchestrators.stream}/${orchestrators.consumer} or ${logging.stream}/${logging.consumer} without being its service`,
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const nc = await ctx.connectAs(attacker);
    const targets = [orchestrators, logging].filter((c) => !ownedBy(c.consumer, attacker));
    const refused: string[] = [];
    for (const c of targets) {
      // a pull request names the consumer in its subject: the permission decides before any delivery
      const why = await refusal(() =>
        nc.request(
          `$JS.API.CONSUMER.MSG.NEXT.${c.stream}.${c.consumer}`,
          JSON.stringify({ batch: 1, no_wait: true }),
          {
            timeout: 3_000,
          },
        ),
      );
      if (!why) return broken(`pulled from ${c.stream}/${c.consumer}`);
      refused.push(why);
    }
    return held(refused.join('; '));
  },
};

/** A consumer of the attacker's own on the log or run stream: a copy of every record or question. */
export const createConsumer: Attack = {
  name: 'consumer-create',
  description: `create a consumer on ${streams.logs.name} (every log record) or a durable on ${streams.runs.name}`,
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const name = `spy-${randomUUID().slice(0, 8)}`;
    const refused = [
      await refusal(() => jsm.consumers.add(streams.logs.name, { name, ack_policy: AckPolicy.None })),
      // overwriting the orchestrator's durable with one of the attacker's settings
      await refusal(() =>
        jsm.consumers.add(orchestrators.stream, {
          durable_name: orchestrators.consumer,
          ack_policy: AckPolicy.None,
          filter_subject: orchestrators.subject,
        }),
      ),
    ];
    const admin = await jetstreamManager(ctx.admin);
    const spy = await admin.consumers.info(streams.logs.name, name).then(
      () => true,
      () => false,
    );
    if (spy) return broken(`consumer ${name} on ${streams.logs.name} was created`);
    const orch = await admin.consumers.info(orchestrators.stream, orchestrators.consumer);
    if (orch.config.ack_policy !== AckPolicy.Explicit)
      return broken(`${orchestrators.consumer}'s consumer was reconfigured`);
    return refused.every(Boolean) ? held(refused.join('; ')) : broken('a create was not refused');
  },
};

function ownedBy(consumer: string, identity: ServiceIdentity): boolean {
  return consumer === identity;
}
