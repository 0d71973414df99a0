import { z } from 'zod';
import {
  runCompleted,
  runStep,
  type ActInput,
  type ActResponse,
  type CloseSessionResponse,
  type CrawledPage,
  type CrawlPageExtraction,
  type CrawlView,
  type CreateCrawlBody,
  type CreateCrawlResponse,
  type CreateRunBody,
  type EventPayload,
  type ExtractBody,
  type ExtractResponse,
  type GetCrawlInput,
  type GetEvidenceInput,
  type Observation,
  type ObserveInput,
  type OpenSessionBody,
  type SearchBody,
  type SearchResponse,
  type SessionView,
} from '@forage/contracts';

export type RunStepEvent = EventPayload<typeof runStep>;

/**
 * A run as the gateway shows it (GET /v1/runs/:id): the fields the tools read, checked; anything
 * else the gateway adds is kept and passed on.
 */
export const runReportSchema = z.looseObject({
  runId: z.string(),
  status: z.string(),
  question: z.string().optional(),
  steps: z.array(runStep.payload).optional(),
  result: runCompleted.payload.nullable().optional(),
  threadId: z.string().nullable().optional(),
  gate: z
    .looseObject({ status: z.string(), reasons: z.array(z.string()).optional() })
    .nullable()
    .optional(),
});
export type RunReport = z.infer<typeof runReportSchema>;

/** An artefact from the evidence store. */
export interface Evidence {
  readonly sha256: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/**
 * What the MCP tools need from Forage. The gateway implements it over the bus; `forage mcp`
 * implements it over the gateway's HTTP API. Failures are ForageToolErrors.
 */
export interface ForagePort {
  /** Starts a run and waits for its end; `onStep` sees each step as it happens. */
  ask(input: CreateRunBody, onStep: (step: RunStepEvent) => void, signal?: AbortSignal): Promise<RunReport>;
  extract(input: ExtractBody): Promise<ExtractResponse>;
  search(input: SearchBody): Promise<SearchResponse>;
  getRun(runId: string): Promise<RunReport>;
  /** An artefact of a run the caller may see (or of a session it has open). */
  getEvidence(input: GetEvidenceInput): Promise<Evidence>;
  /** A browser session the caller owns: opened, observed, acted on, closed. */
  openSession(input: OpenSessionBody): Promise<SessionView>;
  observe(input: ObserveInput): Promise<Observation>;
  act(input: ActInput): Promise<ActResponse>;
  closeSession(input: { sessionId: string }): Promise<CloseSessionResponse>;
  /** A site crawl the caller starts, and reads as it goes (`/v1/crawls`). */
  startCrawl(input: CreateCrawlBody): Promise<CreateCrawlResponse>;
  getCrawl(input: GetCrawlInput): Promise<CrawlReport>;
}

/** A crawl's state and pages, and the one page asked for: its Markdown and extraction when it has them. */
export interface CrawlReport {
  readonly view: CrawlView;
  readonly page?: {
    readonly entry: CrawledPage;
    readonly markdown?: string;
    readonly extraction?: CrawlPageExtraction;
  };
}

/** A failure a tool reports to its caller: the typed error code of Forage's replies and its message. */
export class ForageToolError extends Error {
  override readonly name = 'ForageToolError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
