import { Controller, Inject } from '@nestjs/common';
import { searchQuery, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, ToolRecorder } from '@forage/messaging';
import { tokenize } from '@forage/retrieval';
import { SearchEngine } from '../adapters/search-engine.js';
import { QueryRejectedError } from '../core/query/parse-query.js';
import { SearchQueryRejectedError } from '../errors.js';
import type { QueryFilters } from '../core/query/filters.js';

@Controller()
export class SearchHandler {
  constructor(
    @Inject(SearchEngine) private readonly engine: SearchEngine,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
  ) {}

  @HandleCommand(searchQuery)
  async search(request: CommandRequest<typeof searchQuery>): Promise<CommandReply<typeof searchQuery>> {
    const startedAt = performance.now();
    const outcome = await this.engine.search(request).catch((err: unknown) => {
      throw err instanceof QueryRejectedError
        ? new SearchQueryRejectedError(err.message, { cause: err })
        : err;
    });
    const top = outcome.results[0];
    const failed = outcome.sources.filter((s) => s.status !== 'ok' && s.status !== 'empty');
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `search:${request.query}`,
      status: outcome.results.length > 0 ? 'success' : 'partial',
      confidence: top ? top.score : 0,
      startedAt,
      data: {
        query: request.query,
        optimized: outcome.optimized,
        urls: outcome.results.map((r) => r.url),
        sources: outcome.sources.map((s) => `${s.provider}:${s.status}${s.reason ? ` (${s.reason})` : ''}`),
        ...(failed.length > 0 ? { failedSources: failed.map((s) => s.provider) } : {}),
      },
    });
    const { parsed, timings } = outcome;
    return {
      query: request.query,
      terms: tokenize(parsed.text),
      logRecordId,
      results: outcome.results,
      timings: {
        parseMs: timings.parseMs,
        retrieveMs: timings.providerMs,
        rankMs: timings.rankMs,
        totalMs: timings.totalMs,
        rewriteMs: timings.rewriteMs,
        providerMs: timings.providerMs,
      },
      understood: {
        original: parsed.original,
        optimized: outcome.optimized,
        schemaType: parsed.schemaType,
        filters: contractFilters(parsed.filters),
        language: parsed.language,
      },
      sources: outcome.sources,
      costUsd: outcome.costUsd,
      rankingVersion: outcome.rankingVersion,
      cached: outcome.cached,
    };
  }
}

/** The parser's read-only filters as the contract's plain object. */
function contractFilters(
  f: QueryFilters,
): NonNullable<CommandReply<typeof searchQuery>['understood']>['filters'] {
  return {
    ...(f.location === undefined ? {} : { location: f.location }),
    ...(f.price === undefined ? {} : { price: { ...f.price } }),
    ...(f.dates === undefined ? {} : { dates: { ...f.dates } }),
    ...(f.counts === undefined ? {} : { counts: { ...f.counts } }),
    ...(f.sites === undefined ? {} : { sites: [...f.sites] }),
  };
}
