import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type HandlerOutcome = 'success' | 'invalid' | 'error';

/** The handler metrics every service exposes, with the same names and labels everywhere. */
export class HandlerMetrics {
  readonly registry: Registry;
  private readonly duration: Histogram<'service' | 'subject' | 'outcome'>;
  private readonly total: Counter<'service' | 'subject' | 'outcome'>;
  private readonly deadLetters: Counter<'service' | 'subject'>;
  private readonly rejectedHttp: Counter<'service' | 'status' | 'reason'>;

  constructor(readonly service: string) {
    this.registry = new Registry();
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'forage_handler_duration_seconds',
      help: 'Time spent handling one message, by subject and outcome',
      labelNames: ['service', 'subject', 'outcome'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    this.total = new Counter({
      name: 'forage_handler_total',
      help: 'Messages handled, by subject and outcome',
      labelNames: ['service', 'subject', 'outcome'],
      registers: [this.registry],
    });
    this.deadLetters = new Counter({
      name: 'forage_dead_letters_total',
      help: 'Durable messages sent to the dead-letter subject, by the subject they came from',
      labelNames: ['service', 'subject'],
      registers: [this.registry],
    });
    this.rejectedHttp = new Counter({
      name: 'forage_http_rejected_total',
      help: 'HTTP requests refused before reaching a route, by status and reason',
      labelNames: ['service', 'status', 'reason'],
      registers: [this.registry],
    });
  }

  /** An HTTP request refused before any route ran (bad host, cross-site, malformed JSON, too large, rate limit). */
  httpRejected(input: { status: number; reason: string }): void {
    this.rejectedHttp.inc({ service: this.service, status: String(input.status), reason: input.reason });
  }

  /** A durable message given up on and sent to the dead-letter subject. */
  deadLettered(subject: string): void {
    this.deadLetters.inc({ service: this.service, subject });
  }

  observe(subject: string, outcome: HandlerOutcome, seconds: number): void {
    const labels = { service: this.service, subject, outcome };
    this.duration.observe(labels, seconds);
    this.total.inc(labels);
  }
}
