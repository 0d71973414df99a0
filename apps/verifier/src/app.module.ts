import { Module, type DynamicModule } from '@nestjs/common';
import { EvidenceModule, VerdictSigner } from '@forage/evidence';
import type { VerifierConfig } from './config.js';
import { ENTAILMENT_READER, VERDICT_SIGNER, VERIFIER_CONFIG } from './tokens.js';
import { LlmClient, llmOptionsFrom } from '@forage/llm';
import { EntailmentModel } from './adapters/entailment-model.js';
import { EvidenceReader } from './adapters/evidence-reader.js';
import { TraceReader } from './adapters/trace-reader.js';
import { VerifyHandler } from './handlers/verify.handler.js';

@Module({})
export class VerifierModule {
  static register(config: VerifierConfig): DynamicModule {
    return {
      module: VerifierModule,
      imports: [EvidenceModule.register(config)],
      controllers: [VerifyHandler],
      providers: [
        { provide: VERIFIER_CONFIG, useValue: config },
        { provide: ENTAILMENT_READER, useValue: entailmentReaderFor(config) },
        {
          provide: VERDICT_SIGNER,
          useValue: config.VERIFIER_SIGNING_KEY ? new VerdictSigner(config.VERIFIER_SIGNING_KEY) : null,
        },
        TraceReader,
        EvidenceReader,
      ],
    };
  }
}

/** The configured model's entailment reader, or null: the deterministic checks need none. */
function entailmentReaderFor(config: VerifierConfig): EntailmentModel | null {
  const options = llmOptionsFrom(config);
  return options ? new EntailmentModel(new LlmClient(options)) : null;
}
