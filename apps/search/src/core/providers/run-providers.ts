import type { ProviderHit, ProviderQuery, SearchProvider } from './provider.js';
import { callProvider, type CallClock, type ProviderPolicy, type SourceReport } from './call-provider.js';
import type { RateLimiter } from './rate-limiter.js';

export type ProviderMode = 'failover' | 'merge';

/** A configured provider with its own policy and rate limiter. */
export interface ProviderSlot {
  readonly provider: SearchProvider;
  readonly policy: ProviderPolicy;
  readonly limiter: RateLimiter;
}

export interface ProvidersOutcome {
  readonly sources: SourceReport[];
  /** Hits of every source that answered, each tagged with its provider, in source order. */
  readonly hits: (ProviderHit & { readonly provider: string })[];
  readonly costUsd: number;
}

/**
 * Failover: ask the providers in order and stop at the first that returns results; every source
 * asked is reported, those not needed are not asked. Merge: ask all at once and keep all results
 * (deduplication by canonical URL happens after normalisation).
 */
export async function runProviders(input: {
  slots: readonly ProviderSlot[];
  mode: ProviderMode;
  query: ProviderQuery;
  clock: CallClock;
}): Promise<ProvidersOutcome> {
  const ask = (slot: ProviderSlot) =>
    callProvider({
      provider: slot.provider,
      query: input.query,
      policy: slot.policy,
      limiter: slot.limiter,
      clock: input.clock,
    });
  const calls =
    input.mode === 'merge'
      ? await Promise.all(input.slots.map(ask))
      : await (async () => {
          const done = [];
          for (const slot of input.slots) {
            const call = await ask(slot);
            done.push(call);
            if (call.report.status === 'ok') break;
          }
          return done;
        })();
  let costUsd = 0;
  calls.forEach((call, i) => {
    // providers bill answered queries; refused and failed attempts are not charged
    if (call.report.status === 'ok' || call.report.status === 'empty')
      costUsd += input.slots[i]?.provider.costPerQueryUsd ?? 0;
  });
  return {
    sources: calls.map((c) => c.report),
    hits: calls.flatMap((c) => c.hits.map((h) => ({ ...h, provider: c.report.provider }))),
    costUsd: Math.round(costUsd * 1e6) / 1e6,
  };
}
