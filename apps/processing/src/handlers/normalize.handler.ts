import { Controller } from '@nestjs/common';
import {
  normalizeChunks as normalizeChunksCommand,
  type CommandReply,
  type CommandRequest,
} from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { normalizeChunks } from '../core/normalize.js';

@Controller()
export class NormalizeHandler {
  @HandleCommand(normalizeChunksCommand)
  normalize(
    request: CommandRequest<typeof normalizeChunksCommand>,
  ): CommandReply<typeof normalizeChunksCommand> {
    return normalizeChunks(request.chunks);
  }
}
