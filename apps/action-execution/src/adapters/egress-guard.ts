import { lookup } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import { PolicyDeniedError } from '@forage/messaging';
import { decideEgress, verdictForAddresses, type EgressVerdict } from '../core/egress.js';
import type { ActionExecutionConfig } from '../config.js';
import { ACTION_CONFIG } from '../tokens.js';

const LOOKUP_CACHE_MS = 30_000;
const LOOKUP_CACHE_MAX = 1_000;

/**
 * Applies the egress rule to a URL, resolving host names so a public-looking name that points
 * at a private address is refused too. Lookups are cached briefly; the check is on the name's
 * addresses at check time, not on the socket Chromium opens (see README).
 */
@Injectable()
export class EgressGuard {
  private readonly allowlist: ReadonlySet<string>;
  private readonly lookups = new Map<string, { addresses: string[]; expiresAt: number }>();

  constructor(@Inject(ACTION_CONFIG) config: Pick<ActionExecutionConfig, 'EGRESS_ALLOWLIST'>) {
    this.allowlist = new Set(config.EGRESS_ALLOWLIST);
  }

  async verdict(url: string, options: { allowLocalSchemes?: boolean } = {}): Promise<EgressVerdict> {
    const decision = decideEgress({
      url,
      allowlist: this.allowlist,
      allowLocalSchemes: options.allowLocalSchemes ?? false,
    });
    if (decision.kind === 'allow') return { allowed: true };
    if (decision.kind === 'deny') return { allowed: false, reason: decision.reason };
    return verdictForAddresses({
      origin: new URL(url).origin,
      addresses: await this.addressesOf(decision.hostname),
    });
  }

  /** Throws PolicyDeniedError when the URL may not be loaded. */
  async assertAllowed(url: string): Promise<void> {
    const verdict = await this.verdict(url);
    if (!verdict.allowed) throw new PolicyDeniedError(`egress denied: ${verdict.reason}`);
  }

  private async addressesOf(hostname: string): Promise<string[]> {
    const now = Date.now();
    const cached = this.lookups.get(hostname);
    if (cached && cached.expiresAt > now) return cached.addresses;
    let addresses: string[];
    try {
      addresses = (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      addresses = [];
    }
    if (this.lookups.size >= LOOKUP_CACHE_MAX) this.lookups.clear();
    this.lookups.set(hostname, { addresses, expiresAt: now + LOOKUP_CACHE_MS });
    return addresses;
  }
}
