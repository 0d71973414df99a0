import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { RobotsCache } from '@forage/egress';
import type { ActionExecutionConfig } from '../config.js';
import { HostSpacing } from '../core/host-spacing.js';
import { ACTION_CONFIG } from '../tokens.js';

type GateConfig = Pick<
  ActionExecutionConfig,
  | 'USER_AGENT'
  | 'ROBOTS_ENABLED'
  | 'ROBOTS_USER_AGENT_TOKEN'
  | 'ROBOTS_CACHE_TTL_MS'
  | 'ROBOTS_TIMEOUT_MS'
  | 'ROBOTS_MAX_CRAWL_DELAY_MS'
  | 'DOMAIN_MIN_DELAY_MS'
  | 'EGRESS_ALLOWLIST'
  | 'EGRESS_DENYLIST'
  | 'EGRESS_RESOLVE'
>;

/**
 * The rules every page navigation of a session passes, the same ones dom-extraction applies:
 * robots.txt (the shared RobotsCache of @forage/egress) for GET navigations, since a form the
 * user asked to send is not crawling, and per-host spacing (DOMAIN_MIN_DELAY_MS, or the site's
 * Crawl-delay when longer) between the starts of navigations to one host.
 */
@Injectable()
export class NavigationGate {
  private readonly robots: RobotsCache | null;
  private readonly spacing = new HostSpacing();

  constructor(@Inject(ACTION_CONFIG) private readonly config: GateConfig) {
    this.robots = config.ROBOTS_ENABLED ? new RobotsCache(config) : null;
  }

  /** Waits for the navigation's turn on its host; returns why it may not go at all, or null. */
  async admit(request: { url: string; method: string }): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return 'not a URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    let crawlDelayMs = 0;
    if (this.robots && request.method === 'GET') {
      const decision = await this.robots.decide(url);
      if (!decision.allowed) return `robots.txt disallows ${url.pathname} (${decision.because})`;
      crawlDelayMs = decision.crawlDelayMs;
    }
    const wait = this.spacing.reserve({
      host: url.host,
      now: Date.now(),
      gapMs: Math.max(this.config.DOMAIN_MIN_DELAY_MS, crawlDelayMs),
    });
    if (wait > 0) await sleep(wait);
    return null;
  }
}
