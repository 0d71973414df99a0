import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { BrowserContext, Route, WebSocketRoute } from 'playwright-core';
import {
  EgressProxy,
  systemResolver,
  withOverrides,
  type EgressVerdict,
  type Resolver,
} from '@forage/egress';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import { bounded } from './bounded.js';

const DNS_TIMEOUT_MS = 5_000;
const DNS_CACHE_MS = 10_000;
const DNS_CACHE_MAX = 1_000;

/**
 * The egress guard of this service. Chromium is launched through an EgressProxy (@forage/egress),
 * which checks every connection (navigations, redirect hops, subresources, WebSockets) on the
 * address it actually connects to. Requests are also checked in the browser context before they
 * leave, so refusals are counted per page and a refused request fails fast.
 */
@Injectable()
export class EgressGuard implements OnModuleInit, OnApplicationShutdown {
  private proxy: EgressProxy | undefined;
  private readonly resolve: Resolver;
  /** WebSockets refused per context (they are not requests, so no requestfailed event counts them). */
  private readonly deniedSockets = new WeakMap<BrowserContext, number>();

  constructor(@Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig) {
    this.resolve = withOverrides(config.EGRESS_RESOLVE, cachedResolver());
  }

  async onModuleInit(): Promise<void> {
    this.proxy = await EgressProxy.start({
      allowlist: this.config.EGRESS_ALLOWLIST,
      denylist: this.config.EGRESS_DENYLIST,
      resolve: this.resolve,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy?.stop();
  }

  /** Chromium's proxy launch option: every request, loopback included, through the proxy. */
  playwrightProxy(): ReturnType<EgressProxy['playwrightProxy']> {
    return this.started().playwrightProxy();
  }

  async check(rawUrl: string): Promise<EgressVerdict> {
    return (await this.started().decide(rawUrl)).verdict;
  }

  /** Routes every request and WebSocket of the context through the policy. */
  async protect(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.onRoute(route));
    await context.routeWebSocket(/.*/, (ws) => this.onWebSocket(context, ws));
  }

  /** How many WebSockets of this context the guard has refused so far. */
  deniedWebSockets(context: BrowserContext): number {
    return this.deniedSockets.get(context) ?? 0;
  }

  private async onRoute(route: Route): Promise<void> {
    try {
      const url = route.request().url();
      // data:, blob: and about: never open a connection
      const verdict = /^(data|blob|about):/.test(url) ? { allowed: true as const } : await this.check(url);
      if (verdict.allowed) await route.continue();
      else await route.abort(verdict.reason === 'unresolvable' ? 'namenotresolved' : 'blockedbyclient');
    } catch {
      // the page went away while we decided, or the lookup hung: the request must not go out
      await route.abort('failed').catch(() => undefined);
    }
  }

  private async onWebSocket(context: BrowserContext, ws: WebSocketRoute): Promise<void> {
    const verdict = await this.check(ws.url()).catch((): EgressVerdict => ({
      allowed: false,
      reason: 'unresolvable',
      detail: '',
    }));
    if (verdict.allowed) {
      ws.connectToServer();
      return;
    }
    this.deniedSockets.set(context, this.deniedWebSockets(context) + 1);
    await ws.close({ code: 1008, reason: 'egress denied' }).catch(() => undefined);
  }

  private started(): EgressProxy {
    if (!this.proxy) throw new Error('egress guard used before init');
    return this.proxy;
  }
}

/** System DNS, bounded in time and cached briefly (the proxy still connects only to what it judged). */
function cachedResolver(): Resolver {
  const cache = new Map<string, { addresses: Promise<string[]>; expiresAt: number }>();
  return (hostname) => {
    const now = Date.now();
    const hit = cache.get(hostname);
    if (hit && hit.expiresAt > now) return hit.addresses;
    const addresses = bounded({
      call: systemResolver(hostname),
      ms: DNS_TIMEOUT_MS,
      what: `resolving ${hostname}`,
    });
    if (cache.size >= DNS_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
    cache.set(hostname, { addresses, expiresAt: now + DNS_CACHE_MS });
    return addresses;
  };
}
