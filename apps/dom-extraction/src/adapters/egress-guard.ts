import { lookup } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { BrowserContext, Route, WebSocketRoute } from 'playwright-core';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import { decideEgress, needsResolution, type AllowRule, type EgressVerdict } from '../core/egress.js';
import { bounded } from './bounded.js';

const DNS_TIMEOUT_MS = 5_000;
const DNS_CACHE_MS = 10_000;
const DNS_CACHE_MAX = 1_000;

interface CachedLookup {
  readonly addresses: readonly string[] | null;
  readonly expiresAt: number;
}

/**
 * Enforces the egress policy (core/egress.ts) on everything a browser context fetches: the
 * top-level URL before navigation, and every routed request and WebSocket. This first version
 * judges the addresses a lookup returns; Chromium resolves again itself and redirects are not
 * routed by Playwright, which is why redirect hops are re-checked after the fact (NetworkWatch).
 */
@Injectable()
export class EgressGuard {
  private readonly allowlist: readonly AllowRule[];
  private readonly cache = new Map<string, CachedLookup>();

  constructor(@Inject(DOM_EXTRACTION_CONFIG) config: DomExtractionConfig) {
    this.allowlist = config.EGRESS_ALLOWLIST;
  }

  async check(rawUrl: string): Promise<EgressVerdict> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { allowed: false, reason: 'scheme', detail: 'not a URL' };
    }
    const addresses = needsResolution(url, this.allowlist) ? await this.resolve(url.hostname) : [];
    return decideEgress({ url, addresses, allowlist: this.allowlist });
  }

  /** Routes every request and WebSocket of the context through the policy. */
  async protect(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.onRoute(route));
    await context.routeWebSocket(/.*/, (ws) => this.onWebSocket(ws));
  }

  private async onRoute(route: Route): Promise<void> {
    try {
      const verdict = await this.check(route.request().url());
      if (verdict.allowed) await route.continue();
      else await route.abort(verdict.reason === 'unresolvable' ? 'namenotresolved' : 'blockedbyclient');
    } catch {
      // the page went away while we decided, or the lookup hung: the request must not go out
      await route.abort('failed').catch(() => undefined);
    }
  }

  private async onWebSocket(ws: WebSocketRoute): Promise<void> {
    const verdict = await this.check(ws.url()).catch((): EgressVerdict => ({
      allowed: false,
      reason: 'unresolvable',
      detail: '',
    }));
    if (verdict.allowed) ws.connectToServer();
    else await ws.close({ code: 1008, reason: 'egress denied' }).catch(() => undefined);
  }

  private async resolve(hostname: string): Promise<readonly string[] | null> {
    const now = Date.now();
    const cached = this.cache.get(hostname);
    if (cached && cached.expiresAt > now) return cached.addresses;
    let addresses: readonly string[] | null;
    try {
      const found = await bounded({
        call: lookup(hostname, { all: true, verbatim: true }),
        ms: DNS_TIMEOUT_MS,
        what: `resolving ${hostname}`,
      });
      addresses = found.map((a) => a.address);
    } catch {
      addresses = null;
    }
    if (this.cache.size >= DNS_CACHE_MAX) this.cache.delete(this.cache.keys().next().value ?? '');
    this.cache.set(hostname, { addresses, expiresAt: now + DNS_CACHE_MS });
    return addresses;
  }
}
