import { Controller } from '@nestjs/common';
import { processListings, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { processListingPages } from '../core/listings/process-listings.js';

@Controller()
export class ListingsHandler {
  @HandleCommand(processListings)
  listings(request: CommandRequest<typeof processListings>): CommandReply<typeof processListings> {
    return processListingPages(request);
  }
}
