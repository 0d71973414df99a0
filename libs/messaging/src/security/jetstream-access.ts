import { durableConsumers, type DurableConsumerSpec } from '../consumers.js';
import { kvBuckets, objectStores, type KvBucketSpec, type ObjectStoreSpec } from '../stores.js';
import { streams, type StreamSpec } from '../streams.js';
import type { ServiceIdentity } from './topology.js';

/** What a service does with JetStream beyond publishing its contracts' subjects into streams. */
export interface JetStreamUse {
  /** Durable consumers it pulls and acks (provisioned by the admin; it only binds). */
  readonly durables?: readonly DurableConsumerSpec[];
  /** Streams it reads from the start with its own short-lived ordered consumers (never a durable). */
  readonly follows?: readonly StreamSpec[];
  /** KV buckets it reads, or reads and writes. */
  readonly kv?: readonly { readonly bucket: KvBucketSpec; readonly access: 'read' | 'write' }[];
  /** Object stores it reads, writes, or (retention) also deletes from. */
  readonly objects?: readonly {
    readonly store: ObjectStoreSpec;
    readonly access: 'read' | 'write' | 'expire';
  }[];
}

const evidence = objectStores.evidence;
const attempts = { bucket: kvBuckets.toolAttempts, access: 'write' } as const;

/**
 * Which streams, consumers and buckets each service's job needs: the source of its JetStream API
 * permissions (jetStreamPermissions). Nothing here creates, updates, purges or deletes a stream:
 * that is the admin identity's alone (provisionBus).
 */
export const jetStreamUse = {
  gateway: {
    follows: [streams.runs, streams.runEvents],
    // its crawls' state, journal and Markdown (`/v1/crawls`)
    kv: [{ bucket: kvBuckets.crawls, access: 'write' }],
    objects: [{ store: evidence, access: 'read' }],
  },
  orchestrator: {
    durables: [durableConsumers.orchestratorRuns],
    kv: [
      { bucket: kvBuckets.runLedger, access: 'write' },
      { bucket: kvBuckets.runCheckpoints, access: 'write' },
      { bucket: kvBuckets.runInputs, access: 'write' },
      { bucket: kvBuckets.taskMemory, access: 'write' },
      { bucket: kvBuckets.taskSecrets, access: 'write' },
      { bucket: kvBuckets.threads, access: 'write' },
    ],
    objects: [{ store: evidence, access: 'read' }],
  },
  search: { kv: [attempts] },
  'dom-extraction': { kv: [attempts], objects: [{ store: evidence, access: 'write' }] },
  'dom-understanding': { kv: [attempts], objects: [{ store: evidence, access: 'write' }] },
  'action-execution': {
    kv: [
      attempts,
      { bucket: kvBuckets.actionIdempotency, access: 'write' },
      // reads a run's secrets and forgets them when the run ends
      { bucket: kvBuckets.taskSecrets, access: 'write' },
      // the only holder of browser profiles: their cookies never leave this service unsealed
      { bucket: kvBuckets.browserProfiles, access: 'write' },
    ],
    objects: [{ store: evidence, access: 'write' }],
  },
  processing: { kv: [attempts], objects: [{ store: evidence, access: 'read' }] },
  verifier: { kv: [attempts], objects: [{ store: evidence, access: 'read' }] },
  logging: {
    durables: [
      durableConsumers.loggingRecords,
      durableConsumers.loggingRunHistory,
      durableConsumers.loggingRunSteps,
      durableConsumers.loggingRunInput,
      durableConsumers.loggingRunCompletions,
    ],
    kv: [{ bucket: kvBuckets.logChain, access: 'write' }],
    // the retention sweeper deletes expired evidence (a purge of that object's chunks)
    objects: [{ store: evidence, access: 'expire' }],
  },
} as const satisfies Record<ServiceIdentity, JetStreamUse>;

const API = '$JS.API';

/** The subjects one identity may publish (JS API requests, acks, KV/object writes) and must not. */
export interface JetStreamSubjects {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

/** The exact JetStream API subjects `use` needs (nats-server 2.9 API names). */
export function jetStreamSubjects(use: JetStreamUse): JetStreamSubjects {
  const allow = new Set<string>([`${API}.INFO`]);
  const deny = new Set<string>();
  for (const d of use.durables ?? []) {
    allow.add(`${API}.STREAM.INFO.${d.stream}`);
    allow.add(`${API}.CONSUMER.INFO.${d.stream}.${d.consumer}`);
    allow.add(`${API}.CONSUMER.MSG.NEXT.${d.stream}.${d.consumer}`);
    allow.add(`$JS.ACK.${d.stream}.${d.consumer}.>`);
  }
  for (const s of use.follows ?? []) {
    allow.add(`${API}.STREAM.INFO.${s.name}`);
    for (const subject of ephemeralConsumerSubjects(s.name)) allow.add(subject);
    // its own consumers only: never another service's durable on the same stream
    for (const d of Object.values(durableConsumers).filter((c) => c.stream === s.name)) {
      for (const subject of consumerSubjects(d.stream, d.consumer)) deny.add(subject);
    }
  }
  for (const { bucket, access } of use.kv ?? []) {
    const stream = `KV_${bucket.bucket}`;
    for (const subject of readSubjects(stream)) allow.add(subject);
    if (access === 'write') allow.add(`$KV.${bucket.bucket}.>`);
  }
  for (const { store, access } of use.objects ?? []) {
    const stream = `OBJ_${store.bucket}`;
    for (const subject of readSubjects(stream)) allow.add(subject);
    if (access !== 'read') allow.add(`$O.${store.bucket}.>`);
    if (access === 'expire') allow.add(`${API}.STREAM.PURGE.${stream}`);
  }
  return { allow: [...allow], deny: [...deny] };
}

/** Reading a KV bucket or object store: its info, direct and stored-message gets, ordered consumers. */
function readSubjects(stream: string): string[] {
  return [
    `${API}.STREAM.INFO.${stream}`,
    `${API}.DIRECT.GET.${stream}`,
    `${API}.DIRECT.GET.${stream}.>`,
    `${API}.STREAM.MSG.GET.${stream}`,
    ...ephemeralConsumerSubjects(stream),
    `$JS.FC.${stream}.>`,
  ];
}

/** An ordered (ephemeral, named) consumer's lifecycle on one stream: 2.9's named-create API only. */
function ephemeralConsumerSubjects(stream: string): string[] {
  return consumerSubjects(stream, '*');
}

function consumerSubjects(stream: string, consumer: string): string[] {
  return [
    `${API}.CONSUMER.CREATE.${stream}.${consumer}`,
    `${API}.CONSUMER.CREATE.${stream}.${consumer}.>`,
    `${API}.CONSUMER.INFO.${stream}.${consumer}`,
    `${API}.CONSUMER.MSG.NEXT.${stream}.${consumer}`,
    `${API}.CONSUMER.DELETE.${stream}.${consumer}`,
  ];
}
