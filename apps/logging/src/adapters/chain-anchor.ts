import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import type { ChainTail } from '../core/chain.js';
import { laterTail } from '../core/chain-head.js';
import { LogStoreUnavailableError } from '../errors.js';

/** Kept apart from the database, so emptying or rewriting the table cannot also move these. */
export const CHAIN_BUCKET = 'forage-log-chain';
const tailSchema = z.object({
  seq: z.number().int().nonnegative(),
  hash: z.string().regex(/^[a-f0-9]{64}$/),
});

/** The two positions kept outside the database: the newest appended row, and the last verified one. */
export type AnchorKey = 'head' | 'verified';

/**
 * Chain positions in a JetStream KV bucket. Writes only ever move a position forward (compare and
 * set on the entry's revision), so replicas writing at once cannot move it back; writes that
 * arrive while one is in flight are coalesced into the newest.
 */
export class ChainAnchor {
  private readonly wanted = new Map<AnchorKey, ChainTail>();
  private readonly written = new Map<AnchorKey, ChainTail>();
  private readonly flushing = new Map<AnchorKey, Promise<void>>();

  private constructor(private readonly kv: KV) {}

  static async open(input: { nc: NatsConnection; replicas: number }): Promise<ChainAnchor> {
    const kv = await new Kvm(input.nc).create(CHAIN_BUCKET, { history: 1, replicas: input.replicas });
    return new ChainAnchor(kv);
  }

  async read(key: AnchorKey): Promise<ChainTail | undefined> {
    const entry = await this.kv.get(key);
    if (entry?.operation !== 'PUT') return undefined;
    const parsed = tailSchema.safeParse(entry.json());
    return parsed.success ? parsed.data : undefined;
  }

  /** Moves `key` forward to `tail` (no-op when it is already there or further); resolves when written. */
  async advance(key: AnchorKey, tail: ChainTail): Promise<void> {
    const wanted = laterTail(this.wanted.get(key), tail);
    if (wanted) this.wanted.set(key, wanted);
    let flight = this.flushing.get(key);
    if (!flight) {
      flight = this.drain(key).finally(() => this.flushing.delete(key));
      this.flushing.set(key, flight);
    }
    await flight;
    // a flight that was ending when `tail` arrived may not have written it
    if ((this.written.get(key)?.seq ?? -1) < tail.seq) await this.advance(key, tail);
  }

  /** Writes the wanted position until what is written has caught up with it. */
  private async drain(key: AnchorKey): Promise<void> {
    for (;;) {
      const target = this.wanted.get(key);
      if (!target || (this.written.get(key)?.seq ?? -1) >= target.seq) return;
      await this.flush(key, target);
      this.written.set(key, laterTail(this.written.get(key), target) ?? target);
    }
  }

  private async flush(key: AnchorKey, target: ChainTail): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const entry = await this.kv.get(key);
      const current = entry?.operation === 'PUT' ? tailSchema.safeParse(entry.json()).data : undefined;
      if (current && current.seq >= target.seq) return;
      try {
        const value = JSON.stringify({ seq: target.seq, hash: target.hash });
        if (entry) await this.kv.update(key, value, entry.revision);
        else await this.kv.create(key, value);
        return;
      } catch (err) {
        // another writer moved it first: read again and retry
        if (!(err instanceof Error && /wrong last sequence|key exists/i.test(err.message))) throw err;
      }
    }
    throw new LogStoreUnavailableError(`chain anchor '${key}' kept changing under concurrent writers`);
  }
}
