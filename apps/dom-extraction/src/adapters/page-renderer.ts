import { Inject, Injectable } from '@nestjs/common';
import type { Page, Response } from 'playwright-core';
import { PolicyDeniedError, UpstreamError } from '@forage/messaging';
import { describeNavigationFailure } from '../core/navigation-failure.js';
import type { SettleVerdict } from '../core/settle.js';
import { BrowserTimeoutError } from '../errors.js';
import { bounded } from './bounded.js';
import { BrowserPool } from './browser-pool.js';
import { EgressGuard } from './egress-guard.js';
import { NetworkWatch } from './network-watch.js';
import { settlePage } from './settle-page.js';

/** Limit on each capture call (DOM serialisation, title, full-page screenshot). */
const CAPTURE_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS_REPORTED = 50;

export interface RenderRequest {
  readonly url: string;
  readonly sessionId?: string | undefined;
  readonly screenshot: boolean;
  readonly timeoutMs: number;
}

/** What the browser saw, before it is stored as evidence. */
export interface RenderedPage {
  readonly finalUrl: string;
  readonly status: number;
  readonly title: string;
  readonly contentType: string;
  readonly loadTimeMs: number;
  readonly html: string;
  readonly screenshot: Buffer | null;
  readonly network: { redirects: string[]; failedRequests: number; blockedRequests: number };
  readonly settled: SettleVerdict;
  /** Where the time went: waiting for a page (incl. a cold launch), loading, settling, capturing. */
  readonly timings: { pageReadyMs: number; loadMs: number; settleMs: number; captureMs: number };
}

/** Renders one URL on a pooled page: egress check, navigation, settle wait, capture. */
@Injectable()
export class PageRenderer {
  constructor(
    @Inject(BrowserPool) private readonly pool: BrowserPool,
    @Inject(EgressGuard) private readonly guard: EgressGuard,
  ) {}

  async render(request: RenderRequest): Promise<RenderedPage> {
    await this.admit(request.url);
    const queuedAt = performance.now();
    return this.pool.withPage({ sessionId: request.sessionId, waitMs: request.timeoutMs }, (page) =>
      this.renderOn(page, request, performance.now() - queuedAt),
    );
  }

  /** The top-level URL is judged before any page or connection is used for it. */
  private async admit(url: string): Promise<void> {
    const verdict = await this.guard.check(url);
    if (verdict.allowed) return;
    if (verdict.reason === 'unresolvable')
      throw new UpstreamError(`navigation to ${url} failed: ${verdict.detail}`);
    throw new PolicyDeniedError(`egress denied for ${url}: ${verdict.detail}`);
  }

  private async renderOn(page: Page, request: RenderRequest, pageReadyMs: number): Promise<RenderedPage> {
    const watch = new NetworkWatch(page, this.guard);
    try {
      const loadStart = performance.now();
      const response = await this.navigate(page, request);
      const loadMs = performance.now() - loadStart;
      const settled = await settlePage({ page, inflight: () => watch.tally.inflight });
      const settleMs = performance.now() - loadStart - loadMs;
      const denied = await watch.redirectViolations();
      if (denied[0]) {
        const where = denied[0].mainNavigation ? 'the page redirected' : 'a resource of the page redirected';
        throw new PolicyDeniedError(
          `egress denied for ${request.url}: ${where} to ${denied[0].url}: ${denied[0].detail}`,
        );
      }
      const captureStart = performance.now();
      const capture = <T>(call: Promise<T>, what: string): Promise<T> =>
        bounded({ call, ms: CAPTURE_TIMEOUT_MS, what });
      const html = await capture(page.content(), 'serialising the DOM');
      const title = await capture(page.title(), 'reading the title');
      const screenshot = request.screenshot
        ? await capture(
            page.screenshot({ fullPage: true, type: 'png', timeout: CAPTURE_TIMEOUT_MS - 1_000 }),
            'taking a screenshot',
          )
        : null;
      const tally = watch.tally;
      return {
        finalUrl: httpUrlOr(page.url(), response?.url() ?? request.url),
        status: response?.status() ?? 0,
        title,
        contentType: response?.headers()['content-type'] ?? '',
        loadTimeMs: loadMs,
        html,
        screenshot,
        network: {
          redirects: redirectChain(response),
          failedRequests: tally.failed,
          blockedRequests: tally.blocked,
        },
        settled,
        timings: { pageReadyMs, loadMs, settleMs, captureMs: performance.now() - captureStart },
      };
    } finally {
      watch.stop();
    }
  }

  private async navigate(page: Page, request: RenderRequest): Promise<Response | null> {
    try {
      return await bounded({
        call: page.goto(request.url, { waitUntil: 'load', timeout: request.timeoutMs }),
        ms: request.timeoutMs + 2_000,
        what: `loading ${request.url}`,
      });
    } catch (err) {
      if (err instanceof BrowserTimeoutError) throw err;
      const failure = describeNavigationFailure({
        url: request.url,
        errorText: err instanceof Error ? err.message : String(err),
      });
      if (failure.kind === 'egress_blocked')
        throw new PolicyDeniedError(`egress denied: ${failure.message}`, { cause: err });
      throw new UpstreamError(failure.message, { cause: err });
    }
  }
}

/** URLs the main request was redirected through, oldest first (the final URL not included). */
function redirectChain(response: Response | null): string[] {
  const chain: string[] = [];
  for (
    let from = response?.request().redirectedFrom() ?? null;
    from && chain.length < MAX_REDIRECTS_REPORTED;
    from = from.redirectedFrom()
  ) {
    chain.unshift(from.url());
  }
  return chain;
}

/** The page's own URL unless a script left it on a non-web URL (about:blank, an error page). */
function httpUrlOr(url: string, fallback: string): string {
  return /^https?:\/\//i.test(url) ? url : fallback;
}
