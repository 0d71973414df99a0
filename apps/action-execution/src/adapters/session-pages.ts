import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { BrowserLease } from '@forage/browser';
import type { ProfileRef, ProfileSave } from '@forage/contracts';
import { SlotWaitTimeoutError, WaitingSlots, type ReleaseSlot } from '@forage/browser';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ResolvedSecret } from '../core/redact.js';
import { expiredSessions } from '../core/session-expiry.js';
import { webOriginOf } from '../core/profile-state.js';
import type { ActionExecutionConfig } from '../config.js';
import { ConflictError, ForeignSessionError, SessionBusyError } from '../errors.js';
import { ACTION_CONFIG } from '../tokens.js';
import { BrowserHost } from './browser-host.js';
import { EgressGuard } from './egress-guard.js';
import { NavigationGate, type Admission } from './navigation-gate.js';
import { SessionProfiles, type ProfileBinding } from './session-profiles.js';

/** The longest a navigation may hold its host slot (a document that never finishes loading). */
const HOST_SLOT_HOLD_MS = 60_000;

/** A request the egress guard stopped while the page was being driven. */
export interface BlockedRequest {
  readonly url: string;
  readonly reason: string;
  /** true when it was the page's own (main frame) navigation */
  readonly navigation: boolean;
}

/** Who asks for a session: its run, and whether the request came on an agent's subject. */
export interface SessionOwner {
  readonly sessionId: string;
  readonly runId: string;
  readonly agent?: boolean;
  /**
   * A run's browser profile (from its action request): the session opens from it when this
   * request opens it. An agent's session takes its profile only when it opens (openWithProfile).
   */
  readonly profile?: ProfileRef;
}

/** One session's page and what this service must remember about it. */
export interface ActionSession {
  readonly id: string;
  /** The run that opened the session; no other run may act on it. */
  readonly runId: string;
  /** Opened by an agent through the gateway: only agent requests reach it, and only it. */
  readonly agent: boolean;
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
  /** The browser profile the context started from and saves to when it closes. */
  profile: ProfileBinding | undefined;
  /** The web origins the page's main frame has been on (a profile keeps only these). */
  readonly visited: Set<string>;
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
    @Inject(SessionProfiles) private readonly profiles: SessionProfiles,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.slots = new WaitingSlots(config.ACTION_MAX_SESSIONS);
    const every = Math.min(60_000, Math.max(250, Math.floor(config.ACTION_SESSION_IDLE_MS / 4)));
    this.sweeper = setInterval(() => void this.closeIdle(), every);
    this.sweeper.unref();
  }

  /**
   * Runs `work` on the session's page, opening the session (or reopening a dead one) first; a
   * run's session opens from the run's profile, when it has one.
   */
  async use<T>(owner: SessionOwner, work: (session: ActionSession) => Promise<T>): Promise<T> {
    const entry = await this.open(owner, owner.agent ? undefined : owner.profile);
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

  /**
   * Throws when the session is open for another run (a run may only drive its own pages), or is
   * of the other kind: an agent's request never reaches a run's session, nor a run's an agent's.
   */
  assertOwner(owner: SessionOwner): void {
    const entry = this.entries.get(owner.sessionId);
    if (!entry) return;
    if (entry.session.runId !== owner.runId)
      throw new ForeignSessionError(`session ${owner.sessionId} belongs to another run`);
    if (entry.session.agent !== (owner.agent ?? false))
      throw new ForeignSessionError(
        `session ${owner.sessionId} is ${entry.session.agent ? "an agent's" : "a run's"} session`,
      );
  }

  /**
   * Opens a new session's context from a browser profile (its state saved back when the session
   * closes). A session already open cannot take a profile afterwards.
   */
  async openWithProfile(
    owner: SessionOwner,
    ref: ProfileRef,
  ): Promise<{ restored: boolean; origins: readonly string[] }> {
    this.assertOwner(owner);
    if (this.entries.has(owner.sessionId))
      throw new ConflictError(
        `session ${owner.sessionId} is open already; a profile is chosen when it opens`,
      );
    const entry = await this.open(owner, ref);
    return { restored: entry.profile?.createdAt !== undefined, origins: entry.profile?.origins ?? [] };
  }

  /** Closes one session of the run that opened it (saving its profile); closed false when it was not open. */
  async closeSession(owner: SessionOwner): Promise<{ closed: boolean; profile?: ProfileSave }> {
    this.assertOwner(owner);
    if (!this.entries.has(owner.sessionId)) return { closed: false };
    const profile = await this.close(owner.sessionId);
    return { closed: true, ...(profile ? { profile } : {}) };
  }

  /** Deletes a profile; open sessions on it stop saving to it (so the deletion holds). */
  async deleteProfile(ref: ProfileRef): Promise<boolean> {
    for (const entry of this.entries.values()) {
      if (entry.profile?.ref.owner === ref.owner && entry.profile.ref.name === ref.name)
        entry.profile = undefined;
    }
    return this.profiles.delete(ref);
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

  /** Opens the session (from `profile` when named; a reopened session keeps the profile it had). */
  private async open(owner: SessionOwner, profile?: ProfileRef): Promise<Entry> {
    const { sessionId, runId } = owner;
    this.assertOwner(owner);
    const existing = this.entries.get(sessionId);
    if (existing && isAlive(existing)) return existing;
    if (existing) await this.close(sessionId);
    const ref = profile ?? existing?.profile?.ref;
    const restored = ref ? await this.profiles.restore(ref) : undefined;
    const release = await this.slot();
    let lease: BrowserLease | undefined;
    try {
      lease = await this.browsers.lease();
      const context = await lease.browser.newContext({
        userAgent: this.config.USER_AGENT,
        serviceWorkers: 'block',
        acceptDownloads: false,
        ...(restored?.state ? { storageState: restored.state } : {}),
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
      const visited = new Set<string>();
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        navigations.count += 1;
        const origin = webOriginOf(frame.url());
        if (origin) visited.add(origin);
      });
      const entry: Entry = {
        session: {
          id: sessionId,
          runId,
          agent: owner.agent ?? false,
          page,
          secrets: new Map(),
          blocked,
          dialogs,
          navigations,
        },
        lease,
        context,
        release,
        crashed: false,
        profile: restored?.binding,
        visited,
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

  /** Closes the session's context, saving its state to its profile first; what the save did. */
  private async close(sessionId: string): Promise<ProfileSave | undefined> {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    this.entries.delete(sessionId);
    const saved = entry.profile
      ? await this.profiles.saveFrom({
          context: entry.context,
          binding: entry.profile,
          visited: entry.visited,
        })
      : undefined;
    try {
      await entry.context.close();
    } catch {
      // a context of a browser that died is gone already
    } finally {
      entry.lease.release();
      entry.release();
    }
    return saved;
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
