import {
  decideRobots,
  robotsPatternMatches,
  normalizeRobotsPath,
  parseRobots,
  ROBOTS_MAX_BYTES,
  rulesFor,
} from './robots.js';
import { robotsPolicy } from './robots-policy.js';

const allowed = (body: string, token: string, path: string): boolean =>
  decideRobots(rulesFor(parseRobots(body), token), new URL(path, 'http://site.test')).allowed;

/** RFC 9309 §5.1, verbatim. */
const RFC_SIMPLE = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`;

describe('robots.txt per RFC 9309', () => {
  describe('§5.1 simple example', () => {
    it.each([
      ['foobot', '/example/page.html', true],
      ['foobot', '/example/allowed.gif', true],
      ['foobot', '/example/other.html', false],
      ['foobot', '/', false],
      ['barbot', '/example/page.html', false],
      ['bazbot', '/example/page.html', false],
      ['barbot', '/example/other.html', true],
      ['barbot', '/picture.gif', true],
      ['quxbot', '/example/page.html', true],
      ['quxbot', '/anything.gif', true],
      ['otherbot', '/picture.gif', false],
      ['otherbot', '/picture.gif?x=1', true],
      ['otherbot', '/example/', false],
      ['otherbot', '/publications/paper', true],
      ['otherbot', '/', true],
    ])('%s %s → %s', (token, path, expected) => {
      expect(allowed(RFC_SIMPLE, token, path)).toBe(expected);
    });

    it('matches the product token case-insensitively, on the token before a version', () => {
      expect(allowed(RFC_SIMPLE, 'FooBot', '/example/other.html')).toBe(false);
      expect(allowed('User-agent: FooBot/2.1\nDisallow: /x', 'foobot', '/x')).toBe(false);
    });
  });

  it('§5.2 longest match: the more specific disallow beats the shorter allow', () => {
    const body = 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n';
    expect(allowed(body, 'foobot', '/example/page/')).toBe(true);
    expect(allowed(body, 'foobot', '/example/page/disallowed.gif')).toBe(false);
  });

  it('an allow wins over an equally long disallow', () => {
    expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page\n', 'foragebot', '/page')).toBe(true);
  });

  it('§2.2.1 merges every group that names the crawler, and ignores * then', () => {
    const body = [
      'user-agent: ExampleBot',
      'disallow: /foo',
      'disallow: /bar',
      '',
      'user-agent: *',
      'disallow: /baz',
      '',
      'user-agent: examplebot',
      'disallow: /qux',
    ].join('\n');
    for (const path of ['/foo', '/bar', '/qux']) expect(allowed(body, 'ExampleBot', path)).toBe(false);
    expect(allowed(body, 'ExampleBot', '/baz')).toBe(true);
    expect(allowed(body, 'OtherBot', '/baz')).toBe(false);
    expect(allowed(body, 'OtherBot', '/foo')).toBe(true);
  });

  it('allows everything when no group applies, and treats an empty disallow as no rule', () => {
    expect(allowed('User-agent: otherbot\nDisallow: /\n', 'foragebot', '/a')).toBe(true);
    expect(allowed('User-agent: *\nDisallow:\n', 'foragebot', '/a')).toBe(true);
    expect(allowed('', 'foragebot', '/a')).toBe(true);
  });

  it('ignores rules before any user-agent line, comments, unknown keys and junk', () => {
    const body = [
      '\uFEFFDisallow: /early',
      '# a comment',
      'User-agent: * # everyone',
      'Sitemap: http://site.test/sitemap.xml',
      'Unknown-key: value',
      'this line has no colon',
      'Disallow: /private/ # staff only',
    ].join('\r\n');
    expect(allowed(body, 'foragebot', '/early')).toBe(true);
    expect(allowed(body, 'foragebot', '/private/x')).toBe(false);
    expect(decideRobots(rulesFor(parseRobots(body), 'foragebot'), new URL('http://s/private/')).rule).toBe(
      'Disallow: /private/',
    );
  });

  it('keeps a user-agent line after rules as the start of a new group', () => {
    const body = 'User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n';
    expect(allowed(body, 'a', '/b')).toBe(true);
    expect(allowed(body, 'b', '/a')).toBe(true);
    expect(allowed(body, 'b', '/b')).toBe(false);
  });

  it('always allows /robots.txt', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', 'foragebot', '/robots.txt')).toBe(true);
  });

  it('reads Crawl-delay from the chosen group', () => {
    const body = 'User-agent: *\nCrawl-delay: 2.5\nDisallow: /x\n\nUser-agent: slowbot\nCrawl-delay: 10\n';
    expect(rulesFor(parseRobots(body), 'foragebot').crawlDelaySeconds).toBe(2.5);
    expect(rulesFor(parseRobots(body), 'slowbot').crawlDelaySeconds).toBe(10);
    expect(rulesFor(parseRobots('User-agent: *\nCrawl-delay: soon\n'), 'x').crawlDelaySeconds).toBeNull();
  });

  describe('§2.2.3 special characters', () => {
    it.each([
      ['/this/path/exactly$', '/this/path/exactly', true],
      ['/this/path/exactly$', '/this/path/exactly/not', false],
      ['/this/*/exactly', '/this/any/thing/exactly', true],
      ['/this/*/exactly', '/this/exactly', false],
      ['*.gif$', '/a/b.gif', true],
      ['*.gif$', '/a/b.gif.html', false],
      ['/fish*', '/fish.html', true],
      ['/fish*', '/Fish.asp', false],
      ['/*.php$', '/filename.php', true],
      ['/*.php$', '/filename.php?parameters', false],
      ['/*.php', '/folder/filename.php?parameters', true],
      ['/a*b*c$', '/abxbc', true],
      ['/a*b*c$', '/abxbcd', false],
      ['/**', '/x', true],
    ])('%s on %s → %s', (pattern, path, expected) => {
      expect(robotsPatternMatches(pattern, path)).toBe(expected);
    });
  });

  describe('§2.2.2 percent-encoding', () => {
    it.each([
      ['/foo/bar?baz=quz', '/foo/bar?baz=quz'],
      ['/foo/bar/ツ', '/foo/bar/%E3%83%84'],
      ['/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'],
      ['/foo/bar/%e3%83%84', '/foo/bar/%E3%83%84'],
      ['/foo/bar/%62%61%7A', '/foo/bar/baz'],
      ['/a%2Fb', '/a%2Fb'],
    ])('%s compares as %s', (path, normalised) => {
      expect(normalizeRobotsPath(path)).toBe(normalised);
    });

    it('matches a rule written with raw UTF-8 against the encoded URL path and back', () => {
      expect(allowed('User-agent: *\nDisallow: /foo/bar/ツ\n', 'x', '/foo/bar/%E3%83%84')).toBe(false);
      expect(allowed('User-agent: *\nDisallow: /foo/bar/%62%61%7A\n', 'x', '/foo/bar/baz')).toBe(false);
      expect(allowed('User-agent: *\nDisallow: /foo/bar/ツ\n', 'x', '/foo/bar/ツ')).toBe(false);
    });

    it('robotsPatternMatches queries too', () => {
      expect(allowed('User-agent: *\nDisallow: /search?q=\n', 'x', '/search?q=hotels')).toBe(false);
      expect(allowed('User-agent: *\nDisallow: /search?q=\n', 'x', '/search')).toBe(true);
    });
  });
});

describe('robotsPolicy (RFC 9309 §2.3.1)', () => {
  it('parses a 2xx body', () => {
    const policy = robotsPolicy({
      kind: 'body',
      status: 200,
      body: 'User-agent: *\nDisallow: /',
      truncated: false,
    });
    expect(policy.kind).toBe('rules');
  });

  it.each([400, 401, 403, 404, 410, 429])('HTTP %d: unavailable, allow all', (status) => {
    expect(robotsPolicy({ kind: 'status', status }).kind).toBe('allow_all');
  });

  it.each([500, 502, 503, 504])('HTTP %d: unreachable, disallow all', (status) => {
    expect(robotsPolicy({ kind: 'status', status }).kind).toBe('disallow_all');
  });

  it('an unreachable server disallows all; a redirect loop allows all', () => {
    expect(robotsPolicy({ kind: 'unreachable', detail: 'connection refused' }).kind).toBe('disallow_all');
    expect(robotsPolicy({ kind: 'too_many_redirects' }).kind).toBe('allow_all');
  });

  it('parses a file cut at the size limit up to its last complete line', () => {
    const filler = `# ${'x'.repeat(100)}\n`.repeat(Math.ceil(ROBOTS_MAX_BYTES / 103));
    const body = `User-agent: *\nDisallow: /early\n${filler}Disallow: /la`;
    const policy = robotsPolicy({ kind: 'body', status: 200, body, truncated: true });
    if (policy.kind !== 'rules') throw new Error('expected rules');
    const rules = rulesFor(policy.file, 'foragebot');
    expect(decideRobots(rules, new URL('http://s/early')).allowed).toBe(false);
    // the cut-off line would have disallowed /la…; half a rule is no rule
    expect(decideRobots(rules, new URL('http://s/late')).allowed).toBe(true);
  });
});
