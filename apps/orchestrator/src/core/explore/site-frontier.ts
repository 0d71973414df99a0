import type { PageLink } from './page-structure.js';

export interface ScoredLink {
  readonly url: string;
  readonly text: string;
  readonly score: number;
  /** The page the link was found on: GO_BACK returns to its queue. */
  readonly from: string;
  readonly next: boolean;
}

/** Lower-case content words of a text, for overlap scoring. */
export function termsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !FILLER.has(w))
      .map(stem),
  );
}
const FILLER = new Set(
  'the of and or in on at to for by with is are was what which who how a an me my all any'.split(' '),
);
const stem = (w: string): string =>
  w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;

/** How relevant a link is to the task: shared words in its text (double) and around it, pager bonus, chrome malus. */
export function scoreLink(link: PageLink, task: ReadonlySet<string>): number {
  const own = termsOf(link.text);
  const around = termsOf(link.context);
  let score = 0;
  for (const t of task) {
    if (own.has(t)) score += 2;
    else if (around.has(t)) score += 0.5;
  }
  if (link.next) score += 1.5;
  if (link.chrome) score -= 0.5;
  return score;
}

/** A site's frontier as a step checkpoint keeps it. */
export interface FrontierSnapshot {
  readonly origin: string;
  readonly pagesRead: number;
  readonly queue: readonly ScoredLink[];
}

/**
 * One site's exploration context (the hyperlink explorer of the seed): a priority queue of
 * discovered links scored for the task, the pages read on the site, and a page limit.
 */
export class SiteFrontier {
  private readonly queue: ScoredLink[] = [];
  private readonly queued = new Set<string>();
  private pagesRead = 0;

  constructor(
    readonly origin: string,
    private readonly pageLimit: number,
  ) {}

  /** The frontier a checkpoint saved, queue and pages read as they were. */
  static restore(snapshot: FrontierSnapshot, pageLimit: number): SiteFrontier {
    const frontier = new SiteFrontier(snapshot.origin, pageLimit);
    frontier.pagesRead = snapshot.pagesRead;
    for (const link of snapshot.queue) {
      frontier.queue.push(link);
      frontier.queued.add(normalizeUrl(link.url));
    }
    return frontier;
  }

  snapshot(): FrontierSnapshot {
    return { origin: this.origin, pagesRead: this.pagesRead, queue: [...this.queue] };
  }

  get read(): number {
    return this.pagesRead;
  }

  get exhausted(): boolean {
    return this.pagesRead >= this.pageLimit || this.queue.length === 0;
  }

  markRead(): void {
    this.pagesRead += 1;
  }

  /** Adds a page's same-site links that are relevant (score ≥ 1) and not yet queued or visited. */
  offer(input: {
    links: readonly PageLink[];
    from: string;
    task: ReadonlySet<string>;
    visited: ReadonlySet<string>;
  }): number {
    let added = 0;
    for (const link of input.links) {
      if (new URL(link.url).origin !== this.origin) continue;
      if (input.visited.has(normalizeUrl(link.url))) continue;
      const score = scoreLink(link, input.task);
      if (this.queued.has(normalizeUrl(link.url))) {
        // the same page linked again under better words (a breadcrumb "Besby", then "All hotels in Besby")
        const at = this.queue.findIndex((l) => normalizeUrl(l.url) === normalizeUrl(link.url));
        const known = this.queue[at];
        if (known && score > known.score)
          this.queue[at] = { ...known, text: link.text, score, next: known.next || link.next };
        continue;
      }
      // a shared word in the link's own text, or a pager: words only around it are too weak a lead
      if (score < 1) continue;
      this.queued.add(normalizeUrl(link.url));
      this.queue.push({ url: link.url, text: link.text, score, from: input.from, next: link.next });
      added += 1;
    }
    this.queue.sort((a, b) => b.score - a.score);
    return added;
  }

  /** The best link not visited yet, or undefined when the site is done (limit or nothing left); it stays queued. */
  best(visited: ReadonlySet<string>): ScoredLink | undefined {
    if (this.pagesRead >= this.pageLimit) return undefined;
    const fresh = this.queue.filter((l) => !visited.has(normalizeUrl(l.url)));
    this.queue.splice(0, this.queue.length, ...fresh);
    return this.queue[0];
  }

  /** Removes a link from the queue (it is being visited). */
  remove(url: string): void {
    const key = normalizeUrl(url);
    const kept = this.queue.filter((l) => normalizeUrl(l.url) !== key);
    this.queue.splice(0, this.queue.length, ...kept);
  }

  /** Backtracking: drop the links found on a page whose branch yielded nothing, so the queue returns to its parent's links. */
  dropBranch(from: string): number {
    const before = this.queue.length;
    const kept = this.queue.filter((l) => l.from !== from || l.next);
    this.queue.splice(0, this.queue.length, ...kept);
    return before - kept.length;
  }

  peek(): readonly ScoredLink[] {
    return this.queue;
  }
}

/** One spelling per page: no fragment, no trailing slash on a path. */
export function normalizeUrl(url: string): string {
  const u = new URL(url);
  u.hash = '';
  if (u.pathname.length > 1 && u.pathname.endsWith('/')) u.pathname = u.pathname.slice(0, -1);
  return u.href;
}
