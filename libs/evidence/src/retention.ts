import { Objm, type ObjectStore } from '@nats-io/obj';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { EVIDENCE_BUCKET, RETENTION_BACKSTOP_MS } from './store.js';

/** One stored artefact as the bucket lists it (no key needed: names, sizes and times are not secret). */
export interface StoredArtefact {
  readonly sha256: string;
  readonly size: number;
  readonly storedAt: string;
}

/**
 * The evidence bucket as the retention sweeper sees it: which artefacts are older than a cutoff,
 * and deleting them. Nothing is decrypted.
 */
export class EvidenceRetention {
  private constructor(private readonly store: ObjectStore) {}

  static async open(
    nc: NatsConnection,
    options: { retentionMs: number; bucket?: string; replicas?: number },
  ): Promise<EvidenceRetention> {
    const store = await new Objm(nc).create(options.bucket ?? EVIDENCE_BUCKET, {
      ttl: nanos(options.retentionMs + RETENTION_BACKSTOP_MS),
      replicas: options.replicas ?? 1,
    });
    return new EvidenceRetention(store);
  }

  /** Artefacts stored before `cutoff`, oldest first, at most `limit`. */
  async storedBefore(cutoff: Date, limit: number): Promise<StoredArtefact[]> {
    const infos = await this.store.list();
    return infos
      .filter((i) => !i.deleted && Date.parse(i.mtime) < cutoff.getTime())
      .sort((a, b) => Date.parse(a.mtime) - Date.parse(b.mtime))
      .slice(0, limit)
      .map((i) => ({ sha256: i.name, size: i.size, storedAt: new Date(Date.parse(i.mtime)).toISOString() }));
  }

  async delete(sha256: string): Promise<void> {
    await this.store.delete(sha256);
  }
}
