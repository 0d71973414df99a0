import { Inject, Injectable } from '@nestjs/common';
import { deleteProfile, listProfiles, profileOwnerOf, type ProfileSummary } from '@forage/contracts';
import { Bus, ForageError } from '@forage/messaging';

const TIMEOUT_MS = 15_000;

/** The caller has no browser profile of that name (never made, deleted, or another key's). */
export class ProfileNotFoundError extends ForageError {
  override readonly name = 'ProfileNotFoundError';
  readonly code = 'not_found';
  readonly retryable = false;
}

/**
 * The caller's browser profiles, kept by action-execution (the only holder of their bucket):
 * listed and deleted over the bus, always under the caller's own API key.
 */
@Injectable()
export class ProfileDirectory {
  constructor(@Inject(Bus) private readonly bus: Bus) {}

  async list(caller: string | null): Promise<ProfileSummary[]> {
    const reply = await this.bus.request(
      listProfiles,
      { owner: profileOwnerOf(caller) },
      { timeoutMs: TIMEOUT_MS },
    );
    return reply.profiles;
  }

  async delete(caller: string | null, name: string): Promise<void> {
    const reply = await this.bus.request(
      deleteProfile,
      { owner: profileOwnerOf(caller), name },
      { timeoutMs: TIMEOUT_MS },
    );
    if (!reply.deleted) throw new ProfileNotFoundError(`no browser profile "${name}"`);
  }
}
