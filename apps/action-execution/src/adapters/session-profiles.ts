import { Inject, Injectable } from '@nestjs/common';
import type { BrowserContext } from 'playwright-core';
import type { ProfileRef, ProfileSave } from '@forage/contracts';
import { ForageError, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { profileOrigins, type StorageState } from '../core/profile-state.js';
import { BrowserProfiles } from './browser-profiles.js';

/** The profile a session started from, and what it saves back to when it closes. */
export interface ProfileBinding {
  readonly ref: ProfileRef;
  /** The origins the profile was bound to when the session opened it. */
  readonly origins: readonly string[];
  /** When the profile was first saved (undefined: a new profile). */
  readonly createdAt: string | undefined;
}

/**
 * A session's side of browser profiles: the state a context starts from, and its state saved
 * back (to the profile's origins and those the session visited) when it closes.
 */
@Injectable()
export class SessionProfiles {
  constructor(
    @Inject(BrowserProfiles) private readonly store: BrowserProfiles,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The binding and the state to open a context with (none for a new profile). */
  async restore(ref: ProfileRef): Promise<{ binding: ProfileBinding; state: StorageState | undefined }> {
    const stored = await this.store.load(ref);
    return {
      binding: { ref, origins: stored?.origins ?? [], createdAt: stored?.createdAt },
      state: stored?.state,
    };
  }

  /** Saves the context's state to the profile; a failure is reported, never thrown (the session still closes). */
  async saveFrom(input: {
    context: BrowserContext;
    binding: ProfileBinding;
    visited: Iterable<string>;
  }): Promise<ProfileSave> {
    const { ref } = input.binding;
    const origins = profileOrigins({ had: input.binding.origins, visited: input.visited });
    try {
      const state = await input.context.storageState();
      await this.store.save({
        ref,
        content: { origins, state: { cookies: state.cookies, origins: state.origins } },
        ...(input.binding.createdAt ? { createdAt: input.binding.createdAt } : {}),
      });
      return { name: ref.name, saved: true, origins };
    } catch (err) {
      const detail = err instanceof ForageError ? err.message : 'the browser context could not be read';
      this.logger.warn({ err, profile: ref.name }, 'a session could not save its browser profile');
      return {
        name: ref.name,
        saved: false,
        origins: [...input.binding.origins],
        detail: detail.slice(0, 500),
      };
    }
  }

  async delete(ref: ProfileRef): Promise<boolean> {
    return this.store.delete(ref);
  }
}
