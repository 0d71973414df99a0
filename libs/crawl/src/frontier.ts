import type { ScopeVerdict } from './scope.js';

/** A URL the crawl admitted, at its link distance from the start page (kept in the crawl's journal). */
export interface FoundUrl {
  readonly url: string;
  readonly depth: number;
  /** The page that linked to it, or `sitemap`; absent for the start page. */
  readonly from?: string;
}

export interface CrawlLimits {
  /** Links followed from the start page at most (0: the start page only). */
  readonly maxDepth: number;
  /** Pages admitted at most, whatever their outcome. */
  readonly maxPages: number;
}

export interface FrontierCounts {
  readonly found: number;
  readonly done: number;
  readonly failed: number;
  readonly pending: number;
  readonly inFlight: number;
}

/**
 * The crawl's frontier, pure: which URLs were admitted (each once, within scope, depth and the
 * page limit), which are done, and which to visit next, breadth first. It is rebuilt from the
 * journal on resume, so a restarted crawl continues where it stopped and never takes a page twice.
 */
export class Frontier {
  private readonly found = new Map<string, FoundUrl>();
  /** Pending URLs by depth, each queue in admission order. */
  private readonly queues: (FoundUrl[] | undefined)[] = [];
  private readonly done = new Set<string>();
  private readonly taken = new Set<string>();
  /** Where admitted pages redirected to: never visited again from a link. */
  private readonly aliases = new Set<string>();
  private failed = 0;

  constructor(
    private readonly limits: CrawlLimits,
    private readonly scope: (url: string) => ScopeVerdict,
  ) {}

  /** Replays what a previous run journaled: its admitted URLs and the pages it finished. */
  restore(
    found: readonly FoundUrl[],
    finished: readonly { url: string; finalUrl?: string | undefined; failed: boolean }[],
  ): void {
    for (const f of found) {
      const known = this.found.get(f.url);
      if (!known || f.depth < known.depth) this.found.set(f.url, f);
    }
    for (const f of finished) {
      this.finish(f.url, f.failed);
      if (f.finalUrl) this.markRedirect(f.finalUrl);
    }
    for (const f of this.found.values()) if (!this.done.has(f.url)) this.enqueue(f);
  }

  /**
   * Admits the candidates that are new, in scope, within depth and within the page limit; returns
   * them (to be journaled before they are visited). Pages finish out of order when several are
   * under way, so a URL first found deep may later be found nearer the start: a page not yet
   * visited takes the shorter depth (and is returned again), so the depth limit stays exact.
   */
  offer(candidates: readonly FoundUrl[]): FoundUrl[] {
    const admitted: FoundUrl[] = [];
    for (const c of candidates) {
      if (c.depth > this.limits.maxDepth || this.aliases.has(c.url)) continue;
      const known = this.found.get(c.url);
      if (known) {
        if (c.depth < known.depth && !this.done.has(c.url)) {
          this.found.set(c.url, c);
          if (!this.taken.has(c.url)) this.enqueue(c);
          admitted.push(c);
        }
        continue;
      }
      if (this.found.size >= this.limits.maxPages) continue;
      if (!this.scope(c.url).in) continue;
      this.found.set(c.url, c);
      this.enqueue(c);
      admitted.push(c);
    }
    return admitted;
  }

  /** A URL an admitted page redirected to: it is not visited again from a link. */
  markRedirect(url: string): void {
    if (!this.found.has(url)) this.aliases.add(url);
  }

  /**
   * The next page to visit (shallowest first), or undefined when none may be taken yet. A page is
   * taken only when no page two or more links nearer the start is under way: such a page could
   * still find it nearer, and a page visited at the depth limit has its links cut off, so taking it
   * early would lose them. Pages one link nearer cannot shorten its depth, so levels still overlap.
   */
  take(): FoundUrl | undefined {
    const deepest = this.shallowestTaken() + 1;
    for (let depth = 0; depth < this.queues.length && depth <= deepest; depth++) {
      const queue = this.queues[depth];
      while (queue && queue.length > 0) {
        const next = queue.shift();
        if (next && !this.done.has(next.url) && !this.taken.has(next.url)) {
          this.taken.add(next.url);
          return next;
        }
      }
    }
    return undefined;
  }

  /** A taken page is finished: written, or listed as blocked or failed. */
  finish(url: string, failed: boolean): void {
    this.taken.delete(url);
    if (this.done.has(url)) return;
    this.done.add(url);
    if (failed) this.failed++;
  }

  /** A taken page was not visited after all (the crawl stopped): it stays pending for the next run. */
  release(url: string): void {
    if (!this.taken.delete(url)) return;
    const f = this.found.get(url);
    if (f) (this.queues[f.depth] ??= []).unshift(f);
  }

  /** The shortest depth the URL was found at so far. */
  depthOf(url: string): number | undefined {
    return this.found.get(url)?.depth;
  }

  isDone(url: string): boolean {
    return this.done.has(url);
  }

  counts(): FrontierCounts {
    const pending = [...this.found.keys()].filter((u) => !this.done.has(u) && !this.taken.has(u)).length;
    return {
      found: this.found.size,
      done: this.done.size,
      failed: this.failed,
      pending,
      inFlight: this.taken.size,
    };
  }

  /** Nothing waiting and nothing being visited. */
  get finished(): boolean {
    return this.taken.size === 0 && this.queues.every((q) => (q ?? []).every((f) => this.done.has(f.url)));
  }

  /** The depth of the shallowest page under way (Infinity when none is). */
  private shallowestTaken(): number {
    let shallowest = Infinity;
    for (const url of this.taken) shallowest = Math.min(shallowest, this.found.get(url)?.depth ?? 0);
    return shallowest;
  }

  private enqueue(f: FoundUrl): void {
    (this.queues[f.depth] ??= []).push(f);
  }
}
