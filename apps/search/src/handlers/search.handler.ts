import { Controller, Inject } from '@nestjs/common';
import { searchQuery, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, ToolRecorder } from '@forage/messaging';
import { rankResults } from '../core/rank.js';
import { LocalIndex } from '../adapters/local-index.js';

@Controller()
export class SearchHandler {
  constructor(
    @Inject(LocalIndex) private readonly index: LocalIndex,
    @Inject(ToolRecorder) private readonly recorder: ToolRecorder,
  ) {}

  @HandleCommand(searchQuery)
  async search(request: CommandRequest<typeof searchQuery>): Promise<CommandReply<typeof searchQuery>> {
    const startedAt = performance.now();
    const ranked = rankResults({ index: this.index.current, query: request.query, limit: request.limit });
    const top = ranked.results[0];
    const logRecordId = await this.recorder.record({
      runId: request.runId,
      taskId: `search:${request.query}`,
      status: ranked.results.length > 0 ? 'success' : 'partial',
      confidence: top ? Math.min(1, top.score / 10) : 0,
      startedAt,
      data: { query: request.query, terms: ranked.terms, urls: ranked.results.map((r) => r.url) },
    });
    return { query: request.query, logRecordId, ...ranked };
  }
}
