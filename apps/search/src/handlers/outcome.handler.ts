import { Controller, Inject } from '@nestjs/common';
import { searchOutcome, type EventPayload } from '@forage/contracts';
import { HandleEvent } from '@forage/messaging';
import { DomainTrustStore } from '../adapters/domain-trust-store.js';
import { SearchMetrics } from '../adapters/search-metrics.js';
import { registrableDomain } from '../core/normalize.js';

/** Learns domain trust from what the orchestrator reports about the results it read. */
@Controller()
export class OutcomeHandler {
  constructor(
    @Inject(DomainTrustStore) private readonly trust: DomainTrustStore,
    @Inject(SearchMetrics) private readonly metrics: SearchMetrics,
  ) {}

  @HandleEvent(searchOutcome)
  outcome(event: EventPayload<typeof searchOutcome>): void {
    this.trust.record(registrableDomain(event.url), event.outcome);
    this.metrics.outcomeLearned(event.outcome);
  }
}
