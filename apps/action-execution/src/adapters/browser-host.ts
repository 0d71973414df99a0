import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  BrowserSupervisor,
  BrowserUnavailable,
  ChromiumNotFoundError,
  findChromium,
  type BrowserLease,
  type SupervisorLoad,
} from '@forage/browser';
import { LOGGER, UpstreamError } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ActionExecutionConfig } from '../config.js';
import { ACTION_CONFIG } from '../tokens.js';
import { EgressGuard } from './egress-guard.js';

type HostConfig = Pick<
  ActionExecutionConfig,
  'CHROMIUM_PATH' | 'ACTION_BROWSER_MAX_SESSIONS' | 'ACTION_BROWSER_MAX_RSS_MB' | 'ACTION_BROWSER_IDLE_MS'
>;

/**
 * This service's browsers, through the shared supervisor of @forage/browser (the one
 * dom-extraction's pool is built on): each session leases the current Chromium for its
 * lifetime; a browser that dies is relaunched for the next session and what it left is killed;
 * one that served ACTION_BROWSER_MAX_SESSIONS sessions or grew above ACTION_BROWSER_MAX_RSS_MB
 * is retired (closed once its last session ends); an idle one is closed after ACTION_BROWSER_IDLE_MS.
 */
@Injectable()
export class BrowserHost implements OnApplicationShutdown {
  private supervisor: BrowserSupervisor | undefined;

  constructor(
    @Inject(ACTION_CONFIG) private readonly config: HostConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
  ) {}

  /** The current browser for one session; release the lease when the session closes. */
  async lease(): Promise<BrowserLease> {
    try {
      return await this.started().lease();
    } catch (err) {
      if (err instanceof BrowserUnavailable || err instanceof ChromiumNotFoundError)
        throw new UpstreamError(err.message, { cause: err });
      throw err;
    }
  }

  health(): { ok: boolean; detail: string } {
    return this.supervisor?.health() ?? { ok: true, detail: 'not launched (launches on first action)' };
  }

  load(): SupervisorLoad | null {
    return this.supervisor?.load() ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.supervisor?.close();
  }

  private started(): BrowserSupervisor {
    this.supervisor ??= new BrowserSupervisor({
      executablePath: findChromium(this.config.CHROMIUM_PATH),
      // every request leaves through the egress proxy, checked on the address it connects to
      proxy: () => this.egress.playwrightProxy(),
      maxLeases: this.config.ACTION_BROWSER_MAX_SESSIONS,
      maxMemoryMb: this.config.ACTION_BROWSER_MAX_RSS_MB,
      idleMs: this.config.ACTION_BROWSER_IDLE_MS,
      log: this.logger,
    });
    return this.supervisor;
  }
}
