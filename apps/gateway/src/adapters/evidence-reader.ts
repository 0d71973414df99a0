import { Inject, Injectable } from '@nestjs/common';
import { evidenceRefSchema, queryLogs, type ChunkSet, type EvidenceRef } from '@forage/contracts';
import { z } from 'zod';
import { EvidenceStore, getChunkSet, parseEvidenceKey } from '@forage/evidence';
import { Bus } from '@forage/messaging';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';

/** Why evidence cannot be served (the controller maps each to its HTTP status). */
export class EvidenceUnavailableError extends Error {
  override readonly name = 'EvidenceUnavailableError';
}

/** An action's record keeps the page before it in its data (the record's evidence is the page after). */
const actionBeforeSchema = z.object({
  dom: evidenceRefSchema.nullable(),
  screenshot: evidenceRefSchema.nullable(),
});

/**
 * Reads evidence for the HTTP API: the run's log records say which artefacts belong to it (and
 * their content types); the bytes come from the shared, encrypted evidence store.
 */
@Injectable()
export class EvidenceReader {
  private store: Promise<EvidenceStore> | undefined;

  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The reference of `sha256` among the run's records, or undefined when the run never saw it. */
  async refOf(input: { runId: string; sha256: string }): Promise<EvidenceRef | undefined> {
    const reply = await this.bus.request(
      queryLogs,
      { runId: input.runId, limit: 1000 },
      { timeoutMs: 10_000 },
    );
    for (const record of reply.records) {
      const before = actionBeforeSchema.safeParse(record.output.data['before']);
      const earlier = before.success ? [before.data.dom, before.data.screenshot] : [];
      for (const ref of [record.evidence.dom_snapshot, record.evidence.screenshot, ...earlier]) {
        if (ref?.sha256 === input.sha256) return ref;
      }
    }
    return undefined;
  }

  async read(ref: EvidenceRef): Promise<Buffer> {
    return (await this.open()).get(ref);
  }

  /** A page's chunk set, as dom-understanding stored it (checked against its schema). */
  async chunkSet(ref: Pick<EvidenceRef, 'sha256'>): Promise<ChunkSet> {
    return getChunkSet(await this.open(), ref);
  }

  private open(): Promise<EvidenceStore> {
    const key = this.config.FORAGE_EVIDENCE_KEY;
    if (!key) return Promise.reject(new EvidenceUnavailableError('the gateway has no FORAGE_EVIDENCE_KEY'));
    this.store ??= EvidenceStore.open(this.bus.connection, {
      key: parseEvidenceKey(key),
      retentionMs: this.config.EVIDENCE_RETENTION_DAYS * 86_400_000,
      replicas: this.bus.jetstreamReplicas,
    });
    this.store.catch(() => (this.store = undefined));
    return this.store;
  }
}
