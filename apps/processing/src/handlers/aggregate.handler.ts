import { Controller } from '@nestjs/common';
import { aggregatePassages, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { aggregate } from '../core/aggregate.js';

@Controller()
export class AggregateHandler {
  @HandleCommand(aggregatePassages)
  aggregate(request: CommandRequest<typeof aggregatePassages>): CommandReply<typeof aggregatePassages> {
    return aggregate(request);
  }
}
