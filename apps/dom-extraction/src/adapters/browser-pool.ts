import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Browser, Page } from 'playwright-core';
import {
  BrowserSupervisor,
  treeMemoryBytes,
  WaitingSlots,
  type BrowserLease,
  type CloseReason,
} from '@forage/browser';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import {
  BrowserTimeoutError,
  BrowserUnavailableError,
  PageCrashedError,
  RenderCrashedError,
} from '../errors.js';
import { EgressGuard } from './egress-guard.js';
import { readSessionState, type SessionState } from './browser/browser-context.js';
import { BrowserInstance, type Session } from './browser/browser-instance.js';
import { asCrash, runUnlessCrashed } from './browser/crash-watch.js';
import type { BrowserPoolLoad, PageLease } from './browser/pool-types.js';
import { leaseBrowser, pageSlot } from './browser/supervisor-errors.js';

/** Requests without a sessionId share one context (cookies included). */
const SHARED_SESSION = '';

export type { BrowserPoolLoad, PageLease } from './browser/pool-types.js';

/**
 * The page pool on the project's BrowserSupervisor (@forage/browser), which launches Chromium on
 * first use, relaunches it after it dies (killing what it left), retires it after
 * EXTRACT_BROWSER_MAX_PAGES pages or above EXTRACT_BROWSER_MAX_RSS_MB, and closes it once nothing
 * could still live in it (no session or page outlasts max(EXTRACT_SESSION_IDLE_MS,
 * EXTRACT_PAGE_IDLE_MS)). On top of it: at most EXTRACT_MAX_PAGES pages at work (the rest wait); a
 * browser context per session, closed after EXTRACT_SESSION_IDLE_MS idle; pages reused for up to
 * EXTRACT_PAGE_MAX_USES loads and closed after EXTRACT_PAGE_IDLE_MS idle. A page crash or a
 * browser that disconnects fails the work at once and it runs again, once, in a fresh context (a
 * fresh browser if it died). A retiring browser hands its sessions' cookies over before it
 * closes. The lib's errors become this service's typed errors here.
 */
@Injectable()
export class BrowserPool implements OnApplicationShutdown {
  private readonly slots: WaitingSlots;
  private readonly supervisor: BrowserSupervisor;
  /** What lives in each leased browser, by browser. */
  private readonly instances = new Map<Browser, BrowserInstance>();
  /** Cookies and storage of sessions whose browser closed, waiting for the session's next use. */
  private readonly carried = new Map<string, { state: SessionState; at: number }>();
  private crashRetries = 0;
  private closing: Promise<void> | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig,
    @Inject(EgressGuard) private readonly guard: EgressGuard,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new WaitingSlots(config.EXTRACT_MAX_PAGES);
    this.supervisor = new BrowserSupervisor({
      executablePath: config.CHROMIUM_PATH,
      proxy: () => this.guard.playwrightProxy(),
      maxLeases: config.EXTRACT_BROWSER_MAX_PAGES,
      maxMemoryMb: config.EXTRACT_BROWSER_MAX_RSS_MB,
      idleMs: Math.max(config.EXTRACT_SESSION_IDLE_MS, config.EXTRACT_PAGE_IDLE_MS),
      log: logger,
      beforeClose: (closing) => this.handOver(closing),
    });
    const every = Math.min(
      30_000,
      Math.max(
        250,
        Math.floor(Math.min(config.EXTRACT_SESSION_IDLE_MS / 4, config.EXTRACT_PAGE_IDLE_MS / 2)),
      ),
    );
    this.sweeper = setInterval(() => {
      void this.expireSessions();
    }, every);
    this.sweeper.unref();
  }

  /**
   * Runs `work` on a page of the session's context, waiting at most `waitMs` for a free slot. If
   * the page or the browser crashes under it, `work` runs once more in a fresh context.
   */
  async withPage<T>(
    options: { sessionId?: string | undefined; waitMs: number },
    work: (lease: PageLease) => Promise<T>,
  ): Promise<T> {
    this.assertOpen();
    const release = await pageSlot(this.slots, options.waitMs);
    const sessionId = options.sessionId ?? SHARED_SESSION;
    try {
      try {
        return await this.attempt({ sessionId, work, attempt: 1 });
      } catch (err) {
        if (!(err instanceof PageCrashedError)) throw err;
        this.crashRetries++;
        this.logger.warn({ what: err.what, sessionId }, `${err.message}; retrying in a fresh context`);
      }
      try {
        return await this.attempt({ sessionId, work, attempt: 2 });
      } catch (err) {
        if (!(err instanceof PageCrashedError)) throw err;
        throw new RenderCrashedError(`${err.message} again on the retry in a fresh context`, { cause: err });
      }
    } finally {
      release();
    }
  }

  private async attempt<T>(input: {
    sessionId: string;
    work: (lease: PageLease) => Promise<T>;
    attempt: 1 | 2;
  }): Promise<T> {
    this.assertOpen();
    const lease = await leaseBrowser(this.supervisor, this.config.CHROMIUM_PATH);
    const instance = this.instanceOf(lease);
    let session: Session | undefined;
    let page: Page | undefined;
    let reusable = true;
    try {
      session = await this.sessionOn(instance, input.sessionId, input.attempt === 2);
      session.active++;
      session.lastUsedAt = Date.now();
      page = await instance.takePage(session, this.slots.capacity);
      const pageLease: PageLease = { page, attempt: input.attempt };
      return await runUnlessCrashed({ page, instance, run: () => input.work(pageLease) });
    } catch (err) {
      const crash = asCrash(err, { page, instance });
      if (err instanceof BrowserTimeoutError || crash) reusable = false;
      throw crash ?? err;
    } finally {
      if (session) {
        session.active--;
        session.lastUsedAt = Date.now();
        if (page) await instance.giveBack(session, page, reusable);
        await instance.endSessionIfDone(session);
      }
      // last: a retired browser closes once its last lease is back
      lease.release();
    }
  }

  /** The sessions and pages of the leased browser (known from earlier leases, or new). */
  private instanceOf(lease: BrowserLease): BrowserInstance {
    const known = this.instances.get(lease.browser);
    if (known) return known;
    const instance = new BrowserInstance(lease.generation, lease.browser, {
      userAgent: this.config.USER_AGENT,
      guard: this.guard,
      pageMaxUses: this.config.EXTRACT_PAGE_MAX_USES,
    });
    this.instances.set(lease.browser, instance);
    lease.browser.once('disconnected', () => {
      this.instances.delete(lease.browser);
    });
    return instance;
  }

  /** The session's context; on a retry a fresh one, seeded with the old one's cookies if readable. */
  private async sessionOn(instance: BrowserInstance, id: string, fresh: boolean): Promise<Session> {
    const existing = instance.sessions.get(id);
    if (fresh && existing) {
      const state = await readSessionState(existing.context);
      return instance.session(id, { fresh: true, state });
    }
    if (existing) return existing;
    if (instance.sessions.size >= this.config.EXTRACT_MAX_SESSIONS) {
      await instance.expireSessions({
        now: Date.now(),
        idleMs: this.config.EXTRACT_SESSION_IDLE_MS,
        maxSessions: this.config.EXTRACT_MAX_SESSIONS - 1,
      });
    }
    const carried = this.carried.get(id);
    if (carried) this.carried.delete(id);
    return instance.session(id, { fresh: false, state: carried?.state });
  }

  /** Called by the supervisor before it closes a browser on purpose: named sessions' cookies move on. */
  private async handOver(closing: {
    browser: Browser;
    generation: number;
    reason: CloseReason;
  }): Promise<void> {
    const instance = this.instances.get(closing.browser);
    if (!instance) return;
    this.instances.delete(closing.browser);
    instance.stop();
    if (closing.reason === 'shutdown') return;
    // a session past its idle time is not carried (it has expired); the rest expire from their last use
    const now = Date.now();
    const named = [...instance.sessions.values()].filter(
      (s) => s.id !== SHARED_SESSION && now - s.lastUsedAt <= this.config.EXTRACT_SESSION_IDLE_MS,
    );
    const states = await Promise.all(
      named.map(async (s) => [s.id, s.lastUsedAt, await readSessionState(s.context)] as const),
    );
    for (const [id, at, state] of states) if (state) this.carried.set(id, { state, at });
    this.logger.info(
      { generation: closing.generation, reason: closing.reason, carried: states.length },
      'closing chromium; its sessions are handed over',
    );
  }

  health(): { ok: boolean; detail: string } {
    const l = this.load();
    const browser = this.supervisor.load();
    const load = `${l.busy}/${l.capacity} pages busy, ${l.waiting} waiting, ${l.open} open`;
    const error = browser.error === null ? '' : `: ${browser.error}`;
    const rss = `${Math.round(l.memoryBytes / 1_048_576)} MB`;
    return {
      ok: browser.state !== 'failed' && browser.state !== 'closed',
      detail: `${browser.state}${error}; ${load}; ${l.launches} launch(es), ${l.retirements} retired, ${l.crashRetries} crash retries, ${rss}`,
    };
  }

  /** What the supervisor is doing now, and its counts since start (for /health and /metrics). */
  load(): BrowserPoolLoad {
    const browser = this.supervisor.load();
    return {
      busy: this.slots.busy,
      capacity: this.slots.capacity,
      waiting: this.slots.waiting,
      open: this.openPageCount(),
      memoryBytes: browser.memoryBytes,
      launches: browser.launches,
      retirements: browser.retirements,
      crashRetries: this.crashRetries,
    };
  }

  /** Pages rendering right now (tests and the soak inject crashes into them). */
  pagesAtWork(): Page[] {
    const idle = new Set<Page>();
    for (const instance of this.instances.values())
      for (const session of instance.sessions.values())
        for (const entry of session.idle) idle.add(entry.page);
    return [...this.instances.values()]
      .flatMap((i) => [...i.pages])
      .filter((p) => !idle.has(p) && !p.isClosed());
  }

  /** Pages open in every live browser, at work or idle. */
  openPageCount(): number {
    return [...this.instances.values()].reduce((n, i) => n + i.pages.size, 0);
  }

  /** Browser processes the supervisor has launched and not yet seen closed (pid of each group leader). */
  browserPids(): number[] {
    return this.supervisor.pids();
  }

  /** Memory of every live browser's process tree (PSS, each page counted once), in bytes, read now. */
  async browserMemoryBytes(): Promise<number> {
    const sizes = await Promise.all(this.supervisor.pids().map((pid) => treeMemoryBytes(pid)));
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Closes every browser (killing what does not close in time); later requests fail with BrowserUnavailableError. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.sweeper);
      await this.supervisor.close();
      this.instances.clear();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new BrowserUnavailableError('the browser pool is shutting down');
  }

  private async expireSessions(): Promise<void> {
    const now = Date.now();
    const idleMs = this.config.EXTRACT_SESSION_IDLE_MS;
    for (const [id, carried] of this.carried) if (now - carried.at > idleMs) this.carried.delete(id);
    for (const instance of this.instances.values()) {
      if (instance.dead) continue;
      const expired = await instance.expireSessions({
        now,
        idleMs,
        maxSessions: this.config.EXTRACT_MAX_SESSIONS,
      });
      if (expired.length > 0) this.logger.debug({ sessions: expired.length }, 'closed idle sessions');
      await instance.closeIdlePages({ now, idleMs: this.config.EXTRACT_PAGE_IDLE_MS });
    }
  }
}
