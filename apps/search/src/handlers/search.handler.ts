import { Controller, Inject } from '@nestjs/common';
import { searchQuery, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { rankResults } from '../core/rank.js';
import { LocalIndex } from '../adapters/local-index.js';

@Controller()
export class SearchHandler {
  constructor(@Inject(LocalIndex) private readonly index: LocalIndex) {}

  @HandleCommand(searchQuery)
  search(request: CommandRequest<typeof searchQuery>): CommandReply<typeof searchQuery> {
    const ranked = rankResults({ index: this.index.current, query: request.query, limit: request.limit });
    return { query: request.query, ...ranked };
  }
}
