import type { StoredLogRecord } from '@forage/contracts';
import { aLogRecord } from '@forage/testing';
import { failureOf } from './failure-category.js';

function stored(status: 'success' | 'fail' | 'partial', data: Record<string, unknown>): StoredLogRecord {
  return {
    ...aLogRecord({ status, output: { data } }),
    seq: 7,
    prev_hash: '0'.repeat(64),
    hash: 'a'.repeat(64),
  };
}

const category = (status: 'fail' | 'partial', data: Record<string, unknown>) =>
  failureOf(stored(status, data))?.category;

describe('failureOf', () => {
  it('leaves successful records out', () => {
    expect(failureOf(stored('success', { url: 'https://x.example/' }))).toBeUndefined();
  });

  it("maps action-execution's failure categories", () => {
    expect(category('fail', { failure: { category: 'not_found', message: 'no #buy' } })).toBe(
      'selector_mismatch',
    );
    expect(category('fail', { failure: { category: 'detached', message: 'gone' } })).toBe(
      'selector_mismatch',
    );
    expect(category('fail', { failure: { category: 'timeout', message: 'slow' } })).toBe('timeout');
    expect(category('fail', { failure: { category: 'navigation_failed', message: 'ERR_NAME' } })).toBe(
      'network',
    );
    expect(category('fail', { failure: { category: 'blocked', message: 'captcha' } })).toBe('blocked');
    expect(category('fail', { failure: { category: 'not_applicable', message: 'not a checkbox' } })).toBe(
      'validation',
    );
    expect(
      failureOf(stored('fail', { failure: { category: 'not_found', message: 'no #buy' } }))?.detail,
    ).toBe('not_found: no #buy');
  });

  it('maps typed error codes, and the words of an unknown one', () => {
    expect(category('fail', { error: { code: 'timeout', message: 'render took too long' } })).toBe('timeout');
    expect(
      category('fail', { error: { code: 'upstream_failed', message: 'net::ERR_CONNECTION_REFUSED' } }),
    ).toBe('network');
    expect(category('fail', { error: { code: 'egress_denied', message: 'private address' } })).toBe(
      'blocked',
    );
    expect(category('fail', { error: { code: 'invalid_request', message: 'bad url' } })).toBe('validation');
    expect(
      category('fail', { error: { code: 'internal', message: 'Navigation timeout of 30000 ms exceeded' } }),
    ).toBe('timeout');
    expect(category('fail', { error: { code: 'internal', message: 'boom' } })).toBe('other');
  });

  it("reads dom-extraction's blocked outcome and HTTP status", () => {
    expect(
      category('partial', { outcome: { kind: 'blocked', reason: 'captcha', detail: 'a challenge page' } }),
    ).toBe('blocked');
    expect(category('partial', { outcome: { kind: 'ok' }, status: 503 })).toBe('network');
  });
});
