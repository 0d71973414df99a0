import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import type { SupervisorLoad } from '@forage/browser';
import { HandlerMetrics } from '@forage/observability';
import { BrowserHost } from './browser-host.js';
import { SessionPages, type SessionLoad } from './session-pages.js';

interface Reading {
  readonly browser: SupervisorLoad | null;
  readonly sessions: SessionLoad;
}

/**
 * Sessions and the browser supervisor on /metrics, read at scrape time, with the browser metric
 * names dom-extraction uses (same names and labels in every service).
 */
@Injectable()
export class BrowserMetrics {
  constructor(
    @Inject(HandlerMetrics) metrics: HandlerMetrics,
    @Inject(BrowserHost) host: BrowserHost,
    @Inject(SessionPages) sessions: SessionPages,
  ) {
    const registers = [metrics.registry];
    const labels = { service: metrics.service };
    const read = (): Reading => ({ browser: host.load(), sessions: sessions.load() });
    const gauge = (name: string, help: string, pick: (r: Reading) => number): void => {
      new Gauge({
        name,
        help,
        labelNames: ['service'],
        registers,
        collect() {
          this.set(labels, pick(read()));
        },
      });
    };
    const counter = (name: string, help: string, pick: (r: Reading) => number): void => {
      new Counter({
        name,
        help,
        labelNames: ['service'],
        registers,
        collect() {
          // the supervisor keeps the count; the counter shows it (it only ever grows)
          this.reset();
          this.inc(labels, pick(read()));
        },
      });
    };
    gauge(
      'forage_action_sessions_open',
      'Action sessions open (a browser context and page each)',
      (r) => r.sessions.open,
    );
    gauge(
      'forage_action_session_slots',
      'Sessions open at most (ACTION_MAX_SESSIONS)',
      (r) => r.sessions.capacity,
    );
    gauge(
      'forage_action_sessions_waiting',
      'New sessions waiting for a free slot',
      (r) => r.sessions.waiting,
    );
    gauge(
      'forage_browser_memory_bytes',
      "PSS of the browsers' process trees (sampled every 5 s)",
      (r) => r.browser?.memoryBytes ?? 0,
    );
    counter('forage_browser_launches_total', 'Browsers launched', (r) => r.browser?.launches ?? 0);
    counter(
      'forage_browser_retirements_total',
      'Browsers retired by page count or memory',
      (r) => r.browser?.retirements ?? 0,
    );
    counter(
      'forage_browser_crashes_total',
      'Browsers that disconnected without being asked to',
      (r) => r.browser?.crashes ?? 0,
    );
  }
}
