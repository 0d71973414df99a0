import { createHash, randomUUID } from 'node:crypto';
import { extractPage } from '@forage/contracts';
import { findLogRecord, startHarness, type Harness } from './testing/harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('dom.extract.v1 renders pages in Chromium and keeps the evidence', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  const extract = (path: string) =>
    h.bus.request(extractPage, { runId: randomUUID(), url: `${h.site.origin}${path}`, screenshot: false });

  it('captures the DOM as scripts left it, stores it and a PNG screenshot, and logs the evidence', async () => {
    const runId = randomUUID();
    const coldStart = performance.now();
    const snapshot = await h.bus.request(extractPage, { runId, url: `${h.site.origin}/js` });
    const coldMs = performance.now() - coldStart;

    expect(snapshot).toMatchObject({
      requestedUrl: `${h.site.origin}/js`,
      finalUrl: `${h.site.origin}/js`,
      status: 200,
      title: 'Orlando hotels',
      contentType: 'text/html; charset=utf-8',
      outcome: { kind: 'ok' },
      network: { redirects: [], failedRequests: 0, blockedRequests: 0 },
    });

    const dom = await h.store.get(snapshot.evidence.domSnapshot);
    expect(createHash('sha256').update(dom).digest('hex')).toBe(snapshot.evidence.domSnapshot.sha256);
    expect(snapshot.evidence.domSnapshot).toMatchObject({
      kind: 'dom_snapshot',
      contentType: 'text/html; charset=utf-8',
      size: dom.length,
    });
    const text = dom.toString('utf8');
    expect(text).toContain('Rendered by script: Lakeside Inn');
    expect(text).toContain('Fetched price: $149 per night');
    expect(text).toContain('Late paragraph after 400 ms');

    expect(snapshot.evidence.screenshot).toMatchObject({ kind: 'screenshot', contentType: 'image/png' });
    const png = await h.store.get(snapshot.evidence.screenshot ?? { sha256: '' });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);

    const record = await findLogRecord(h.nc, snapshot.logRecordId);
    expect(record).toMatchObject({
      tool_name: 'dom-extraction',
      run_id: runId,
      status: 'success',
      evidence: { dom_snapshot: snapshot.evidence.domSnapshot, screenshot: snapshot.evidence.screenshot },
      output: {
        data: {
          url: `${h.site.origin}/js`,
          finalUrl: `${h.site.origin}/js`,
          status: 200,
          title: 'Orlando hotels',
        },
      },
    });

    // the second load reuses the running browser (what makes it warm); compared by launches, not by
    // wall time, which a busy machine can reverse
    const launches = await h.metric('forage_browser_launches_total');
    expect(launches).toBeGreaterThanOrEqual(1);
    const warmStart = performance.now();
    const warm = await h.bus.request(extractPage, { runId, url: `${h.site.origin}/js` });
    const warmMs = performance.now() - warmStart;
    expect(warm.outcome).toEqual({ kind: 'ok' });
    expect(await h.metric('forage_browser_launches_total')).toBe(launches);
    process.stdout.write(
      `dom-extraction /js timings: cold ${coldMs.toFixed(0)} ms (load ${snapshot.loadTimeMs} ms), warm ${warmMs.toFixed(0)} ms (load ${warm.loadTimeMs} ms)\n`,
    );
  });

  it('skips the screenshot when asked', async () => {
    const snapshot = await h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}/js`,
      screenshot: false,
    });
    expect(snapshot.evidence.screenshot).toBeNull();
  });

  it('reports a 403 page as blocked: http_403, with its evidence', async () => {
    const snapshot = await h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}/forbidden`,
    });
    expect(snapshot).toMatchObject({ status: 403, outcome: { kind: 'blocked', reason: 'http_403' } });
    expect(await h.store.getText(snapshot.evidence.domSnapshot)).toContain('Access denied');
    const record = await findLogRecord(h.nc, snapshot.logRecordId);
    expect(record?.status).toBe('partial');
  });

  it('reports a sign-in form with little else as blocked: login_wall', async () => {
    const snapshot = await h.bus.request(extractPage, { runId: randomUUID(), url: `${h.site.origin}/login` });
    expect(snapshot.outcome).toMatchObject({ kind: 'blocked', reason: 'login_wall' });
  });

  it('follows redirects within the allowlist and reports the chain', async () => {
    const snapshot = await h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}/redirect?to=/forbidden`,
    });
    expect(snapshot).toMatchObject({
      finalUrl: `${h.site.origin}/forbidden`,
      network: { redirects: [`${h.site.origin}/redirect?to=/forbidden`] },
    });
  });

  it('keeps text in open shadow roots as declarative shadow DOM, and reads it for the outcome', async () => {
    const snapshot = await extract('/shadow');
    const dom = await h.store.getText(snapshot.evidence.domSnapshot);
    expect(dom).toMatch(
      /<hotel-card><template shadowrootmode="open"><h2>Lakeside Inn<\/h2><p>Shadow price: \$120 per night<\/p>/,
    );
    expect(dom).toContain('<inner-note><template shadowrootmode="open"><em>Nested shadow: free parking</em>');
    // a closed root is closed to us too: only the page's own script source mentions its text
    expect(dom).toContain('<locked-card></locked-card>');
    expect(snapshot.mainContent?.text).toContain('Shadow price: $120 per night');
  });

  it('inlines same-origin iframes into srcdoc, marked, with what their scripts wrote', async () => {
    const snapshot = await extract('/frames');
    const dom = await h.store.getText(snapshot.evidence.domSnapshot);
    const frame =
      /<iframe id="rates" src="\/frame-inner" data-forage-frame="same-origin" srcdoc="([^"]*)"/.exec(dom);
    expect(frame?.[1]).toContain('Frame rate: $99 (scripted)');
    expect(frame?.[1]).toContain('&lt;p&gt;Static frame text&lt;/p&gt;');
    expect(dom).toContain('Srcdoc frame text');
  });

  it('finds elements that only JavaScript listeners make interactive, and nothing that says so itself', async () => {
    const snapshot = await extract('/scripted');
    const found = (snapshot.scriptedElements ?? []).map((e) => [e.xpath, e.tag, e.name, e.events]);
    expect(found).toEqual([
      ['/html[1]/body[1]/div[1]', 'div', 'Show more rooms', ['click']],
      ['/html[1]/body[1]/span[1]', 'span', 'Save hotel', ['mousedown']],
      ['/html[1]/body[1]/ul[1]/li[1]', 'li', 'Row with a key handler', ['keydown']],
      ['/html[1]/body[1]/shadow-host[1]/template[1]/p[1]', 'p', 'Tap to expand', ['pointerdown']],
    ]);
  });

  it('puts the main content, without the site chrome, in the reply', async () => {
    const snapshot = await extract('/article');
    expect(snapshot.mainContent).toMatchObject({ title: 'Lakeside Inn review', truncated: false });
    expect(snapshot.mainContent?.text).toContain('Rooms start at $149 per night');
    expect(snapshot.mainContent?.text).not.toMatch(/Cookie settings|Deals/);
    expect(snapshot.mainContent?.markdown).toMatch(/\| *Queen *\| *\$149 *\|/);
  });

  it.each([
    ['/captcha', 200, 'captcha', /captcha marker: .*h-captcha|data-sitekey/],
    ['/challenge', 503, 'captcha', /anti-bot interstitial/],
    ['/too-many', 429, 'http_429', /HTTP 429/],
    ['/unavailable', 503, 'http_503', /HTTP 503/],
    ['/members', 200, 'login_wall', /sign in/i],
    ['/private-report', 200, 'login_wall', /redirected to sign-in page/],
  ])(
    'reports %s (HTTP %d) as blocked: %s, with its evidence and no main content',
    async (path, status, reason, detail) => {
      const snapshot = await extract(path);
      expect(snapshot.status).toBe(status);
      expect(snapshot.outcome).toMatchObject({
        kind: 'blocked',
        reason,
        detail: expect.stringMatching(detail) as unknown,
      });
      expect(snapshot.mainContent).toBeUndefined();
      expect((await h.store.get(snapshot.evidence.domSnapshot)).length).toBeGreaterThan(0);
    },
  );

  it('reports the browser on /health', async () => {
    const health = await h.health();
    expect(health.ok).toBe(true);
    expect(health.checks['browser']).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^running; 0\/4 pages busy/) as unknown,
    });
  });
});
