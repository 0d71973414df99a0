import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  crawlPageExtractionSchema,
  errorReplySchema,
  extractPage,
  runStart,
  searchQuery,
  type CreateRunBody,
  type ExtractBody,
  type ExtractResponse,
  type GetCrawlInput,
  type GetEvidenceInput,
  type SearchBody,
  type SearchResponse,
} from '@forage/contracts';
import { EvidenceNotFoundError } from '@forage/evidence';
import { Bus, ForageError } from '@forage/messaging';
import {
  ForageToolError,
  runReportSchema,
  type CrawlReport,
  type Evidence,
  type ForagePort,
  type RunReport,
  type RunStepEvent,
} from '@forage/mcp';
import { RunBoard, type RunView } from '../core/run-board.js';
import { RateLimiter } from '../core/rate-limiter.js';
import { runStartOf } from '../core/run-request.js';
import { RunHistory } from '../adapters/run-history.js';
import { EvidenceReader } from '../adapters/evidence-reader.js';
import { AgentSessions } from '../adapters/agent-sessions.js';
import { SchemaExtractor } from '../adapters/schema-extractor.js';
import { SiteCrawls } from '../adapters/site-crawls.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import type { GatewayConfig } from '../config.js';
import { callerOf } from './caller.js';
import { RunAccess } from './run-access.js';

/**
 * The MCP tools' port inside the gateway: runs start and are followed exactly as POST /v1/runs
 * does (owner claimed in the history, durable run.start, the run board), runs and evidence are
 * read only as far as the caller may see them (as GET /v1/runs/:id and /v1/evidence do), pages
 * and queries go to dom-extraction and search over the bus. Every failure is a ForageToolError
 * carrying the typed error code.
 */
@Injectable()
export class BusForagePort {
  constructor(
    @Inject(Bus) private readonly bus: Bus,
    @Inject(RunBoard) private readonly board: RunBoard,
    @Inject(RunHistory) private readonly history: RunHistory,
    @Inject(RunAccess) private readonly access: RunAccess,
    @Inject(EvidenceReader) private readonly evidence: EvidenceReader,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AgentSessions) private readonly sessions: AgentSessions,
    @Inject(SchemaExtractor) private readonly schemaExtractor: SchemaExtractor,
    @Inject(SiteCrawls) private readonly crawls: SiteCrawls,
  ) {
    this.runs = new RateLimiter({
      perMinute: config.GATEWAY_RUNS_PER_MINUTE,
      burst: config.GATEWAY_RUNS_BURST,
    });
  }

  /** Runs started through MCP, per client: the limits of POST /v1/runs (a bucket of their own). */
  private readonly runs: RateLimiter;

  /** The port for one request: its caller (the API key checked for it) owns and sees runs. */
  forRequest(req: IncomingMessage): ForagePort {
    return {
      ask: (input, onStep, signal) => this.ask(req, input, onStep, signal),
      extract: (input) => this.extract(input),
      search: (input) => this.search(input),
      getRun: (runId) => this.getRun(req, runId),
      getEvidence: (input) => this.getEvidence(req, input),
      // a session belongs to the key of the request that opened it, as with /v1/sessions
      openSession: (input) => relayed(() => this.sessions.open(callerOf(req).keyId, input)),
      observe: ({ sessionId, ...query }) =>
        relayed(() => this.sessions.observe(callerOf(req).keyId, sessionId, query)),
      act: ({ sessionId, ...body }) => relayed(() => this.sessions.act(callerOf(req).keyId, sessionId, body)),
      closeSession: ({ sessionId }) =>
        relayed(async () => ({
          ...(await this.sessions.close(callerOf(req).keyId, sessionId)),
          closed: true,
        })),
      // a crawl belongs to the key that started it, as with /v1/crawls
      startCrawl: (input) => relayed(() => this.crawls.start(callerOf(req).keyId, input)),
      getCrawl: (input) => relayed(() => this.crawlReport(callerOf(req).keyId, input)),
    };
  }

  private async crawlReport(caller: string | null, input: GetCrawlInput): Promise<CrawlReport> {
    const { view, page } = await this.crawls.report(caller, input.crawlId, input.page);
    if (!page) return { view };
    const extraction =
      page.json === undefined ? undefined : crawlPageExtractionSchema.parse(JSON.parse(page.json));
    return {
      view,
      page: {
        entry: page.page,
        ...(page.markdown === undefined ? {} : { markdown: page.markdown }),
        ...(extraction ? { extraction } : {}),
      },
    };
  }

  async ask(
    req: IncomingMessage,
    input: CreateRunBody,
    onStep: (step: RunStepEvent) => void,
    signal?: AbortSignal,
  ): Promise<RunReport> {
    const runId = randomUUID();
    const caller = callerOf(req);
    const event = runStartOf({
      runId,
      body: input,
      keyId: caller.keyId,
      defaultMaxPages: this.config.GATEWAY_DEFAULT_MAX_PAGES,
      now: new Date(),
    });
    try {
      // a thread is continued only by a caller who may see the run that started it
      if (input.threadId) await this.access.find(input.threadId, req);
    } catch (err) {
      throw toolError(err);
    }
    const client = caller.keyId ? `key:${caller.keyId}` : (req.socket.remoteAddress ?? 'unknown');
    const taken = this.runs.take(client, Date.now());
    if (!taken.ok)
      throw new ForageToolError(
        'unavailable',
        `too many runs from ${client}; retry in ${taken.retryAfterSeconds} s`,
      );
    try {
      // the owner is in the history before the run exists, so its key can always see it
      if (caller.keyId) await this.history.claim({ runId, owner: caller.keyId, question: event.question });
      this.board.started(event);
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

  /** The page rendered by dom-extraction and, with a schema, read into it field by field, each verified. */
  async extract(input: ExtractBody): Promise<ExtractResponse> {
    const runId = randomUUID();
    try {
      const page = await this.bus.request(
        extractPage,
        { runId, url: input.url, timeoutMs: input.timeoutMs, screenshot: false },
        { timeoutMs: input.timeoutMs + 30_000 },
      );
      if (!input.schema) return page;
      return {
        ...page,
        extraction: await this.schemaExtractor.extract({ runId, page, schema: input.schema }),
      };
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

  async getRun(req: IncomingMessage, runId: string): Promise<RunReport> {
    try {
      return runReportSchema.parse(await this.access.find(runId, req));
    } catch (err) {
      throw toolError(err);
    }
  }

  async getEvidence(req: IncomingMessage, { runId, sha256 }: GetEvidenceInput): Promise<Evidence> {
    try {
      await this.access.assertEvidenceVisible(runId, req);
      const ref = await this.evidence.refOf({ runId, sha256 });
      if (!ref) throw new ForageToolError('not_found', `run ${runId} has no evidence ${sha256}`);
      const data = await this.evidence.read(ref);
      return {
        sha256,
        contentType: ref.kind === 'screenshot' ? 'image/png' : ref.contentType || 'text/html',
        data,
      };
    } catch (err) {
      if (err instanceof EvidenceNotFoundError)
        throw new ForageToolError('not_found', `evidence ${sha256} is no longer stored`);
      throw toolError(err);
    }
  }
}

async function relayed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toolError(err);
  }
}

function toolError(err: unknown): ForageToolError {
  if (err instanceof ForageToolError) return err;
  if (err instanceof ForageError) return new ForageToolError(err.code, err.message);
  if (err instanceof HttpException) {
    const body = err.getResponse();
    const typed = errorReplySchema.safeParse(body);
    if (typed.success) return new ForageToolError(typed.data.error.code, typed.data.error.message);
    return new ForageToolError(err.getStatus() === 404 ? 'not_found' : 'internal', err.message);
  }
  return new ForageToolError('internal', err instanceof Error ? err.message : String(err));
}

/** The HTTP status of a tool failure, for the REST endpoints that share the port. */
export function httpStatusOf(code: string): number {
  switch (code) {
    case 'invalid_request':
      return 400;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'limit_reached':
      return 429;
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
