import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule } from '@forage/evidence';
import type { DomUnderstandingConfig } from './config.js';
import { DOM_UNDERSTANDING_CONFIG } from './tokens.js';
import { SnapshotReader } from './adapters/snapshot-reader.js';
import { UnderstandHandler } from './handlers/understand.handler.js';

@Module({})
export class DomUnderstandingModule {
  static register(config: DomUnderstandingConfig): DynamicModule {
    return {
      module: DomUnderstandingModule,
      imports: [EvidenceModule.register(config)],
      controllers: [UnderstandHandler],
      providers: [{ provide: DOM_UNDERSTANDING_CONFIG, useValue: config }, SnapshotReader],
    };
  }
}
