import { guardedFetch } from './guarded-fetch.js';
import type { AllowRule } from './policy.js';
import { withOverrides, type Resolver } from './resolver.js';
import { decideRobots, ROBOTS_MAX_BYTES, rulesFor, type RobotsRules } from './robots.js';
import { robotsPolicy, type RobotsFetch } from './robots-policy.js';
/** An unreachable robots.txt disallows everything, so it is asked again soon rather than in a day. */
const UNREACHABLE_TTL_MS = 60_000;
const MAX_ORIGINS = 5_000;
/** Bodies up to this size are kept to quote in the evidence of a refusal. */
const MAX_KEPT_BODY = 64 * 1_024;
/** RFC 9309 §2.3.1.2: follow at least five consecutive redirects. */
const MAX_REDIRECTS = 5;

/** What robots.txt says about one URL, and where that came from (for the evidence of a refusal). */
export interface RobotsDecision {
  readonly allowed: boolean;
  readonly crawlDelayMs: number;
  /** The deciding rule, or why the whole site is allowed or disallowed. */
  readonly because: string;
  readonly source: RobotsSource;
  /** Set when the host could not be reached at all: no verdict, and nothing cached. */
  readonly unreachable: string | null;
}

export interface RobotsSource {
  readonly url: string;
  readonly fetchedAt: string;
  /** "HTTP 200, 1234 bytes", "unreachable: connection refused", … */
  readonly answer: string;
  readonly body: string | null;
}

interface Entry {
  readonly unreachable: string | null;
  readonly rules: RobotsRules | null;
  readonly whole: { allowed: boolean; why: string } | null;
  readonly source: RobotsSource;
  readonly expiresAt: number;
}

/** Who asks for robots.txt, through which egress policy, and how long answers are trusted. */
export interface RobotsCacheOptions {
  /** Sent when fetching robots.txt */
  readonly USER_AGENT: string;
  /** The product token robots.txt groups are matched against (case-insensitive). */
  readonly ROBOTS_USER_AGENT_TOKEN: string;
  readonly ROBOTS_CACHE_TTL_MS: number;
  readonly ROBOTS_TIMEOUT_MS: number;
  readonly ROBOTS_MAX_CRAWL_DELAY_MS: number;
  readonly EGRESS_ALLOWLIST: readonly AllowRule[];
  readonly EGRESS_DENYLIST: readonly string[];
  readonly EGRESS_RESOLVE: ReadonlyMap<string, readonly string[]>;
}

/**
 * robots.txt per origin, fetched from Node through the same egress policy as the browser
 * (guardedFetch), parsed per RFC 9309 and cached for ROBOTS_CACHE_TTL_MS (at most 24 h).
 * Concurrent requests for one origin share one fetch. Every service that navigates uses this one.
 */
export class RobotsCache {
  private readonly entries = new Map<string, Promise<Entry>>();

  private readonly resolve: Resolver;

  constructor(private readonly config: RobotsCacheOptions) {
    this.resolve = withOverrides(config.EGRESS_RESOLVE);
  }

  async decide(url: URL): Promise<RobotsDecision> {
    const entry = await this.entryFor(url.origin);
    const crawlDelayMs = Math.min(
      this.config.ROBOTS_MAX_CRAWL_DELAY_MS,
      Math.round((entry.rules?.crawlDelaySeconds ?? 0) * 1_000),
    );
    const { unreachable, source } = entry;
    if (entry.whole)
      return { allowed: entry.whole.allowed, crawlDelayMs, because: entry.whole.why, source, unreachable };
    const verdict = decideRobots(entry.rules ?? { rules: [], crawlDelaySeconds: null }, url);
    return {
      allowed: verdict.allowed,
      crawlDelayMs,
      because: verdict.rule ?? 'no rule matches',
      source,
      unreachable,
    };
  }

  private entryFor(origin: string): Promise<Entry> {
    const cached = this.entries.get(origin);
    if (cached) return cached.then((entry) => (entry.expiresAt > Date.now() ? entry : this.refetch(origin)));
    return this.refetch(origin);
  }

  private refetch(origin: string): Promise<Entry> {
    const pending = this.fetchEntry(origin);
    this.entries.delete(origin);
    if (this.entries.size >= MAX_ORIGINS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(origin, pending);
    return pending;
  }

  private async fetchEntry(origin: string): Promise<Entry> {
    const url = `${origin}/robots.txt`;
    const fetchedAt = new Date().toISOString();
    const result = await guardedFetch({
      url,
      userAgent: this.config.USER_AGENT,
      allowlist: this.config.EGRESS_ALLOWLIST,
      denylist: this.config.EGRESS_DENYLIST,
      resolve: this.resolve,
      timeoutMs: this.config.ROBOTS_TIMEOUT_MS,
      maxBytes: ROBOTS_MAX_BYTES,
      maxRedirects: MAX_REDIRECTS,
    });
    const fetched: RobotsFetch =
      result.kind === 'response'
        ? result.status >= 200 && result.status < 300
          ? { kind: 'body', status: result.status, body: result.body, truncated: result.truncated }
          : { kind: 'status', status: result.status }
        : result.kind === 'too_many_redirects'
          ? { kind: 'too_many_redirects' }
          : { kind: 'unreachable', detail: result.detail };
    const policy = robotsPolicy(fetched);
    // a host that cannot be reached at all is asked again next time: the page would fail anyway
    const unreachable = result.kind === 'failed' && result.network ? result.detail : null;
    const source: RobotsSource = {
      url,
      fetchedAt,
      answer: describe(fetched),
      body: fetched.kind === 'body' && fetched.body.length <= MAX_KEPT_BODY ? fetched.body : null,
    };
    const ttl = this.config.ROBOTS_CACHE_TTL_MS;
    if (policy.kind === 'rules') {
      return {
        unreachable,
        rules: rulesFor(policy.file, this.config.ROBOTS_USER_AGENT_TOKEN),
        whole: null,
        source,
        expiresAt: Date.now() + ttl,
      };
    }
    const allowed = policy.kind === 'allow_all';
    return {
      unreachable,
      rules: null,
      whole: { allowed, why: policy.why },
      source,
      expiresAt: unreachable ? 0 : Date.now() + (allowed ? ttl : Math.min(ttl, UNREACHABLE_TTL_MS)),
    };
  }
}

function describe(fetched: RobotsFetch): string {
  switch (fetched.kind) {
    case 'body':
      return `HTTP ${fetched.status}, ${fetched.body.length} characters${fetched.truncated ? ' (cut at 500 KiB)' : ''}`;
    case 'status':
      return `HTTP ${fetched.status}`;
    case 'too_many_redirects':
      return `more than ${MAX_REDIRECTS} redirects`;
    case 'unreachable':
      return `unreachable: ${fetched.detail}`;
  }
}
