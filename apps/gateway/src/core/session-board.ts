import { ForageError } from '@forage/messaging';

/** One agent session as the gateway keeps it: who owns it and when it was last used. */
export interface SessionEntry {
  readonly sessionId: string;
  /** The synthetic run its actions are logged under (action-execution binds the page to it). */
  readonly runId: string;
  /** The API key that opened it; null when the gateway needs no keys (then anyone may use it). */
  readonly owner: string | null;
  readonly createdAt: number;
  lastUsedAt: number;
  /** Requests on the session in flight: a session being used is never idle, however long a step takes. */
  inUse: number;
  url: string;
}

/** Closed sessions whose owner is remembered, so their evidence stays readable by the owner alone. */
const CLOSED_REMEMBERED = 1_000;

export interface SessionLimits {
  /** Sessions open at once, all keys together. */
  readonly maxOpen: number;
  /** Sessions open at once for one key. */
  readonly maxPerOwner: number;
  /** A session unused this long is closed. */
  readonly idleMs: number;
}

/** A bound on open sessions was reached; closing one (or waiting for one to expire) helps. */
export class SessionLimitError extends ForageError {
  override readonly name = 'SessionLimitError';
  readonly code = 'limit_reached';
  readonly retryable = true;
}

/** No such session for this caller: never opened, closed, expired, or another key's. */
export class SessionNotFoundError extends ForageError {
  override readonly name = 'SessionNotFoundError';
  readonly code = 'not_found';
  readonly retryable = false;
}

/**
 * The open sessions, by id: ownership, bounds and idle expiry, without I/O. A session of another
 * key is not found, exactly like one that does not exist.
 */
export class SessionBoard {
  private readonly entries = new Map<string, SessionEntry>();
  /** runId → owner of recently closed sessions, oldest first (bounded; lost on restart). */
  private readonly closed = new Map<string, string | null>();

  constructor(readonly limits: SessionLimits) {}

  /** Takes a place for a new session, or throws SessionLimitError when a bound is reached. */
  open(input: { sessionId: string; runId: string; owner: string | null; now: number }): SessionEntry {
    if (this.entries.size >= this.limits.maxOpen)
      throw new SessionLimitError(`all ${this.limits.maxOpen} sessions are open; close one first`);
    const own = [...this.entries.values()].filter((e) => e.owner === input.owner).length;
    if (own >= this.limits.maxPerOwner)
      throw new SessionLimitError(
        `this key has ${own} sessions open, the most it may (${this.limits.maxPerOwner}); close one first`,
      );
    const entry: SessionEntry = {
      sessionId: input.sessionId,
      runId: input.runId,
      owner: input.owner,
      createdAt: input.now,
      lastUsedAt: input.now,
      inUse: 0,
      url: 'about:blank',
    };
    this.entries.set(input.sessionId, entry);
    return entry;
  }

  /** The session when the caller may use it and it has not expired; undefined otherwise. */
  find(input: { sessionId: string; caller: string | null; now: number }): SessionEntry | undefined {
    const entry = this.entries.get(input.sessionId);
    if (!entry || !mayUse(entry, input.caller)) return undefined;
    if (isIdle(entry, input.now, this.limits.idleMs)) return undefined;
    return entry;
  }

  /** Marks a request on the session begun: it does not expire until every one has ended. */
  hold(entry: SessionEntry): void {
    entry.inUse += 1;
  }

  /** Marks a request on the session ended; its idle time counts from now. */
  release(entry: SessionEntry, now: number): void {
    entry.inUse = Math.max(0, entry.inUse - 1);
    entry.lastUsedAt = now;
  }

  /** Whether `runId` is the run of a session the caller opened (open, or among the recently closed). */
  ownsRun(input: { runId: string; caller: string | null }): boolean {
    if ([...this.entries.values()].some((e) => e.runId === input.runId && mayUse(e, input.caller)))
      return true;
    if (!this.closed.has(input.runId)) return false;
    const owner = this.closed.get(input.runId) ?? null;
    return owner === null || owner === input.caller;
  }

  touch(entry: SessionEntry, input: { now: number; url?: string }): void {
    entry.lastUsedAt = input.now;
    if (input.url !== undefined) entry.url = input.url;
  }

  expiresAt(entry: SessionEntry): number {
    return entry.lastUsedAt + this.limits.idleMs;
  }

  remove(sessionId: string): SessionEntry | undefined {
    const entry = this.entries.get(sessionId);
    if (entry) this.forget(entry);
    return entry;
  }

  /** Removes and returns the sessions idle for the limit or longer (none with a request in flight). */
  takeExpired(now: number): SessionEntry[] {
    const expired = [...this.entries.values()].filter((e) => isIdle(e, now, this.limits.idleMs));
    for (const e of expired) this.forget(e);
    return expired;
  }

  /** Removes and returns every session (at shutdown), in use or not. */
  takeAll(): SessionEntry[] {
    const all = [...this.entries.values()];
    for (const e of all) this.forget(e);
    return all;
  }

  private forget(entry: SessionEntry): void {
    this.entries.delete(entry.sessionId);
    this.closed.set(entry.runId, entry.owner);
    for (const runId of this.closed.keys()) {
      if (this.closed.size <= CLOSED_REMEMBERED) break;
      this.closed.delete(runId);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

function isIdle(entry: SessionEntry, now: number, idleMs: number): boolean {
  return entry.inUse === 0 && now - entry.lastUsedAt >= idleMs;
}

/** Without keys every caller is the same anonymous user; with keys only the opener. */
function mayUse(entry: SessionEntry, caller: string | null): boolean {
  return entry.owner === null || entry.owner === caller;
}
