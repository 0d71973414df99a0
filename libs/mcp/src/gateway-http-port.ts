import {
  actResponseSchema,
  closeSessionResponseSchema,
  crawlPageExtractionSchema,
  crawlViewSchema,
  createCrawlResponseSchema,
  deleteProfileResponseSchema,
  profileListSchema,
  createRunResponseSchema,
  errorReplySchema,
  extractResponseSchema,
  observationSchema,
  sessionViewSchema,
  runCompleted,
  runStep,
  searchResponseSchema,
  type CreateCrawlBody,
  type CreateRunBody,
  type GetCrawlInput,
  type ExtractBody,
  type GetEvidenceInput,
  type ActInput,
  type ObserveInput,
  type OpenSessionBody,
  type SearchBody,
} from '@forage/contracts';
import {
  ForageToolError,
  runReportSchema,
  type CrawlReport,
  type Evidence,
  type ForagePort,
  type RunReport,
  type RunStepEvent,
} from './port.js';
import { readServerSentEvents } from './sse.js';

export interface GatewayHttpPortOptions {
  /** http://host:port of the gateway. */
  readonly gatewayUrl: string;
  /** Sent as `Authorization: Bearer` when the gateway needs one (FORAGE_API_KEY). */
  readonly apiKey?: string;
  readonly fetch?: typeof fetch;
}

/** The tools' port over a running gateway's HTTP API (what `forage mcp` uses). */
export class GatewayHttpPort implements ForagePort {
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: GatewayHttpPortOptions) {
    this.base = options.gatewayUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async ask(
    input: CreateRunBody,
    onStep: (step: RunStepEvent) => void,
    signal?: AbortSignal,
  ): Promise<RunReport> {
    const created = createRunResponseSchema.parse(await this.json('POST', '/v1/runs', input, signal));
    const res = await this.request('GET', created.eventsUrl, undefined, signal);
    if (!res.body) throw new ForageToolError('unavailable', 'the run event stream has no body');
    let completed = false;
    for await (const event of readServerSentEvents(res.body)) {
      if (event.event === 'step') {
        const step = runStep.payload.safeParse(JSON.parse(event.data));
        if (step.success) onStep(step.data);
      } else if (event.event === 'completed') {
        completed = runCompleted.payload.safeParse(JSON.parse(event.data)).success;
        break;
      }
    }
    if (!completed)
      throw new ForageToolError(
        'unavailable',
        `run ${created.runId}: the event stream ended before the run did`,
      );
    return this.getRun(created.runId);
  }

  async extract(input: ExtractBody) {
    return extractResponseSchema.parse(await this.json('POST', '/v1/extract', input));
  }

  async search(input: SearchBody) {
    return searchResponseSchema.parse(await this.json('POST', '/v1/search', input));
  }

  async getRun(runId: string): Promise<RunReport> {
    return runReportSchema.parse(await this.json('GET', `/v1/runs/${encodeURIComponent(runId)}`));
  }

  async getEvidence({ runId, sha256 }: GetEvidenceInput): Promise<Evidence> {
    const res = await this.request(
      'GET',
      `/v1/evidence/${encodeURIComponent(sha256)}?run=${encodeURIComponent(runId)}`,
    );
    return {
      sha256,
      contentType:
        (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? '',
      data: Buffer.from(await res.arrayBuffer()),
    };
  }

  async openSession(input: OpenSessionBody) {
    return sessionViewSchema.parse(await this.json('POST', '/v1/sessions', input));
  }

  async observe({ sessionId, ...query }: ObserveInput) {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return observationSchema.parse(
      await this.json('GET', `${sessionPath(sessionId)}/observe?${params.toString()}`),
    );
  }

  async act({ sessionId, ...body }: ActInput) {
    return actResponseSchema.parse(await this.json('POST', `${sessionPath(sessionId)}/act`, body));
  }

  async closeSession({ sessionId }: { sessionId: string }) {
    return closeSessionResponseSchema.parse(await this.json('DELETE', sessionPath(sessionId)));
  }

  /** The caller's browser profiles (not part of the MCP tools: `forage profile list`). */
  async listProfiles() {
    return profileListSchema.parse(await this.json('GET', '/v1/profiles'));
  }

  async deleteProfile(name: string) {
    return deleteProfileResponseSchema.parse(
      await this.json('DELETE', `/v1/profiles/${encodeURIComponent(name)}`),
    );
  }

  async startCrawl(input: CreateCrawlBody) {
    return createCrawlResponseSchema.parse(await this.json('POST', '/v1/crawls', input));
  }

  async getCrawl(input: GetCrawlInput): Promise<CrawlReport> {
    const view = crawlViewSchema.parse(await this.json('GET', crawlPath(input.crawlId)));
    if (input.page === undefined) return { view };
    const entry = view.pages.find((p) => p.n === input.page);
    if (!entry)
      throw new ForageToolError(
        'not_found',
        `crawl ${input.crawlId} has no page ${String(input.page)} (yet)`,
      );
    const pagePath = `${crawlPath(input.crawlId)}/pages/${String(input.page)}`;
    const markdown = entry.file ? await (await this.request('GET', pagePath)).text() : undefined;
    const extraction = entry.extraction?.file
      ? crawlPageExtractionSchema.parse(await this.json('GET', `${pagePath}/extraction`))
      : undefined;
    return {
      view,
      page: {
        entry,
        ...(markdown === undefined ? {} : { markdown }),
        ...(extraction ? { extraction } : {}),
      },
    };
  }

  private async json(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    return (await this.request(method, path, body, signal)).json() as Promise<unknown>;
  }

  /** One request; a non-2xx answer becomes a ForageToolError with the gateway's typed error. */
  private async request(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    let res: Response;
    try {
      res = await this.fetch(`${this.base}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      throw new ForageToolError(
        'unavailable',
        `the Forage gateway at ${this.base} cannot be reached (${err instanceof Error ? err.message : String(err)}); is \`forage up\` running?`,
      );
    }
    if (res.ok) return res;
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const typed = errorReplySchema.safeParse(parsed);
    if (typed.success) throw new ForageToolError(typed.data.error.code, typed.data.error.message);
    throw new ForageToolError(
      'unavailable',
      `${method} ${path} answered HTTP ${res.status}: ${text.slice(0, 300)}`,
    );
  }
}

const crawlPath = (crawlId: string): string => `/v1/crawls/${encodeURIComponent(crawlId)}`;

const sessionPath = (sessionId: string): string => `/v1/sessions/${encodeURIComponent(sessionId)}`;
