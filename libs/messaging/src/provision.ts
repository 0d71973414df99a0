import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { Objm } from '@nats-io/obj';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { durableConsumers } from './consumers.js';
import { ensureDurableConsumer, ensureStream } from './jetstream.js';
import { limitConfig, storageLimitOf, type ResolvedStorageLimit } from './storage-limits.js';
import { bucketTtlMs, kvBuckets, objectStores } from './stores.js';
import { streams } from './streams.js';

export interface ProvisionOptions {
  /** Copies of each stream, bucket and object store in a cluster (never lowered on an existing one). */
  readonly replicas?: number;
  /** The services' variables that choose bucket ages (ORCH_RUN_STATE_TTL_HOURS, …); defaults otherwise. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Shrinks the default storage quotas to a small disk (storageScaleFor); 1 otherwise. */
  readonly storageScale?: number;
}

/** What provisionBus found or made, by kind. */
export interface ProvisionReport {
  readonly streams: readonly string[];
  readonly consumers: readonly string[];
  readonly buckets: readonly string[];
  readonly objectStores: readonly string[];
}

/**
 * Creates (or brings up to date) every stream, durable consumer, KV bucket and object store
 * Forage uses. Run with the admin identity before the services start (`forage up`, `forage bus
 * init` in a deployment): services only bind to what exists, because a stream's or consumer's
 * configuration (republish, mirror, sources, a push consumer's deliver subject) cannot be policed
 * by subject permissions. Safe to run again: an identical configuration changes nothing.
 */
export async function provisionBus(
  nc: NatsConnection,
  options: ProvisionOptions = {},
): Promise<ProvisionReport> {
  const replicas = options.replicas ?? 1;
  const env = options.env ?? {};
  const scale = options.storageScale ?? 1;
  const jsm = await jetstreamManager(nc);
  for (const spec of Object.values(streams))
    await ensureStream(jsm, spec, replicas, storageLimitOf(spec.name, env, scale));
  for (const spec of Object.values(durableConsumers)) await ensureDurableConsumer(nc, spec.subject, spec);
  const kvm = new Kvm(jetstream(nc));
  for (const spec of Object.values(kvBuckets)) {
    const ttl = bucketTtlMs('ttl' in spec ? spec.ttl : undefined, env);
    const limit = storageLimitOf(`KV_${spec.bucket}`, env, scale);
    await kvm.create(spec.bucket, {
      history: spec.history,
      replicas,
      max_bytes: limit.maxBytes,
      maxValueSize: limit.maxMessageBytes,
      ...(ttl ? { ttl } : {}),
    });
    await keepConfig(jsm, `KV_${spec.bucket}`, replicas, limit);
  }
  const objm = new Objm(jetstream(nc));
  for (const spec of Object.values(objectStores)) {
    const ttl = bucketTtlMs(spec.ttl, env);
    const limit = storageLimitOf(`OBJ_${spec.bucket}`, env, scale);
    await objm.create(spec.bucket, {
      replicas,
      max_bytes: limit.maxBytes,
      ...(ttl ? { ttl: nanos(ttl) } : {}),
    });
    await keepConfig(jsm, `OBJ_${spec.bucket}`, replicas, limit);
  }
  return {
    streams: Object.values(streams).map((s) => s.name),
    consumers: Object.values(durableConsumers).map((c) => `${c.stream}/${c.consumer}`),
    buckets: Object.values(kvBuckets).map((b) => b.bucket),
    objectStores: Object.values(objectStores).map((o) => o.bucket),
  };
}

/**
 * A bucket created earlier is brought to the storage limit of this configuration, and one with
 * fewer copies is scaled up (never down: that is an operator's call).
 */
async function keepConfig(
  jsm: JetStreamManager,
  stream: string,
  replicas: number,
  limit: ResolvedStorageLimit,
): Promise<void> {
  const info = await jsm.streams.info(stream);
  const want = limitConfig(limit);
  const same =
    info.config.num_replicas >= replicas &&
    info.config.max_bytes === want.max_bytes &&
    info.config.max_msg_size === want.max_msg_size &&
    info.config.discard === want.discard;
  if (same) return;
  await jsm.streams.update(stream, {
    ...info.config,
    max_bytes: want.max_bytes,
    max_msg_size: want.max_msg_size,
    discard: want.discard,
    num_replicas: Math.max(replicas, info.config.num_replicas),
  });
}
