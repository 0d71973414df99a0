import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  extractPage,
  runStart,
  searchQuery,
  type CreateRunBody,
  type ExtractBody,
  type ExtractResponse,
  type SearchBody,
  type SearchResponse,
} from '@forage/contracts';
import { EvidenceNotFoundError, EvidenceStore } from '@forage/evidence';
import { Bus, ForageError } from '@forage/messaging';
import {
  ForageToolError,
  runReportSchema,
  type Evidence,
  type ForagePort,
  type RunReport,
  type RunStepEvent,
} from '@forage/mcp';
import { RunBoard, type RunView } from '../core/run-board.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';

const runIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The MCP tools' port inside the gateway: runs start and are followed exactly as POST /v1/runs
 * does (durable run.start, the run board), pages and queries go to dom-extraction and search
 * over the bus. Every failure is a ForageToolError carrying the bus's typed error code.
 */
@Injectable()
export class BusForagePort implements ForagePort {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Optional() @Inject(EvidenceStore) private readonly evidence?: EvidenceStore,
  ) {}

  async ask(
    input: CreateRunBody,
    onStep: (step: RunStepEvent) => void,
    signal?: AbortSignal,
  ): Promise<RunReport> {
    const runId = randomUUID();
    const event = {
      runId,
      question: input.question,
      requestedAt: new Date().toISOString(),
      options: { maxPages: input.options?.maxPages ?? this.config.GATEWAY_DEFAULT_MAX_PAGES },
      ...(input.urls ? { urls: input.urls } : {}),
    };
    this.board.started(event);
    try {
      await this.bus.publishDurable(runStart, event, { msgId: runId });
    } catch (err) {
      throw toolError(err);
    }
    const view = await new Promise<RunView>((resolve, reject) => {
      const state = { settled: false };
      let unsubscribe = (): void => undefined;
      const finish = (outcome: () => void): void => {
        if (state.settled) return;
        state.settled = true;
        clearTimeout(limit);
        signal?.removeEventListener('abort', aborted);
        unsubscribe();
        outcome();
      };
      const limit = setTimeout(() => {
        finish(() => {
          reject(
            new ForageToolError(
              'timeout',
              `run ${runId} did not end within ${this.config.GATEWAY_EVENTS_MAX_MS} ms`,
            ),
          );
        });
      }, this.config.GATEWAY_EVENTS_MAX_MS);
      const aborted = (): void => {
        finish(() => {
          reject(new ForageToolError('unavailable', `the client stopped waiting for run ${runId}`));
        });
      };
      signal?.addEventListener('abort', aborted);
      unsubscribe = this.board.follow(runId, (e) => {
        if (e.type === 'step') onStep(e.data);
        else {
          const done = this.board.get(runId);
          finish(() => {
            if (done) resolve(done);
            else reject(new ForageToolError('not_found', `run ${runId} was forgotten before it ended`));
          });
        }
      });
      // the run may have ended while following replayed it
      if (state.settled) unsubscribe();
    });
    return runReportSchema.parse(view);
  }

  async extract(input: ExtractBody): Promise<ExtractResponse> {
    try {
      return await this.bus.request(
        extractPage,
        { runId: randomUUID(), url: input.url, timeoutMs: input.timeoutMs, screenshot: false },
        { timeoutMs: input.timeoutMs + 30_000 },
      );
    } catch (err) {
      throw toolError(err);
    }
  }

  async search(input: SearchBody): Promise<SearchResponse> {
    try {
      return await this.bus.request(searchQuery, {
        runId: randomUUID(),
        query: input.query,
        limit: input.limit,
      });
    } catch (err) {
      throw toolError(err);
    }
  }

  getRun(runId: string): Promise<RunReport> {
    const view = runIdPattern.test(runId) ? this.board.get(runId) : undefined;
    if (!view) return Promise.reject(new ForageToolError('not_found', `no run ${runId}`));
    return Promise.resolve(runReportSchema.parse(view));
  }

  async getEvidence(sha256: string): Promise<Evidence> {
    if (!this.evidence)
      throw new ForageToolError(
        'unavailable',
        'this gateway has no evidence store (FORAGE_EVIDENCE_KEY is not set)',
      );
    try {
      const data = await this.evidence.get({ sha256 });
      return { sha256, contentType: sniffContentType(data), data };
    } catch (err) {
      if (err instanceof EvidenceNotFoundError)
        throw new ForageToolError('not_found', `no evidence ${sha256}`);
      throw toolError(err);
    }
  }
}

/** PNG screenshots and HTML snapshots are what the store holds. */
function sniffContentType(data: Buffer): string {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  return 'text/html';
}

function toolError(err: unknown): ForageToolError {
  if (err instanceof ForageToolError) return err;
  if (err instanceof ForageError) return new ForageToolError(err.code, err.message);
  return new ForageToolError('internal', err instanceof Error ? err.message : String(err));
}

/** The HTTP status of a tool failure, for the REST endpoints that share the port. */
export function httpStatusOf(code: string): number {
  switch (code) {
    case 'invalid_request':
      return 400;
    case 'not_found':
      return 404;
    case 'blocked':
    case 'egress_denied':
      return 403;
    case 'timeout':
      return 504;
    case 'unavailable':
      return 503;
    case 'upstream_failed':
    case 'invalid_reply':
      return 502;
    default:
      return 500;
  }
}
