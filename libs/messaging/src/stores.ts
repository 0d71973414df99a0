import { browserProfiles, taskMemory, taskSecrets, threadStore } from '@forage/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A bucket's age limit, when a service setting chooses it: the variable, its unit, its default.
 * The admin provisions the bucket with the value the stack's settings give (`provisionBus`).
 */
export interface BucketTtl {
  readonly variable?: string;
  readonly unitMs: number;
  readonly default: number;
  /** Added to the setting (the evidence bucket outlives its retention by a day, as a backstop). */
  readonly plusMs?: number;
}

export interface KvBucketSpec {
  readonly bucket: string;
  readonly history: number;
  readonly ttl?: BucketTtl;
}

export interface ObjectStoreSpec {
  readonly bucket: string;
  readonly ttl: BucketTtl;
}

/** Every JetStream KV bucket of Forage (KV buckets are streams: only the admin creates them). */
export const kvBuckets = {
  runLedger: {
    bucket: 'forage-runs',
    history: 1,
    ttl: { variable: 'ORCH_RUN_STATE_TTL_HOURS', unitMs: HOUR, default: 24 * 7 },
  },
  runCheckpoints: {
    bucket: 'forage-run-checkpoints',
    history: 1,
    ttl: { variable: 'ORCH_RUN_STATE_TTL_HOURS', unitMs: HOUR, default: 24 * 7 },
  },
  runInputs: { bucket: 'forage-run-inputs', history: 1, ttl: { unitMs: DAY, default: 1 } },
  taskMemory: { bucket: taskMemory.bucket, history: 1 },
  /** The turns of each conversation; the age counts from a thread's last write. */
  threads: {
    bucket: threadStore.bucket,
    history: 1,
    ttl: { variable: 'ORCH_THREAD_TTL_DAYS', unitMs: DAY, default: 30 },
  },
  taskSecrets: { bucket: taskSecrets.bucket, history: 1, ttl: { unitMs: 1, default: taskSecrets.ttlMs } },
  logChain: { bucket: 'forage-log-chain', history: 1 },
  actionIdempotency: {
    bucket: 'forage-action-idem',
    history: 1,
    ttl: { variable: 'ACTION_IDEMPOTENCY_TTL_MS', unitMs: 1, default: DAY },
  },
  /** Named browser profiles (sealed cookies and storage); kept until their owner deletes them. */
  browserProfiles: { bucket: browserProfiles.bucket, history: 1 },
  /** Counts outlive the runs they count (a run's retries happen within minutes). */
  toolAttempts: { bucket: 'forage-tool-attempts', history: 1, ttl: { unitMs: DAY, default: 7 } },
  /** The gateway's crawls (`/v1/crawls`): state, journal and Markdown, a week from a crawl's last write. */
  crawls: { bucket: 'forage-crawls', history: 1, ttl: { unitMs: DAY, default: 7 } },
} as const satisfies Record<string, KvBucketSpec>;

/** The object stores of Forage. */
export const objectStores = {
  evidence: {
    bucket: 'forage-evidence',
    ttl: { variable: 'EVIDENCE_RETENTION_DAYS', unitMs: DAY, default: 7, plusMs: DAY },
  },
} as const satisfies Record<string, ObjectStoreSpec>;

/** A bucket's TTL in ms under `env` (the stack's service variables); undefined: no age limit. */
export function bucketTtlMs(
  ttl: BucketTtl | undefined,
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  if (!ttl) return undefined;
  const raw = ttl.variable ? env[ttl.variable] : undefined;
  const value =
    raw !== undefined && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : ttl.default;
  return value * ttl.unitMs + (ttl.plusMs ?? 0);
}
