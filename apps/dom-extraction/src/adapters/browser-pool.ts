import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import { BrowserTimeoutError, BrowserUnavailableError } from '../errors.js';
import { PageSlots } from '../core/page-slots.js';
import { bounded } from './bounded.js';
import { EgressGuard } from './egress-guard.js';

/** Flags that keep Debian's Chromium headless, sandbox-free in containers, and off the internet on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

const LAUNCH_TIMEOUT_MS = 30_000;
const CALL_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 15_000;
/** Requests without a sessionId share one context (cookies included). */
const SHARED_SESSION = '';
/** Idle session contexts beyond this are closed, least recently used first. */
const MAX_SESSION_CONTEXTS = 32;

export type BrowserState = 'not_started' | 'launching' | 'running' | 'disconnected' | 'failed' | 'closed';

interface Session {
  readonly id: string;
  readonly context: BrowserContext;
  readonly idle: Page[];
  active: number;
  lastUsedAt: number;
}

/**
 * One Chromium per process, launched on first use and again after it disconnects; a browser
 * context per session; at most EXTRACT_MAX_PAGES pages at work, the rest queued; pages reused
 * (reset to about:blank) unless a call on them timed out. Every browser call has a hard limit.
 */
@Injectable()
export class BrowserPool implements OnApplicationShutdown {
  private readonly slots: PageSlots;
  private browser: Promise<Browser> | undefined;
  private opening = new Map<string, Promise<Session>>();
  private sessions = new Map<string, Session>();
  private pages = new Set<Page>();
  private state: BrowserState = 'not_started';
  private lastError = '';
  private launches = 0;
  private closing: Promise<void> | undefined;

  constructor(
    @Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig,
    @Inject(EgressGuard) private readonly guard: EgressGuard,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new PageSlots(config.EXTRACT_MAX_PAGES);
  }

  /** Runs `work` on a page of the session's context, waiting at most `waitMs` for a free slot. */
  async withPage<T>(
    options: { sessionId?: string; waitMs: number },
    work: (page: Page) => Promise<T>,
  ): Promise<T> {
    this.assertOpen();
    const release = await this.slots.acquire(options.waitMs);
    let session: Session | undefined;
    let page: Page | undefined;
    let reusable = true;
    try {
      this.assertOpen();
      session = await this.session(options.sessionId ?? SHARED_SESSION);
      page = await this.takePage(session);
      return await work(page);
    } catch (err) {
      if (err instanceof BrowserTimeoutError) reusable = false;
      throw err;
    } finally {
      if (session) {
        if (page) await this.giveBack(session, page, reusable);
        session.active--;
      }
      release();
    }
  }

  health(): { ok: boolean; detail: string } {
    const load = `${this.slots.busy}/${this.slots.capacity} pages busy, ${this.slots.waiting} waiting, ${this.pages.size} open`;
    const error = this.state === 'failed' ? `: ${this.lastError}` : '';
    return {
      ok: this.state !== 'failed' && this.state !== 'closed',
      detail: `${this.state}${error}; ${load}; ${this.launches} launch(es)`,
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Closes Chromium and every context; later requests fail with BrowserUnavailableError. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.state = 'closed';
      const launched = this.browser;
      this.forgetBrowser();
      const browser = await launched?.catch(() => undefined);
      if (!browser) return;
      await bounded({ call: browser.close(), ms: CLOSE_TIMEOUT_MS, what: 'closing Chromium' }).catch(
        (err: unknown) => {
          this.logger.error({ err }, 'chromium did not close cleanly');
        },
      );
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.state === 'closed') throw new BrowserUnavailableError('the browser pool is shutting down');
  }

  private ensureBrowser(): Promise<Browser> {
    this.assertOpen();
    this.browser ??= this.launch();
    return this.browser;
  }

  private launch(): Promise<Browser> {
    this.state = 'launching';
    const startedAt = performance.now();
    const launching: Promise<Browser> = chromium
      .launch({
        executablePath: this.config.CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS],
        timeout: LAUNCH_TIMEOUT_MS,
        // the service stops on signals itself (and closes the browser on the way out)
        handleSIGINT: false,
        handleSIGTERM: false,
      })
      .then(
        (browser) => {
          this.launches++;
          if (this.state === 'launching') this.state = 'running';
          browser.on('disconnected', () => {
            this.onDisconnected(launching);
          });
          this.logger.info(
            { ms: Math.round(performance.now() - startedAt), launches: this.launches },
            'chromium launched',
          );
          return browser;
        },
        (err: unknown) => {
          if (this.browser === launching) this.browser = undefined;
          this.state = this.state === 'closed' ? 'closed' : 'failed';
          this.lastError = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
          throw new BrowserUnavailableError(
            `could not launch Chromium at ${this.config.CHROMIUM_PATH}: ${this.lastError}`,
            {
              cause: err,
            },
          );
        },
      );
    return launching;
  }

  private onDisconnected(which: Promise<Browser>): void {
    if (this.browser !== which) return;
    this.forgetBrowser();
    if (this.state === 'closed') return;
    this.state = 'disconnected';
    this.logger.warn('chromium disconnected; relaunching on the next request');
  }

  private forgetBrowser(): void {
    this.browser = undefined;
    this.opening = new Map();
    this.sessions = new Map();
    this.pages = new Set();
  }

  private async session(id: string): Promise<Session> {
    let session = this.sessions.get(id);
    if (!session) {
      let pending = this.opening.get(id);
      if (!pending) {
        const opening = this.opening;
        pending = this.openSession(id).finally(() => opening.delete(id));
        opening.set(id, pending);
      }
      session = await pending;
    }
    session.active++;
    session.lastUsedAt = Date.now();
    return session;
  }

  private async openSession(id: string): Promise<Session> {
    const launched = this.ensureBrowser();
    const browser = await launched;
    await this.closeIdleSessions();
    const context = await bounded({
      call: browser.newContext({
        userAgent: this.config.USER_AGENT,
        serviceWorkers: 'block',
        acceptDownloads: false,
      }),
      ms: CALL_TIMEOUT_MS,
      what: 'opening a browser context',
      dispose: (late) => late.close(),
    });
    try {
      await bounded({
        call: this.guard.protect(context),
        ms: CALL_TIMEOUT_MS,
        what: 'installing the egress guard',
      });
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
    // popups are pages nobody asked for: close them instead of letting them render and fetch
    context.on('page', (page) => {
      void page
        .opener()
        .then((opener) => (opener ? page.close() : undefined))
        .catch(() => undefined);
    });
    const session: Session = { id, context, idle: [], active: 0, lastUsedAt: Date.now() };
    // a browser that disconnected meanwhile took this context with it
    if (this.browser === launched) this.sessions.set(id, session);
    return session;
  }

  private async closeIdleSessions(): Promise<void> {
    if (this.sessions.size < MAX_SESSION_CONTEXTS) return;
    const idle = [...this.sessions.values()]
      .filter((s) => s.active === 0 && s.id !== SHARED_SESSION)
      .sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    for (const session of idle.slice(0, this.sessions.size - MAX_SESSION_CONTEXTS + 1)) {
      this.sessions.delete(session.id);
      await bounded({ call: session.context.close(), ms: CALL_TIMEOUT_MS, what: 'closing a context' }).catch(
        () => undefined,
      );
    }
  }

  private async takePage(session: Session): Promise<Page> {
    for (let page = session.idle.pop(); page; page = session.idle.pop()) {
      if (!page.isClosed()) return page;
    }
    await this.makeRoomForPage();
    const page = await bounded({
      call: session.context.newPage(),
      ms: CALL_TIMEOUT_MS,
      what: 'opening a page',
      dispose: (late) => late.close(),
    });
    const pages = this.pages;
    pages.add(page);
    page.once('close', () => pages.delete(page));
    return page;
  }

  /** Open pages never exceed the slot count: an idle page of another session is closed first. */
  private async makeRoomForPage(): Promise<void> {
    if (this.pages.size < this.slots.capacity) return;
    const donor = [...this.sessions.values()]
      .filter((s) => s.idle.length > 0)
      .sort((a, b) => a.lastUsedAt - b.lastUsedAt)[0];
    const page = donor?.idle.shift();
    if (page) await closeQuietly(page);
  }

  private async giveBack(session: Session, page: Page, reusable: boolean): Promise<void> {
    if (page.isClosed()) return;
    if (!reusable || this.sessions.get(session.id) !== session) {
      await closeQuietly(page);
      return;
    }
    try {
      // an idle page must not keep running the last site's scripts
      await bounded({ call: page.goto('about:blank'), ms: CALL_TIMEOUT_MS, what: 'resetting a page' });
      session.idle.push(page);
    } catch {
      await closeQuietly(page);
    }
  }
}

async function closeQuietly(page: Page): Promise<void> {
  await bounded({ call: page.close(), ms: CALL_TIMEOUT_MS, what: 'closing a page' }).catch(() => undefined);
}
