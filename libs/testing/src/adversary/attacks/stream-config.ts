import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { deadLetterEvent, logRecordEvent, producerSubjectOf, runCompleted } from '@forage/contracts';
import { SERVICE_IDENTITIES, streams } from '@forage/messaging';
import { broken, held, refusal, type Attack } from '../attack.js';

/** A stream that republishes whatever lands on it as a completion (the forged answer). */
export const republishStream: Attack = {
  name: 'republish',
  description: 'create a stream whose republish turns its messages into run.completed.v1',
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const name = `FORGED_${randomUUID().slice(0, 8).toUpperCase()}`;
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const refused = await refusal(() =>
      jsm.streams.add({
        name,
        subjects: [`forged.${name}`],
        republish: { src: `forged.${name}`, dest: runCompleted.subject },
      }),
    );
    const admin = await jetstreamManager(ctx.admin);
    const exists = await admin.streams.info(name).then(
      () => true,
      () => false,
    );
    if (exists) return broken(`stream ${name} with a republish to ${runCompleted.subject} was created`);
    return refused ? held(refused) : broken('the create was not refused');
  },
};

/** Changing an existing stream's configuration: a republish of every log record, or a mirror. */
export const reconfigureStream: Attack = {
  name: 'stream-update',
  description: `add a republish to ${streams.logs.name} (every record copied to a subject of the attacker's choosing)`,
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const admin = await jetstreamManager(ctx.admin);
    const before = (await admin.streams.info(streams.logs.name)).config;
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const refused = await refusal(() =>
      jsm.streams.update(streams.logs.name, {
        ...before,
        republish: { src: producerSubjectOf(logRecordEvent, 'verifier'), dest: `stolen.${attacker}` },
      }),
    );
    const after = (await admin.streams.info(streams.logs.name)).config;
    if (after.republish) return broken(`${streams.logs.name} now republishes to ${after.republish.dest}`);
    return refused ? held(refused) : broken('the update was not refused');
  },
};

/** A new stream sourcing the run stream: a copy of every question. */
export const sourceStream: Attack = {
  name: 'mirror',
  description: `create a stream mirroring ${streams.runs.name} (every question, readable by the attacker)`,
  attackers: SERVICE_IDENTITIES,
  async attempt(ctx, attacker) {
    const name = `MIRROR_${randomUUID().slice(0, 8).toUpperCase()}`;
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const refused = await refusal(() => jsm.streams.add({ name, mirror: { name: streams.runs.name } }));
    const exists = await (await jetstreamManager(ctx.admin)).streams.info(name).then(
      () => true,
      () => false,
    );
    if (exists) return broken(`stream ${name} mirrors ${streams.runs.name}`);
    return refused ? held(refused) : broken('the create was not refused');
  },
};

/** Purging the dead-letter stream (the attack) and deleting the log stream. */
export const purgeStream: Attack = {
  name: 'stream-purge',
  description: `purge ${streams.deadLetters.name}, delete ${streams.logs.name}`,
  attackers: SERVICE_IDENTITIES,
  async prepare(ctx) {
    // something to lose: one dead letter
    await jetstream(ctx.admin).publish(
      deadLetterEvent.subject,
      JSON.stringify({
        stream: streams.logs.name,
        consumer: 'logging',
        subject: 'log.record.v1.search',
        deliveries: 5,
        reason: 'adversary suite: a letter to keep',
        body: '{}',
        at: new Date().toISOString(),
      }),
    );
  },
  async attempt(ctx, attacker) {
    const admin = await jetstreamManager(ctx.admin);
    const before = (await admin.streams.info(streams.deadLetters.name)).state.messages;
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const purge = await refusal(() => jsm.streams.purge(streams.deadLetters.name));
    const remove = await refusal(() => jsm.streams.delete(streams.logs.name));
    const after = (await admin.streams.info(streams.deadLetters.name)).state.messages;
    const logs = await admin.streams.info(streams.logs.name).then(
      () => true,
      () => false,
    );
    if (after < before)
      return broken(`${streams.deadLetters.name} went from ${String(before)} to ${String(after)} messages`);
    if (!logs) return broken(`${streams.logs.name} was deleted`);
    if (!purge || !remove) return broken('a purge or delete was not refused');
    return held(`${purge}; ${remove}`);
  },
};
