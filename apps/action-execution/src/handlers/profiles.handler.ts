import { Controller, Inject } from '@nestjs/common';
import { deleteProfile, listProfiles, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand } from '@forage/messaging';
import { BrowserProfiles } from '../adapters/browser-profiles.js';
import { SessionPages } from '../adapters/session-pages.js';

/** `action.profile-list.v1` and `action.profile-delete.v1`: an owner's browser profiles (the gateway's). */
@Controller()
export class ProfilesHandler {
  constructor(
    @Inject(BrowserProfiles) private readonly profiles: BrowserProfiles,
    @Inject(SessionPages) private readonly sessions: SessionPages,
  ) {}

  @HandleCommand(listProfiles)
  async list(request: CommandRequest<typeof listProfiles>): Promise<CommandReply<typeof listProfiles>> {
    return { profiles: await this.profiles.list(request.owner) };
  }

  @HandleCommand(deleteProfile)
  async delete(request: CommandRequest<typeof deleteProfile>): Promise<CommandReply<typeof deleteProfile>> {
    return { name: request.name, deleted: await this.sessions.deleteProfile(request) };
  }
}
