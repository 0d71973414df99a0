import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule } from '@forage/evidence';
import { LlmClient, LlmUsageMeter, llmOptionsFrom } from '@forage/llm';
import type { OrchestratorConfig } from './config.js';
import { LLM_CLIENT, LLM_METER, ORCHESTRATOR_CONFIG } from './tokens.js';
import { MemoryBank } from './adapters/memory-bank.js';
import { RunCheckpoints } from './adapters/run-checkpoints.js';
import { RunLedger } from './adapters/run-ledger.js';
import { RunMetricsRecorder } from './adapters/run-metrics.js';
import { RunPlanner } from './adapters/run-planner.js';
import { ElementChooser } from './adapters/element-chooser.js';
import { RunSignals } from './adapters/run-signals.js';
import { ThreadStore } from './adapters/thread-store.js';
import { RunInputHandler } from './handlers/run-input.handler.js';
import { RunStartHandler } from './handlers/run-start.handler.js';

@Module({})
export class OrchestratorModule {
  static register(config: OrchestratorConfig): DynamicModule {
    const meter = new LlmUsageMeter();
    const options = llmOptionsFrom(config);
    return {
      module: OrchestratorModule,
      imports: [EvidenceModule.register(config)],
      controllers: [RunStartHandler, RunInputHandler],
      providers: [
        { provide: ORCHESTRATOR_CONFIG, useValue: config },
        { provide: LLM_METER, useValue: meter },
        { provide: LLM_CLIENT, useValue: options ? new LlmClient({ ...options, meter }) : null },
        RunLedger,
        RunSignals,
        RunCheckpoints,
        ThreadStore,
        MemoryBank,
        RunPlanner,
        ElementChooser,
        RunMetricsRecorder,
      ],
    };
  }
}
