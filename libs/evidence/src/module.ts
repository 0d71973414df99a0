import { Global, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';
import { Bus } from '@forage/messaging';
import { parseEvidenceKey } from './crypto.js';
import { EvidenceStore } from './store.js';

/** Environment every service that reads or writes evidence shares. */
export const evidenceEnvSchema = z.object({
  FORAGE_EVIDENCE_KEY: z
    .string({ error: 'FORAGE_EVIDENCE_KEY is required: 32 bytes as 64 hex characters or base64' })
    .refine((v) => {
      try {
        parseEvidenceKey(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be 32 bytes as 64 hex characters or base64'),
  EVIDENCE_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(7),
});
export type EvidenceEnv = z.infer<typeof evidenceEnvSchema>;

@Global()
@Module({})
export class EvidenceModule {
  /** Provides the EvidenceStore on the service's own NATS connection. */
  static register(env: EvidenceEnv): DynamicModule {
    return {
      module: EvidenceModule,
      global: true,
      providers: [
        {
          provide: EvidenceStore,
          inject: [Bus],
          useFactory: (bus: Bus) =>
            EvidenceStore.open(bus.connection, {
              replicas: bus.jetstreamReplicas,
              key: parseEvidenceKey(env.FORAGE_EVIDENCE_KEY),
              retentionMs: env.EVIDENCE_RETENTION_DAYS * 86_400_000,
            }),
        },
      ],
      exports: [EvidenceStore],
    };
  }
}
