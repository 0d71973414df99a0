import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import { taskMemory, taskSecrets, type MemoryEntry } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { TaskSecretStore, taskSecretsKeyFrom } from '@forage/secrets';
import type { Detail, DetailValue, RecalledDetail } from '../core/memory/details.js';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';

/**
 * The owner of the memory bank's secrets: no run has this id, so no run's end removes them (every
 * run's own secrets are removed when it ends); a run gets its own copy when it recalls one.
 */
export const MEMORY_VAULT_RUN_ID = '00000000-0000-4000-8000-00000000f0a9';

/**
 * The task memory bank (MemAgent) in the `forage-memory` JetStream KV bucket: one entry per
 * detail key, each with its own expiry, enforced on read (nats-server ignores per-key TTL). A
 * sensitive value is kept only as a sealed task secret; the entry holds its handle, and a later
 * run gets its own copy of the secret under its own run id.
 */
@Injectable()
export class MemoryBank implements OnModuleInit {
  private kv: KV | undefined;
  private secretStore: TaskSecretStore | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(taskMemory.bucket, {
      history: 1,
      replicas: this.bus.jetstreamReplicas,
    });
    this.secretStore = await TaskSecretStore.open(this.bus.connection, {
      key: taskSecretsKeyFrom(this.config.FORAGE_EVIDENCE_KEY),
      replicas: this.bus.jetstreamReplicas,
    });
  }

  get secrets(): TaskSecretStore {
    if (!this.secretStore) throw new Error('memory bank used before init');
    return this.secretStore;
  }

  /** The unexpired entry of a key. */
  async entry(key: string, now = Date.now()): Promise<MemoryEntry | undefined> {
    const stored = await this.store()
      .get(key)
      .catch(() => null);
    if (!stored || stored.operation !== 'PUT') return undefined;
    const parsed = taskMemory.entry.safeParse(parseOrNull(stored.string()));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now) return undefined;
    return parsed.data;
  }

  /**
   * Values for the keys memory holds, each with the site it was given for; a secret is copied to
   * `runId` (bound to that same site) and returned as its handle.
   */
  async recall(runId: string, keys: readonly string[]): Promise<Map<string, RecalledDetail>> {
    const out = new Map<string, RecalledDetail>();
    for (const key of keys) {
      const entry = await this.entry(key);
      if (!entry) continue;
      const bound = entry.origin !== undefined ? { origin: entry.origin } : {};
      if (typeof entry.value === 'string') {
        out.set(key, { value: entry.value, ...bound });
        continue;
      }
      const handle = entry.value.secretHandle;
      try {
        const value = await this.secrets.resolveTaskSecret(MEMORY_VAULT_RUN_ID, handle);
        const left = Math.max(1, Date.parse(entry.expiresAt) - Date.now());
        await this.secrets.putTaskSecret({
          runId,
          handle,
          value,
          ttlMs: Math.min(left, this.maxSecretMs()),
          ...bound,
        });
        out.set(key, { value: { secretHandle: handle }, ...bound });
      } catch {
        // an expired or unreadable secret is asked again
      }
    }
    return out;
  }

  /**
   * Keeps details for later runs, bound to the site they were given for: plain values as they
   * are, secrets by the handle they already have.
   */
  async remember(input: {
    runId: string;
    details: readonly Detail[];
    values: ReadonlyMap<string, DetailValue>;
    origin?: string;
  }): Promise<number> {
    const bound = input.origin !== undefined ? { origin: input.origin } : {};
    let kept = 0;
    const now = Date.now();
    for (const detail of input.details) {
      const value = input.values.get(detail.key);
      if (value === undefined || !detail.reusable) continue;
      if (typeof value === 'string' && (detail.sensitive || value.trim() === '')) continue;
      const ttl = typeof value === 'string' ? this.ttlMs() : Math.min(this.ttlMs(), this.maxSecretMs());
      let stored: MemoryEntry['value'] = value;
      if (typeof value !== 'string') {
        // the run's copy goes when the run ends: the bank keeps its own, sealed the same way
        const handle = `mem-${detail.key}`.slice(0, 100);
        const plain = await this.secrets.resolveTaskSecret(input.runId, value.secretHandle);
        await this.secrets.putTaskSecret({
          runId: MEMORY_VAULT_RUN_ID,
          handle,
          value: plain,
          ttlMs: ttl,
          ...bound,
        });
        stored = { secretHandle: handle };
      }
      const entry: MemoryEntry = {
        key: detail.key,
        label: detail.label.slice(0, 200),
        value: stored,
        sensitive: detail.sensitive || typeof value !== 'string',
        savedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + ttl).toISOString(),
        runId: input.runId,
        ...bound,
      };
      await this.store().put(detail.key, JSON.stringify(entry));
      kept++;
    }
    return kept;
  }

  private ttlMs(): number {
    return this.config.ORCH_MEMORY_TTL_HOURS * 3_600_000;
  }

  /** A secret lives at most as long as the task-secrets bucket keeps it. */
  private maxSecretMs(): number {
    return taskSecrets.ttlMs;
  }

  private store(): KV {
    if (!this.kv) throw new Error('memory bank used before init');
    return this.kv;
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
