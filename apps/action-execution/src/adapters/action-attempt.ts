import { Inject, Injectable } from '@nestjs/common';
import type { EvidenceRef, PageAction } from '@forage/contracts';
import { failureDetail } from '../core/action-summary.js';
import { redactSecrets, type ResolvedSecret } from '../core/redact.js';
import { EgressGuard } from './egress-guard.js';
import { performAction, settleAfterAction } from './page-actions.js';
import { PageSnapshots } from './page-snapshots.js';
import type { ActionSession } from './session-pages.js';

/** How one performed action went, already scrubbed of secrets. */
export interface AttemptOutcome {
  readonly status: 'done' | 'failed';
  readonly detail: string;
  readonly url: string;
  readonly before: EvidenceRef | null;
  readonly after: EvidenceRef | null;
}

/**
 * One action on a session's page between two DOM snapshots. Once it starts it never throws:
 * whatever the page or browser does becomes a 'failed' outcome with a detail, because the
 * action may already have had an effect that the idempotency ledger must record.
 */
@Injectable()
export class ActionAttempt {
  constructor(
    @Inject(PageSnapshots) private readonly snapshots: PageSnapshots,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
  ) {}

  async run(input: {
    session: ActionSession;
    action: PageAction;
    fillValue: string | undefined;
    secret: ResolvedSecret | undefined;
    timeoutMs: number;
  }): Promise<AttemptOutcome> {
    const { session, action, timeoutMs } = input;
    const { page } = session;
    const deadline = Date.now() + timeoutMs;
    if (input.secret) session.secrets.set(input.secret.handle, input.secret);
    const before = await this.snapshots.capture(page, session.secrets.values());
    session.blocked.length = 0;
    let status: AttemptOutcome['status'] = 'done';
    let detail: string;
    try {
      detail = await performAction({ page, action, fillValue: input.fillValue, timeoutMs });
      await settleAfterAction(page, deadline - Date.now());
      const denied = await this.egressDenial(session);
      if (denied) {
        status = 'failed';
        detail = denied;
      } else if (session.blocked.length > 0) {
        detail += `; ${session.blocked.length} request(s) blocked by the egress policy`;
      }
    } catch (err) {
      status = 'failed';
      detail = (await this.egressDenial(session)) ?? failureDetail(err);
    }
    const after = await this.snapshots.capture(page, session.secrets.values());
    const scrub = (text: string): string => redactSecrets(text, session.secrets.values());
    return { status, detail: scrub(detail).slice(0, 2_000), url: scrub(page.url()), before, after };
  }

  /**
   * Why the action counts as failed on egress grounds: its navigation was blocked, or it landed
   * on a denied address through a redirect (redirect hops are not routed past the guard, so the
   * landing page is checked and left before anything of it is captured).
   */
  private async egressDenial(session: ActionSession): Promise<string | undefined> {
    const blocked = session.blocked.find((b) => b.navigation);
    if (blocked) return `egress denied: ${blocked.reason}`;
    const verdict = await this.egress.verdict(session.page.url(), { allowLocalSchemes: true });
    if (verdict.allowed) return undefined;
    await session.page.goto('about:blank').catch(() => undefined);
    return `egress denied after a redirect: ${verdict.reason}`;
  }
}
