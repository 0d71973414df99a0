import { Inject, Injectable } from '@nestjs/common';
import type { MainContent, ScriptedElement } from '@forage/contracts';
import { PolicyDeniedError, UpstreamError } from '@forage/messaging';
import { analysePage } from '../core/analyse-page.js';
import type { PageOutcome } from '../core/page-outcome.js';
import type { RenderSummary } from '../core/page-snapshot.js';
import { EgressGuard } from './egress-guard.js';
import { PageRenderer, type RenderedPage, type RenderRequest } from './page-renderer.js';
import { Politeness } from './politeness.js';
import { SnapshotEvidence, type StoredEvidence } from './snapshot-evidence.js';

/** One extraction's result, before it is logged and turned into the reply. */
export interface Extraction {
  readonly render: RenderSummary;
  readonly outcome: PageOutcome;
  readonly evidence: StoredEvidence;
  readonly mainContent?: MainContent | undefined;
  readonly scriptedElements?: readonly ScriptedElement[] | undefined;
  readonly links?: readonly string[] | undefined;
  readonly language?: string | undefined;
  /** Diagnostics for the log record. */
  readonly details: Record<string, unknown>;
}

/**
 * A request from URL to stored evidence: egress check, politeness (robots.txt, the host's turn),
 * rendering, then in parallel the evidence puts and the page analysis (wall or content, main
 * content). A refusal before navigation is an outcome with its own evidence, like a wall.
 */
@Injectable()
export class PageExtraction {
  constructor(
    @Inject(EgressGuard) private readonly guard: EgressGuard,
    @Inject(Politeness) private readonly politeness: Politeness,
    @Inject(PageRenderer) private readonly renderer: PageRenderer,
    @Inject(SnapshotEvidence) private readonly evidence: SnapshotEvidence,
  ) {}

  async extract(request: RenderRequest & { readonly links?: boolean }): Promise<Extraction> {
    await this.admit(request.url);
    const url = new URL(request.url);
    const admission = await this.politeness.admit(url, request.timeoutMs);
    if (admission.kind === 'refused') {
      const { outcome, record } = admission.refusal;
      return {
        render: {
          finalUrl: url.href,
          status: 0,
          title: '',
          contentType: '',
          loadTimeMs: 0,
          network: NO_NETWORK,
        },
        outcome,
        evidence: await this.evidence.saveRefusal(record),
        details: { navigated: false },
      };
    }
    let rendered: RenderedPage;
    try {
      rendered = await this.renderer.render({ ...request, beforeNavigate: admission.start });
    } finally {
      admission.release();
    }
    admission.observe(rendered);
    const storing = performance.now();
    const saving = this.evidence.save(rendered);
    saving.catch(() => undefined);
    const analysis = analysePage({ ...rendered, requestedUrl: request.url, links: request.links === true });
    const analysisMs = performance.now() - storing;
    const evidence = await saving;
    const storeMs = performance.now() - storing;
    const { finalUrl, status, title, contentType, network, settled, timings, capture, attempt } = rendered;
    return {
      render: rendered,
      outcome: analysis.outcome,
      evidence,
      mainContent: analysis.mainContent,
      scriptedElements: rendered.scriptedElements,
      links: analysis.links,
      language: analysis.language,
      details: {
        finalUrl,
        status,
        title,
        contentType,
        network,
        settled,
        timings: { ...timings, analysisMs, storeMs },
        capture,
        attempt,
        ...(analysis.mainContentError ? { mainContentError: analysis.mainContentError } : {}),
      },
    };
  }

  /** The top-level URL is judged before any page or connection is used for it. */
  private async admit(url: string): Promise<void> {
    const verdict = await this.guard.check(url);
    if (verdict.allowed) return;
    if (verdict.reason === 'unresolvable')
      throw new UpstreamError(`navigation to ${url} failed: ${verdict.detail}`);
    throw new PolicyDeniedError(`egress denied for ${url}: ${verdict.detail}`);
  }
}

const NO_NETWORK = { redirects: [], failedRequests: 0, blockedRequests: 0 };
