import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { LoggingConfig } from '../config.js';
import { RunHistoryStore } from './run-history-store.js';
import { RunHistoryHandler } from './run-history.handler.js';

/** Closes the history's database after the transport has drained. */
@Injectable()
class RunHistoryShutdown implements OnApplicationShutdown {
  constructor(@Inject(RunHistoryStore) private readonly store: RunHistoryStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** The runs history: a table fed by the run lifecycle streams, queried by the gateway. */
@Module({})
export class RunHistoryModule {
  static register(config: LoggingConfig): DynamicModule {
    return {
      module: RunHistoryModule,
      controllers: [RunHistoryHandler],
      providers: [
        { provide: RunHistoryStore, useFactory: () => RunHistoryStore.open(config) },
        RunHistoryShutdown,
      ],
    };
  }
}
