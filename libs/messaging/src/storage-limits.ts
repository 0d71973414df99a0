import { kvBuckets, objectStores } from './stores.js';
import { streams } from './streams.js';

const MIB = 1024 * 1024;

/**
 * How much of the JetStream store one stream, bucket or object store may hold, and the largest
 * message it takes. Everything is provisioned with `discard: new`: a full store refuses new
 * writes (the writer gets an error and retries or fails loudly) instead of silently evicting what
 * nobody has consumed yet. Services cannot create streams or consumers at all (the admin
 * provisions them), so these limits, summed, bound what any identity can put on the disk.
 */
export interface StorageLimit {
  /** The setting that overrides the size, in MiB (e.g. FORAGE_BUS_LOGS_MAX_MB). */
  readonly variable: string;
  readonly defaultMb: number;
  /** The largest message (a KV value, a log record); the server's max_payload (1 MB) above that. */
  readonly maxMessageBytes: number;
  /**
   * Per-producer quota of a stream whose producers each publish on a subject of their own
   * (`log.record.v1.<tool>`): at most this many messages per subject, new ones refused per
   * subject — one identity's flood fills its own quota, never the others'.
   */
  readonly perSubject?: { readonly variable: string; readonly defaultMessages: number };
}

const limit = (
  variable: string,
  defaultMb: number,
  maxMessageBytes: number,
  perSubject?: StorageLimit['perSubject'],
): StorageLimit => ({ variable, defaultMb, maxMessageBytes, ...(perSubject ? { perSubject } : {}) });

/** Small values (memory entries, secrets, idempotency entries) stay well under this. */
const RECORD_BYTES = 256 * 1024;
/** The server's max_payload: run requests, thread turns and checkpoints may carry more. */
const PAYLOAD_BYTES = MIB;
/** Evidence blobs are chunked by the object store (128 KiB chunks). */
const CHUNK_BYTES = 256 * 1024;

/** The stream name each limit applies to, by what it stores. */
export const storageLimits: Readonly<Record<string, StorageLimit>> = {
  [streams.logs.name]: limit('FORAGE_BUS_LOGS_MAX_MB', 2048, PAYLOAD_BYTES, {
    variable: 'FORAGE_BUS_LOG_RECORDS_PER_PRODUCER',
    defaultMessages: 2_000_000,
  }),
  [streams.runs.name]: limit('FORAGE_BUS_RUNS_MAX_MB', 256, PAYLOAD_BYTES),
  [streams.runEvents.name]: limit('FORAGE_BUS_RUN_EVENTS_MAX_MB', 1024, PAYLOAD_BYTES),
  [streams.deadLetters.name]: limit('FORAGE_BUS_DEAD_LETTERS_MAX_MB', 256, PAYLOAD_BYTES),
  [`KV_${kvBuckets.runLedger.bucket}`]: limit('FORAGE_BUS_RUN_LEDGER_MAX_MB', 256, PAYLOAD_BYTES),
  [`KV_${kvBuckets.runCheckpoints.bucket}`]: limit('FORAGE_BUS_CHECKPOINTS_MAX_MB', 512, PAYLOAD_BYTES),
  [`KV_${kvBuckets.runInputs.bucket}`]: limit('FORAGE_BUS_RUN_INPUTS_MAX_MB', 64, PAYLOAD_BYTES),
  [`KV_${kvBuckets.taskMemory.bucket}`]: limit('FORAGE_BUS_TASK_MEMORY_MAX_MB', 64, RECORD_BYTES),
  [`KV_${kvBuckets.threads.bucket}`]: limit('FORAGE_BUS_THREADS_MAX_MB', 256, PAYLOAD_BYTES),
  [`KV_${kvBuckets.taskSecrets.bucket}`]: limit('FORAGE_BUS_TASK_SECRETS_MAX_MB', 16, RECORD_BYTES),
  [`KV_${kvBuckets.logChain.bucket}`]: limit('FORAGE_BUS_LOG_CHAIN_MAX_MB', 1, 4096),
  [`KV_${kvBuckets.actionIdempotency.bucket}`]: limit(
    'FORAGE_BUS_ACTION_IDEMPOTENCY_MAX_MB',
    256,
    RECORD_BYTES,
  ),
  [`KV_${kvBuckets.browserProfiles.bucket}`]: limit('FORAGE_BUS_BROWSER_PROFILES_MAX_MB', 32, PAYLOAD_BYTES),
  [`KV_${kvBuckets.toolAttempts.bucket}`]: limit('FORAGE_BUS_TOOL_ATTEMPTS_MAX_MB', 64, 4096),
  [`KV_${kvBuckets.crawls.bucket}`]: limit('FORAGE_BUS_CRAWLS_MAX_MB', 512, PAYLOAD_BYTES),
  [`OBJ_${objectStores.evidence.bucket}`]: limit('FORAGE_BUS_EVIDENCE_MAX_MB', 4096, CHUNK_BYTES),
};

/** A limit as provisioned: bytes and message counts under the stack's settings. */
export interface ResolvedStorageLimit {
  readonly maxBytes: number;
  readonly maxMessageBytes: number;
  readonly perSubjectMessages?: number;
}

/**
 * `stream`'s limit under `env` (a positive number in the variable overrides the default). `scale`
 * shrinks the defaults on a machine whose disk cannot hold them (JetStream reserves each store's
 * size up front): never below the largest message the store takes.
 */
export function storageLimitOf(
  stream: string,
  env: Readonly<Record<string, string | undefined>>,
  scale = 1,
): ResolvedStorageLimit {
  const spec = storageLimits[stream];
  if (!spec) throw new Error(`no storage limit is set for ${stream}`);
  const perSubject = spec.perSubject
    ? setting(env[spec.perSubject.variable], spec.perSubject.defaultMessages)
    : undefined;
  const given = env[spec.variable] !== undefined && setting(env[spec.variable], 0) > 0;
  const mb = given
    ? setting(env[spec.variable], spec.defaultMb)
    : spec.defaultMb * Math.min(1, Math.max(0, scale));
  return {
    // a shrunk default keeps room for one message; an operator's own size is taken as given
    maxBytes: given ? Math.round(mb * MIB) : Math.max(spec.maxMessageBytes, Math.round(mb * MIB)),
    maxMessageBytes: spec.maxMessageBytes,
    ...(perSubject !== undefined ? { perSubjectMessages: Math.round(perSubject) } : {}),
  };
}

/** The JetStream stream configuration fields that carry a limit. */
export function limitConfig(limit: ResolvedStorageLimit): {
  max_bytes: number;
  max_msg_size: number;
  discard: 'new';
  max_msgs_per_subject?: number;
  discard_new_per_subject?: boolean;
} {
  return {
    max_bytes: limit.maxBytes,
    max_msg_size: limit.maxMessageBytes,
    discard: 'new',
    ...(limit.perSubjectMessages !== undefined
      ? { max_msgs_per_subject: limit.perSubjectMessages, discard_new_per_subject: true }
      : {}),
  };
}

/** The sum of every default size, in MiB: what the server's max_file_store must hold. */
export function defaultStorageTotalMb(): number {
  return Object.values(storageLimits).reduce((sum, l) => sum + l.defaultMb, 0);
}

/**
 * The scale of the default sizes a disk with `freeBytes` available can hold: JetStream takes at
 * most 75% of the free space it finds at start, and the stores are given at most half of it.
 */
export function storageScaleFor(freeBytes: number): number {
  return Math.min(1, (0.5 * freeBytes) / (defaultStorageTotalMb() * MIB));
}

function setting(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
