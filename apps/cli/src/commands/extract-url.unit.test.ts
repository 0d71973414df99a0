import { pageSnapshotSchema, type PageSnapshot } from '@forage/contracts';
import { RemoteError } from '@forage/messaging';
import { EX_NOPERM, EX_UNAVAILABLE, extractUrls, type RenderUrl } from './extract-url.js';

/** A dom.extract.v1 reply as the service sends it, checked against the contract. */
function snapshot(url: string, overrides: Partial<PageSnapshot> = {}): PageSnapshot {
  return pageSnapshotSchema.parse({
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    title: 'Ferry timetable',
    contentType: 'text/html',
    loadTimeMs: 80,
    outcome: { kind: 'ok' },
    logRecordId: '7f0c5a9e-3b1d-4c2e-9a8f-0d1e2f3a4b5c',
    evidence: {
      domSnapshot: { sha256: 'a'.repeat(64), kind: 'dom_snapshot', size: 10, contentType: 'text/html' },
      screenshot: null,
    },
    network: { redirects: [], failedRequests: 0, blockedRequests: 0 },
    mainContent: {
      title: 'Ferry timetable',
      text: 'Boats every forty minutes.',
      markdown: '# Ferry\n\nBoats every **forty** minutes.',
      truncated: false,
    },
    ...overrides,
  });
}

async function run(urls: string[], render: RenderUrl, format: 'text' | 'markdown' | 'json' = 'text') {
  const out: string[] = [];
  const err: string[] = [];
  const ticks: number[] = [];
  const code = await extractUrls({
    urls,
    format,
    render,
    write: (l) => out.push(l),
    warn: (l) => err.push(l),
    progress: { tick: () => ticks.push(1), finish: () => undefined },
  });
  return { code, out, err, ticks: ticks.length };
}

describe('forage extract URL', () => {
  it('prints the main content in the same formats as for files', async () => {
    const url = 'http://127.0.0.1:8080/page.html';
    const render: RenderUrl = (u) => Promise.resolve(snapshot(u));
    expect((await run([url], render, 'text')).out).toEqual([`==> ${url} <==`, 'Boats every forty minutes.']);
    expect((await run([url], render, 'markdown')).out[1]).toContain('**forty**');
    const json = await run([url], render, 'json');
    expect(JSON.parse(json.out[0] ?? '')).toMatchObject({ url, status: 200, title: 'Ferry timetable' });
  });

  it('reports an egress refusal with its code and reason, prints no page and exits 77', async () => {
    const refused: RenderUrl = () =>
      Promise.reject(
        new RemoteError('dom.extract.v1', {
          error: {
            code: 'egress_denied',
            message:
              'egress denied for http://127.0.0.1:9/page.html: 127.0.0.1:9 is a loopback address, not allowed; allow its origin with forage up --allow http://127.0.0.1:9, FORAGE_ALLOW, or EGRESS_ALLOWLIST for one service',
            retryable: false,
          },
        }),
      );
    const ok: RenderUrl = (u) => Promise.resolve(snapshot(u));
    const result = await run(['http://127.0.0.1:9/page.html', 'http://127.0.0.1:8080/'], (u) =>
      u.includes(':9/') ? refused(u) : ok(u),
    );
    expect(result.code).toBe(EX_NOPERM);
    expect(result.err).toEqual([
      expect.stringMatching(
        /^forage extract: http:\/\/127\.0\.0\.1:9\/page\.html: egress_denied: egress denied .* loopback address.*--allow http:\/\/127\.0\.0\.1:9/,
      ),
    ]);
    expect(result.out).toEqual(['==> http://127.0.0.1:8080/ <==', 'Boats every forty minutes.']);
    expect(result.ticks).toBe(2);
  });

  it('reports pages blocked by robots.txt or without main content instead of printing them empty', async () => {
    const blocked = await run(['http://example.test/private'], (u) =>
      Promise.resolve(
        snapshot(u, { outcome: { kind: 'blocked', reason: 'robots', detail: 'disallowed by robots.txt' } }),
      ),
    );
    expect(blocked).toMatchObject({ code: EX_NOPERM, out: [] });
    expect(blocked.err[0]).toContain('blocked (robots): disallowed by robots.txt');
    const empty = await run(['http://example.test/'], (u) => {
      const page = snapshot(u);
      delete page.mainContent;
      return Promise.resolve(page);
    });
    expect(empty).toMatchObject({ code: EX_UNAVAILABLE, out: [] });
  });
});
