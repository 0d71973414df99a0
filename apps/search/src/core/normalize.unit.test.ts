import {
  canonicalUrl,
  decodeEntities,
  plainText,
  registrableDomain,
  siteHost,
  stripBranding,
} from './normalize.js';

describe('canonicalUrl', () => {
  it.each([
    ['https://Example.COM:443/a?utm_source=x&b=2&a=1#frag', 'https://example.com/a?a=1&b=2'],
    ['http://example.com:80/', 'http://example.com/'],
    ['http://example.com:8080/x', 'http://example.com:8080/x'],
    ['https://shop.example/p?gclid=1&fbclid=2&msclkid=3&id=7', 'https://shop.example/p?id=7'],
    ['https://example.com/p?UTM_Medium=a&_ga=b', 'https://example.com/p'],
    ['https://user:pw@example.com/', 'https://example.com/'],
    ['https://example.com/Path/Case', 'https://example.com/Path/Case'],
    ['https://example.com/s?q=a+b&q=c', 'https://example.com/s?q=a+b&q=c'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalUrl(raw)).toBe(canonical);
  });

  it.each(['ftp://example.com/', 'javascript:alert(1)', 'not a url'])('refuses %s', (raw) => {
    expect(canonicalUrl(raw)).toBeNull();
  });
});

describe('registrableDomain and siteHost', () => {
  it.each([
    ['https://news.bbc.co.uk/x', 'bbc.co.uk'],
    ['https://www.example.com/', 'example.com'],
    ['https://m.example.com.au/', 'example.com.au'],
    ['https://foo.github.io/', 'foo.github.io'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
  ])('%s → %s', (url, domain) => {
    expect(registrableDomain(url)).toBe(domain);
  });

  it('folds www. and m. editions of one site', () => {
    expect(siteHost('https://www.example.com/a')).toBe('example.com');
    expect(siteHost('https://m.example.com/a')).toBe('example.com');
    expect(siteHost('https://docs.example.com/a')).toBe('docs.example.com');
  });
});

describe('entities and branding', () => {
  it('decodes named and numeric entities, leaving unknown ones', () => {
    expect(decodeEntities('Tom &amp; Jerry &#8211; &#x2014; &eacute;t&eacute; &bogus;')).toBe(
      'Tom & Jerry – — été &bogus;',
    );
  });

  it('strips tags from provider snippets', () => {
    expect(plainText('<span class="searchmatch">Orlando</span>  is a&nbsp;city')).toBe('Orlando is a city');
  });

  it.each([
    ['Orlando - Wikipedia', 'https://en.wikipedia.org/wiki/Orlando', 'Orlando'],
    ['Grand Hotel | Booking.com', 'https://www.booking.com/hotel/x', 'Grand Hotel'],
    ['Acme Corp: Contact us', 'https://acmecorp.example/contact', 'Contact us'],
    ['Best laptops of 2025 — The Verge', 'https://www.theverge.com/x', 'Best laptops of 2025'],
    ['Paris - Lyon train times', 'https://trains.example/x', 'Paris – Lyon train times'],
    ['Example', 'https://example.com/', 'Example'],
  ])('%j on %s → %j', (title, url, stripped) => {
    expect(stripBranding(title, url)).toBe(stripped);
  });
});
