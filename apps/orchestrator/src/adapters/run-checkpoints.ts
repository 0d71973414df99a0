import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import { z } from 'zod';
import { pageActionSchema, scoredAnswerSchema, secretHandleSchema } from '@forage/contracts';
import { Bus, kvBuckets } from '@forage/messaging';
import type { Checkpoint } from '../core/loop/checkpoint.js';
import { ORCHESTRATOR_CONFIG } from '../tokens.js';
import type { OrchestratorConfig } from '../config.js';

const BUCKET = kvBuckets.runCheckpoints.bucket;
const source = scoredAnswerSchema.shape.source;

/** A checkpoint as stored; one that does not parse is ignored (the run starts over). */
const checkpointSchema = z.object({
  steps: z.number().int().nonnegative(),
  pagesRead: z.number().int().nonnegative(),
  searches: z.number().int().nonnegative(),
  actions: z.number().int().nonnegative(),
  visited: z.array(z.string()),
  queriesTried: z.array(z.string()),
  actKeysTried: z.array(z.string()),
  formsUsed: z.array(z.string()),
  searchedUrls: z.array(z.string()),
  expectedRecordIds: z.array(z.string()),
  resultUrls: z.array(z.string()),
  answers: z.array(z.tuple([z.string(), scoredAnswerSchema])),
  items: z.array(
    z.object({
      item: z.object({
        name: z.string(),
        url: z.string(),
        price: z.number().optional(),
        rating: z.number().optional(),
        text: z.string(),
        source,
      }),
      context: z.string(),
    }),
  ),
  extraFields: z.array(z.object({ label: z.string(), value: z.union([z.string(), secretHandleSchema]) })),
  askedUser: z.boolean(),
  taskDone: z.object({ text: z.string(), source }).optional(),
  taskEnded: z.object({ outcome: z.enum(['failed', 'unconfirmed']), reason: z.string() }).optional(),
  taskSite: z.string().optional(),
  frontiers: z
    .array(
      z.object({
        origin: z.string(),
        pagesRead: z.number().int().nonnegative(),
        queue: z.array(
          z.object({
            url: z.string(),
            text: z.string(),
            score: z.number(),
            from: z.string(),
            next: z.boolean(),
          }),
        ),
      }),
    )
    .optional(),
  currentSite: z.string().optional(),
  pendingNext: z.array(z.string()).optional(),
  pageActs: z
    .array(
      z.object({
        url: z.string(),
        purpose: z.enum(['disclose', 'search-form', 'task-form']),
        actions: z.array(pageActionSchema),
        described: z.array(z.string()),
        stateKey: z.string(),
      }),
    )
    .optional(),
});

/**
 * Step checkpoints in the `forage-run-checkpoints` KV bucket (key = run id, kept as long as the
 * run ledger): a run redelivered after a crash continues from its last step instead of starting over.
 */
@Injectable()
export class RunCheckpoints implements OnModuleInit {
  private kv: KV | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.kv = await new Kvm(this.bus.connection).create(BUCKET, {
      ttl: this.config.ORCH_RUN_STATE_TTL_HOURS * 3_600_000,
      history: 1,
      replicas: this.bus.jetstreamReplicas,
    });
  }

  async save(runId: string, cp: Checkpoint): Promise<void> {
    await this.store().put(runId, JSON.stringify(cp));
  }

  async load(runId: string): Promise<Checkpoint | undefined> {
    const stored = await this.store()
      .get(runId)
      .catch(() => null);
    if (!stored || stored.operation !== 'PUT') return undefined;
    let raw: unknown;
    try {
      raw = JSON.parse(stored.string());
    } catch {
      return undefined;
    }
    const parsed = checkpointSchema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  }

  async forget(runId: string): Promise<void> {
    await this.store()
      .purge(runId)
      .catch(() => undefined);
  }

  private store(): KV {
    if (!this.kv) throw new Error('run checkpoints used before init');
    return this.kv;
  }
}
