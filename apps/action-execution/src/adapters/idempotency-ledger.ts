import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { kvBuckets, UpstreamError } from '@forage/messaging';
import { doneEntry, pendingEntry, type ActionReply, type LedgerEntry } from '../core/idempotency.js';

export const IDEMPOTENCY_BUCKET = kvBuckets.actionIdempotency.bucket;

/** This caller now owns the key (until it completes or releases it), or someone used it first. */
export type Claim =
  | {
      readonly kind: 'claimed';
      readonly key: string;
      readonly fingerprint: string;
      readonly revision: number;
    }
  | { readonly kind: 'existing'; readonly stored: unknown };

const CLAIM_ATTEMPTS = 3;

/**
 * Idempotency keys in a JetStream KV bucket shared by every replica. A key is claimed with an
 * atomic create before anything runs, so two deliveries of one key can never both act; the
 * bucket TTL forgets keys (nats-server 2.9 ignores per-key TTLs).
 */
export class IdempotencyLedger {
  private constructor(private readonly kv: KV) {}

  static async open(
    nc: NatsConnection,
    options: { ttlMs: number; replicas?: number },
  ): Promise<IdempotencyLedger> {
    const kv = await new Kvm(nc).create(IDEMPOTENCY_BUCKET, {
      ttl: options.ttlMs,
      history: 1,
      replicas: options.replicas ?? 1,
    });
    return new IdempotencyLedger(kv);
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
      try {
        const revision = await this.kv.create(key, encode(pendingEntry(fingerprint, new Date())));
        return { kind: 'claimed', key, fingerprint, revision };
      } catch (err) {
        if (!isKeyTaken(err))
          throw new UpstreamError('the idempotency ledger is unavailable', { cause: err });
      }
      const entry = await this.read(key);
      // released between our create and our read: try to claim again
      if (entry !== undefined) return { kind: 'existing', stored: entry };
    }
    throw new UpstreamError('the idempotency key kept changing while being claimed');
  }

  /** Stores the final reply; only the claim's owner can (compare-and-set on its revision). */
  async complete(claim: Extract<Claim, { kind: 'claimed' }>, reply: ActionReply): Promise<void> {
    await this.kv.update(claim.key, encode(doneEntry(claim.fingerprint, reply)), claim.revision);
  }

  /** Gives the key back when nothing was done, so the same request may be sent again. */
  async release(claim: Extract<Claim, { kind: 'claimed' }>): Promise<void> {
    await this.kv.delete(claim.key, { previousSeq: claim.revision });
  }

  private async read(key: string): Promise<unknown> {
    let entry;
    try {
      entry = await this.kv.get(key);
    } catch (err) {
      throw new UpstreamError('the idempotency ledger is unavailable', { cause: err });
    }
    if (!entry || entry.operation !== 'PUT') return undefined;
    try {
      return entry.json<unknown>();
    } catch {
      return entry.string();
    }
  }
}

function encode(entry: LedgerEntry): string {
  return JSON.stringify(entry);
}

function isKeyTaken(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}
