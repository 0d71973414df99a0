import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { Objm } from '@nats-io/obj';
import { kvBuckets, objectStores, SERVICE_IDENTITIES, type ServiceIdentity } from '@forage/messaging';
import { broken, held, refusal, type Attack } from '../attack.js';

const except = (...owners: ServiceIdentity[]): ServiceIdentity[] =>
  SERVICE_IDENTITIES.filter((s) => !owners.includes(s));

/** Writing the task memory (the issue: a planted entry the next run would use). */
export const putTaskMemory: Attack = {
  name: 'kv-put',
  description: `put an entry in ${kvBuckets.taskMemory.bucket} (the task memory the orchestrator recalls)`,
  attackers: except('orchestrator'),
  async attempt(ctx, attacker) {
    const key = `planted-${randomUUID().slice(0, 8)}`;
    const kv = await new Kvm(await ctx.connectAs(attacker)).open(kvBuckets.taskMemory.bucket);
    const refused = await refusal(() => kv.put(key, JSON.stringify({ value: 'planted' })));
    const stored = await (await new Kvm(ctx.admin).open(kvBuckets.taskMemory.bucket)).get(key);
    if (stored?.operation === 'PUT') return broken(`${key} was stored in ${kvBuckets.taskMemory.bucket}`);
    return refused ? held(refused) : broken('the put was not refused');
  },
};

/** Planting a page in a crawl (the issue: a crawl's owner reads content no page said). */
export const plantCrawlPage: Attack = {
  name: 'crawl-plant',
  description: `put a page in a crawl of ${kvBuckets.crawls.bucket} (only the gateway runs crawls)`,
  attackers: except('gateway'),
  async attempt(ctx, attacker) {
    const key = `${randomUUID()}.page-0`;
    const kv = await new Kvm(await ctx.connectAs(attacker)).open(kvBuckets.crawls.bucket);
    const refused = await refusal(() =>
      kv.put(key, JSON.stringify({ url: 'http://planted.test/', status: 'ok', depth: 0, fetchedAt: '' })),
    );
    const stored = await (await new Kvm(ctx.admin).open(kvBuckets.crawls.bucket)).get(key);
    if (stored?.operation === 'PUT') return broken(`${key} was stored in ${kvBuckets.crawls.bucket}`);
    return refused ? held(refused) : broken('the put was not refused');
  },
};

/** Moving the log chain's head (the issue: every answer refused, a deletion of 1,000 records reported). */
export const moveChainHead: Attack = {
  name: 'chain-head-move',
  description: `move the head in ${kvBuckets.logChain.bucket} 1,000 records ahead`,
  attackers: except('logging'),
  async attempt(ctx, attacker) {
    const admin = await new Kvm(ctx.admin).open(kvBuckets.logChain.bucket);
    const before = await admin.get('head');
    const kv = await new Kvm(await ctx.connectAs(attacker)).open(kvBuckets.logChain.bucket);
    const refused = await refusal(() =>
      kv.put('head', JSON.stringify({ seq: 1_000_000, hash: 'f'.repeat(64) })),
    );
    const after = await admin.get('head');
    if ((after?.revision ?? 0) !== (before?.revision ?? 0)) return broken('the chain head moved');
    return refused ? held(refused) : broken('the put was not refused');
  },
};

/** Reading a run's sealed secrets (only the orchestrator stores them, only action-execution reads them). */
export const readSecrets: Attack = {
  name: 'kv-read',
  description: `read ${kvBuckets.taskSecrets.bucket} or ${kvBuckets.actionIdempotency.bucket}, another service's bucket`,
  attackers: except('orchestrator', 'action-execution'),
  async attempt(ctx, attacker) {
    const nc = await ctx.connectAs(attacker);
    const refused: string[] = [];
    for (const bucket of [kvBuckets.taskSecrets.bucket, kvBuckets.actionIdempotency.bucket]) {
      const why = await refusal(async () => {
        const kv = await new Kvm(nc).open(bucket);
        await kv.get('any');
      });
      if (!why) return broken(`read ${bucket}`);
      refused.push(why);
    }
    return held(refused.join('; '));
  },
};

/** Reading or planting a browser profile (sealed logins): only action-execution holds the bucket. */
export const touchProfiles: Attack = {
  name: 'profile-read',
  description: `read or put an entry in ${kvBuckets.browserProfiles.bucket} (users' sealed browser logins)`,
  attackers: except('action-execution'),
  async attempt(ctx, attacker) {
    const nc = await ctx.connectAs(attacker);
    const bucket = kvBuckets.browserProfiles.bucket;
    const read = await refusal(async () => (await new Kvm(nc).open(bucket)).get('_anonymous.p'));
    if (!read) return broken(`read ${bucket}`);
    const key = `_anonymous.planted-${randomUUID().slice(0, 8)}`;
    const put = await refusal(async () => (await new Kvm(nc).open(bucket)).put(key, '{}'));
    const stored = await (await new Kvm(ctx.admin).open(bucket)).get(key);
    if (stored?.operation === 'PUT') return broken(`${key} was stored in ${bucket}`);
    return put ? held(`${read}; ${put}`) : broken('the put was not refused');
  },
};

/** Deleting evidence (a purge of the object store's stream): only logging's retention sweeper may. */
export const purgeEvidence: Attack = {
  name: 'evidence-purge',
  description: `purge ${objectStores.evidence.bucket} (every DOM snapshot and screenshot)`,
  attackers: except('logging'),
  async prepare(ctx) {
    const store = await new Objm(ctx.admin).create(objectStores.evidence.bucket);
    await store.putBlob(
      { name: `adversary-keep-${randomUUID()}` },
      new TextEncoder().encode('evidence to keep'),
    );
  },
  async attempt(ctx, attacker) {
    const stream = `OBJ_${objectStores.evidence.bucket}`;
    const admin = await jetstreamManager(ctx.admin);
    const before = (await admin.streams.info(stream)).state.messages;
    const jsm = await jetstreamManager(await ctx.connectAs(attacker));
    const refused = await refusal(() => jsm.streams.purge(stream));
    const after = (await admin.streams.info(stream)).state.messages;
    if (after < before) return broken(`${stream} lost ${String(before - after)} messages`);
    return refused ? held(refused) : broken('the purge was not refused');
  },
};
