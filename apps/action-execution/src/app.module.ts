import { Module, type DynamicModule } from '@nestjs/common';
import { Bus } from '@forage/messaging';
import { EvidenceModule } from '@forage/evidence';
import type { ActionExecutionConfig } from './config.js';
import { ACTION_CONFIG, SESSION_QUEUE } from './tokens.js';
import { KeyedSerialQueue } from './core/keyed-serial-queue.js';
import { ActionAttempt } from './adapters/action-attempt.js';
import { BrowserHost } from './adapters/browser-host.js';
import { BrowserMetrics } from './adapters/browser-metrics.js';
import { EgressGuard } from './adapters/egress-guard.js';
import { NavigationGate } from './adapters/navigation-gate.js';
import { IdempotencyLedger } from './adapters/idempotency-ledger.js';
import { PageSnapshots } from './adapters/page-snapshots.js';
import { SecretVault } from './adapters/secret-vault.js';
import { BrowserProfiles } from './adapters/browser-profiles.js';
import { SessionProfiles } from './adapters/session-profiles.js';
import { SessionPages } from './adapters/session-pages.js';
import { RunEndListener } from './adapters/run-end-listener.js';
import { ActionExecutor } from './action-executor.js';
import { ExecuteActionHandler } from './handlers/execute.handler.js';
import { SessionHandler } from './handlers/session.handler.js';
import { ExecuteAgentActionHandler } from './handlers/agent-execute.handler.js';
import { ProfilesHandler } from './handlers/profiles.handler.js';
import { SessionObserver } from './session-observer.js';

/** Actions that may wait on one session before new ones are refused as busy. */
const MAX_PENDING_PER_SESSION = 100;

@Module({})
export class ActionExecutionModule {
  static register(config: ActionExecutionConfig): DynamicModule {
    return {
      module: ActionExecutionModule,
      imports: [EvidenceModule.register(config)],
      controllers: [ExecuteActionHandler, ExecuteAgentActionHandler, SessionHandler, ProfilesHandler],
      providers: [
        { provide: ACTION_CONFIG, useValue: config },
        {
          provide: SESSION_QUEUE,
          useFactory: () =>
            new KeyedSerialQueue({
              maxActive: config.ACTION_MAX_CONCURRENCY,
              maxPendingPerKey: MAX_PENDING_PER_SESSION,
            }),
        },
        {
          provide: SecretVault,
          inject: [Bus],
          useFactory: (bus: Bus) =>
            SecretVault.open({
              nc: bus.connection,
              file: config.ACTION_SECRETS_FILE,
              evidenceKey: config.FORAGE_EVIDENCE_KEY,
              replicas: bus.jetstreamReplicas,
            }),
        },
        {
          provide: BrowserProfiles,
          inject: [Bus],
          useFactory: (bus: Bus) =>
            BrowserProfiles.open(bus.connection, {
              evidenceKey: config.FORAGE_EVIDENCE_KEY,
              replicas: bus.jetstreamReplicas,
            }),
        },
        SessionProfiles,
        {
          provide: IdempotencyLedger,
          inject: [Bus],
          useFactory: (bus: Bus) =>
            IdempotencyLedger.open(bus.connection, {
              ttlMs: config.ACTION_IDEMPOTENCY_TTL_MS,
              replicas: bus.jetstreamReplicas,
            }),
        },
        EgressGuard,
        NavigationGate,
        BrowserHost,
        BrowserMetrics,
        SessionPages,
        RunEndListener,
        PageSnapshots,
        ActionAttempt,
        ActionExecutor,
        SessionObserver,
      ],
    };
  }
}
