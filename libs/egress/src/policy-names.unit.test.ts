import { decideByName, decideEgress, parseAllowlist, parseDenylist } from './policy.js';
import { splitAuthority } from './proxy.js';
import { parseResolveOverrides, ResolveOverrideError, withOverrides } from './resolver.js';
import { egressEnvSchema } from './env.js';

const allow = parseAllowlist('http://127.0.0.1:5000');

describe('decisions made from the URL alone', () => {
  it.each([
    ['http://user:pass@example.com/', 'credentials'],
    ['http://user@example.com/', 'credentials'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'address'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'address'],
    ['http://metadata/', 'address'],
    ['http://instance-data/latest/', 'address'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.com/', 'scheme'],
    ['chrome://version', 'scheme'],
    ['view-source:http://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
  ])('%s is refused (%s)', (url, reason) => {
    expect(decideByName(new URL(url), [])).toMatchObject({ allowed: false, reason });
  });

  it('refuses denylisted domains and their subdomains, even when allowlisted by origin', () => {
    const deny = parseDenylist('tracker.example, *.ads.example.');
    expect(deny).toEqual(['tracker.example', 'ads.example']);
    expect(decideByName(new URL('https://cdn.tracker.example/x.js'), deny)).toMatchObject({
      reason: 'denylisted',
    });
    expect(decideByName(new URL('https://ads.example/'), deny)).toMatchObject({ reason: 'denylisted' });
    expect(decideByName(new URL('https://notads.example/'), deny)).toBeUndefined();
    expect(
      decideEgress({ url: new URL('http://user:pw@127.0.0.1:5000/'), addresses: null, allowlist: allow }),
    ).toMatchObject({ allowed: false, reason: 'credentials' });
  });

  it('leaves ordinary public URLs to the address check', () => {
    expect(decideByName(new URL('https://example.com/page'), [])).toBeUndefined();
  });
});

describe('splitAuthority', () => {
  it('reads CONNECT targets, IPv6 included', () => {
    expect(splitAuthority('example.com:443')).toEqual(['example.com', 443]);
    expect(splitAuthority('[::1]:8443')).toEqual(['[::1]', 8443]);
  });
});

describe('EGRESS_RESOLVE overrides', () => {
  it('answers pinned names from the table and refuses malformed entries', async () => {
    const table = parseResolveOverrides('Internal.test=127.0.0.1, dual.test=10.0.0.1, dual.test=::1');
    const resolve = withOverrides(table, () => Promise.resolve(['93.184.216.34']));
    expect(await resolve('internal.test.')).toEqual(['127.0.0.1']);
    expect(await resolve('dual.test')).toEqual(['10.0.0.1', '::1']);
    expect(await resolve('other.example')).toEqual(['93.184.216.34']);
    expect(() => parseResolveOverrides('nonsense')).toThrow(ResolveOverrideError);
  });

  it('is part of the shared egress environment', () => {
    const env = egressEnvSchema.parse({
      EGRESS_RESOLVE: 'a.test=127.0.0.1',
      EGRESS_ALLOWLIST: 'http://127.0.0.1:5000',
    });
    expect(env.EGRESS_RESOLVE.get('a.test')).toEqual(['127.0.0.1']);
    expect(egressEnvSchema.safeParse({ EGRESS_ALLOWLIST: 'ftp://x' }).success).toBe(false);
  });
});
