/** What the expiry sweep needs to know about one open session. */
export interface SessionUse {
  readonly lastUsedAt: number;
  readonly inUse: number;
}

/** Sessions idle for at least `idleMs` and not running an action now. */
export function expiredSessions(input: {
  sessions: Iterable<readonly [string, SessionUse]>;
  now: number;
  idleMs: number;
}): string[] {
  const expired: string[] = [];
  for (const [id, use] of input.sessions) {
    if (use.inUse === 0 && input.now - use.lastUsedAt >= input.idleMs) expired.push(id);
  }
  return expired;
}
