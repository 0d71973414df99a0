import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule } from '@forage/evidence';
import type { OrchestratorConfig } from './config.js';
import { ORCHESTRATOR_CONFIG } from './tokens.js';
import { RunLedger } from './adapters/run-ledger.js';
import { RunStartHandler } from './handlers/run-start.handler.js';

@Module({})
export class OrchestratorModule {
  static register(config: OrchestratorConfig): DynamicModule {
    return {
      module: OrchestratorModule,
      imports: [EvidenceModule.register(config)],
      controllers: [RunStartHandler],
      providers: [{ provide: ORCHESTRATOR_CONFIG, useValue: config }, RunLedger],
    };
  }
}
