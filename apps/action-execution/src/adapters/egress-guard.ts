import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EgressProxy, withOverrides } from '@forage/egress';
import { PolicyDeniedError } from '@forage/messaging';
import type { ActionExecutionConfig } from '../config.js';
import { ACTION_CONFIG } from '../tokens.js';

export type EgressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/** Schemes with no network request behind them (chrome-error: is the browser's own error page). */
const LOCAL_SCHEMES = new Set(['about:', 'data:', 'blob:', 'chrome-error:']);

/**
 * The egress guard of this service: an EgressProxy (from @forage/egress) that the browser is
 * launched through, so every connection is checked on the address actually connected to, plus
 * the same policy for checks before a navigation and for reporting why a page was refused.
 */
@Injectable()
export class EgressGuard implements OnModuleInit, OnApplicationShutdown {
  private proxy: EgressProxy | undefined;

  constructor(
    @Inject(ACTION_CONFIG)
    private readonly config: Pick<
      ActionExecutionConfig,
      'EGRESS_ALLOWLIST' | 'EGRESS_DENYLIST' | 'EGRESS_RESOLVE'
    >,
  ) {}

  async onModuleInit(): Promise<void> {
    this.proxy = await EgressProxy.start({
      allowlist: this.config.EGRESS_ALLOWLIST,
      denylist: this.config.EGRESS_DENYLIST,
      resolve: withOverrides(this.config.EGRESS_RESOLVE),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy?.stop();
  }

  /** Chromium's proxy launch option; the guard must be initialised first. */
  playwrightProxy(): ReturnType<EgressProxy['playwrightProxy']> {
    return this.started().playwrightProxy();
  }

  async verdict(url: string, options: { allowLocalSchemes?: boolean } = {}): Promise<EgressVerdict> {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      return { allowed: false, reason: 'not a URL' };
    }
    if (LOCAL_SCHEMES.has(protocol)) {
      return options.allowLocalSchemes
        ? { allowed: true }
        : { allowed: false, reason: `scheme ${protocol} is not allowed` };
    }
    const decision = await this.started().decide(url);
    return decision.verdict.allowed ? { allowed: true } : { allowed: false, reason: decision.verdict.detail };
  }

  /** Throws PolicyDeniedError when the URL may not be loaded. */
  async assertAllowed(url: string): Promise<void> {
    const verdict = await this.verdict(url);
    if (!verdict.allowed) throw new PolicyDeniedError(`egress denied: ${verdict.reason}`);
  }

  private started(): EgressProxy {
    if (!this.proxy) throw new Error('egress guard used before init');
    return this.proxy;
  }
}
