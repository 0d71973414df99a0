import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import { threadStore, type ThreadEntry, type ThreadTurn } from '@forage/contracts';
import { Bus, kvBuckets } from '@forage/messaging';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';

const WRITE_ATTEMPTS = 5;

/**
 * The turns of each conversation in the `forage-threads` KV bucket (key = thread id), on
 * JetStream's file storage: a thread survives restarts of the orchestrator and of nats-server.
 * The bucket's TTL counts from a thread's last write.
 */
@Injectable()
export class ThreadStore implements OnModuleInit {
  private kv: KV | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(kvBuckets.threads.bucket, {
      ttl: this.config.ORCH_THREAD_TTL_DAYS * 86_400_000,
      history: 1,
      replicas: this.bus.jetstreamReplicas,
    });
  }

  /** The thread's turns, oldest first; none for a new thread (or one whose entry does not parse). */
  async turns(threadId: string): Promise<ThreadTurn[]> {
    return (await this.read(threadId)).entry?.turns ?? [];
  }

  /**
   * Adds a run's turn (once: a redelivered run replaces its own turn), keeping the latest
   * `threadStore.maxTurns`. Compare-and-set on the entry's revision, so two runs of one thread
   * finishing together both keep their turn.
   */
  async record(threadId: string, turn: ThreadTurn): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { entry, revision } = await this.read(threadId);
      const turns = [...(entry?.turns ?? []).filter((t) => t.runId !== turn.runId), turn]
        .sort((a, b) => a.turn - b.turn)
        .slice(-threadStore.maxTurns);
      const value = JSON.stringify({ threadId, turns } satisfies ThreadEntry);
      try {
        if (revision === undefined) await this.store().create(threadId, value);
        else await this.store().update(threadId, value, revision);
        return;
      } catch (err) {
        // another run of the thread wrote in between: read again
        if (attempt >= WRITE_ATTEMPTS) throw err;
      }
    }
  }

  private async read(threadId: string): Promise<{ entry?: ThreadEntry; revision?: number }> {
    const stored = await this.store()
      .get(threadId)
      .catch(() => null);
    if (!stored || stored.operation !== 'PUT') return stored ? { revision: stored.revision } : {};
    let raw: unknown;
    try {
      raw = JSON.parse(stored.string());
    } catch {
      return { revision: stored.revision };
    }
    const parsed = threadStore.entry.safeParse(raw);
    return parsed.success ? { entry: parsed.data, revision: stored.revision } : { revision: stored.revision };
  }

  private store(): KV {
    if (!this.kv) throw new Error('thread store used before init');
    return this.kv;
  }
}
