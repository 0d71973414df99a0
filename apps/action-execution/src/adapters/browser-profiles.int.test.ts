import { randomBytes } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { browserProfiles } from '@forage/contracts';
import type { RunningNatsServer } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { ProfileTooLargeError, ProfileUnreadableError } from '../errors.js';
import { BrowserProfiles } from './browser-profiles.js';

const state = {
  cookies: [
    {
      name: 'sid',
      value: 'c00kie-value-7f3a',
      domain: 'shop.example.org',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax' as const,
    },
    {
      name: 'track',
      value: 'tracker-value',
      domain: '.tracker.test',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'None' as const,
    },
  ],
  origins: [{ origin: 'https://shop.example.org', localStorage: [{ name: 'cart', value: 'three-items' }] }],
};

/** Browser profiles on a real nats-server's KV bucket: sealed, bound to their key, kept to their origins. */
describe('BrowserProfiles', () => {
  let nats: RunningNatsServer;
  let nc: NatsConnection;
  const evidenceKey = randomBytes(32).toString('hex');
  let profiles: BrowserProfiles;
  const a = { owner: 'keya000001', name: 'work' };

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    profiles = await BrowserProfiles.open(nc, { evidenceKey });
  });

  afterAll(async () => {
    await nc.close();
    await nats.stop();
  });

  it('stores a state sealed and gives it back kept to its origins', async () => {
    await profiles.save({ ref: a, content: { origins: ['https://shop.example.org'], state } });
    const raw =
      (await (await new Kvm(nc).open(browserProfiles.bucket)).get('keya000001.work'))?.string() ?? '';
    for (const plain of ['c00kie-value-7f3a', 'three-items', 'shop.example.org', 'tracker'])
      expect(raw).not.toContain(plain);
    const loaded = await profiles.load(a);
    expect(loaded?.origins).toEqual(['https://shop.example.org']);
    expect(loaded?.state.cookies.map((c) => c.name)).toEqual(['sid']);
    expect(loaded?.state.origins).toEqual(state.origins);
  });

  it('keeps the first save time and lists names, origins and times only', async () => {
    const first = await profiles.load(a);
    await profiles.save({
      ref: a,
      content: { origins: ['https://shop.example.org'], state },
      ...(first?.createdAt ? { createdAt: first.createdAt } : {}),
    });
    const listed = await profiles.list(a.owner);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'work', origins: ['https://shop.example.org'] });
    expect(listed[0]?.createdAt).toBe(first?.createdAt);
    expect(await profiles.list('keyb000002')).toEqual([]);
  });

  it('does not open an entry copied under another owner, nor with another evidence key', async () => {
    const kv = await new Kvm(nc).open(browserProfiles.bucket);
    await kv.put('keyb000002.work', (await kv.get('keya000001.work'))?.string() ?? '');
    await expect(profiles.load({ owner: 'keyb000002', name: 'work' })).rejects.toBeInstanceOf(
      ProfileUnreadableError,
    );
    const other = await BrowserProfiles.open(nc, { evidenceKey: randomBytes(32).toString('hex') });
    await expect(other.load(a)).rejects.toThrow(/sealed with another key/);
    await kv.purge('keyb000002.work');
  });

  it('refuses a state larger than a profile may hold', async () => {
    const big = {
      ...state,
      origins: [
        { origin: 'https://shop.example.org', localStorage: [{ name: 'x', value: 'y'.repeat(600_000) }] },
      ],
    };
    await expect(
      profiles.save({
        ref: { owner: a.owner, name: 'big' },
        content: { origins: ['https://shop.example.org'], state: big },
      }),
    ).rejects.toBeInstanceOf(ProfileTooLargeError);
  });

  it('deletes a profile once', async () => {
    expect(await profiles.delete(a)).toBe(true);
    expect(await profiles.load(a)).toBeUndefined();
    expect(await profiles.delete(a)).toBe(false);
  });
});
