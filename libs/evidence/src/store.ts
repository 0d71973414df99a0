import { Objm, type ObjectStore } from '@nats-io/obj';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { EvidenceKind, EvidenceRef } from '@forage/contracts';
import { objectStores } from '@forage/messaging';
import { EvidenceTamperedError, open, seal, sha256Hex } from './crypto.js';
import { pack, unpack } from './packing.js';

export class EvidenceNotFoundError extends Error {
  override readonly name = 'EvidenceNotFoundError';
}

export const EVIDENCE_BUCKET = objectStores.evidence.bucket;

/**
 * Past its retention period logging's sweeper deletes evidence itself and records a tombstone; the
 * bucket's own TTL is this much longer, a backstop should no sweeper run.
 */
export const RETENTION_BACKSTOP_MS = 86_400_000;

const READ_ATTEMPTS = 3;

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || /\btimeout\b/i.test(err.message));
}

/**
 * Content-addressed evidence on a JetStream object store, encrypted at rest. Every service on
 * every node sees the same store, so artefacts travel between services as EvidenceRefs only.
 */
export class EvidenceStore {
  private constructor(
    private readonly store: ObjectStore,
    private readonly key: Buffer,
  ) {}

  /**
   * Opens (creating if needed) the bucket. Evidence older than `retentionMs` is deleted by logging's
   * retention sweeper, which records a tombstone; the bucket's TTL is a day longer, as a backstop.
   */
  static async open(
    nc: NatsConnection,
    options: { key: Buffer; retentionMs: number; bucket?: string; replicas?: number },
  ): Promise<EvidenceStore> {
    const objm = new Objm(nc);
    const store = await objm.create(options.bucket ?? EVIDENCE_BUCKET, {
      ttl: nanos(options.retentionMs + RETENTION_BACKSTOP_MS),
      replicas: options.replicas ?? 1,
    });
    return new EvidenceStore(store, options.key);
  }

  /**
   * Binds to the bucket as provisioned, creating nothing: for readers (a CLI command, a tool) that
   * must not set the store's retention or replicas. Fails when the bucket does not exist.
   */
  static async bind(nc: NatsConnection, options: { key: Buffer; bucket?: string }): Promise<EvidenceStore> {
    const store = await new Objm(nc).open(options.bucket ?? EVIDENCE_BUCKET);
    return new EvidenceStore(store, options.key);
  }

  /** Stores an artefact under its sha256; storing the same bytes twice stores them once. */
  async put(input: { kind: EvidenceKind; contentType: string; data: Uint8Array }): Promise<EvidenceRef> {
    const sha256 = sha256Hex(input.data);
    const ref: EvidenceRef = {
      sha256,
      kind: input.kind,
      size: input.data.length,
      contentType: input.contentType,
    };
    const existing = await this.store.info(sha256);
    if (existing && !existing.deleted) return ref;
    await this.store.putBlob(
      { name: sha256, description: `${input.kind} ${input.contentType}` },
      seal({ key: this.key, sha256, ...(await pack(input.data)) }),
    );
    return ref;
  }

  /** Reads an artefact and proves it is the one the reference names (decrypts and re-hashes). */
  async get(ref: Pick<EvidenceRef, 'sha256'>): Promise<Buffer> {
    const sealed = await this.readBlob(ref.sha256);
    if (!sealed) throw new EvidenceNotFoundError(`no evidence ${ref.sha256}`);
    const plain = await unpack(open(this.key, sealed, ref.sha256), ref.sha256);
    if (sha256Hex(plain) !== ref.sha256)
      throw new EvidenceTamperedError(`evidence ${ref.sha256} does not match its hash`);
    return plain;
  }

  /**
   * A read is safe to repeat: when a NATS node dies, the consumer a read was streaming its chunks
   * from may have lived there, and the read times out; a new attempt is placed on a live node.
   */
  private async readBlob(sha256: string): Promise<Uint8Array | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.getBlob(sha256);
      } catch (err) {
        if (attempt >= READ_ATTEMPTS || !isTimeout(err)) throw err;
      }
    }
  }

  async getText(ref: Pick<EvidenceRef, 'sha256'>): Promise<string> {
    return (await this.get(ref)).toString('utf8');
  }

  /** Overwrites the stored bytes of an artefact; only for tests that prove tampering is caught. */
  async corruptForTest(sha256: string, bytes: Uint8Array): Promise<void> {
    await this.store.putBlob({ name: sha256 }, bytes);
  }
}
