import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  closeSession,
  executeAgentAction,
  observeSession,
  openAgentSession,
  profileOwnerOf,
  understandPage,
  type ActBody,
  type ActResponse,
  type ActStep,
  type CommandReply,
  type InventoryElement,
  type Observation,
  type ObserveQuery,
  type OpenSessionBody,
  type PageAction,
  type ProfileSave,
  type SessionView,
} from '@forage/contracts';
import { Bus, ForageError, InvalidRequestError, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { pageOfObservation } from '../core/observation.js';
import { SessionBoard, SessionNotFoundError, type SessionEntry } from '../core/session-board.js';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** Beyond an action's own timeout: its evidence, its log record, the round trips. */
const ACTION_MARGIN_MS = 30_000;
const OBSERVE_TIMEOUT_MS = 30_000;
/** Closing saves the session's browser profile first (its state read, sealed and stored). */
const CLOSE_TIMEOUT_MS = 15_000;
const OPEN_TIMEOUT_MS = 30_000;

/**
 * Browser sessions agents drive (HTTP `/v1/sessions`, MCP `open`/`observe`/`act`/`close`). The
 * page lives in action-execution, bound to a run id of its own, so every action and observation
 * is a log record of that run in the audit chain; this class keeps who owns each session, the
 * bounds and the idle expiry, and relays over the bus. Callers are API key ids (null: no keys).
 */
@Injectable()
export class AgentSessions implements OnApplicationShutdown {
  private readonly board: SessionBoard;
  /** The last page understood per session, by its DOM's sha256: paging an unchanged page reads it once. */
  private readonly understood = new Map<string, { sha256: string; inventory: InventoryElement[] }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.board = new SessionBoard({
      maxOpen: config.GATEWAY_MAX_SESSIONS,
      maxPerOwner: config.GATEWAY_SESSIONS_PER_KEY,
      idleMs: config.GATEWAY_SESSION_IDLE_MS,
    });
    const every = Math.min(60_000, Math.max(100, Math.floor(config.GATEWAY_SESSION_IDLE_MS / 4)));
    this.sweeper = setInterval(() => void this.closeIdle(), every);
    this.sweeper.unref();
  }

  /**
   * Opens a session: its context from the caller's browser profile when one is named (the
   * caller's own: profiles are kept per API key), then its start page, checked by
   * action-execution's egress guard first.
   */
  async open(caller: string | null, body: OpenSessionBody): Promise<SessionView> {
    const entry = this.board.open({
      sessionId: randomUUID(),
      runId: randomUUID(),
      owner: caller,
      now: Date.now(),
    });
    try {
      return await this.inUse(entry, () => this.start(entry, caller, body));
    } catch (err) {
      // a refused start page leaves no session behind
      await this.end(entry);
      throw err;
    }
  }

  /** The session's context from its profile, then its start page. */
  private async start(
    entry: SessionEntry,
    caller: string | null,
    body: OpenSessionBody,
  ): Promise<SessionView> {
    const profile = body.profile
      ? (
          await this.bus.request(
            openAgentSession,
            {
              runId: entry.runId,
              sessionId: entry.sessionId,
              profile: { owner: profileOwnerOf(caller), name: body.profile },
            },
            { timeoutMs: OPEN_TIMEOUT_MS },
          )
        ).profile
      : null;
    if (!body.url) return this.view(entry, null, profile);
    const opened = await this.execute({
      entry,
      action: { type: 'goto', url: body.url },
      timeoutMs: 20_000,
      key: randomUUID(),
    });
    return this.view(entry, opened, profile);
  }

  async observe(caller: string | null, sessionId: string, query: ObserveQuery): Promise<Observation> {
    const entry = this.find(caller, sessionId);
    return this.inUse(entry, async () => {
      const seen = await this.bus.request(
        observeSession,
        { runId: entry.runId, sessionId },
        { timeoutMs: OBSERVE_TIMEOUT_MS },
      );
      this.board.touch(entry, { now: Date.now(), url: seen.url });
      const inventory = await this.inventoryOf(entry, seen);
      return pageOfObservation({ session: entry, seen, inventory, query });
    });
  }

  /** Runs the actions in order; the first that fails (or is refused) stops the rest. */
  async act(caller: string | null, sessionId: string, body: ActBody): Promise<ActResponse> {
    const entry = this.find(caller, sessionId);
    const actions = body.actions ?? (body.action ? [body.action] : []);
    // an upload names files in the evidence store by hash, which no API caller stores: any it
    // could name would be another run's evidence, so agents are not offered uploads at all
    if (actions.some((a) => a.type === 'upload'))
      throw new InvalidRequestError('upload is not available in agent sessions');
    const results: ActStep[] = [];
    for (const [index, action] of actions.entries()) {
      try {
        // with the caller's key, a retried request finds each action it already ran in the ledger
        const key = body.idempotencyKey
          ? `${sessionId}:${body.idempotencyKey}:${String(index)}`
          : randomUUID();
        const reply = await this.execute({ entry, action, timeoutMs: body.timeoutMs, key });
        results.push({ index, ...reply });
        if (reply.status === 'failed') break;
      } catch (err) {
        if (!(err instanceof ForageError)) throw err;
        results.push({ index, error: err.toReply().error });
        break;
      }
    }
    return { sessionId, runId: entry.runId, results, skipped: actions.length - results.length };
  }

  /** Closes the session; when it has a browser profile, what saving its state to it did. */
  async close(
    caller: string | null,
    sessionId: string,
  ): Promise<{ sessionId: string; runId: string; profile?: ProfileSave }> {
    const entry = this.find(caller, sessionId);
    const profile = await this.end(entry);
    return { sessionId, runId: entry.runId, ...(profile ? { profile } : {}) };
  }

  /** Whether `runId` is the run of a session the caller opened, open or recently closed (its evidence is theirs). */
  ownsRun(caller: string | null, runId: string): boolean {
    return this.board.ownsRun({ runId, caller });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all(this.board.takeAll().map((e) => this.release(e)));
  }

  private find(caller: string | null, sessionId: string): SessionEntry {
    const entry = this.board.find({ sessionId, caller, now: Date.now() });
    if (!entry) throw new SessionNotFoundError(`no session ${sessionId}`);
    return entry;
  }

  private async execute(input: { entry: SessionEntry; action: PageAction; timeoutMs: number; key: string }) {
    const { entry, action, timeoutMs } = input;
    return this.inUse(entry, async () => {
      const reply = await this.bus.request(
        executeAgentAction,
        { runId: entry.runId, sessionId: entry.sessionId, idempotencyKey: input.key, action, timeoutMs },
        { timeoutMs: timeoutMs + ACTION_MARGIN_MS },
      );
      this.board.touch(entry, { now: Date.now(), url: reply.url });
      return reply;
    });
  }

  /** A request on the session: it cannot expire while the request is in flight (a slow page, a long action). */
  private async inUse<T>(entry: SessionEntry, work: () => Promise<T>): Promise<T> {
    this.board.hold(entry);
    try {
      return await work();
    } finally {
      this.board.release(entry, Date.now());
    }
  }

  private async inventoryOf(
    entry: SessionEntry,
    seen: CommandReply<typeof observeSession>,
  ): Promise<InventoryElement[]> {
    const dom = seen.evidence.domSnapshot;
    const cached = this.understood.get(entry.sessionId);
    if (cached?.sha256 === dom.sha256) return cached.inventory;
    // dom-understanding reads web pages only; a blank page has nothing to act on
    if (!/^https?:\/\//.test(seen.url)) return [];
    const reply = await this.bus.request(
      understandPage,
      {
        runId: entry.runId,
        url: seen.url,
        domSnapshot: dom,
        logRecordId: seen.logRecordId,
      },
      { timeoutMs: OBSERVE_TIMEOUT_MS },
    );
    const inventory = reply.inventory ?? [];
    this.understood.set(entry.sessionId, { sha256: dom.sha256, inventory });
    return inventory;
  }

  private view(
    entry: SessionEntry,
    opened: SessionView['opened'],
    profile: SessionView['profile'],
  ): SessionView {
    return {
      sessionId: entry.sessionId,
      runId: entry.runId,
      url: entry.url,
      createdAt: new Date(entry.createdAt).toISOString(),
      expiresAt: new Date(this.board.expiresAt(entry)).toISOString(),
      opened,
      profile,
    };
  }

  private async end(entry: SessionEntry): Promise<ProfileSave | undefined> {
    this.board.remove(entry.sessionId);
    return this.release(entry);
  }

  /**
   * Closes the page in action-execution (which saves its browser profile, if it has one); a
   * failure is logged (its own idle expiry closes it then, saving the profile the same way).
   */
  private async release(entry: SessionEntry): Promise<ProfileSave | undefined> {
    this.understood.delete(entry.sessionId);
    try {
      const closed = await this.bus.request(
        closeSession,
        { runId: entry.runId, sessionId: entry.sessionId },
        { timeoutMs: CLOSE_TIMEOUT_MS },
      );
      return closed.profile;
    } catch (err) {
      this.logger.warn({ err, sessionId: entry.sessionId }, 'could not close a session page');
      return undefined;
    }
  }

  private async closeIdle(): Promise<void> {
    for (const entry of this.board.takeExpired(Date.now())) {
      this.logger.info({ sessionId: entry.sessionId }, 'session expired');
      await this.release(entry);
    }
  }
}
