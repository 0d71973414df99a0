import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { extractPage } from '@forage/contracts';
import { RemoteError } from '@forage/messaging';
import { findLogRecord, startHarness, type Harness } from './testing/harness.js';
import { startLocalServer, type LocalServer } from './testing/fixture-site.js';

const MIN_DELAY_MS = 300;
/**
 * The delay is kept between our navigation starts; what the server sees also varies with how long
 * each page takes from `goto` to its request (a fresh page's first request is slower).
 */
const JITTER_MS = 150;
/**
 * The test's servers, the egress proxy and the service share this process's event loop, so a
 * server notes a request's arrival as late as the loop is busy: a gap between two arrivals can
 * read shorter than it was by at most the loop's longest delay. That delay is measured during each
 * timing test and added to the tolerance (on an idle machine it is a few milliseconds).
 */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const measurementSlackMs = (): number => JITTER_MS + loopDelay.max / 1e6;

describe('politeness: robots.txt, per-host limits and back-off, against local servers', () => {
  let h: Harness;
  const sites: Record<string, LocalServer> = {};
  const extract = (site: LocalServer, path: string, timeoutMs = 20_000) =>
    h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${site.origin}${path}`,
      screenshot: false,
      timeoutMs,
    });
  const paths = (site: LocalServer) => site.requests().map((r) => r.path);
  const startsOf = (site: LocalServer, prefix: string) =>
    site
      .requests()
      .filter((r) => r.path.startsWith(prefix))
      .map((r) => r.at);
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? t));

  beforeAll(async () => {
    for (const name of ['rules', 'down', 'missing', 'huge', 'busy', 'limited', 'sneaky']) {
      sites[name] = await startLocalServer();
    }
    const site = (name: string): LocalServer => {
      const found = sites[name];
      if (!found) throw new Error(name);
      return found;
    };
    site('rules').override('/robots.txt', {
      status: 200,
      body: [
        'User-agent: *',
        'Disallow: /',
        '',
        'User-agent: ForageBot/2.0',
        'Disallow: /no-forage/',
        'Allow: /no-forage/open$',
        'Crawl-delay: 0.6',
      ].join('\n'),
    });
    site('down').override('/robots.txt', { status: 503, body: 'maintenance' });
    site('missing').override('/robots.txt', { status: 404, body: 'no such file' });
    const filler = `# ${'x'.repeat(98)}\n`.repeat(6_000); // ~600 KB, beyond the 500 KiB that are read
    site('huge').override('/robots.txt', {
      status: 200,
      body: `User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`,
    });
    h = await startHarness({
      maxPages: 6,
      allow: Object.values(sites).map((s) => s.origin),
      env: { DOMAIN_MIN_DELAY_MS: String(MIN_DELAY_MS), DOMAIN_MAX_CONCURRENCY: '2' },
    });
    site('sneaky').override('/robots.txt', {
      status: 302,
      body: '',
      headers: { location: `${h.trap.origin}/robots.txt` },
    });
  });

  afterAll(async () => {
    await h.stop();
    await Promise.all(Object.values(sites).map((s) => s.close()));
  });

  const site = (name: string): LocalServer => {
    const found = sites[name];
    if (!found) throw new Error(name);
    return found;
  };

  it('refuses a URL robots.txt disallows for ForageBot, without requesting it, and keeps the file as evidence', async () => {
    const runId = randomUUID();
    const snapshot = await h.bus.request(extractPage, {
      runId,
      url: `${site('rules').origin}/no-forage/page`,
    });
    expect(snapshot).toMatchObject({
      status: 0,
      outcome: {
        kind: 'blocked',
        reason: 'robots',
        detail: 'robots.txt disallows ForageBot: Disallow: /no-forage/',
      },
      evidence: {
        screenshot: null,
        domSnapshot: { kind: 'raw_html', contentType: 'text/plain; charset=utf-8' },
      },
    });
    expect(paths(site('rules'))).toEqual(['/robots.txt']);
    const record = await h.store.getText(snapshot.evidence.domSnapshot);
    expect(record).toContain(`robots.txt: ${site('rules').origin}/robots.txt (HTTP 200`);
    expect(record).toContain('Crawl-delay: 0.6');
    expect(await findLogRecord(h.nc, snapshot.logRecordId)).toMatchObject({
      status: 'partial',
      run_id: runId,
    });
  });

  beforeEach(() => {
    loopDelay.reset();
    loopDelay.enable();
  });

  afterEach(() => {
    loopDelay.disable();
  });

  it('chooses the group by product token (not *), lets the longest match win, and honours Crawl-delay', async () => {
    const open = await extract(site('rules'), '/no-forage/open');
    const other = await extract(site('rules'), '/js');
    expect([open.outcome, other.outcome]).toEqual([{ kind: 'ok' }, { kind: 'ok' }]);
    const starts = [...startsOf(site('rules'), '/no-forage/open'), ...startsOf(site('rules'), '/js')];
    expect(gaps(starts)[0]).toBeGreaterThanOrEqual(600 - measurementSlackMs());
    // fetched once, from cache afterwards; every request named Forage
    expect(paths(site('rules')).filter((p) => p === '/robots.txt')).toHaveLength(1);
    expect(
      site('rules')
        .requests()
        .every((r) => /ForageBot/.test(r.userAgent)),
    ).toBe(true);
  });

  it('disallows everything while robots.txt answers 5xx, allows everything when it answers 4xx', async () => {
    const down = await extract(site('down'), '/js');
    expect(down.outcome).toMatchObject({
      kind: 'blocked',
      reason: 'robots',
      detail: /HTTP 503 \(unreachable\)/,
    });
    expect(paths(site('down'))).toEqual(['/robots.txt']);
    const missing = await extract(site('missing'), '/js');
    expect(missing.outcome).toEqual({ kind: 'ok' });
  });

  it('parses 500 KiB of a large robots.txt and ignores what lies beyond', async () => {
    expect((await extract(site('huge'), '/early')).outcome).toMatchObject({ reason: 'robots' });
    expect((await extract(site('huge'), '/late')).status).toBe(404);
  });

  it('fetches robots.txt through the egress rules: a redirect to an internal address is not followed', async () => {
    const snapshot = await extract(site('sneaky'), '/js');
    expect(snapshot.outcome).toMatchObject({ kind: 'blocked', reason: 'robots' });
    expect(h.trap.connections()).toBe(0);
  });

  it('renders at most DOMAIN_MAX_CONCURRENCY pages of one host at once, DOMAIN_MIN_DELAY_MS apart', async () => {
    const snapshots = await Promise.all(
      Array.from({ length: 5 }, (_, i) => extract(site('busy'), `/hold?ms=300&together=2&n=${i}`)),
    );
    expect(snapshots.every((s) => s.status === 200)).toBe(true);
    expect(site('busy').peakSlow()).toBe(2);
    const seen = gaps(startsOf(site('busy'), '/hold'));
    for (const gap of seen) expect(gap).toBeGreaterThanOrEqual(MIN_DELAY_MS - measurementSlackMs());
  });

  it('backs a host off after 429 with Retry-After, and refuses without a request when the wait exceeds the budget', async () => {
    const limited = site('limited');
    limited.override('/limited', { status: 429, body: 'slow down', headers: { 'retry-after': '2' } });
    expect((await extract(limited, '/limited')).outcome).toMatchObject({ reason: 'http_429' });
    limited.override('/limited', {
      status: 200,
      body: '<p>fine now</p>',
      headers: { 'content-type': 'text/html' },
    });
    const again = await extract(limited, '/limited');
    expect(again.outcome).toEqual({ kind: 'ok' });
    const [first, second] = startsOf(limited, '/limited');
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(2_000 - measurementSlackMs());

    limited.override('/limited', { status: 503, body: 'down', headers: { 'retry-after': '3600' } });
    expect((await extract(limited, '/limited')).outcome).toMatchObject({ reason: 'http_503' });
    const before = startsOf(limited, '/limited').length;
    const refused = await extract(limited, '/limited', 5_000);
    expect(refused.outcome).toMatchObject({
      kind: 'blocked',
      reason: 'http_503',
      detail: /retry after \d+ s/,
    });
    expect(startsOf(limited, '/limited')).toHaveLength(before);
    expect(await h.store.getText(refused.evidence.domSnapshot)).toMatch(/backing off until/);
  });

  it('answers upstream_failed, not a robots refusal, when the host cannot be reached at all', async () => {
    const err = await h.bus
      .request(extractPage, { runId: randomUUID(), url: `http://127.0.0.1:${h.closedPort}/x` })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect(err).toMatchObject({ code: 'upstream_failed', retryable: true });
  });
});
