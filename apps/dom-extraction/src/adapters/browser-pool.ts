import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Page } from 'playwright-core';
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
import { PageSlots } from '../core/page-slots.js';
import { EgressGuard } from './egress-guard.js';
import { readSessionState, type SessionState } from './browser/browser-context.js';
import { BrowserInstance, type Session } from './browser/browser-instance.js';
import { launchChromium } from './browser/launch.js';
import { asCrash, runUnlessCrashed } from './browser/crash-watch.js';

/** Requests without a sessionId share one context (cookies included). */
const SHARED_SESSION = '';
/** Browser memory is sampled at most this often, in the background (reading /proc costs ~100 ms of kernel time). */
const MEMORY_SAMPLE_MS = 5_000;
/** Leftover processes of a browser that died are killed after this grace period. */
const REAP_AFTER_MS = 1_000;

export type BrowserState = 'not_started' | 'launching' | 'running' | 'disconnected' | 'failed' | 'closed';

/** What `withPage` hands to the work: the page, and whether this is the retry after a crash. */
export interface PageLease {
  readonly page: Page;
  readonly attempt: 1 | 2;
}

/** A reading of the supervisor: pages now, and counts since the process started. */
export interface BrowserPoolLoad {
  /** Page slots at work, of `capacity` (EXTRACT_MAX_PAGES); `waiting` requests queue for one. */
  readonly busy: number;
  readonly capacity: number;
  readonly waiting: number;
  /** Pages open in live browsers, at work or idle. */
  readonly open: number;
  /** PSS of the browsers' process trees at the last sample (every 5 s). */
  readonly memoryBytes: number;
  readonly launches: number;
  readonly retirements: number;
  readonly crashRetries: number;
}

/**
 * The browser supervisor. One Chromium per process, launched on first use; at most
 * EXTRACT_MAX_PAGES pages at work (the rest wait); a browser context per session, closed after
 * EXTRACT_SESSION_IDLE_MS idle; pages reused for up to EXTRACT_PAGE_MAX_USES loads and closed
 * after EXTRACT_PAGE_IDLE_MS idle. A page crash or a browser that disconnects fails
 * the work at once and it runs again, once, in a fresh context (a fresh browser if it died). A
 * browser is retired after EXTRACT_BROWSER_MAX_PAGES pages or above EXTRACT_BROWSER_MAX_RSS_MB:
 * new work goes to a new browser, the old one finishes what it has, hands its sessions' cookies
 * over and closes. Every browser call is bounded; whatever a closed or crashed browser leaves is killed.
 */
@Injectable()
export class BrowserPool implements OnApplicationShutdown {
  private readonly slots: PageSlots;
  private current: Promise<BrowserInstance> | undefined;
  private currentInstance: BrowserInstance | undefined;
  private readonly instances = new Set<BrowserInstance>();
  /** Cookies and storage of sessions whose browser retired, waiting for the session's next use. */
  private readonly carried = new Map<string, { state: SessionState; at: number }>();
  private state: BrowserState = 'not_started';
  private lastError = '';
  private generations = 0;
  private retirements = 0;
  private crashRetries = 0;
  private lastMemoryBytes = 0;
  private lastSampleAt = 0;
  private sampling = false;
  private closing: Promise<void> | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig,
    @Inject(EgressGuard) private readonly guard: EgressGuard,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new PageSlots(config.EXTRACT_MAX_PAGES);
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
    const release = await this.slots.acquire(options.waitMs);
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
    const instance = await this.instance();
    let session: Session | undefined;
    let page: Page | undefined;
    let reusable = true;
    instance.active++;
    try {
      session = await this.sessionOn(instance, input.sessionId, input.attempt === 2);
      session.active++;
      session.lastUsedAt = Date.now();
      page = await instance.takePage(session, this.slots.capacity);
      instance.served++;
      const lease: PageLease = { page, attempt: input.attempt };
      return await runUnlessCrashed({ page, instance, run: () => input.work(lease) });
    } catch (err) {
      const crash = asCrash(err, { page, instance });
      if (err instanceof BrowserTimeoutError || crash) reusable = false;
      throw crash ?? err;
    } finally {
      instance.active--;
      if (session) {
        session.active--;
        session.lastUsedAt = Date.now();
        if (page) await instance.giveBack(session, page, reusable);
        await instance.endSessionIfDone(session);
      }
      await this.afterUse(instance);
    }
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

  health(): { ok: boolean; detail: string } {
    const l = this.load();
    const load = `${l.busy}/${l.capacity} pages busy, ${l.waiting} waiting, ${l.open} open`;
    const error = this.state === 'failed' ? `: ${this.lastError}` : '';
    const rss = `${Math.round(l.memoryBytes / 1_048_576)} MB`;
    return {
      ok: this.state !== 'failed' && this.state !== 'closed',
      detail: `${this.state}${error}; ${load}; ${l.launches} launch(es), ${l.retirements} retired, ${l.crashRetries} crash retries, ${rss}`,
    };
  }

  /** What the supervisor is doing now, and its counts since start (for /health and /metrics). */
  load(): BrowserPoolLoad {
    return {
      busy: this.slots.busy,
      capacity: this.slots.capacity,
      waiting: this.slots.waiting,
      open: this.openPageCount(),
      memoryBytes: this.lastMemoryBytes,
      launches: this.generations,
      retirements: this.retirements,
      crashRetries: this.crashRetries,
    };
  }

  /** Pages rendering right now (tests and the soak inject crashes into them). */
  pagesAtWork(): Page[] {
    const idle = new Set<Page>();
    for (const instance of this.instances)
      for (const session of instance.sessions.values())
        for (const entry of session.idle) idle.add(entry.page);
    return [...this.instances].flatMap((i) => [...i.pages]).filter((p) => !idle.has(p) && !p.isClosed());
  }

  /** Pages open in every live browser, at work or idle. */
  openPageCount(): number {
    return [...this.instances].reduce((n, i) => n + i.pages.size, 0);
  }

  /** Browser processes this pool has launched and not yet seen closed (pid of each group leader). */
  browserPids(): number[] {
    return [...this.instances].map((i) => i.pid).filter((pid): pid is number => pid !== null);
  }

  /** Memory of every live browser's process tree (PSS, each page counted once), in bytes, read now. */
  async browserMemoryBytes(): Promise<number> {
    const sizes = await Promise.all([...this.instances].map((i) => i.memoryBytes()));
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Closes every browser (killing what does not close in time); later requests fail with BrowserUnavailableError. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.state = 'closed';
      clearInterval(this.sweeper);
      const launching = this.current;
      this.current = undefined;
      this.currentInstance = undefined;
      await launching?.catch(() => undefined);
      await Promise.all([...this.instances].map((i) => i.close()));
      this.instances.clear();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.state === 'closed') throw new BrowserUnavailableError('the browser pool is shutting down');
  }

  private instance(): Promise<BrowserInstance> {
    this.assertOpen();
    const known = this.currentInstance;
    // a browser whose disconnect event is still on its way is as good as dead
    if (known && !known.connected) this.forgetCurrent(known);
    this.current ??= this.launch();
    return this.current;
  }

  private forgetCurrent(instance: BrowserInstance): void {
    if (this.currentInstance !== instance) return;
    this.current = undefined;
    this.currentInstance = undefined;
  }

  private launch(): Promise<BrowserInstance> {
    this.state = 'launching';
    const startedAt = performance.now();
    const launching = launchChromium({
      executablePath: this.config.CHROMIUM_PATH,
      proxy: this.guard.playwrightProxy(),
    }).then(
      (launched) => {
        const instance = new BrowserInstance(++this.generations, launched, {
          userAgent: this.config.USER_AGENT,
          guard: this.guard,
          pageMaxUses: this.config.EXTRACT_PAGE_MAX_USES,
        });
        if (this.state === 'closed') {
          void instance.close();
          throw new BrowserUnavailableError('the browser pool is shutting down');
        }
        this.instances.add(instance);
        this.currentInstance = instance;
        this.state = 'running';
        instance.onDisconnected(() => {
          this.onDisconnected(instance);
        });
        this.logger.info(
          {
            ms: Math.round(performance.now() - startedAt),
            generation: instance.generation,
            pid: instance.pid,
          },
          'chromium launched',
        );
        return instance;
      },
      (err: unknown) => {
        if (this.current === launching) this.current = undefined;
        if (err instanceof BrowserUnavailableError) throw err;
        this.state = this.state === 'closed' ? 'closed' : 'failed';
        this.lastError = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
        throw new BrowserUnavailableError(
          `could not launch Chromium at ${this.config.CHROMIUM_PATH}: ${this.lastError}`,
          { cause: err },
        );
      },
    );
    return launching;
  }

  private onDisconnected(instance: BrowserInstance): void {
    instance.dead = true;
    this.instances.delete(instance);
    this.forgetCurrent(instance);
    if (this.state === 'closed' || instance.retiring) return;
    this.state = 'disconnected';
    this.logger.warn(
      { generation: instance.generation },
      'chromium disconnected; relaunching on the next request',
    );
    // renderers and helpers of a browser that died can outlive it
    setTimeout(() => {
      const killed = instance.reap();
      if (killed > 0) this.logger.warn({ killed }, 'killed processes a dead Chromium left behind');
    }, REAP_AFTER_MS).unref();
  }

  /** Retires a browser that loaded enough pages or uses too much memory; closes retired ones once drained. */
  private async afterUse(instance: BrowserInstance): Promise<void> {
    if (!instance.retiring && !instance.dead) {
      const max = this.config.EXTRACT_BROWSER_MAX_PAGES;
      if (instance.served >= max)
        this.retire(instance, `loaded ${instance.served} pages (EXTRACT_BROWSER_MAX_PAGES ${max})`);
      else this.sampleMemory(instance);
    }
    if (instance.retiring && instance.active === 0 && !instance.draining) await this.drain(instance);
  }

  /** Measures the browser's memory now and then, off the request path; above the limit it retires. */
  private sampleMemory(instance: BrowserInstance): void {
    const now = Date.now();
    if (this.sampling || now - this.lastSampleAt < MEMORY_SAMPLE_MS) return;
    this.sampling = true;
    this.lastSampleAt = now;
    void instance
      .memoryBytes()
      .then(async (bytes) => {
        this.lastMemoryBytes = bytes;
        const mb = bytes / 1_048_576;
        const max = this.config.EXTRACT_BROWSER_MAX_RSS_MB;
        if (mb <= max || instance.retiring || instance.dead) return;
        this.retire(instance, `uses ${Math.round(mb)} MB (EXTRACT_BROWSER_MAX_RSS_MB ${max})`);
        if (instance.active === 0 && !instance.draining) await this.drain(instance);
      })
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'could not measure browser memory');
      })
      .finally(() => {
        this.sampling = false;
      });
  }

  private retire(instance: BrowserInstance, reason: string): void {
    instance.retiring = reason;
    this.retirements++;
    // the next request launches a fresh browser while this one finishes its pages
    this.forgetCurrent(instance);
    this.logger.info({ generation: instance.generation, reason }, 'retiring chromium');
  }

  /** Hands the retired browser's named sessions over (cookies, storage), then closes it. */
  private async drain(instance: BrowserInstance): Promise<void> {
    instance.draining = true;
    const named = [...instance.sessions.values()].filter((s) => s.id !== SHARED_SESSION);
    const states = await Promise.all(
      named.map(async (s) => [s.id, await readSessionState(s.context)] as const),
    );
    for (const [id, state] of states) if (state) this.carried.set(id, { state, at: Date.now() });
    await instance.close();
    this.instances.delete(instance);
    this.logger.info({ generation: instance.generation, carried: states.length }, 'retired chromium closed');
  }

  private async expireSessions(): Promise<void> {
    const now = Date.now();
    const idleMs = this.config.EXTRACT_SESSION_IDLE_MS;
    for (const [id, carried] of this.carried) if (now - carried.at > idleMs) this.carried.delete(id);
    for (const instance of this.instances) {
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
