import { createHash } from 'node:crypto';
import { z } from 'zod';
import { executeAction, type CommandReply, type PageAction } from '@forage/contracts';

export type ActionReply = CommandReply<typeof executeAction>;

/** What the ledger holds under an idempotency key: claimed and running, or finished with its reply. */
export const ledgerEntrySchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), fingerprint: z.string(), claimedAt: z.string() }),
  z.object({ state: z.literal('done'), fingerprint: z.string(), reply: executeAction.reply }),
]);
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** What to do when a key is already in the ledger. */
export type ExistingKeyDecision =
  | { readonly kind: 'replay'; readonly reply: ActionReply }
  | { readonly kind: 'conflict'; readonly reason: 'in_progress' | 'different_request' | 'unreadable' };

/** KV keys allow a narrow alphabet, so the caller's key is stored by its sha256. */
export function ledgerKey(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex');
}

/**
 * Identifies the request a key was first used for, so a key reused for another action is a
 * conflict rather than a silent replay of something else. A secret fill is identified by its
 * handle, never its value.
 */
export function requestFingerprint(request: { sessionId: string; action: PageAction }): string {
  return createHash('sha256')
    .update(stableJson({ sessionId: request.sessionId, action: request.action }))
    .digest('hex');
}

export function pendingEntry(fingerprint: string, now: Date): LedgerEntry {
  return { state: 'pending', fingerprint, claimedAt: now.toISOString() };
}

export function doneEntry(fingerprint: string, reply: ActionReply): LedgerEntry {
  return { state: 'done', fingerprint, reply: { ...reply, replayed: false } };
}

/**
 * A finished key replays its reply; a key still pending belongs to an attempt whose outcome is
 * unknown (in flight elsewhere, or crashed mid-action) and is never executed again blindly.
 */
export function decideOnExisting(stored: unknown, fingerprint: string): ExistingKeyDecision {
  const entry = ledgerEntrySchema.safeParse(stored);
  if (!entry.success) return { kind: 'conflict', reason: 'unreadable' };
  if (entry.data.fingerprint !== fingerprint) return { kind: 'conflict', reason: 'different_request' };
  if (entry.data.state === 'pending') return { kind: 'conflict', reason: 'in_progress' };
  return { kind: 'replay', reply: { ...entry.data.reply, replayed: true } };
}

export function conflictMessage(
  reason: Extract<ExistingKeyDecision, { kind: 'conflict' }>['reason'],
): string {
  switch (reason) {
    case 'in_progress':
      return 'an earlier attempt with this idempotency key has not finished (or crashed); its outcome is unknown, so the action is not repeated: inspect the page or use a new key';
    case 'different_request':
      return 'this idempotency key was already used for a different action or session';
    case 'unreadable':
      return 'the stored state of this idempotency key is unreadable; the action is not repeated';
  }
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
