import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import type { MainItem } from '../aggregate/main-item.js';
import type { Lead } from '../activities.js';
import type { ListingItem } from '../aggregate/listing-items.js';
import { SiteFrontier, normalizeUrl } from '../explore/site-frontier.js';
import type { PageSnapshot } from '../activities.js';
import type { PageActPlan, RunLimits } from './navigator.js';
import type { FormField, PageStructure } from '../explore/page-structure.js';
import type { TaskSpec } from '../plan/plan.js';
import { RunSpend } from './spend.js';

/** What one run has gathered so far; the research loop owns it, the navigator reads a view of it. */
export class RunState {
  readonly visited = new Set<string>();
  readonly queriesTried = new Set<string>();
  readonly actKeysTried = new Set<string>();
  /** Sites whose search form this run has used. */
  readonly formsUsed = new Set<string>();
  readonly expectedRecordIds: string[] = [];
  readonly chunks: SourcedChunk[] = [];
  /** Page labels ("Area (km²)") seen on each page, by page URL. */
  readonly labels = new Map<string, string[]>();
  readonly items: { item: ListingItem; context: string }[] = [];
  /** The record each detail page read is about (dom-understanding's `main` listing), by page URL. */
  readonly mainItems = new Map<string, MainItem>();
  readonly answers = new Map<string, ScoredAnswer>();
  /**
   * Each unanswered part's latest plausible answer over everything read (processing did not
   * abstain, but it is below the sufficient confidence): what the run releases, once verified, if
   * nothing better is found before a limit; its bridge entity shapes the next query.
   */
  readonly tentative = new Map<string, ScoredAnswer>();
  /** Each unanswered part's follow-up queries from processing (a second hop's names), latest reply's. */
  readonly leads = new Map<string, readonly Lead[]>();
  /** LLM and paid-search spend reported by the services this run asked. */
  readonly spend = new RunSpend();
  readonly pages = new Map<string, PageSnapshot>();
  readonly frontiers = new Map<string, SiteFrontier>();
  resultUrls: string[] = [];
  /** The part the current search results and exploration serve. */
  servingPart: string | undefined;
  pageActs: PageActPlan[] = [];
  currentSite: string | undefined;
  deadBranch: string | undefined;
  unaggregated = false;
  steps = 0;
  pagesRead = 0;
  searches = 0;
  actions = 0;
  /** Pagination links found on pages that added items, not visited yet. */
  readonly pendingNext = new Set<string>();
  taskDone: { text: string; source: ScoredAnswer['source'] } | undefined;
  /** The task was acted on and did not succeed: an error notice (in the page's words), or no evidence it did. */
  taskEnded: { outcome: 'failed' | 'unconfirmed'; reason: string } | undefined;
  /** How many of the instruction's steps were carried out (the rest are grounded on the page as it is now). */
  instructionDone = 0;
  taskMissing: string[] = [];
  /** The required fields of the task's form that no value covers yet. */
  taskMissingFields: FormField[] = [];
  /** The page holding the task's form, as last read (its forms are planned again once details arrive). */
  taskPage: { url: string; structure: PageStructure; stateKey: string } | undefined;
  /**
   * The site the task may act on: the one the user named, or the one they confirmed when asked.
   * Its form is filled and sent there and nowhere else.
   */
  taskSite: string | undefined;
  /** Details recalled from memory or given by the user during the run. */
  readonly extraFields: TaskSpec['fields'][number][] = [];
  /** The user was asked already (follow-up questions are asked once per run). */
  askedUser = false;
  /** A blocked page was handed to the user already (once per run). */
  askedAboutBlock = false;
  /** The pages the user named, as read (after redirects): a page-scoped question follows only their links. */
  readonly scopePages = new Set<string>();
  /** Search results the run visited (their outcome teaches search's domain trust). */
  readonly searchedUrls = new Set<string>();

  constructor(readonly limits: RunLimits) {}

  markVisited(...urls: string[]): void {
    for (const url of urls) this.visited.add(normalizeUrl(url));
  }

  isVisited(url: string): boolean {
    return this.visited.has(normalizeUrl(url));
  }

  frontierFor(origin: string): SiteFrontier {
    let frontier = this.frontiers.get(origin);
    if (!frontier) {
      frontier = new SiteFrontier(origin, this.limits.maxPagesPerSite);
      this.frontiers.set(origin, frontier);
    }
    return frontier;
  }
}
