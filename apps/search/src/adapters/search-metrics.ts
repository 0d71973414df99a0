import { Inject, Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { HandlerMetrics } from '@forage/observability';
import type { SourceReport } from '../core/providers/call-provider.js';

/** Per-provider latency and outcomes, and the result cache's hits and misses, on /metrics. */
@Injectable()
export class SearchMetrics {
  private readonly latency: Histogram<'service' | 'provider' | 'status'>;
  private readonly outcomes: Counter<'service' | 'provider' | 'status'>;
  private readonly cache: Counter<'service' | 'result'>;
  private readonly learned: Counter<'service' | 'outcome'>;
  private readonly service: string;

  constructor(@Inject(HandlerMetrics) metrics: HandlerMetrics) {
    this.service = metrics.service;
    const registers = [metrics.registry];
    this.latency = new Histogram({
      name: 'forage_search_provider_duration_seconds',
      help: 'Time one search provider took to answer one query (retries included), by provider and status',
      labelNames: ['service', 'provider', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.outcomes = new Counter({
      name: 'forage_search_provider_total',
      help: 'Queries sent to each search provider, by status (ok, empty, timeout, rate_limited, auth_failed, error)',
      labelNames: ['service', 'provider', 'status'],
      registers,
    });
    this.cache = new Counter({
      name: 'forage_search_cache_total',
      help: 'Search result cache lookups, by result (hit or miss)',
      labelNames: ['service', 'result'],
      registers,
    });
    this.learned = new Counter({
      name: 'forage_search_domain_outcomes_total',
      help: 'Outcomes of read results (search.outcome.v1) learned into domain trust, by outcome (useful or useless)',
      labelNames: ['service', 'outcome'],
      registers,
    });
  }

  sources(reports: readonly SourceReport[]): void {
    for (const r of reports) {
      const labels = { service: this.service, provider: r.provider, status: r.status };
      this.latency.observe(labels, r.latencyMs / 1000);
      this.outcomes.inc(labels);
    }
  }

  outcomeLearned(outcome: 'useful' | 'useless'): void {
    this.learned.inc({ service: this.service, outcome });
  }

  cacheLookup(hit: boolean): void {
    this.cache.inc({ service: this.service, result: hit ? 'hit' : 'miss' });
  }
}
