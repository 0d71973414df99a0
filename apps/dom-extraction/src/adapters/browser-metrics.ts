import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { HandlerMetrics } from '@forage/observability';
import { BrowserPool, type BrowserPoolLoad } from './browser-pool.js';

type Reading = (load: BrowserPoolLoad) => number;

/**
 * The supervisor on /metrics, read at scrape time. `forage_extract_pages_in_flight` is the
 * per-pod signal for a custom-metric autoscaler (deploy/k8s/dom-extraction-hpa.yaml); crash
 * retries and launches are what an alert on a sick browser watches.
 */
@Injectable()
export class BrowserMetrics {
  constructor(@Inject(HandlerMetrics) metrics: HandlerMetrics, @Inject(BrowserPool) pool: BrowserPool) {
    const registers = [metrics.registry];
    const labels = { service: metrics.service };
    const gauge = (name: string, help: string, read: Reading): void => {
      new Gauge({
        name,
        help,
        labelNames: ['service'],
        registers,
        collect() {
          this.set(labels, read(pool.load()));
        },
      });
    };
    const counter = (name: string, help: string, read: Reading): void => {
      new Counter({
        name,
        help,
        labelNames: ['service'],
        registers,
        collect() {
          // the pool keeps the count; the counter shows it (it only ever grows)
          this.reset();
          this.inc(labels, read(pool.load()));
        },
      });
    };
    gauge('forage_extract_pages_in_flight', 'Page slots rendering now', (l) => l.busy);
    gauge('forage_extract_page_slots', 'Page slots per process (EXTRACT_MAX_PAGES)', (l) => l.capacity);
    gauge('forage_extract_requests_waiting', 'Requests waiting for a page slot', (l) => l.waiting);
    gauge('forage_browser_open_pages', 'Pages open in live browsers, at work or idle', (l) => l.open);
    gauge(
      'forage_browser_memory_bytes',
      "PSS of the browsers' process trees (sampled every 5 s)",
      (l) => l.memoryBytes,
    );
    counter('forage_browser_launches_total', 'Browsers launched', (l) => l.launches);
    counter(
      'forage_browser_retirements_total',
      'Browsers retired by page count or memory',
      (l) => l.retirements,
    );
    counter(
      'forage_browser_crash_retries_total',
      'Work retried in a fresh context after a page crash or a lost browser',
      (l) => l.crashRetries,
    );
  }
}
