import {
  AllowlistEntryError,
  decideEgress,
  isAllowlisted,
  needsResolution,
  parseAllowlist,
} from './policy.js';

const decide = (url: string, addresses: string[] | null = [], allowlist = '') =>
  decideEgress({ url: new URL(url), addresses, allowlist: parseAllowlist(allowlist) });

describe('parseAllowlist', () => {
  it('reads origins and host[:port] entries, comma separated', () => {
    expect(parseAllowlist(' http://127.0.0.1:41001, 10.0.0.5:8080 ,https://[::1], intranet ')).toEqual([
      { scheme: 'http', host: '127.0.0.1', port: 41001 },
      { scheme: null, host: '10.0.0.5', port: 8080 },
      { scheme: 'https', host: '[::1]', port: 443 },
      { scheme: null, host: 'intranet', port: null },
    ]);
    expect(parseAllowlist('')).toEqual([]);
  });

  it.each([
    '*',
    'http://*',
    '*.example.com',
    '10.0.0.0/8',
    'ftp://10.0.0.1',
    'http://10.0.0.1/path',
    'http://user@10.0.0.1',
    'http://[::1',
    'http://a b',
  ])('rejects %j', (entry) => {
    expect(() => parseAllowlist(entry)).toThrow(AllowlistEntryError);
  });
});

describe('isAllowlisted', () => {
  const rules = parseAllowlist('http://127.0.0.1:41001,10.0.0.5:8080,intranet');
  it.each([
    ['http://127.0.0.1:41001/a?b', true],
    ['https://127.0.0.1:41001/', false],
    ['http://127.0.0.1:41002/', false],
    ['http://0x7f.1:41001/', true], // the URL parser canonicalises the host first
    ['http://10.0.0.5:8080/', true],
    ['https://10.0.0.5:8080/', true],
    ['http://10.0.0.5/', false],
    ['http://intranet:1234/', true],
    ['http://intranet.evil.com/', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowlisted(new URL(url), rules)).toBe(allowed);
  });

  it('treats an origin without a port as its scheme default port', () => {
    expect(isAllowlisted(new URL('http://10.0.0.1/'), parseAllowlist('http://10.0.0.1'))).toBe(true);
    expect(isAllowlisted(new URL('http://10.0.0.1:8080/'), parseAllowlist('http://10.0.0.1'))).toBe(false);
  });
});

describe('decideEgress', () => {
  it('refuses non-web schemes and lets in-page schemes through', () => {
    expect(decide('file:///etc/passwd')).toMatchObject({ allowed: false, reason: 'scheme' });
    expect(decide('ftp://example.com/')).toMatchObject({ allowed: false, reason: 'scheme' });
    expect(decide('gopher://127.0.0.1:6379/')).toMatchObject({ allowed: false, reason: 'scheme' });
    expect(decide('data:text/plain,hi')).toEqual({ allowed: true });
    expect(decide('blob:http://example.com/uuid')).toEqual({ allowed: true });
  });

  it('judges IP-literal hosts on the literal, whatever the lookup said', () => {
    expect(decide('http://127.0.0.1:8080/', ['8.8.8.8'])).toMatchObject({
      allowed: false,
      reason: 'address',
    });
    expect(decide('http://2130706433/')).toMatchObject({ allowed: false, reason: 'address' });
    expect(decide('http://0x7f.1/')).toMatchObject({ allowed: false, reason: 'address' });
    expect(decide('http://[::ffff:169.254.169.254]/latest/meta-data/')).toMatchObject({
      allowed: false,
      detail: expect.stringContaining('metadata') as unknown,
    });
    expect(decide('http://[fd00:ec2::254]/')).toMatchObject({ allowed: false, reason: 'address' });
    expect(decide('http://8.8.8.8/')).toEqual({ allowed: true });
  });

  it('blocks a name when any of its addresses is internal', () => {
    expect(decide('http://example.com/', ['93.184.215.14'])).toEqual({ allowed: true });
    expect(decide('http://example.com/', ['93.184.215.14', '10.0.0.7'])).toEqual({
      allowed: false,
      reason: 'address',
      addressClass: 'private',
      detail:
        'example.com resolves to 10.0.0.7, a private address, not allowed; allow its origin with ' +
        'forage up --allow http://example.com, FORAGE_ALLOW, or EGRESS_ALLOWLIST for one service',
    });
    expect(decide('http://localhost:3000/', ['::1', '127.0.0.1'])).toMatchObject({
      allowed: false,
      reason: 'address',
    });
    expect(decide('http://rebind.example/', ['::ffff:7f00:1'])).toMatchObject({
      allowed: false,
      reason: 'address',
    });
  });

  it('reports a failed lookup as unresolvable, not as allowed', () => {
    expect(decide('http://nowhere.invalid/', null)).toMatchObject({ allowed: false, reason: 'unresolvable' });
    expect(decide('http://nowhere.invalid/', [])).toMatchObject({ allowed: false, reason: 'unresolvable' });
  });

  it('lets allowlisted origins through although they are internal', () => {
    expect(decide('http://127.0.0.1:41001/page', [], 'http://127.0.0.1:41001')).toEqual({ allowed: true });
    expect(decide('http://127.0.0.1:41002/page', [], 'http://127.0.0.1:41001')).toMatchObject({
      allowed: false,
    });
    expect(decide('http://sandbox.local:8080/', ['10.1.2.3'], 'sandbox.local')).toEqual({ allowed: true });
  });

  it('still needs an allowlisted name to resolve', () => {
    expect(decide('http://sandbox.local:8080/', null, 'sandbox.local')).toMatchObject({
      allowed: false,
      reason: 'unresolvable',
    });
  });

  it('names the address class and the setting that would allow a refused internal origin', () => {
    expect(decide('http://127.0.0.1:5000/page.html')).toMatchObject({
      allowed: false,
      reason: 'address',
      addressClass: 'loopback',
      detail: expect.stringContaining('--allow http://127.0.0.1:5000, FORAGE_ALLOW') as unknown,
    });
  });

  const metadataAllowLists = [
    '',
    'http://169.254.169.254',
    '169.254.169.254',
    'http://169.254.169.254:80,http://127.0.0.1:5000',
    'metadata.internal.example',
    'http://[fe80::1]',
  ];
  it.each(metadataAllowLists)('refuses link-local and metadata addresses with allow list %j', (allow) => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.169.254:80/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fe80::1]/',
      'http://169.254.10.20/',
    ]) {
      expect(decide(url, [], allow)).toMatchObject({ allowed: false, reason: 'address' });
    }
    // an allowed name that resolves into a never-allowed class is refused on its address
    expect(decide('http://metadata.internal.example/', ['169.254.169.254'], allow)).toMatchObject({
      allowed: false,
      addressClass: 'metadata',
      detail: expect.stringContaining('never fetched, whatever is allowed') as unknown,
    });
  });
});

describe('needsResolution', () => {
  it('asks for a lookup for web URLs with a DNS name, allowlisted ones included', () => {
    const rules = parseAllowlist('intranet');
    expect(needsResolution(new URL('http://example.com/'), rules)).toBe(true);
    expect(needsResolution(new URL('http://10.0.0.1/'), rules)).toBe(false);
    expect(needsResolution(new URL('http://[::1]/'), rules)).toBe(false);
    expect(needsResolution(new URL('http://intranet/'), rules)).toBe(true);
    expect(needsResolution(new URL('data:text/plain,x'), rules)).toBe(false);
  });
});
