import { Module, type DynamicModule } from '@nestjs/common';
import type { LoggingConfig } from './config.js';
import { LOGGING_CONFIG } from './tokens.js';
import { repositoryProviders } from './adapters/repository.providers.js';
import { anchorProviders } from './adapters/anchor.providers.js';
import { EvidenceSweeper } from './adapters/evidence-sweeper.js';
import { RecordHandler } from './handlers/record.handler.js';
import { QueryHandler } from './handlers/query.handler.js';
import { AuditHandler } from './handlers/audit.handler.js';
import { RunHistoryModule } from './runs/run-history.module.js';

@Module({})
export class LoggingModule {
  static register(config: LoggingConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [RunHistoryModule.register(config)],
      controllers: [RecordHandler, QueryHandler, AuditHandler],
      providers: [
        { provide: LOGGING_CONFIG, useValue: config },
        ...repositoryProviders,
        ...anchorProviders,
        EvidenceSweeper,
      ],
    };
  }
}
