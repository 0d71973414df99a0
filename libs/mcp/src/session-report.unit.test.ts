import type { ActResponse } from '@forage/contracts';
import { actText } from './session-report.js';

const sha = (c: string): string => c.repeat(64);
const ref = (c: string) => ({
  sha256: sha(c),
  kind: 'dom_snapshot' as const,
  size: 1,
  contentType: 'text/html',
});

describe('actText', () => {
  it('says per step what happened, the failure in the page’s terms, and the evidence ids', () => {
    const done: ActResponse = {
      sessionId: '11111111-1111-4111-8111-111111111111',
      runId: '22222222-2222-4222-8222-222222222222',
      results: [
        {
          index: 0,
          sessionId: 's',
          idempotencyKey: 'k0000000',
          replayed: false,
          status: 'failed',
          outcome: 'fail',
          detail: 'click',
          url: 'http://site/form',
          logRecordId: '33333333-3333-4333-8333-333333333333',
          evidence: { before: ref('a'), after: ref('b') },
          failure: { category: 'disabled', message: 'the button is disabled' },
          messages: [{ kind: 'error', text: 'Email is required' }],
        },
        { index: 1, error: { code: 'egress_denied', message: 'egress denied: 10.0.0.1', retryable: false } },
      ],
      skipped: 2,
    };
    expect(actText(done).split('\n')).toEqual([
      `#0 failed (fail) click — disabled: the button is disabled — page says: Email is required — now at http://site/form; evidence before ${sha('a')}, after ${sha('b')}, log record 33333333-3333-4333-8333-333333333333`,
      '#1 refused: egress_denied: egress denied: 10.0.0.1',
      '2 action(s) not run after the failure',
    ]);
  });
});
