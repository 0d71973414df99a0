import { Inject, Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import type { RunOutcome } from '@forage/contracts';
import { HandlerMetrics } from '@forage/observability';

/** Run-level metrics on the service's registry: runs by outcome, and their wall time. */
@Injectable()
export class RunMetricsRecorder {
  private readonly total: Counter<'outcome'>;
  private readonly duration: Histogram<'outcome'>;

  constructor(@Inject(HandlerMetrics) metrics: HandlerMetrics) {
    this.total = new Counter({
      name: 'forage_runs_total',
      help: 'Runs completed, by outcome',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
    this.duration = new Histogram({
      name: 'forage_run_duration_seconds',
      help: 'Wall time of a run from its start to its completion (time waiting for the user included), by outcome',
      labelNames: ['outcome'],
      buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 240, 480, 900, 1800, 3600],
      registers: [metrics.registry],
    });
  }

  completed(outcome: RunOutcome, seconds: number): void {
    this.total.inc({ outcome });
    this.duration.observe({ outcome }, seconds);
  }
}
