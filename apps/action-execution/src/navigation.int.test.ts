import { randomUUID } from 'node:crypto';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { startHarness, type Harness } from './testing/harness.js';

describe("a session's navigations obey robots.txt and the per-host limits", () => {
  let site: FormSite;
  let h: Harness;

  beforeAll(async () => {
    site = await startFormSite({
      robots: 'User-agent: ForageBot\nDisallow: /form\n\nUser-agent: *\nAllow: /\n',
      slowMs: 400,
    });
    h = await startHarness({
      EGRESS_ALLOWLIST: site.origin,
      DOMAIN_MIN_DELAY_MS: '50',
      DOMAIN_MAX_CONCURRENCY: '1',
    });
  });

  afterAll(async () => {
    await h.stop();
    await site.close();
  });

  it('refuses a goto and a link click to a path robots.txt disallows for our token, and never fetches it', async () => {
    const sessionId = `s-${randomUUID()}`;
    const direct = await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/form` } });
    expect(direct).toMatchObject({ status: 'failed', failure: { category: 'blocked' } });
    expect(direct.detail).toContain('robots.txt disallows /form');

    expect((await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/links` } })).status).toBe(
      'done',
    );
    const clicked = await h.act({
      sessionId,
      action: { type: 'click', target: { role: 'link', name: 'Contact form' } },
    });
    // refused before any request left, and the session is back on the page it was on
    expect(clicked).toMatchObject({
      status: 'failed',
      failure: { category: 'blocked' },
      url: `${site.origin}/links`,
    });

    const allowed = await h.act({
      sessionId,
      action: { type: 'click', target: { role: 'link', name: 'Search' } },
    });
    expect(allowed).toMatchObject({ status: 'done', url: `${site.origin}/search` });
    expect(site.hits.filter((hit) => hit.startsWith('GET /form'))).toEqual([]);
    expect(site.hits.filter((hit) => hit === 'GET /robots.txt')).toHaveLength(1);
  });

  it('lets DOMAIN_MAX_CONCURRENCY navigations to one host run at once, across sessions', async () => {
    // 50 ms spacing alone would have three 400 ms loads overlap; the cap of one keeps them apart
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        h.act({ sessionId: `s-${randomUUID()}`, action: { type: 'goto', url: `${site.origin}/slow` } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    expect(site.hits.filter((hit) => hit === 'GET /slow')).toHaveLength(3);
    expect(site.slowPeak()).toBe(1);
  });
});
