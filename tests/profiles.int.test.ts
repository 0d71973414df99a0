import { Kvm } from '@nats-io/kv';
import {
  browserProfiles,
  type CloseSessionResponse,
  type Observation,
  type ProfileList,
  type SessionView,
} from '@forage/contracts';
import { tempDir } from '@forage/testing';
import { runCli } from '../apps/cli/src/cli/run.js';
import { startSessionStack, type SessionStack } from './support/session-stack.js';

interface Answer<T> {
  status: number;
  body: T & { error?: { code: string; message: string } };
}

/**
 * Browser profiles against real services under their own NATS identities and real Chromium: a
 * login made in one session is reused by the next session on the same profile, the profile is
 * the API key's own, sealed at rest, bound to its origins, listed without cookies and deletable.
 */
describe('browser profiles of agent sessions', () => {
  let stack: SessionStack;

  beforeAll(async () => {
    stack = await startSessionStack();
  }, 120_000);

  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  const call = async <T>(input: {
    key: string;
    method: string;
    path: string;
    body?: unknown;
    base?: string;
  }): Promise<Answer<T>> => {
    const res = await fetch(`${input.base ?? stack.gateway.httpUrl}${input.path}`, {
      method: input.method,
      headers: {
        authorization: `Bearer ${input.key}`,
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
  };
  const open = (key: string, body: { url?: string; profile?: string }, base?: string) =>
    call<SessionView>({ key, method: 'POST', path: '/v1/sessions', body, ...(base ? { base } : {}) });
  const close = (key: string, id: string) =>
    call<CloseSessionResponse>({ key, method: 'DELETE', path: `/v1/sessions/${id}` });
  const observe = (key: string, id: string) =>
    call<Observation>({ key, method: 'GET', path: `/v1/sessions/${id}/observe` });
  const list = (key: string) => call<ProfileList>({ key, method: 'GET', path: '/v1/profiles' });
  const remove = (key: string, name: string) =>
    call<unknown>({ key, method: 'DELETE', path: `/v1/profiles/${name}` });
  /** The raw KV entries of the profiles bucket, as the operator (admin identity) reads them. */
  const storedEntries = async (): Promise<Map<string, string>> => {
    const kv = await new Kvm(stack.admin).open(browserProfiles.bucket);
    const entries = new Map<string, string>();
    for await (const k of await kv.keys()) {
      const e = await kv.get(k);
      if (e?.operation === 'PUT') entries.set(k, e.string());
    }
    return entries;
  };

  it('keeps a login made in one session for the next session on the same profile, sealed at rest', async () => {
    const { keys, site } = stack;
    const first = await open(keys.a, { url: `${site.origin}/login`, profile: 'p' });
    expect(first.status).toBe(201);
    expect(first.body.profile).toEqual({ name: 'p', restored: false, origins: [] });
    expect(first.body.opened?.status).toBe('done');
    const closed = await close(keys.a, first.body.sessionId);
    expect(closed.status).toBe(200);
    expect(closed.body.profile).toEqual({ name: 'p', saved: true, origins: [site.origin] });

    // at rest: one entry for the key's profile, with neither the cookie nor the stored value in clear
    const stored = await storedEntries();
    expect([...stored.keys()]).toHaveLength(1);
    const [raw] = [...stored.values()];
    expect(raw).toBeDefined();
    expect(raw).not.toContain(site.sessionCookie);
    expect(raw).not.toContain('forage_sid');
    expect(raw).not.toContain(`dark-${site.sessionCookie.slice(0, 6)}`);
    expect(raw).not.toContain(site.origin);

    const second = await open(keys.a, { url: `${site.origin}/account`, profile: 'p' });
    expect(second.status).toBe(201);
    expect(second.body.profile).toEqual({ name: 'p', restored: true, origins: [site.origin] });
    expect(site.accountVisits.at(-1)).toBe(site.sessionCookie);
    const seen = await observe(keys.a, second.body.sessionId);
    expect(seen.body.text.content).toContain('Welcome back, Ada.');
    expect(seen.body.text.content).toContain(`Theme: dark-${site.sessionCookie.slice(0, 6)}`);
    expect((await close(keys.a, second.body.sessionId)).body.profile?.saved).toBe(true);
  }, 90_000);

  it("lists the key's profiles with their origins and never a cookie", async () => {
    const { keys, site } = stack;
    const mine = await list(keys.a);
    expect(mine.status).toBe(200);
    expect(mine.body.profiles.map(({ name, origins }) => ({ name, origins }))).toEqual([
      { name: 'p', origins: [site.origin] },
    ]);
    const [p] = mine.body.profiles;
    expect(Date.parse(p?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(p?.createdAt ?? ''));
    expect(JSON.stringify(mine.body)).not.toContain(site.sessionCookie);
  });

  it('does not let another API key use, list or delete the profile', async () => {
    const { keys, site } = stack;
    expect((await list(keys.b)).body.profiles).toEqual([]);
    const refused = await remove(keys.b, 'p');
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('not_found');

    // b's "p" is b's own, new profile: the server sees no cookie, a's profile is untouched
    const theirs = await open(keys.b, { url: `${site.origin}/account`, profile: 'p' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.profile).toEqual({ name: 'p', restored: false, origins: [] });
    expect(site.accountVisits.at(-1)).toBeNull();
    expect((await observe(keys.b, theirs.body.sessionId)).body.text.content).toContain('Please sign in.');
    await close(keys.b, theirs.body.sessionId);

    const again = await open(keys.a, { url: `${site.origin}/account`, profile: 'p' });
    expect(site.accountVisits.at(-1)).toBe(site.sessionCookie);
    await close(keys.a, again.body.sessionId);
  }, 90_000);

  it('refuses a bad profile name with a 400 that says what a name is', async () => {
    const { keys, site } = stack;
    const bad = await open(keys.a, { url: `${site.origin}/account`, profile: 'Not A Name!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('invalid_request');
    expect(bad.body.error?.message).toMatch(/profile: a profile name is 1-64 characters/);
    const badDelete = await remove(keys.a, 'NOPE!');
    expect(badDelete.status).toBe(400);
    expect(badDelete.body.error?.message).toMatch(/is not a profile name/);
  });

  it('saves the profile when an idle session expires', async () => {
    const { keys, site } = stack;
    const quick = await stack.startGateway({ GATEWAY_SESSION_IDLE_MS: '1500' });
    const opened = await open(keys.a, { url: `${site.origin}/login`, profile: 'idle' }, quick.httpUrl);
    expect(opened.status).toBe(201);
    let saved: ProfileList['profiles'][number] | undefined;
    for (let i = 0; i < 40 && !saved; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      saved = (await list(keys.a)).body.profiles.find((p) => p.name === 'idle');
    }
    expect(saved?.origins).toEqual([site.origin]);
  }, 60_000);

  it('lists and deletes profiles from the command line, and opens a session on one', async () => {
    const home = tempDir('forage-profile-cli-');
    const forage = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli([...argv, '--data-dir', home.path], {
        root: '/nonexistent',
        env: { FORAGE_URL: stack.gateway.httpUrl, FORAGE_API_KEY: stack.keys.a },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        errRaw: (t) => err.push(t),
        stderrIsTTY: false,
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    try {
      const listed = await forage(['profile', 'list']);
      expect(listed.code).toBe(0);
      expect(listed.out).toMatch(new RegExp(`^idle\\tupdated .*\\t${stack.site.origin}$`, 'm'));
      const opened = await forage(['session', 'open', `${stack.site.origin}/account`, '--profile', 'idle']);
      expect(opened.code).toBe(0);
      expect(opened.out).toContain('browser profile "idle" restored');
      const id = /session ([0-9a-f-]{36})/.exec(opened.out)?.[1] ?? '';
      const closed = await forage(['session', 'close', id]);
      expect(closed.out).toContain('browser profile "idle" saved for');
      expect(await forage(['profile', 'delete', 'idle'])).toMatchObject({ code: 0 });
      expect((await forage(['profile', 'delete', 'idle'])).code).not.toBe(0);
      expect((await forage(['profile', 'delete', 'Bad!'])).err).toContain('a profile name is');
    } finally {
      home.remove();
    }
  }, 60_000);

  it('deletes a profile: gone from the list and the bucket, and the next session starts signed out', async () => {
    const { keys, site } = stack;
    const deleted = await remove(keys.a, 'p');
    expect(deleted).toEqual({ status: 200, body: { name: 'p', deleted: true } });
    expect((await list(keys.a)).body.profiles.map((p) => p.name)).not.toContain('p');
    expect([...(await storedEntries()).keys()].filter((k) => k.endsWith('.p'))).toHaveLength(1); // b's own
    const fresh = await open(keys.a, { url: `${site.origin}/account`, profile: 'p' });
    expect(fresh.body.profile?.restored).toBe(false);
    expect(site.accountVisits.at(-1)).toBeNull();
    await close(keys.a, fresh.body.sessionId);
  }, 60_000);
});
