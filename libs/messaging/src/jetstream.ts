import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { DurableOptions } from './decorators.js';
import { streams, type StreamSpec } from './streams.js';

const DEFAULT_ACK_WAIT_MS = 120_000;
export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS = [500, 2_000, 8_000, 30_000] as const;

/** Creates or updates one stream; safe to call from every replica at every boot. */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec, replicas = 1): Promise<void> {
  const config = {
    name: spec.name,
    subjects: [...spec.subjects],
    max_age: nanos(spec.maxAgeMs),
    duplicate_window: nanos(spec.duplicateWindowMs),
    num_replicas: replicas,
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
  for (const spec of Object.values(streams)) await ensureStream(jsm, spec, replicas);
}

/** Creates or updates a durable, explicitly acked pull consumer filtered to one subject. */
export async function ensureDurableConsumer(
  nc: NatsConnection,
  subject: string,
  options: DurableOptions,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    durable_name: options.consumer,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    ack_wait: nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
    ...(options.maxAckPending !== undefined ? { max_ack_pending: options.maxAckPending } : {}),
  };
  try {
    await jsm.consumers.add(options.stream, config);
  } catch (err) {
    if (!isAlreadyThere(err)) throw err;
    await jsm.consumers.update(options.stream, options.consumer, config);
  }
}

function isAlreadyThere(err: unknown): boolean {
  return err instanceof Error && /already (in use|exists)/i.test(err.message);
}

/** Delay before redelivery number `deliveryCount + 1`. */
export function backoffFor(deliveryCount: number, backoffMs: readonly number[] = DEFAULT_BACKOFF_MS): number {
  const index = Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1);
  return backoffMs[index] ?? 1_000;
}
