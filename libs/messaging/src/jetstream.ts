import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { DurableConsumerSpec } from './consumers.js';
import { NotProvisionedError } from './errors.js';
import { limitConfig, storageLimitOf, type ResolvedStorageLimit } from './storage-limits.js';
import { streams, type StreamSpec } from './streams.js';

const DEFAULT_ACK_WAIT_MS = 120_000;
export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS = [500, 2_000, 8_000, 30_000] as const;

/**
 * Creates or updates one stream (the admin's job: provisionBus); safe to run again. `limit` bounds
 * what it may hold (storage-limits.ts); an existing stream is brought to it.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  spec: StreamSpec,
  replicas = 1,
  limit?: ResolvedStorageLimit,
): Promise<void> {
  const config = {
    name: spec.name,
    subjects: [...spec.subjects],
    max_age: nanos(spec.maxAgeMs),
    duplicate_window: nanos(spec.duplicateWindowMs),
    num_replicas: replicas,
    ...(limit ? limitConfig(limit) : {}),
  };
  // add is idempotent for an identical config, so replicas booting together do not race
  try {
    await jsm.streams.add(config);
  } catch (err) {
    if (!isAlreadyThere(err)) throw err;
    // a process configured with fewer copies never scales a cluster's stream down (that is an operator's call)
    const existing = await jsm.streams.info(spec.name);
    await jsm.streams.update(spec.name, {
      ...config,
      num_replicas: Math.max(replicas, existing.config.num_replicas),
    });
  }
}

export async function ensureAllStreams(nc: NatsConnection, replicas = 1): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const spec of Object.values(streams))
    await ensureStream(jsm, spec, replicas, storageLimitOf(spec.name, {}));
}

/** Creates or updates a durable, explicitly acked pull consumer filtered to one subject (the admin's job). */
export async function ensureDurableConsumer(
  nc: NatsConnection,
  subject: string,
  options: Omit<DurableConsumerSpec, 'subject'>,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = consumerConfig(subject, options);
  try {
    await jsm.consumers.add(options.stream, config);
  } catch (err) {
    if (!isAlreadyThere(err)) throw err;
    await jsm.consumers.update(options.stream, options.consumer, config);
  }
}

/**
 * What a service does at boot: binds to its stream and durable consumer as provisioned. Only when
 * one is missing does it try to create it, which an identity without stream administration (every
 * service under authorization) may not: it then fails naming the fix. Never updates either.
 */
export async function bindDurableConsumer(
  nc: NatsConnection,
  subject: string,
  options: Omit<DurableConsumerSpec, 'subject'>,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  if (!(await exists(() => jsm.streams.info(options.stream)))) {
    const known = Object.values(streams).find((s) => s.name === options.stream);
    if (!known) throw new NotProvisionedError(`stream ${options.stream} does not exist`);
    await orNotProvisioned(() => ensureStream(jsm, known), `stream ${options.stream}`);
  }
  if (await exists(() => jsm.consumers.info(options.stream, options.consumer))) return;
  await orNotProvisioned(
    () => jsm.consumers.add(options.stream, consumerConfig(subject, options)),
    `consumer ${options.stream}/${options.consumer}`,
  );
}

async function exists(info: () => Promise<unknown>): Promise<boolean> {
  try {
    await info();
    return true;
  } catch (err) {
    if (err instanceof Error && /not found/i.test(err.message)) return false;
    throw err;
  }
}

async function orNotProvisioned(create: () => Promise<unknown>, what: string): Promise<void> {
  try {
    await create();
  } catch (err) {
    if (isAlreadyThere(err)) return;
    if (err instanceof Error && /permission/i.test(`${err.message} ${String(err.cause)}`)) {
      throw new NotProvisionedError(`${what} does not exist and this identity may not create it`, {
        cause: err,
      });
    }
    throw err;
  }
}

function consumerConfig(subject: string, options: Omit<DurableConsumerSpec, 'subject'>) {
  return {
    durable_name: options.consumer,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    ack_wait: nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
    ...(options.maxAckPending !== undefined ? { max_ack_pending: options.maxAckPending } : {}),
  };
}

function isAlreadyThere(err: unknown): boolean {
  return err instanceof Error && /already (in use|exists)/i.test(err.message);
}

/** Delay before redelivery number `deliveryCount + 1`. */
export function backoffFor(deliveryCount: number, backoffMs: readonly number[] = DEFAULT_BACKOFF_MS): number {
  const index = Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1);
  return backoffMs[index] ?? 1_000;
}
