import { Inject, Injectable } from '@nestjs/common';
import type { Page } from 'playwright-core';
import type { PageAction } from '@forage/contracts';
import { failureDetail } from '../core/action-summary.js';
import { secretRefusal } from '../core/secret-origin.js';
import { categorizeBrowserError, type ActionFailure } from '../core/failure-category.js';
import { checkActionFits } from '../core/interpreter.js';
import { newNotices, type Notice } from '../core/notices.js';
import { redactSecrets, type ResolvedSecret } from '../core/redact.js';
import { rankedSelectors } from '../core/target-locators.js';
import { EgressGuard } from './egress-guard.js';
import { watchRequests } from './network-quiet.js';
import { performAction, settleAfterAction, type UploadFile } from './page-actions.js';
import { landingConfirmation, readNotices } from './page-notices.js';
import { PageSnapshots, type PageEvidence } from './page-snapshots.js';
import type { ActionSession } from './session-pages.js';
import { resolveTarget, type ResolvedTarget } from './target-resolver.js';

/** How one action went, already scrubbed of secrets. */
export interface AttemptOutcome {
  readonly status: 'done' | 'failed';
  readonly outcome: 'success' | 'fail' | 'partial';
  readonly failure: ActionFailure | null;
  readonly detail: string;
  readonly url: string;
  readonly urlChanged: boolean;
  readonly matchedLocator: string | null;
  readonly retries: number;
  readonly dialogs: { type: string; message: string }[];
  readonly messages: Notice[];
  readonly before: PageEvidence;
  readonly after: PageEvidence;
  readonly timings: { actionMs: number; evidenceMs: number };
}

/** The expected outcome of a command, checked on the page after it ran. */
export interface ExpectedOutcome {
  readonly urlChange?: boolean | undefined;
  readonly text?: string | undefined;
}

/** What the interpreter and runner worked out about a performed (or refused) action. */
interface Performed {
  detail: string;
  failure: ActionFailure | null;
  target: ResolvedTarget | null;
  retries: number;
  /** false when the action was refused before the page was touched */
  ran: boolean;
}

const NO_TARGET = new Set<PageAction['type']>(['goto', 'go_back']);
/** Actions that can make a page answer (submit, choose, toggle); a fill's echo is not a notice. */
const ANSWERED = new Set<PageAction['type']>(['click', 'press', 'select', 'check', 'uncheck', 'upload']);

/**
 * One action on a session's page, through the pipeline: the resolver finds the target (trying
 * its locators by stability), the interpreter checks the action fits it, the runner performs it,
 * and the feedback collector records before/after DOM and screenshot, URL change, dialogs and
 * what the page said. Once it starts it never throws: whatever the page or browser does becomes
 * a failed outcome with a category, because the action may already have had an effect that the
 * idempotency ledger must record.
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
    files: readonly UploadFile[];
    timeoutMs: number;
    expect: ExpectedOutcome | undefined;
  }): Promise<AttemptOutcome> {
    const { session, action } = input;
    const { page } = session;
    const deadline = Date.now() + input.timeoutMs;
    if (input.secret) session.secrets.set(input.secret.value, input.secret);
    let evidenceMs = 0;
    const timed = async <T>(work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        evidenceMs += performance.now() - started;
      }
    };

    const before = await timed(() => this.snapshots.capture(page, [...session.secrets.values()]));
    const actionStarted = performance.now();
    session.blocked.length = 0;
    session.dialogs.length = 0;
    const urlBefore = page.url();
    const navigationsBefore = session.navigations.count;
    let noticesBefore: Notice[] = [];
    const performed = await this.perform({
      ...input,
      secret: input.secret,
      deadline,
      beforeRun: async () => {
        if (ANSWERED.has(action.type))
          noticesBefore = await timed(() => readNotices({ page, near: null, validation: false }));
      },
    });
    const actionMs = performance.now() - actionStarted;
    if (!performed.failure && input.secret && performed.target)
      await this.rememberHeldValue(session, performed.target, input.secret);
    const secrets = [...session.secrets.values()];
    const urlChanged = page.url() !== urlBefore;
    const navigated = session.navigations.count !== navigationsBefore;

    const messages = await timed(async () =>
      !ANSWERED.has(action.type) || performed.failure
        ? []
        : navigated
          ? await landingConfirmation(page)
          : newNotices(
              noticesBefore,
              await readNotices({
                page,
                near: performed.target?.locator ?? null,
                validation: action.type === 'click' || action.type === 'press',
              }),
            ),
    );
    const after = !performed.ran ? before : await timed(() => this.snapshots.capture(page, secrets));
    const missed = performed.failure
      ? undefined
      : await this.missedExpectation(page, { urlChanged, expect: input.expect });
    const scrub = (text: string): string => redactSecrets(text, secrets);
    const failure = performed.failure
      ? { ...performed.failure, message: scrub(performed.failure.message).slice(0, 1_000) }
      : null;
    return {
      status: failure ? 'failed' : 'done',
      outcome: failure ? 'fail' : missed ? 'partial' : 'success',
      failure,
      detail: scrub(missed ? `${performed.detail}; ${missed}` : performed.detail).slice(0, 2_000),
      url: scrub(page.url()),
      urlChanged,
      matchedLocator: performed.target?.selector ?? null,
      retries: performed.retries,
      dialogs: session.dialogs.map((d) => ({ type: d.type, message: scrub(d.message) })).slice(0, 10),
      messages: messages.map((m) => ({ kind: m.kind, text: scrub(m.text).slice(0, 500) })),
      before,
      after,
      timings: { actionMs, evidenceMs },
    };
  }

  /** Resolver → interpreter → runner; a refusal or an error becomes a categorised failure. */
  private async perform(input: {
    session: ActionSession;
    action: PageAction;
    fillValue: string | undefined;
    secret: ResolvedSecret | undefined;
    files: readonly UploadFile[];
    deadline: number;
    beforeRun: (target: ResolvedTarget | null) => Promise<void>;
  }): Promise<Performed> {
    const { session, action } = input;
    const { page } = session;
    const left = (): number => Math.max(1, input.deadline - Date.now());
    let target: ResolvedTarget | null = null;
    const selectors = action.type === 'goto' || action.type === 'go_back' ? [] : rankedSelectors(action);
    if (!NO_TARGET.has(action.type) && selectors.length > 0) {
      if (action.type === 'wait_for') {
        const anyOf = selectors.map((s) => page.locator(s)).reduce((a, b) => a.or(b));
        target = { locator: anyOf.first(), selector: selectors.join(' | '), matches: 0, facts: null };
      } else {
        target = await resolveTarget({ page, selectors, timeoutMs: left() });
        if (!target)
          return refusal({ category: 'not_found', message: `no element matches ${selectors.join(' or ')}` });
        const refused = target.facts ? checkActionFits(action, target.facts) : null;
        if (refused) return { ...refusal(refused), target };
      }
    }
    let dropTarget: ResolvedTarget | null = null;
    if (action.type === 'drag') {
      const drop = rankedSelectors({ target: action.to });
      dropTarget = await resolveTarget({ page, selectors: drop, timeoutMs: left() });
      if (!dropTarget)
        return refusal({ category: 'not_found', message: `nothing to drop on matches ${drop.join(' or ')}` });
    }
    const foreign = input.secret ? secretRefusal(input.secret, page.url()) : undefined;
    if (foreign) return { ...refusal({ category: 'blocked', message: foreign }), target };
    await input.beforeRun(target);
    const requests = watchRequests(page);
    try {
      const { detail, retries } = await performAction({
        page,
        action,
        target,
        dropTarget,
        fillValue: input.fillValue,
        files: input.files,
        timeoutMs: left(),
      });
      await settleAfterAction(page, input.deadline - Date.now());
      await requests.quiet(input.deadline - Date.now());
      const denied = await this.egressDenial(session);
      if (denied)
        return {
          detail: denied,
          failure: { category: 'blocked', message: denied },
          target,
          retries,
          ran: true,
        };
      const blocked = session.blocked.length;
      return {
        detail:
          blocked > 0
            ? `${detail}; ${blocked} request(s) blocked by the egress policy or robots.txt`
            : detail,
        failure: null,
        target,
        retries,
        ran: true,
      };
    } catch (err) {
      const denied = await this.egressDenial(session);
      const message = denied ?? failureDetail(err);
      const category = denied
        ? 'blocked'
        : categorizeBrowserError(err instanceof Error ? err.message : String(err));
      return { detail: message, failure: { category, message }, target, retries: 0, ran: true };
    } finally {
      requests.stop();
    }
  }

  /**
   * What the field holds after a secret was filled (trimmed, cut at maxlength, without line
   * breaks) becomes a secret of its own, so every form the page can show is redacted.
   */
  private async rememberHeldValue(
    session: ActionSession,
    target: ResolvedTarget,
    secret: ResolvedSecret,
  ): Promise<void> {
    const held = await target.locator
      .evaluate((el: Element) =>
        'value' in el && typeof (el as HTMLInputElement).value === 'string'
          ? (el as HTMLInputElement).value
          : (el as HTMLElement).innerText,
      )
      .catch(() => '');
    if (held.length > 0 && held !== secret.value)
      session.secrets.set(held, { handle: secret.handle, value: held });
  }

  /** Why an action that ran did not reach its expected outcome, if it did not. */
  private async missedExpectation(
    page: Page,
    input: { urlChanged: boolean; expect: ExpectedOutcome | undefined },
  ): Promise<string | undefined> {
    const expected = input.expect;
    if (!expected) return undefined;
    if (expected.urlChange !== undefined && expected.urlChange !== input.urlChanged)
      return expected.urlChange
        ? 'expected the URL to change; it did not'
        : 'expected the URL to stay; it changed';
    if (expected.text !== undefined) {
      const shown = await page
        .getByText(expected.text)
        .first()
        .isVisible()
        .catch(() => false);
      if (!shown) return 'the expected text is not on the page';
    }
    return undefined;
  }

  /**
   * Why the action counts as failed on egress grounds: its navigation was blocked, or it landed
   * on a denied address through a redirect (redirect hops are not routed past the guard, so the
   * landing page is checked and left before anything of it is captured).
   */
  private async egressDenial(session: ActionSession): Promise<string | undefined> {
    const blocked = session.blocked.find((b) => b.navigation);
    if (blocked) {
      // a refused link or form leaves Chromium's error page: return to where the action started
      if (session.page.url().startsWith('chrome-error:'))
        await session.page.goBack({ timeout: 5_000 }).catch(() => undefined);
      return blocked.reason;
    }
    const verdict = await this.egress.verdict(session.page.url(), { allowLocalSchemes: true });
    if (verdict.allowed) return undefined;
    await session.page.goto('about:blank').catch(() => undefined);
    return `egress denied after a redirect: ${verdict.reason}`;
  }
}

function refusal(failure: ActionFailure): Performed {
  return { detail: failure.message, failure, target: null, retries: 0, ran: false };
}
