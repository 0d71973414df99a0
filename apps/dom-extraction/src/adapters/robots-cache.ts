import { Inject, Injectable } from '@nestjs/common';
import { RobotsCache as SharedRobotsCache } from '@forage/egress';
import type { DomExtractionConfig } from '../config.js';
import { DOM_EXTRACTION_CONFIG } from '../tokens.js';

export type { RobotsDecision, RobotsSource } from '@forage/egress';

/** The shared robots.txt cache of @forage/egress, configured by this service's variables. */
@Injectable()
export class RobotsCache extends SharedRobotsCache {
  constructor(@Inject(DOM_EXTRACTION_CONFIG) config: DomExtractionConfig) {
    super(config);
  }
}
