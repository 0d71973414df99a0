import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { browserProfiles, isoTimeSchema, type ProfileRef, type ProfileSummary } from '@forage/contracts';
import { browserProfilesKeyFrom, openBound, sealBound, SecretSealBrokenError } from '@forage/secrets';
import {
  MAX_PROFILE_BYTES,
  boundToOrigins,
  profileContentSchema,
  type ProfileContent,
} from '../core/profile-state.js';
import { ProfileStoreUnavailableError, ProfileTooLargeError, ProfileUnreadableError } from '../errors.js';

/** A KV entry: the sealed content and its times (the update time is bound into the seal). */
const entrySchema = z.object({
  sealed: z.string().min(1).max(2_000_000),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
type Entry = z.infer<typeof entrySchema>;

/** A profile as loaded: its content and when it was made (kept on the next save). */
export interface StoredProfile extends ProfileContent {
  readonly createdAt: string;
}

/**
 * Browser profiles in the `forage-browser-profiles` KV bucket under `<owner>.<name>`. The whole
 * content (origins, cookies, local storage) is sealed (@forage/secrets' sealBound, a key derived
 * from FORAGE_EVIDENCE_KEY) and bound to its KV key and update time, so an entry copied under
 * another owner or name does not open. Only this service holds the bucket.
 */
export class BrowserProfiles {
  private constructor(
    private readonly kv: KV,
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  static async open(
    nc: NatsConnection,
    options: { evidenceKey: string; replicas?: number; now?: () => number },
  ): Promise<BrowserProfiles> {
    let kv: KV;
    try {
      kv = await new Kvm(nc).create(browserProfiles.bucket, { history: 1, replicas: options.replicas ?? 1 });
    } catch (err) {
      throw new ProfileStoreUnavailableError('the browser profiles bucket could not be opened', {
        cause: err,
      });
    }
    return new BrowserProfiles(kv, browserProfilesKeyFrom(options.evidenceKey), options.now ?? Date.now);
  }

  /** The profile's content, bound to its origins; undefined when the owner has none of that name. */
  async load(ref: ProfileRef): Promise<StoredProfile | undefined> {
    const entry = await this.entry(browserProfiles.key(ref));
    if (!entry) return undefined;
    const content = this.unseal(ref, entry);
    return {
      origins: content.origins,
      state: boundToOrigins({ state: content.state, origins: content.origins }),
      createdAt: entry.createdAt,
    };
  }

  /** Seals and stores the profile's state, kept to its origins; returns its update time. */
  async save(input: { ref: ProfileRef; content: ProfileContent; createdAt?: string }): Promise<string> {
    const kvKey = browserProfiles.key(input.ref);
    const content: ProfileContent = {
      origins: input.content.origins,
      state: boundToOrigins({ state: input.content.state, origins: input.content.origins }),
    };
    const plain = JSON.stringify(content);
    if (Buffer.byteLength(plain) > MAX_PROFILE_BYTES)
      throw new ProfileTooLargeError(
        `profile "${input.ref.name}" would hold ${String(Buffer.byteLength(plain))} bytes, more than ${String(MAX_PROFILE_BYTES)}`,
      );
    const updatedAt = new Date(this.now()).toISOString();
    const entry: Entry = {
      sealed: sealBound({ key: this.key, boundTo: boundTo(kvKey, updatedAt), value: plain }),
      createdAt: input.createdAt ?? updatedAt,
      updatedAt,
    };
    try {
      await this.kv.put(kvKey, JSON.stringify(entry));
    } catch (err) {
      throw new ProfileStoreUnavailableError(`profile "${input.ref.name}" could not be stored`, {
        cause: err,
      });
    }
    return updatedAt;
  }

  /** The owner's profiles, by name; one that does not open (another key) is listed without origins. */
  async list(owner: string): Promise<ProfileSummary[]> {
    const names: string[] = [];
    try {
      for await (const k of await this.kv.keys(`${owner}.*`)) names.push(k.slice(owner.length + 1));
    } catch (err) {
      throw new ProfileStoreUnavailableError('the browser profiles bucket is unavailable', { cause: err });
    }
    const profiles: ProfileSummary[] = [];
    for (const name of names.sort()) {
      const entry = await this.entry(browserProfiles.key({ owner, name }));
      if (!entry) continue;
      let origins: string[] = [];
      try {
        origins = this.unseal({ owner, name }, entry).origins;
      } catch (err) {
        if (!(err instanceof ProfileUnreadableError)) throw err;
      }
      profiles.push({ name, origins, createdAt: entry.createdAt, updatedAt: entry.updatedAt });
    }
    return profiles;
  }

  /** Removes the profile (no history is kept); false when there was none. */
  async delete(ref: ProfileRef): Promise<boolean> {
    const kvKey = browserProfiles.key(ref);
    const existed = (await this.entry(kvKey)) !== undefined;
    if (!existed) return false;
    try {
      await this.kv.purge(kvKey);
    } catch (err) {
      throw new ProfileStoreUnavailableError(`profile "${ref.name}" could not be deleted`, { cause: err });
    }
    return true;
  }

  private unseal(ref: ProfileRef, entry: Entry): ProfileContent {
    try {
      const plain = openBound({
        key: this.key,
        boundTo: boundTo(browserProfiles.key(ref), entry.updatedAt),
        sealed: entry.sealed,
      });
      return profileContentSchema.parse(JSON.parse(plain));
    } catch (err) {
      if (err instanceof SecretSealBrokenError || err instanceof SyntaxError || err instanceof z.ZodError)
        throw new ProfileUnreadableError(
          `profile "${ref.name}" does not open (${err instanceof SecretSealBrokenError ? err.message : 'unreadable content'}); delete it to start afresh`,
          { cause: err },
        );
      throw err;
    }
  }

  private async entry(kvKey: string): Promise<Entry | undefined> {
    let stored;
    try {
      stored = await this.kv.get(kvKey);
    } catch (err) {
      throw new ProfileStoreUnavailableError('the browser profiles bucket is unavailable', { cause: err });
    }
    if (!stored || stored.operation !== 'PUT') return undefined;
    const parsed = entrySchema.safeParse(parseOrNull(stored.string()));
    return parsed.success ? parsed.data : undefined;
  }
}

/** What a profile's seal is bound to: where it is stored and when it was written. */
function boundTo(kvKey: string, updatedAt: string): string {
  return `browser-profile\n${kvKey}\n${updatedAt}`;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
