import type { MainContent } from '@forage/contracts';
import { readLanguage, readLinks, parseHtml } from '@forage/html';
import { extractMainContent } from '@forage/main-content';
import { composedHtml } from './composed-html.js';
import { capMainContent } from './main-content-cap.js';
import { classifyOutcome, type PageOutcome } from './page-outcome.js';

export interface PageAnalysis {
  readonly outcome: PageOutcome;
  /** The main content of a page that is not a wall; absent for walls and when extraction failed. */
  readonly mainContent?: MainContent;
  readonly mainContentError?: string;
  /** The pages it links to and its declared language, when asked for (walls included: a crawler reports them). */
  readonly links?: string[];
  readonly language?: string;
}

/**
 * What the captured page is: a wall or content (read from the composed document, so text in
 * shadow roots and same-origin frames counts), and for content its main content, capped to the
 * contract's limits.
 */
export function analysePage(input: {
  html: string;
  status: number;
  title: string;
  requestedUrl: string;
  finalUrl: string;
  links?: boolean;
}): PageAnalysis {
  const readable = composedHtml(input.html);
  const outcome = classifyOutcome({ ...input, html: readable });
  const linked = input.links === true && outcome.kind === 'ok' ? pageLinks(readable, input.finalUrl) : {};
  if (outcome.kind !== 'ok') return { outcome };
  try {
    return {
      outcome,
      mainContent: capMainContent(extractMainContent(readable, { url: input.finalUrl })),
      ...linked,
    };
  } catch (err) {
    // a page the extractor cannot handle still has its DOM in evidence; the reply just lacks the extract
    return { outcome, mainContentError: err instanceof Error ? err.message : String(err), ...linked };
  }
}

function pageLinks(html: string, url: string): { links: string[]; language?: string } {
  const doc = parseHtml(html);
  const language = readLanguage(doc);
  return { links: readLinks(doc, url), ...(language ? { language } : {}) };
}
