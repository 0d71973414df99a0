import {
  boundToOrigins,
  cookieApplies,
  profileOrigins,
  webOriginOf,
  type StorageState,
} from './profile-state.js';

const cookie = (name: string, domain: string) => ({
  name,
  value: `${name}-value`,
  domain,
  path: '/',
  expires: -1,
  httpOnly: true,
  secure: false,
  sameSite: 'Lax' as const,
});

describe('a browser profile kept to its origins', () => {
  const state: StorageState = {
    cookies: [
      cookie('host-only', 'shop.example.org'),
      cookie('parent-domain', '.example.org'),
      cookie('sibling-host', 'blog.example.org'),
      cookie('tracker', '.tracker.test'),
      cookie('loopback', '127.0.0.1'),
    ],
    origins: [
      { origin: 'https://shop.example.org', localStorage: [{ name: 'cart', value: '3' }] },
      { origin: 'https://ads.tracker.test', localStorage: [{ name: 'id', value: 'x' }] },
      { origin: 'http://shop.example.org', localStorage: [{ name: 'plain', value: 'y' }] },
    ],
  };

  it('keeps the cookies a request to one of its hosts would carry, and drops third parties', () => {
    const kept = boundToOrigins({ state, origins: ['https://shop.example.org'] });
    expect(kept.cookies.map((c) => c.name)).toEqual(['host-only', 'parent-domain']);
  });

  it('keeps the local storage of exactly its origins (scheme and port included)', () => {
    const kept = boundToOrigins({ state, origins: ['https://shop.example.org'] });
    expect(kept.origins.map((o) => o.origin)).toEqual(['https://shop.example.org']);
  });

  it('keeps nothing for a profile bound to no origin', () => {
    expect(boundToOrigins({ state, origins: [] })).toEqual({ cookies: [], origins: [] });
  });

  it('matches loopback cookies by host whatever the port', () => {
    const kept = boundToOrigins({ state, origins: ['http://127.0.0.1:4321'] });
    expect(kept.cookies.map((c) => c.name)).toEqual(['loopback']);
  });

  it('sends a domain cookie to the domain and its subdomains, a host-only cookie to its host alone', () => {
    expect(cookieApplies('.example.org', 'example.org')).toBe(true);
    expect(cookieApplies('.example.org', 'a.b.example.org')).toBe(true);
    expect(cookieApplies('.example.org', 'badexample.org')).toBe(false);
    expect(cookieApplies('example.org', 'www.example.org')).toBe(false);
    expect(cookieApplies('Example.org', 'example.ORG')).toBe(true);
  });

  it('binds a profile to the web origins a session visited, added to those it had', () => {
    expect(
      profileOrigins({
        had: ['https://shop.example.org'],
        visited: [
          'about:blank',
          'https://b.test:8443/x?y',
          'data:text/html,hi',
          'https://shop.example.org/cart',
        ],
      }),
    ).toEqual(['https://b.test:8443', 'https://shop.example.org']);
    expect(webOriginOf('not a url')).toBeNull();
    expect(webOriginOf('file:///etc/passwd')).toBeNull();
  });
});
