import type { EvidenceRef, MainContent, PageSnapshot, ScriptedElement } from '@forage/contracts';
import type { PageOutcome } from './page-outcome.js';

/** The parts of a render the reply carries (the DOM and screenshot travel as evidence refs). */
export interface RenderSummary {
  readonly finalUrl: string;
  readonly status: number;
  readonly title: string;
  readonly contentType: string;
  readonly loadTimeMs: number;
  readonly network: PageSnapshot['network'];
}

/** Builds the reply, clipping free-text fields to what the contract allows. */
export function toPageSnapshot(input: {
  requestedUrl: string;
  render: RenderSummary;
  outcome: PageOutcome;
  evidence: { domSnapshot: EvidenceRef; screenshot: EvidenceRef | null };
  logRecordId: string;
  mainContent?: MainContent | undefined;
  scriptedElements?: readonly ScriptedElement[] | undefined;
  links?: readonly string[] | undefined;
  language?: string | undefined;
}): PageSnapshot {
  const { render } = input;
  return {
    requestedUrl: input.requestedUrl,
    finalUrl: render.finalUrl,
    status: render.status,
    title: render.title.slice(0, 1000),
    contentType: render.contentType.slice(0, 200),
    loadTimeMs: Math.max(0, Math.round(render.loadTimeMs)),
    outcome: input.outcome,
    logRecordId: input.logRecordId,
    evidence: { domSnapshot: input.evidence.domSnapshot, screenshot: input.evidence.screenshot },
    network: { ...render.network, redirects: render.network.redirects.slice(0, 50) },
    ...(input.mainContent ? { mainContent: input.mainContent } : {}),
    ...(input.scriptedElements ? { scriptedElements: input.scriptedElements.slice(0, 500) } : {}),
    ...(input.links ? { links: input.links.slice(0, 1000) } : {}),
    ...(input.language ? { language: input.language.slice(0, 35) } : {}),
  };
}
