import type { Page, Request } from 'playwright-core';
import type { EgressGuard } from './egress-guard.js';

/** A redirect hop the egress policy would have refused, seen after Chromium followed it. */
export interface RedirectViolation {
  readonly url: string;
  readonly detail: string;
  readonly mainNavigation: boolean;
}

/** Requests that may stay open for as long as the page lives: they do not hold up the settle wait. */
const LONG_LIVED = new Set(['eventsource', 'websocket', 'media', 'manifest']);

export interface NetworkTally {
  readonly inflight: number;
  readonly failed: number;
  readonly blocked: number;
}

/**
 * Watches one render on a (possibly reused) page: requests in flight for the settle wait, failed
 * and egress-blocked request counts, and every redirect hop checked against the egress policy
 * (Playwright does not route redirects, so they cannot be stopped before they go out; a denied hop
 * still makes the page's content unusable). `stop()` detaches from the page.
 */
export class NetworkWatch {
  private inflightCount = 0;
  private failedCount = 0;
  private blockedCount = 0;
  private readonly checks: Promise<void>[] = [];
  private readonly denied: RedirectViolation[] = [];
  private readonly socketsDeniedBefore: number;
  private readonly onRequest = (request: Request): void => {
    if (!LONG_LIVED.has(request.resourceType())) this.inflightCount++;
    if (request.redirectedFrom()) this.checks.push(this.checkRedirect(request));
  };
  private readonly onFinished = (request: Request): void => {
    if (!LONG_LIVED.has(request.resourceType())) this.inflightCount = Math.max(0, this.inflightCount - 1);
  };
  private readonly onFailed = (request: Request): void => {
    this.onFinished(request);
    if (request.failure()?.errorText.includes('ERR_BLOCKED_BY_CLIENT')) this.blockedCount++;
    else this.failedCount++;
  };

  constructor(
    private readonly page: Page,
    private readonly guard: EgressGuard,
  ) {
    this.socketsDeniedBefore = guard.deniedWebSockets(page.context());
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onFinished);
    page.on('requestfailed', this.onFailed);
  }

  get tally(): NetworkTally {
    // refused WebSockets of the page's context during this render count as blocked requests
    const sockets = this.guard.deniedWebSockets(this.page.context()) - this.socketsDeniedBefore;
    return { inflight: this.inflightCount, failed: this.failedCount, blocked: this.blockedCount + sockets };
  }

  /** Redirect hops that the policy denies, once every pending check has finished. */
  async redirectViolations(): Promise<readonly RedirectViolation[]> {
    await Promise.all(this.checks);
    return this.denied;
  }

  stop(): void {
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onFinished);
    this.page.off('requestfailed', this.onFailed);
  }

  private async checkRedirect(request: Request): Promise<void> {
    const verdict = await this.guard.check(request.url());
    // a hop that does not resolve simply fails in the browser; only reachable internal targets matter
    if (verdict.allowed || verdict.reason === 'unresolvable') return;
    this.denied.push({
      url: request.url(),
      detail: verdict.detail,
      mainNavigation: this.isMainNavigation(request),
    });
  }

  private isMainNavigation(request: Request): boolean {
    try {
      return request.isNavigationRequest() && request.frame() === this.page.mainFrame();
    } catch {
      return false;
    }
  }
}
