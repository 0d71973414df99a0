import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { SlotWaitTimeoutError, type ReleaseSlot } from '@forage/browser';
import { RobotsCache } from '@forage/egress';
import type { ActionExecutionConfig } from '../config.js';
import { HostSlots } from '../core/host-slots.js';
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
  | 'DOMAIN_MAX_CONCURRENCY'
  | 'EGRESS_ALLOWLIST'
  | 'EGRESS_DENYLIST'
  | 'EGRESS_RESOLVE'
>;

/** A navigation waits at most this long for one of its host's DOMAIN_MAX_CONCURRENCY slots. */
const HOST_SLOT_WAIT_MS = 30_000;

/** The gate's answer: why the navigation may not go, or the host slot it holds until it is done. */
export type Admission =
  { readonly refused: string } | { readonly refused: null; readonly release: ReleaseSlot };

/**
 * The rules every page navigation of a session passes, the same ones dom-extraction applies:
 * robots.txt (the shared RobotsCache of @forage/egress) for GET navigations, since a form the
 * user asked to send is not crawling; at most DOMAIN_MAX_CONCURRENCY navigations to one host in
 * flight across all sessions; and per-host spacing (DOMAIN_MIN_DELAY_MS, or the site's
 * Crawl-delay when longer) between the starts of navigations to one host.
 */
@Injectable()
export class NavigationGate {
  private readonly robots: RobotsCache | null;
  private readonly spacing = new HostSpacing();
  private readonly slots: HostSlots;

  constructor(@Inject(ACTION_CONFIG) private readonly config: GateConfig) {
    this.robots = config.ROBOTS_ENABLED ? new RobotsCache(config) : null;
    this.slots = new HostSlots(config.DOMAIN_MAX_CONCURRENCY);
  }

  /**
   * Waits for the navigation's turn on its host (a free slot, then the spacing); the caller gives
   * the slot back with `release` once the navigation's document has arrived or failed.
   */
  async admit(request: { url: string; method: string }): Promise<Admission> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { refused: 'not a URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { refused: null, release: () => undefined };
    let crawlDelayMs = 0;
    if (this.robots && request.method === 'GET') {
      const decision = await this.robots.decide(url);
      if (!decision.allowed) return { refused: `robots.txt disallows ${url.pathname} (${decision.because})` };
      crawlDelayMs = decision.crawlDelayMs;
    }
    let release: ReleaseSlot;
    try {
      release = await this.slots.acquire(url.host, HOST_SLOT_WAIT_MS);
    } catch (err) {
      if (!(err instanceof SlotWaitTimeoutError)) throw err;
      return {
        refused: `${String(this.config.DOMAIN_MAX_CONCURRENCY)} navigations to ${url.host} stayed in flight for ${String(HOST_SLOT_WAIT_MS)} ms`,
      };
    }
    const wait = this.spacing.reserve({
      host: url.host,
      now: Date.now(),
      gapMs: Math.max(this.config.DOMAIN_MIN_DELAY_MS, crawlDelayMs),
    });
    if (wait > 0) await sleep(wait);
    return { refused: null, release };
  }

  /** Navigations in flight to `host` and waiting for it (tests, health). */
  hostLoad(host: string): { busy: number; waiting: number } {
    return this.slots.load(host);
  }
}
