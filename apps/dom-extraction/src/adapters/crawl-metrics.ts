import { Inject, Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { HandlerMetrics } from '@forage/observability';

/**
 * `forage_crawl_pages_total{host, outcome}` on /metrics: pages rendered for a crawl (requests that
 * ask for links), by host (`host:port`) and outcome (see crawlOutcomeLabel).
 */
@Injectable()
export class CrawlMetrics {
  private readonly pages: Counter<'service' | 'host' | 'outcome'>;
  private readonly service: string;

  constructor(@Inject(HandlerMetrics) metrics: HandlerMetrics) {
    this.service = metrics.service;
    this.pages = new Counter({
      name: 'forage_crawl_pages_total',
      help: 'Pages rendered for a crawl, by host and outcome',
      labelNames: ['service', 'host', 'outcome'],
      registers: [metrics.registry],
    });
  }

  count(url: string, outcome: string): void {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return;
    }
    this.pages.inc({ service: this.service, host, outcome });
  }
}
