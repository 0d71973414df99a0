import { decideByName, decideEgress, parseAllowlist, parseDenylist } from './policy.js';
import { splitAuthority } from './proxy.js';

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
