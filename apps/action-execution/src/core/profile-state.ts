import { z } from 'zod';

/** Origins a profile is bound to at most. */
const MAX_ORIGINS = 200;

/** One cookie as Playwright's storageState gives and takes it. */
const cookieSchema = z.object({
  name: z.string().max(4096),
  value: z.string().max(8192),
  domain: z.string().max(300),
  path: z.string().max(2048),
  expires: z.number(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.enum(['Strict', 'Lax', 'None']),
});

/** A browser context's cookies and local storage (Playwright's `storageState`), as a profile keeps it. */
export const storageStateSchema = z.object({
  cookies: z.array(cookieSchema),
  origins: z.array(
    z.object({
      origin: z.string().max(300),
      localStorage: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
});
export type StorageState = z.infer<typeof storageStateSchema>;

/** What a profile holds once unsealed: the origins it is bound to and their state. */
export const profileContentSchema = z.object({
  origins: z.array(z.string().max(300)).max(MAX_ORIGINS),
  state: storageStateSchema,
});
export type ProfileContent = z.infer<typeof profileContentSchema>;

/** A profile's plaintext at most (its sealed form must fit one bus message). */
export const MAX_PROFILE_BYTES = 512 * 1024;

/** The origin (scheme://host[:port]) of a web page; null for anything that is not http(s). */
export function webOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origins a profile is bound to after a session: those it had and those the session visited. */
export function profileOrigins(input: { had: readonly string[]; visited: Iterable<string> }): string[] {
  const all = new Set(input.had);
  for (const url of input.visited) {
    const origin = webOriginOf(url);
    if (origin) all.add(origin);
  }
  return [...all].sort().slice(0, MAX_ORIGINS);
}

/**
 * The part of a storage state that belongs to `origins`: cookies a request to one of their hosts
 * would send (a host-only cookie for that very host, a domain cookie for it or a parent domain),
 * and the local storage of those exact origins. Third-party cookies and storage of sites the
 * profile was never used on are dropped.
 */
export function boundToOrigins(input: { state: StorageState; origins: readonly string[] }): StorageState {
  const hosts = new Set(input.origins.map(hostOf).filter((h): h is string => h !== null));
  const origins = new Set(input.origins);
  return {
    cookies: input.state.cookies.filter((c) => [...hosts].some((host) => cookieApplies(c.domain, host))),
    origins: input.state.origins.filter((o) => origins.has(o.origin)),
  };
}

/** Whether a cookie of `domain` is sent to `host`: `.example.org` to it and its subdomains, `example.org` to it alone. */
export function cookieApplies(domain: string, host: string): boolean {
  const d = domain.toLowerCase();
  const h = host.toLowerCase();
  if (!d.startsWith('.')) return h === d;
  const bare = d.slice(1);
  return h === bare || h.endsWith(d);
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
}
