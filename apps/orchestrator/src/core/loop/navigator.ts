import type { PageAction } from '@forage/contracts';

/** The limits every run stops at, whatever it has found. */
export interface RunLimits {
  readonly maxPages: number;
  readonly maxSteps: number;
  readonly maxSearches: number;
  /** Wall time from the start of the run. */
  readonly maxWallMs: number;
  /** Pages read on one site during exploration (the seed's default is 5). */
  readonly maxPagesPerSite: number;
}

/** An action the navigator can take on the page it is on. */
export interface PageActPlan {
  readonly url: string;
  readonly purpose: 'disclose' | 'search-form' | 'task-form' | 'instruction';
  readonly actions: readonly PageAction[];
  readonly described: readonly string[];
  /** The page state the actions start from (its DOM snapshot digest): with the actions, the loop key. */
  readonly stateKey: string;
  /** For an instruction: how many of its steps the actions carry out. */
  readonly consumed?: number;
}

export type Decision =
  | { readonly action: 'SEARCH'; readonly query: string; readonly partId: string; readonly why: string }
  | { readonly action: 'VISIT'; readonly url: string; readonly why: string }
  | { readonly action: 'AGGREGATE'; readonly why: string }
  | { readonly action: 'GO_BACK'; readonly from: string; readonly why: string }
  | { readonly action: 'ACT'; readonly plan: PageActPlan; readonly why: string }
  | { readonly action: 'TERMINATE'; readonly reason: TerminateReason; readonly why: string };

export type TerminateReason = 'sufficient' | 'page_limit' | 'step_limit' | 'time_limit' | 'exhausted';

/** Everything the navigator looks at; the research loop keeps it, the navigator only reads it. */
export interface LoopView {
  readonly limits: RunLimits;
  readonly elapsedMs: number;
  readonly steps: number;
  readonly pagesRead: number;
  readonly searches: number;
  /** Something was read since the last aggregation. */
  readonly unaggregated: boolean;
  /** Every part answered (and, for listings, the listing pages followed). */
  readonly sufficient: boolean;
  /** The user's own URLs not read yet. */
  readonly startUrls: readonly string[];
  /** Actions available on the page just read, not tried yet in this page state. */
  readonly pageActs: readonly PageActPlan[];
  /** The last page read added nothing, and its links are still queued: backtrack. */
  readonly deadBranch?: string;
  /** The best link of the current site's frontier (pagination first while it adds items). */
  readonly nextLink?: { readonly url: string; readonly text: string; readonly score: number };
  /** Search results not visited yet, best first. */
  readonly resultUrls: readonly string[];
  /** The query the aggregator's feedback asks for next (never one already run). */
  readonly feedbackQuery?: { readonly query: string; readonly missing: string; readonly partId: string };
  readonly visited: ReadonlySet<string>;
  readonly actKeysTried: ReadonlySet<string>;
  /** Why the run may not search (the question is about the page the user gave): no query is run. */
  readonly searchClosed?: string;
}

/** The key that detects a loop: the same actions on the same page state. */
export function actKey(plan: Pick<PageActPlan, 'url' | 'actions' | 'stateKey'>): string {
  return `${plan.stateKey}|${JSON.stringify(plan.actions)}`;
}

/**
 * The navigator: one pure decision per step. Limits first, then sufficiency, then what was just
 * read is aggregated; the user's pages come before any search; on a page, acting (disclosure, a
 * search form) comes before following its links; a dead branch is backtracked; the frontier of the
 * current site before other search results; a new query shaped by feedback when nothing is left,
 * unless searching is closed (the question is about the page the user gave), when the run ends.
 */
export function decide(view: LoopView): Decision {
  const { limits } = view;
  if (view.elapsedMs >= limits.maxWallMs)
    return {
      action: 'TERMINATE',
      reason: 'time_limit',
      why: `wall time ${String(Math.round(view.elapsedMs))} ms reached the limit`,
    };
  if (view.steps >= limits.maxSteps)
    return {
      action: 'TERMINATE',
      reason: 'step_limit',
      why: `${String(view.steps)} steps reached the limit`,
    };
  if (view.unaggregated) return { action: 'AGGREGATE', why: 'new material was read' };
  if (view.sufficient) return { action: 'TERMINATE', reason: 'sufficient', why: 'every part is answered' };
  const pagesLeft = view.pagesRead < limits.maxPages;
  const unvisited = (url: string): boolean => !view.visited.has(url);
  const start = view.startUrls.find(unvisited);
  if (start && pagesLeft) return { action: 'VISIT', url: start, why: 'a page the user gave' };
  const act = view.pageActs.find((p) => !view.actKeysTried.has(actKey(p)));
  if (act && pagesLeft) return { action: 'ACT', plan: act, why: `${act.purpose} on ${act.url}` };
  if (view.deadBranch)
    return {
      action: 'GO_BACK',
      from: view.deadBranch,
      why: 'the last page added nothing; back to the queue it came from',
    };
  if (view.nextLink && unvisited(view.nextLink.url) && pagesLeft)
    return {
      action: 'VISIT',
      url: view.nextLink.url,
      why: `link "${view.nextLink.text}" (score ${view.nextLink.score.toFixed(1)})`,
    };
  const result = view.searchClosed === undefined ? view.resultUrls.find(unvisited) : undefined;
  if (result && pagesLeft) return { action: 'VISIT', url: result, why: 'next search result' };
  if (!pagesLeft)
    return {
      action: 'TERMINATE',
      reason: 'page_limit',
      why: `${String(view.pagesRead)} pages reached the limit`,
    };
  if (view.searchClosed !== undefined)
    return {
      action: 'TERMINATE',
      reason: 'exhausted',
      why: `the page and its links on the same site were read; no search elsewhere: ${view.searchClosed}`,
    };
  if (view.feedbackQuery && view.searches < limits.maxSearches)
    return {
      action: 'SEARCH',
      query: view.feedbackQuery.query,
      partId: view.feedbackQuery.partId,
      why: `missing: ${view.feedbackQuery.missing}`,
    };
  return { action: 'TERMINATE', reason: 'exhausted', why: 'no page, link or query left to try' };
}
