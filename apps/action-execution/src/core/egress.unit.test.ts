import { decideEgress, isNonPublicAddress, verdictForAddresses } from './egress.js';

const allowlist = new Set(['http://127.0.0.1:8080']);
const decide = (url: string, allowLocalSchemes = false) =>
  decideEgress({ url, allowlist, allowLocalSchemes });

describe('egress rule', () => {
  it.each([
    '10.1.2.3',
    '127.0.0.1',
    '169.254.169.254',
    '172.20.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
  ])('treats %s as non-public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('treats %s as public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('allows http(s) only', () => {
    expect(decide('file:///etc/passwd')).toMatchObject({ kind: 'deny' });
    expect(decide('ftp://example.com/')).toMatchObject({ kind: 'deny' });
    expect(decide('javascript:alert(1)')).toMatchObject({ kind: 'deny' });
    expect(decide('not a url')).toMatchObject({ kind: 'deny' });
  });

  it('denies loopback and private literals unless their origin is allowlisted', () => {
    expect(decide('http://127.0.0.1:8080/form')).toEqual({ kind: 'allow' });
    const denied = decide('http://127.0.0.1:8081/form');
    expect(denied.kind === 'deny' && denied.reason).toContain('not in EGRESS_ALLOWLIST');
    expect(decide('http://169.254.169.254/latest/meta-data/')).toMatchObject({ kind: 'deny' });
    expect(decide('http://[::1]:8080/')).toMatchObject({ kind: 'deny' });
    expect(decide('http://localhost:8080/')).toMatchObject({ kind: 'deny' });
    expect(decide('http://app.localhost/')).toMatchObject({ kind: 'deny' });
  });

  it('sees through the shorthand forms of an address', () => {
    expect(decide('http://127.1:8081/')).toMatchObject({ kind: 'deny' });
    expect(decide('http://0x7f000001/')).toMatchObject({ kind: 'deny' });
    expect(decide('http://2130706433/')).toMatchObject({ kind: 'deny' });
  });

  it('allows public literals and asks for a lookup of names', () => {
    expect(decide('https://93.184.216.34/')).toEqual({ kind: 'allow' });
    expect(decide('https://Example.COM/path')).toEqual({ kind: 'resolve', hostname: 'example.com' });
  });

  it('admits browser-local schemes only for URLs the page reaches by itself', () => {
    expect(decide('about:blank', true)).toEqual({ kind: 'allow' });
    expect(decide('data:text/plain,hi', true)).toEqual({ kind: 'allow' });
    expect(decide('about:blank')).toMatchObject({ kind: 'deny' });
  });

  it('requires every resolved address to be public', () => {
    const origin = 'https://example.com';
    expect(verdictForAddresses({ origin, addresses: ['93.184.216.34'] })).toEqual({ allowed: true });
    expect(verdictForAddresses({ origin, addresses: ['93.184.216.34', '10.0.0.1'] })).toMatchObject({
      allowed: false,
    });
    expect(verdictForAddresses({ origin, addresses: [] })).toMatchObject({ allowed: false });
  });
});
