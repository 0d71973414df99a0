import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { BrowserLease } from '@forage/browser';
import { SlotWaitTimeoutError, WaitingSlots, type ReleaseSlot } from '@forage/browser';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ResolvedSecret } from '../core/redact.js';
import { expiredSessions } from '../core/session-expiry.js';
import type { ActionExecutionConfig } from '../config.js';
import { ForeignSessionError, SessionBusyError } from '../errors.js';
import { ACTION_CONFIG } from '../tokens.js';
import { BrowserHost } from './browser-host.js';
import { EgressGuard } from './egress-guard.js';
import { NavigationGate, type Admission } from './navigation-gate.js';

/** The longest a navigation may hold its host slot (a document that never finishes loading). */
const HOST_SLOT_HOLD_MS = 60_000;

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
  /** The run that opened the session; no other run may act on it. */
  readonly runId: string;
  readonly page: Page;
  /**
   * Secrets filled into this page, by value (the value sent, and what the field held after the
   * fill), so evidence, URLs and replies can be scrubbed of them.
   */
  readonly secrets: Map<string, ResolvedSecret>;
  /** Dialogs the page opened since the current action began (each dismissed; emptied by the action). */
  readonly dialogs: { type: string; message: string }[];
  /** Documents the page's main frame has committed (a form post to the same URL counts too). */
  readonly navigations: { count: number };
  /** Requests blocked since the current action began (emptied by the action). */
  readonly blocked: BlockedRequest[];
}

interface Entry {
  readonly session: ActionSession;
  readonly lease: BrowserLease;
  readonly context: BrowserContext;
  readonly release: ReleaseSlot;
  /** the page's renderer crashed: the session is reopened on its next use */
  crashed: boolean;
  lastUsedAt: number;
  inUse: number;
}

/** How full the service is, for /health: sessions open of the cap, and opens waiting for a slot. */
export interface SessionLoad {
  readonly open: number;
  readonly capacity: number;
  readonly waiting: number;
}

/**
 * Keeps one browser context and page per session id, owned by the run that opened it. Sessions
 * are closed when their run ends (closeRun) or after ACTION_SESSION_IDLE_MS idle; at most
 * ACTION_MAX_SESSIONS are open, and a new one waits up to ACTION_SESSION_WAIT_MS for a slot.
 * Every request their pages make passes the egress guard. Callers serialise work per session
 * (the session queue); this class does not.
 */
@Injectable()
export class SessionPages implements OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly slots: WaitingSlots;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(ACTION_CONFIG)
    private readonly config: Pick<
      ActionExecutionConfig,
      'ACTION_SESSION_IDLE_MS' | 'ACTION_MAX_SESSIONS' | 'ACTION_SESSION_WAIT_MS' | 'USER_AGENT'
    >,
    @Inject(BrowserHost) private readonly browsers: BrowserHost,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
    @Inject(NavigationGate) private readonly gate: NavigationGate,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new WaitingSlots(config.ACTION_MAX_SESSIONS);
    const every = Math.min(60_000, Math.max(250, Math.floor(config.ACTION_SESSION_IDLE_MS / 4)));
    this.sweeper = setInterval(() => void this.closeIdle(), every);
    this.sweeper.unref();
  }

  /** Runs `work` on the session's page, opening the session (or reopening a dead one) first. */
  async use<T>(
    owner: { sessionId: string; runId: string },
    work: (session: ActionSession) => Promise<T>,
  ): Promise<T> {
    const entry = await this.open(owner);
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

  load(): SessionLoad {
    return { open: this.entries.size, capacity: this.slots.capacity, waiting: this.slots.waiting };
  }

  /** Throws when the session is open for another run (a run may only drive its own pages). */
  assertOwner(owner: { sessionId: string; runId: string }): void {
    const entry = this.entries.get(owner.sessionId);
    if (entry && entry.session.runId !== owner.runId)
      throw new ForeignSessionError(`session ${owner.sessionId} belongs to another run`);
  }

  /** Closes every session the run opened (its end was announced); returns how many. */
  async closeRun(runId: string): Promise<number> {
    const ids = [...this.entries].filter(([, e]) => e.session.runId === runId).map(([id]) => id);
    await Promise.all(ids.map((id) => this.close(id)));
    return ids.length;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.entries.keys()];
    await Promise.all(all.map((id) => this.close(id)));
  }

  private async open(owner: { sessionId: string; runId: string }): Promise<Entry> {
    const { sessionId, runId } = owner;
    this.assertOwner(owner);
    const existing = this.entries.get(sessionId);
    if (existing && isAlive(existing)) return existing;
    if (existing) await this.close(sessionId);
    const release = await this.slot();
    let lease: BrowserLease | undefined;
    try {
      lease = await this.browsers.lease();
      const context = await lease.browser.newContext({
        userAgent: this.config.USER_AGENT,
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      const blocked: BlockedRequest[] = [];
      await context.route('**/*', (route) => this.guard(route, blocked));
      const page = await context.newPage();
      const dialogs: ActionSession['dialogs'] = [];
      page.on('dialog', (dialog) => {
        // only the requested action runs: a dialog is recorded and dismissed, never answered
        dialogs.push({ type: dialog.type(), message: dialog.message().slice(0, 1_000) });
        void dialog.dismiss().catch(() => undefined);
      });
      const navigations = { count: 0 };
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.count += 1;
      });
      const entry: Entry = {
        session: { id: sessionId, runId, page, secrets: new Map(), blocked, dialogs, navigations },
        lease,
        context,
        release,
        crashed: false,
        lastUsedAt: Date.now(),
        inUse: 0,
      };
      page.on('crash', () => {
        entry.crashed = true;
        this.logger.warn({ sessionId }, 'the page of a session crashed; it is reopened on its next action');
      });
      this.entries.set(sessionId, entry);
      return entry;
    } catch (err) {
      lease?.release();
      release();
      throw err;
    }
  }

  /** A session slot, waiting (bounded) for a run to end or a session to expire when all are taken. */
  private async slot(): Promise<ReleaseSlot> {
    try {
      return await this.slots.acquire(this.config.ACTION_SESSION_WAIT_MS);
    } catch (err) {
      if (!(err instanceof SlotWaitTimeoutError)) throw err;
      throw new SessionBusyError(
        `all ${this.slots.capacity} sessions stayed open for ${this.config.ACTION_SESSION_WAIT_MS} ms; try again later`,
        { cause: err },
      );
    }
  }

  /**
   * Every request passes the egress guard; the page's own navigations also pass robots.txt and
   * wait their turn on the host. Refusals are remembered so the action can report them.
   */
  private async guard(route: Route, blocked: BlockedRequest[]): Promise<void> {
    const request = route.request();
    const navigation = isMainFrameNavigation(request);
    const verdict = await this.egress.verdict(request.url(), { allowLocalSchemes: true });
    const admission: Admission = !verdict.allowed
      ? { refused: `egress denied: ${verdict.reason}` }
      : navigation
        ? await this.gate.admit({ url: request.url(), method: request.method() }).catch((err: unknown) => ({
            refused: `navigation refused: ${err instanceof Error ? err.message : String(err)}`,
          }))
        : { refused: null, release: () => undefined };
    try {
      if (admission.refused === null) {
        holdUntilLoaded(request, admission.release);
        await route.continue();
        return;
      }
      blocked.push({ url: originOf(request.url()), reason: admission.refused, navigation });
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
    try {
      await entry.context.close();
    } catch {
      // a context of a browser that died is gone already
    } finally {
      entry.lease.release();
      entry.release();
    }
  }
}

/** A navigation holds its host slot until its document has arrived or failed (bounded, never leaked). */
function holdUntilLoaded(request: ReturnType<Route['request']>, release: () => void): void {
  const ceiling = setTimeout(release, HOST_SLOT_HOLD_MS);
  ceiling.unref();
  void request
    .response()
    .then((response) => response?.finished())
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(ceiling);
      release();
    });
}

function isAlive(entry: Entry): boolean {
  return !entry.crashed && entry.lease.browser.isConnected() && !entry.session.page.isClosed();
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
