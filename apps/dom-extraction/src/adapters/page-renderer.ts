import { Inject, Injectable } from '@nestjs/common';
import type { Page, Response } from 'playwright-core';
import type { ScriptedElement } from '@forage/contracts';
import { navigateWithin } from '@forage/browser';
import { PolicyDeniedError, UpstreamError } from '@forage/messaging';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';
import { describeNavigationFailure } from '../core/navigation-failure.js';
import type { SettlePolicy, SettleVerdict } from '../core/settle.js';
import { BrowserTimeoutError } from '../errors.js';
import { bounded } from './bounded.js';
import { BrowserPool, type PageLease } from './browser-pool.js';
import { captureDom } from './capture-dom.js';
import { EgressGuard } from './egress-guard.js';
import { scanListeners, type ListenerScan } from './listener-scan.js';
import { NetworkWatch } from './network-watch.js';
import { takeScreenshot } from './screenshot.js';
import { settlePage } from './settle-page.js';

const MAX_REDIRECTS_REPORTED = 50;

export interface RenderRequest {
  readonly url: string;
  readonly sessionId?: string | undefined;
  readonly screenshot: boolean;
  readonly timeoutMs: number;
  /** Called right before each navigation (politeness keeps the host's delay there). */
  readonly beforeNavigate?: () => Promise<void>;
}

/** What the browser saw, before it is stored as evidence. */
export interface RenderedPage {
  readonly finalUrl: string;
  readonly status: number;
  readonly title: string;
  readonly contentType: string;
  /** The response's Retry-After header, for politeness back-off on 429/503. */
  readonly retryAfter: string | undefined;
  readonly loadTimeMs: number;
  readonly html: string;
  readonly screenshot: Buffer | null;
  readonly network: { redirects: string[]; failedRequests: number; blockedRequests: number };
  readonly settled: SettleVerdict;
  readonly scriptedElements: ScriptedElement[];
  /** What the capture inlined and inspected beyond `page.content()`. */
  readonly capture: {
    /** Why a requested screenshot is missing, if it is. */
    screenshotError: string | null;
    /** The page was taller than EXTRACT_SCREENSHOT_MAX_HEIGHT and the screenshot stops there. */
    screenshotClipped: boolean;
    shadowRoots: number;
    frames: number;
    listenerScan: Omit<ListenerScan, 'elements'>;
  };
  /** 2 when the first try crashed and this render is the retry in a fresh context. */
  readonly attempt: 1 | 2;
  /** Where the time went: waiting for a page (incl. a cold launch), loading, settling, capturing. */
  readonly timings: {
    pageReadyMs: number;
    loadMs: number;
    settleMs: number;
    captureMs: number;
    domMs: number;
    scanMs: number;
    screenshotMs: number;
  };
}

/** Renders one URL on a pooled page: navigation, settle wait, capture (DOM, listeners, screenshot). */
@Injectable()
export class PageRenderer {
  private readonly settle: SettlePolicy;

  constructor(
    @Inject(BrowserPool) private readonly pool: BrowserPool,
    @Inject(EgressGuard) private readonly guard: EgressGuard,
    @Inject(DOM_EXTRACTION_CONFIG) private readonly config: DomExtractionConfig,
  ) {
    this.settle = {
      quietMs: config.EXTRACT_SETTLE_QUIET_MS,
      maxMs: config.EXTRACT_SETTLE_MAX_MS,
      pollMs: 50,
    };
  }

  /** The URL must have passed the egress check already (PageExtraction does it first). */
  render(request: RenderRequest): Promise<RenderedPage> {
    const queuedAt = performance.now();
    return this.pool.withPage({ sessionId: request.sessionId, waitMs: request.timeoutMs }, (lease) =>
      this.renderOn(lease, request, performance.now() - queuedAt),
    );
  }

  private async renderOn(
    lease: PageLease,
    request: RenderRequest,
    pageReadyMs: number,
  ): Promise<RenderedPage> {
    const { page } = lease;
    const watch = new NetworkWatch(page, this.guard);
    try {
      const loadStart = performance.now();
      const response = await this.navigate(page, request);
      const loadMs = performance.now() - loadStart;
      const settled = await settlePage({ page, inflight: () => watch.tally.inflight, policy: this.settle });
      const settleMs = performance.now() - loadStart - loadMs;
      const denied = await watch.redirectViolations();
      if (denied[0]) {
        const where = denied[0].mainNavigation ? 'the page redirected' : 'a resource of the page redirected';
        throw new PolicyDeniedError(
          `egress denied for ${request.url}: ${where} to ${denied[0].url}: ${denied[0].detail}`,
        );
      }
      const captureStart = performance.now();
      const dom = await captureDom(page);
      const domMs = performance.now() - captureStart;
      const listeners = await scanListeners(page, {
        maxNodes: this.config.EXTRACT_SCRIPTED_MAX_NODES,
        maxMs: this.config.EXTRACT_SCRIPTED_MAX_MS,
      }).catch((err: unknown) => {
        if (page.isClosed() || err instanceof BrowserTimeoutError) throw err;
        return { elements: [], inspected: 0, complete: false };
      });
      const scanMs = performance.now() - captureStart - domMs;
      let screenshotError: string | null = null;
      const shot = request.screenshot
        ? await takeScreenshot(page, { maxHeight: this.config.EXTRACT_SCREENSHOT_MAX_HEIGHT }).catch(
            (err: unknown) => {
              // the DOM is the evidence that matters; a page too big or too slow to picture keeps it
              if (page.isClosed() || err instanceof BrowserTimeoutError) throw err;
              screenshotError = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
              return null;
            },
          )
        : null;
      const screenshotMs = performance.now() - captureStart - domMs - scanMs;
      const tally = watch.tally;
      const headers = response?.headers() ?? {};
      return {
        finalUrl: httpUrlOr(page.url(), response?.url() ?? request.url),
        status: response?.status() ?? 0,
        title: dom.title,
        contentType: headers['content-type'] ?? '',
        retryAfter: headers['retry-after'],
        loadTimeMs: loadMs,
        html: dom.html,
        screenshot: shot?.png ?? null,
        network: {
          redirects: redirectChain(response),
          failedRequests: tally.failed,
          blockedRequests: tally.blocked,
        },
        settled,
        scriptedElements: listeners.elements,
        capture: {
          screenshotError,
          screenshotClipped: shot?.clipped ?? false,
          shadowRoots: dom.shadowRoots,
          frames: dom.frames,
          listenerScan: { inspected: listeners.inspected, complete: listeners.complete },
        },
        attempt: lease.attempt,
        timings: {
          pageReadyMs,
          loadMs,
          settleMs,
          captureMs: performance.now() - captureStart,
          domMs,
          scanMs,
          screenshotMs,
        },
      };
    } finally {
      watch.stop();
    }
  }

  private async navigate(page: Page, request: RenderRequest): Promise<Response | null> {
    await request.beforeNavigate?.();
    try {
      // a page that never finishes loading is read as far as it got, not abandoned
      const { response } = await bounded({
        call: navigateWithin({ page, url: request.url, timeoutMs: request.timeoutMs }),
        ms: request.timeoutMs + 2_000,
        what: `loading ${request.url}`,
      });
      return response;
    } catch (err) {
      if (err instanceof BrowserTimeoutError || page.isClosed()) throw err;
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
