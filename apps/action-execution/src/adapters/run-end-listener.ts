import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { runCompleted } from '@forage/contracts';
import { Bus, decodeJson, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { SecretVault } from './secret-vault.js';
import { SessionPages } from './session-pages.js';

/**
 * Closes a run's sessions when the orchestrator announces the run's end (`run.completed.v1`,
 * published for every run, answered or failed), and removes the run's task secrets from task
 * memory (nothing may fill them any more). Sessions live in one replica's memory, so every
 * replica listens (a plain subscription, no queue group) and closes the ones it holds; removing
 * the secrets twice is harmless.
 */
@Injectable()
export class RunEndListener implements OnModuleInit, OnApplicationShutdown {
  private subscription: Subscription | undefined;
  private invalid = 0;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(SessionPages) private readonly sessions: SessionPages,
    @Inject(SecretVault) private readonly vault: SecretVault,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Announcements that failed their schema since start (they close nothing). */
  get invalidCount(): number {
    return this.invalid;
  }

  onModuleInit(): void {
    this.subscription = this.bus.connection.subscribe(runCompleted.subject, {
      callback: (err, msg) => {
        if (err) return;
        void this.onRunEnd(msg.data);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  private async onRunEnd(data: Uint8Array): Promise<void> {
    let runId: string;
    try {
      runId = runCompleted.payload.parse(decodeJson(data)).runId;
    } catch {
      this.invalid += 1;
      this.logger.warn({ subject: runCompleted.subject }, 'ignored a run end that fails its schema');
      return;
    }
    const closed = await this.sessions.closeRun(runId);
    if (closed > 0) this.logger.debug({ runId, closed }, 'closed the sessions of an ended run');
    const forgotten = await this.vault.forgetRun(runId).catch((err: unknown) => {
      this.logger.warn(
        { runId, err: err instanceof Error ? err.message : String(err) },
        "could not remove an ended run's secrets",
      );
      return 0;
    });
    if (forgotten > 0) this.logger.debug({ runId, forgotten }, 'removed the task secrets of an ended run');
  }
}
