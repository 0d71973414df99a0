import { parseAllowlist } from './policy.js';
import { withOverrides } from './resolver.js';
import { startTrap, type Trap } from '@forage/testing';
import { guardedFetch } from './guarded-fetch.js';

/** robots.txt is fetched from Node, not the browser: the same policy, pins and denylist must hold. */
describe('guardedFetch applies the egress policy with the shared resolver', () => {
  let trap: Trap;
  const resolve = withOverrides(
    new Map([
      ['site.test', ['127.0.0.1']],
      ['internal.test', ['127.0.0.1']],
    ]),
  );
  const fetchFrom = (url: string, options: { allow?: string; deny?: string[] } = {}) =>
    guardedFetch({
      url,
      userAgent: 'forage-test',
      allowlist: parseAllowlist(options.allow ?? ''),
      denylist: options.deny ?? [],
      resolve,
      timeoutMs: 5_000,
      maxBytes: 1_000,
      maxRedirects: 2,
    });

  beforeAll(async () => {
    trap = await startTrap();
  });

  afterAll(async () => {
    await trap.stop();
  });

  it('reaches an allowlisted name through its EGRESS_RESOLVE pin', async () => {
    const before = trap.connections();
    const result = await fetchFrom(`http://site.test:${trap.port}/robots.txt`, {
      allow: `http://site.test:${trap.port}`,
    });
    expect(result).toMatchObject({ kind: 'response', status: 200, body: 'reached' });
    expect(trap.connections()).toBe(before + 1);
  });

  it.each([
    ['a pinned name resolving to loopback', (port: number) => `http://internal.test:${port}/robots.txt`],
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/robots.txt`],
  ])('refuses %s without connecting', async (_what, urlFor) => {
    const before = trap.connections();
    const result = await fetchFrom(urlFor(trap.port));
    expect(result).toMatchObject({ kind: 'failed', network: false });
    expect(result.kind === 'failed' && result.detail).toMatch(/egress denied/);
    expect(trap.connections()).toBe(before);
  });

  it('refuses a denylisted domain even when it is allowlisted', async () => {
    const before = trap.connections();
    const result = await fetchFrom(`http://site.test:${trap.port}/robots.txt`, {
      allow: `http://site.test:${trap.port}`,
      deny: ['site.test'],
    });
    expect(result.kind === 'failed' && result.detail).toMatch(/EGRESS_DENYLIST/);
    expect(trap.connections()).toBe(before);
  });
});
