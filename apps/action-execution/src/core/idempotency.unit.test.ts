import { randomUUID } from 'node:crypto';
import type { PageAction } from '@forage/contracts';
import {
  decideOnExisting,
  doneEntry,
  ledgerKey,
  pendingEntry,
  requestFingerprint,
  type ActionReply,
} from './idempotency.js';

const fill: PageAction = { type: 'fill', locator: '#email', value: { secretHandle: 'email' } };
const reply: ActionReply = {
  sessionId: 's1',
  idempotencyKey: 'key-00001',
  replayed: false,
  status: 'done',
  detail: 'filled',
  url: 'http://127.0.0.1:8080/form',
  logRecordId: randomUUID(),
  evidence: { before: null, after: null },
};

describe('idempotency decisions', () => {
  const fingerprint = requestFingerprint({ sessionId: 's1', action: fill });

  it('replays a finished key with replayed: true', () => {
    const decision = decideOnExisting(doneEntry(fingerprint, reply), fingerprint);
    expect(decision).toEqual({ kind: 'replay', reply: { ...reply, replayed: true } });
  });

  it('treats a key still pending (in flight or crashed) as a conflict, never as a go-ahead', () => {
    expect(decideOnExisting(pendingEntry(fingerprint, new Date()), fingerprint)).toEqual({
      kind: 'conflict',
      reason: 'in_progress',
    });
  });

  it('refuses a key reused for another action or session', () => {
    const other = requestFingerprint({ sessionId: 's2', action: fill });
    expect(decideOnExisting(doneEntry(fingerprint, reply), other)).toEqual({
      kind: 'conflict',
      reason: 'different_request',
    });
  });

  it('refuses a stored value it cannot read', () => {
    expect(decideOnExisting('pending', fingerprint)).toEqual({ kind: 'conflict', reason: 'unreadable' });
    expect(decideOnExisting({ state: 'done', fingerprint, reply: { nope: 1 } }, fingerprint)).toMatchObject({
      kind: 'conflict',
    });
  });

  it('fingerprints a request independently of key order', () => {
    const reordered = { value: { secretHandle: 'email' }, locator: '#email', type: 'fill' } as PageAction;
    expect(requestFingerprint({ sessionId: 's1', action: reordered })).toBe(fingerprint);
    const otherValue: PageAction = { type: 'fill', locator: '#email', value: 'x' };
    expect(requestFingerprint({ sessionId: 's1', action: otherValue })).not.toBe(fingerprint);
  });

  it('derives KV-safe keys', () => {
    expect(ledgerKey('order 42 / submit: ✓')).toMatch(/^[a-f0-9]{64}$/);
    expect(ledgerKey('a'.repeat(8))).toBe(ledgerKey('a'.repeat(8)));
  });
});
