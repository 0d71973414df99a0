import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ResolvedSecret } from '../core/redact.js';
import { expiredSessions } from '../core/session-expiry.js';
import type { ActionExecutionConfig } from '../config.js';
import { SessionBusyError } from '../errors.js';
import { ACTION_CONFIG } from '../tokens.js';
import { BrowserHost } from './browser-host.js';
import { EgressGuard } from './egress-guard.js';

/** A request the egress guard stopped while the page was being driven. */
export interface BlockedRequest {
  readonly url: string;
  readonly reason: string;
  /** true when it was the page's own (main frame) navigation */
  readonly navigation: boolean;
}

/** One session's page and what this service must remember about it. */
export interface ActionSession {
  readonly id: string;
  readonly page: Page;
  /** Secrets filled into this page, so snapshots and URLs can be scrubbed of them. */
  readonly secrets: Map<string, ResolvedSecret>;
  /** Requests blocked since the current action began (emptied by the action). */
  readonly blocked: BlockedRequest[];
}

interface Entry {
  readonly session: ActionSession;
  readonly browser: Browser;
  readonly context: BrowserContext;
  lastUsedAt: number;
  inUse: number;
}

/**
 * Keeps one browser context and page per session id. Sessions idle longer than
 * ACTION_SESSION_IDLE_MS are closed; every request their pages make passes the egress guard.
 * Callers serialise work per session (the session queue); this class does not.
 */
@Injectable()
export class SessionPages implements OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private opening = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(ACTION_CONFIG)
    private readonly config: Pick<ActionExecutionConfig, 'ACTION_SESSION_IDLE_MS' | 'ACTION_MAX_SESSIONS'>,
    @Inject(BrowserHost) private readonly browsers: BrowserHost,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const every = Math.min(60_000, Math.max(250, Math.floor(config.ACTION_SESSION_IDLE_MS / 4)));
    this.sweeper = setInterval(() => void this.closeIdle(), every);
    this.sweeper.unref();
  }

  /** Runs `work` on the session's page, opening the session (or reopening a dead one) first. */
  async use<T>(sessionId: string, work: (session: ActionSession) => Promise<T>): Promise<T> {
    const entry = await this.open(sessionId);
    entry.inUse += 1;
    try {
      return await work(entry.session);
    } finally {
      entry.inUse -= 1;
      entry.lastUsedAt = Date.now();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.entries.keys()];
    await Promise.all(all.map((id) => this.close(id)));
  }

  private async open(sessionId: string): Promise<Entry> {
    const existing = this.entries.get(sessionId);
    if (existing && existing.browser.isConnected() && !existing.session.page.isClosed()) return existing;
    if (existing) await this.close(sessionId);
    if (this.entries.size + this.opening >= this.config.ACTION_MAX_SESSIONS) {
      throw new SessionBusyError(
        `${this.config.ACTION_MAX_SESSIONS} sessions are open; try again when one expires`,
      );
    }
    this.opening += 1;
    try {
      const browser = await this.browsers.current();
      const context = await browser.newContext();
      const blocked: BlockedRequest[] = [];
      await context.route('**/*', (route) => this.guard(route, blocked));
      const page = await context.newPage();
      const entry: Entry = {
        session: { id: sessionId, page, secrets: new Map(), blocked },
        browser,
        context,
        lastUsedAt: Date.now(),
        inUse: 0,
      };
      this.entries.set(sessionId, entry);
      return entry;
    } finally {
      this.opening -= 1;
    }
  }

  private async guard(route: Route, blocked: BlockedRequest[]): Promise<void> {
    const request = route.request();
    const verdict = await this.egress.verdict(request.url(), { allowLocalSchemes: true });
    try {
      if (verdict.allowed) {
        await route.continue();
        return;
      }
      blocked.push({
        url: originOf(request.url()),
        reason: verdict.reason,
        navigation: isMainFrameNavigation(request),
      });
      await route.abort('blockedbyclient');
    } catch {
      // the page or context closed while the request was paused; nothing left to decide
    }
  }

  private async closeIdle(): Promise<void> {
    const expired = expiredSessions({
      sessions: this.entries,
      now: Date.now(),
      idleMs: this.config.ACTION_SESSION_IDLE_MS,
    });
    for (const id of expired) {
      this.logger.debug({ sessionId: id }, 'session expired');
      await this.close(id);
    }
  }

  private async close(sessionId: string): Promise<void> {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    await entry.context.close().catch(() => undefined);
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid URL';
  }
}

function isMainFrameNavigation(request: ReturnType<Route['request']>): boolean {
  try {
    return request.isNavigationRequest() && request.frame().parentFrame() === null;
  } catch {
    return false;
  }
}
