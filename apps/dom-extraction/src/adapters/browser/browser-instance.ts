import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bounded } from '../bounded.js';
import type { EgressGuard } from '../egress-guard.js';
import { CALL_TIMEOUT_MS, closeContext, openContext, type SessionState } from './browser-context.js';

/** An idle page is reset to about:blank this long after its last use, unless it is reused first. */
const RESET_IDLE_AFTER_MS = 250;

interface IdlePage {
  readonly page: Page;
  readonly since: number;
  cancelReset: () => void;
  /** The reset to about:blank under way; a page being reset is still this session's to reuse. */
  resetting: Promise<void> | null;
}

/** One browser context, with the pages it keeps for reuse. */
export interface Session {
  readonly id: string;
  readonly context: BrowserContext;
  readonly idle: IdlePage[];
  active: number;
  lastUsedAt: number;
  /** A fresh context took this one's place; it closes once its last page is given back. */
  replaced: boolean;
}

/**
 * What lives in one Chromium leased from the BrowserSupervisor: a context per session, reusable
 * pages, and whether the browser died. The supervisor launches, retires and closes the browser;
 * the pool decides which session runs where; this class does the browser work, each call bounded.
 */
export class BrowserInstance {
  readonly sessions = new Map<string, Session>();
  readonly pages = new Set<Page>();
  /** Pages whose renderer crashed: never reused, and their failures are retried. */
  readonly crashedPages = new WeakSet<Page>();
  private readonly opening = new Map<string, Promise<Session>>();
  /** Loads per page: a page is closed after `pageMaxUses`, so its renderer's heap cannot grow without end. */
  private readonly uses = new WeakMap<Page, number>();
  /** Set when the browser disconnected, or once the supervisor began closing it. */
  dead = false;

  constructor(
    readonly generation: number,
    private readonly browser: Browser,
    private readonly deps: { userAgent: string; guard: EgressGuard; pageMaxUses: number },
  ) {
    browser.once('disconnected', () => {
      this.dead = true;
    });
  }

  get connected(): boolean {
    return this.browser.isConnected();
  }

  onDisconnected(listener: () => void): () => void {
    this.browser.on('disconnected', listener);
    return () => this.browser.off('disconnected', listener);
  }

  /** The session's context, opened on first use (seeded with `state`), or a fresh one if asked. */
  async session(id: string, options: { fresh: boolean; state?: SessionState | undefined }): Promise<Session> {
    const existing = this.sessions.get(id);
    if (existing && !options.fresh) return existing;
    let pending = this.opening.get(id);
    if (!pending) {
      pending = this.openSession(id, options.state).finally(() => this.opening.delete(id));
      this.opening.set(id, pending);
    }
    return pending;
  }

  private async openSession(id: string, state: SessionState | undefined): Promise<Session> {
    const context = await openContext({
      browser: this.browser,
      userAgent: this.deps.userAgent,
      guard: this.deps.guard,
      state,
    });
    const session: Session = { id, context, idle: [], active: 0, lastUsedAt: Date.now(), replaced: false };
    const previous = this.sessions.get(id);
    this.sessions.set(id, session);
    if (previous) await this.retireSession(previous);
    return session;
  }

  /**
   * A page of the session: an idle one if there is one (waiting for its reset to about:blank if
   * that is under way, rather than opening a second page beside it), else a new one (closing
   * another idle page if at `maxPages`).
   */
  async takePage(session: Session, maxPages: number): Promise<Page> {
    for (let idle = session.idle.pop(); idle; idle = session.idle.pop()) {
      idle.cancelReset();
      if (idle.resetting) await idle.resetting;
      if (!idle.page.isClosed()) return this.used(idle.page);
    }
    if (this.pages.size >= maxPages) await this.closeOneIdlePage();
    const page = await bounded({
      call: session.context.newPage(),
      ms: CALL_TIMEOUT_MS,
      what: 'opening a page',
      dispose: (late) => late.close(),
    });
    this.pages.add(page);
    page.once('close', () => this.pages.delete(page));
    page.once('crash', () => this.crashedPages.add(page));
    return this.used(page);
  }

  private used(page: Page): Page {
    this.uses.set(page, (this.uses.get(page) ?? 0) + 1);
    return page;
  }

  /** Back to the session's idle pages, or closed if it cannot be trusted or its session is gone. */
  async giveBack(session: Session, page: Page, reusable: boolean): Promise<void> {
    if (page.isClosed()) return;
    const wornOut = (this.uses.get(page) ?? 0) >= this.deps.pageMaxUses;
    if (!reusable || wornOut || this.crashedPages.has(page) || session.replaced || this.dead) {
      await closePage(page);
      return;
    }
    const entry: IdlePage = { page, since: Date.now(), cancelReset: () => undefined, resetting: null };
    const timer = setTimeout(() => {
      void this.resetIdle(session, entry);
    }, RESET_IDLE_AFTER_MS);
    timer.unref();
    entry.cancelReset = () => {
      clearTimeout(timer);
    };
    session.idle.push(entry);
  }

  /**
   * An idle page must not keep running the last site's scripts. It stays in the session's idle
   * list while it is reset, so a request arriving meanwhile waits for it instead of opening
   * another page (two pages for one slot, and a page that escapes EXTRACT_PAGE_MAX_USES' count).
   */
  private resetIdle(session: Session, entry: IdlePage): Promise<void> {
    if (!session.idle.includes(entry)) return Promise.resolve();
    entry.resetting = (async () => {
      try {
        await bounded({
          call: entry.page.goto('about:blank'),
          ms: CALL_TIMEOUT_MS,
          what: 'resetting a page',
        });
        if (session.replaced || this.sessions.get(session.id) !== session)
          await this.dropIdle(session, entry);
      } catch {
        await this.dropIdle(session, entry);
      } finally {
        entry.resetting = null;
      }
    })();
    return entry.resetting;
  }

  private async dropIdle(session: Session, entry: IdlePage): Promise<void> {
    const at = session.idle.indexOf(entry);
    if (at >= 0) session.idle.splice(at, 1);
    await closePage(entry.page);
  }

  /** Session ended: release when its last page comes back. */
  async endSessionIfDone(session: Session): Promise<void> {
    if (session.replaced && session.active === 0) await closeContext(session.context);
  }

  /** Takes a session out of use; its context closes now if idle, else when its last page is back. */
  async retireSession(session: Session): Promise<void> {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    session.replaced = true;
    for (const idle of session.idle.splice(0)) idle.cancelReset();
    await this.endSessionIfDone(session);
  }

  /** Closes sessions idle longer than `idleMs`, then the least recently used idle ones above `maxSessions`. */
  async expireSessions(input: { now: number; idleMs: number; maxSessions: number }): Promise<string[]> {
    const idle = [...this.sessions.values()]
      .filter((s) => s.active === 0)
      .sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    const excess = Math.max(0, this.sessions.size - input.maxSessions);
    const expired = idle.filter((s, i) => i < excess || input.now - s.lastUsedAt > input.idleMs);
    await Promise.all(expired.map((s) => this.retireSession(s)));
    return expired.map((s) => s.id);
  }

  /** Closes pages nobody used for `idleMs`: an idle replica keeps only its browser. */
  async closeIdlePages(input: { now: number; idleMs: number }): Promise<number> {
    const stale: IdlePage[] = [];
    for (const session of this.sessions.values()) {
      const keep = session.idle.filter((entry) => input.now - entry.since <= input.idleMs);
      stale.push(...session.idle.filter((entry) => input.now - entry.since > input.idleMs));
      session.idle.splice(0, session.idle.length, ...keep);
    }
    for (const entry of stale) entry.cancelReset();
    await Promise.all(stale.map((entry) => closePage(entry.page)));
    return stale.length;
  }

  private async closeOneIdlePage(): Promise<void> {
    const donor = [...this.sessions.values()]
      .filter((s) => s.idle.length > 0)
      .sort((a, b) => a.lastUsedAt - b.lastUsedAt)[0];
    const entry = donor?.idle.shift();
    if (!entry) return;
    entry.cancelReset();
    await closePage(entry.page);
  }

  /** The browser is about to close: no more resets, no more reuse. */
  stop(): void {
    this.dead = true;
    for (const session of this.sessions.values()) for (const idle of session.idle) idle.cancelReset();
  }
}

async function closePage(page: Page): Promise<void> {
  await bounded({ call: page.close(), ms: CALL_TIMEOUT_MS, what: 'closing a page' }).catch(() => undefined);
}
