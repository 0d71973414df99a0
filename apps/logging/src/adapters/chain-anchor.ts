import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { kvBuckets } from '@forage/messaging';
import type { ChainTail } from '../core/chain.js';
import { laterTail } from '../core/chain-head.js';
import { LogStoreUnavailableError } from '../errors.js';

/** Kept apart from the database, so emptying or rewriting the table cannot also move these. */
export const CHAIN_BUCKET = kvBuckets.logChain.bucket;
const tailSchema = z.object({
  seq: z.number().int().nonnegative(),
  hash: z.string().regex(/^[a-f0-9]{64}$/),
});

/** The two positions kept outside the database: the newest appended row, and the last verified one. */
export type AnchorKey = 'head' | 'verified';

/** Someone waiting until a position at or past `seq` is written. */
interface Waiter {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/**
 * Chain positions in a JetStream KV bucket. Writes only ever move a position forward (compare and
 * set on the entry's revision), so replicas writing at once cannot move it back; writes that
 * arrive while one is in flight are coalesced into the newest, and each caller resumes as soon as
 * a position at or past its own is written (under sustained appends the writer never idles, so
 * waiting for it to finish would stall every append behind it).
 */
export class ChainAnchor {
  private readonly wanted = new Map<AnchorKey, ChainTail>();
  private readonly written = new Map<AnchorKey, ChainTail>();
  private readonly waiters = new Map<AnchorKey, Waiter[]>();
  private readonly draining = new Set<AnchorKey>();
  /** The entry's revision after this process's last write: saves a read before the next one. */
  private readonly revision = new Map<AnchorKey, number>();

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
  advance(key: AnchorKey, tail: ChainTail): Promise<void> {
    if ((this.written.get(key)?.seq ?? -1) >= tail.seq) return Promise.resolve();
    const wanted = laterTail(this.wanted.get(key), tail);
    if (wanted) this.wanted.set(key, wanted);
    const done = new Promise<void>((resolve, reject) => {
      const list = this.waiters.get(key) ?? [];
      list.push({ seq: tail.seq, resolve, reject });
      this.waiters.set(key, list);
    });
    if (!this.draining.has(key)) {
      this.draining.add(key);
      void this.drain(key).finally(() => this.draining.delete(key));
    }
    return done;
  }

  /** Writes the wanted position until what is written has caught up with it, releasing waiters as it goes. */
  private async drain(key: AnchorKey): Promise<void> {
    for (;;) {
      const target = this.wanted.get(key);
      if (!target || (this.written.get(key)?.seq ?? -1) >= target.seq) return;
      try {
        await this.flush(key, target);
      } catch (err) {
        this.settle(
          key,
          (w) => {
            w.reject(err);
          },
          () => true,
        );
        return;
      }
      const written = laterTail(this.written.get(key), target) ?? target;
      this.written.set(key, written);
      this.settle(
        key,
        (w) => {
          w.resolve();
        },
        (w) => w.seq <= written.seq,
      );
    }
  }

  private settle(key: AnchorKey, how: (w: Waiter) => void, which: (w: Waiter) => boolean): void {
    const list = this.waiters.get(key) ?? [];
    const rest: Waiter[] = [];
    for (const w of list) {
      if (which(w)) how(w);
      else rest.push(w);
    }
    this.waiters.set(key, rest);
  }

  private async flush(key: AnchorKey, target: ChainTail): Promise<void> {
    const value = JSON.stringify({ seq: target.seq, hash: target.hash });
    const known = this.revision.get(key);
    if (known !== undefined) {
      try {
        this.revision.set(key, await this.kv.update(key, value, known));
        return;
      } catch (err) {
        // another replica wrote in between (or the entry was removed): read it and compare
        if (!isConflict(err)) throw err;
        this.revision.delete(key);
      }
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      const entry = await this.kv.get(key);
      const current = entry?.operation === 'PUT' ? tailSchema.safeParse(entry.json()).data : undefined;
      if (current && current.seq >= target.seq) return;
      try {
        const revision = entry
          ? await this.kv.update(key, value, entry.revision)
          : await this.kv.create(key, value);
        this.revision.set(key, revision);
        return;
      } catch (err) {
        // another writer moved it first: read again and retry
        if (!isConflict(err)) throw err;
      }
    }
    throw new LogStoreUnavailableError(`chain anchor '${key}' kept changing under concurrent writers`);
  }
}

function isConflict(err: unknown): boolean {
  return err instanceof Error && /wrong last sequence|key exists/i.test(err.message);
}
