import type { IncomingMessage } from 'node:http';
import { Controller, Delete, Get, Inject, Param, Req, UseInterceptors } from '@nestjs/common';
import { profileNameSchema, type DeleteProfileResponse, type ProfileList } from '@forage/contracts';
import { issuesOf } from '@forage/messaging';
import { ProfileDirectory } from '../adapters/profile-directory.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { callerOf } from './caller.js';
import { invalidRequest } from './http-errors.js';
import { relay } from './relay.js';

/**
 * `/v1/profiles`: the caller's browser profiles (made by `POST /v1/sessions {profile}`). Listed
 * with their origins and times, never their cookies; another key's profile is not found.
 */
@Controller('v1/profiles')
@UseInterceptors(HttpMetricsInterceptor)
export class ProfilesController {
  constructor(@Inject(ProfileDirectory) private readonly profiles: ProfileDirectory) {}

  @Get()
  async list(@Req() req: IncomingMessage): Promise<ProfileList> {
    return { profiles: await relay(() => this.profiles.list(callerOf(req).keyId)) };
  }

  @Delete(':name')
  async delete(@Param('name') name: string, @Req() req: IncomingMessage): Promise<DeleteProfileResponse> {
    const parsed = profileNameSchema.safeParse(name);
    if (!parsed.success)
      throw invalidRequest(
        `"${name.slice(0, 80)}" is not a profile name: ${parsed.error.issues[0]?.message ?? ''}`,
        issuesOf(parsed.error),
      );
    await relay(() => this.profiles.delete(callerOf(req).keyId, parsed.data));
    return { name: parsed.data, deleted: true };
  }
}
