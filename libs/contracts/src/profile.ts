import { z } from 'zod';
import { defineCommand } from './define.js';
import { isoTimeSchema } from './common.js';

/**
 * A browser profile: the cookies and local storage of the sites a session used, kept under a
 * name between sessions so a login made once is reused. Profiles live in action-execution's KV
 * bucket, sealed with a key derived from FORAGE_EVIDENCE_KEY, under `<owner>.<name>`; the owner is
 * the API key that made it, so no other key can use, list or delete it. Only the origins the
 * profile was used on are kept.
 */
export const browserProfiles = {
  bucket: 'forage-browser-profiles',
  key: (input: ProfileRef): string => `${input.owner}.${input.name}`,
} as const;

/** A profile's name: what a user types (`--profile work`), safe as a KV key token. */
export const profileNameSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,63}$/,
    'a profile name is 1-64 characters: lower-case letters, digits, "-" and "_", starting with a letter or digit',
  )
  .meta({ title: 'ProfileName', description: 'The name of a browser profile, e.g. "work"' });

/**
 * Whose profiles: an API key's id, or `_anonymous` when the gateway needs no keys. The gateway
 * names it (it checked the key); action-execution takes it from the gateway's subjects, and for a
 * run from the run's action requests, which carry what the gateway put on the run's run.start.
 */
export const profileOwnerSchema = z.string().regex(/^(?:[a-z0-9]{1,40}|_anonymous)$/);

/** The owner of the profiles of an API key (null: a gateway that needs no keys, where all callers are one). */
export function profileOwnerOf(keyId: string | null): string {
  return keyId ?? '_anonymous';
}

export const profileRefSchema = z
  .object({ owner: profileOwnerSchema, name: profileNameSchema })
  .meta({ title: 'ProfileRef' });
export type ProfileRef = z.infer<typeof profileRefSchema>;

/** A profile as listed: what it is bound to and when it changed, never a cookie or a stored value. */
export const profileSummarySchema = z
  .object({
    name: profileNameSchema,
    /** The origins (scheme://host[:port]) whose cookies and storage the profile keeps. */
    origins: z.array(z.string().max(300)).max(200),
    createdAt: isoTimeSchema,
    updatedAt: isoTimeSchema,
  })
  .meta({ title: 'BrowserProfile', description: 'A named browser profile: its origins and times' });
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const listProfiles = defineCommand({
  subject: 'action.profile-list.v1',
  description: "List one owner's browser profiles (names, origins, times; never their cookies)",
  request: z.object({ owner: profileOwnerSchema }).meta({ title: 'ListProfiles' }),
  reply: z
    .object({ profiles: z.array(profileSummarySchema) })
    .meta({ title: 'ProfileList', description: "An owner's browser profiles" }),
});

export const deleteProfile = defineCommand({
  subject: 'action.profile-delete.v1',
  description:
    "Delete one owner's browser profile; sessions open on it keep their pages but no longer save to it",
  request: profileRefSchema.meta({ title: 'DeleteProfile' }),
  reply: z
    .object({
      name: profileNameSchema,
      /** false when the owner had no profile of that name. */
      deleted: z.boolean(),
    })
    .meta({ title: 'ProfileDeleted' }),
});

/** What a session did with its profile when it closed: saved (and to which origins) or why not. */
export const profileSaveSchema = z
  .object({
    name: profileNameSchema,
    saved: z.boolean(),
    origins: z.array(z.string().max(300)).max(200),
    /** Why it was not saved (too large, deleted meanwhile, the store refused). */
    detail: z.string().max(500).optional(),
  })
  .meta({ title: 'ProfileSave' });
export type ProfileSave = z.infer<typeof profileSaveSchema>;
