import { failureDetail, summarizeAction } from './action-summary.js';
import { expiredSessions } from './session-expiry.js';

describe('summarizeAction', () => {
  it('keeps type and target but never the value', () => {
    const summary = summarizeAction({ type: 'fill', locator: '#pw', value: 'hunter2' });
    expect(summary).toEqual({
      action: 'fill',
      locator: '#pw',
      target: null,
      targetUrl: null,
      valueSource: 'literal',
    });
    expect(JSON.stringify(summary)).not.toContain('hunter2');
    expect(summarizeAction({ type: 'fill', locator: '#pw', value: { secretHandle: 'pw' } }).valueSource).toBe(
      'secret',
    );
    expect(summarizeAction({ type: 'goto', url: 'https://a.example/' })).toMatchObject({
      locator: null,
      targetUrl: 'https://a.example/',
    });
    expect(JSON.stringify(summarizeAction({ type: 'select', locator: '#c', value: 'fr' }))).not.toContain(
      '"fr"',
    );
  });
});

describe('failureDetail', () => {
  it('keeps the first line and the call log, without colours or stack frames', () => {
    const err = new Error(
      "locator.click: Timeout 300ms exceeded.\nCall log:\n\u001b[2m  - waiting for locator('#missing')\u001b[22m\n    at x (<anonymous>:1:1)",
    );
    expect(failureDetail(err)).toBe(
      "locator.click: Timeout 300ms exceeded. - waiting for locator('#missing')",
    );
  });

  it('bounds its length', () => {
    expect(failureDetail(new Error('x'.repeat(5_000)), 100)).toHaveLength(100);
  });
});

describe('expiredSessions', () => {
  it('expires sessions idle long enough and not in use', () => {
    const sessions = new Map([
      ['idle', { lastUsedAt: 0, inUse: 0 }],
      ['busy', { lastUsedAt: 0, inUse: 1 }],
      ['fresh', { lastUsedAt: 900, inUse: 0 }],
    ]);
    expect(expiredSessions({ sessions, now: 1_000, idleMs: 500 })).toEqual(['idle']);
  });
});
