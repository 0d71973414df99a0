import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { extractPage } from '@forage/contracts';
import { RemoteError } from '@forage/messaging';
import { liveTree } from './adapters/browser/process-table.js';
import { chromiumDescendants, findLogRecord, startHarness, type Harness } from './testing/harness.js';

async function eventually<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

function rendererPids(browserPid: number): number[] {
  return liveTree(browserPid)
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes('--type=renderer');
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}

const alive = (pid: number): boolean => liveTree(pid).length > 0;

describe('the browser supervisor recovers from crashes', () => {
  let h: Harness;
  const extract = (path: string) =>
    h.bus.request(extractPage, { runId: randomUUID(), url: `${h.site.origin}${path}`, screenshot: false });
  const loads = (path: string) => h.site.requests().filter((r) => r.path === path).length;
  /** The page rendering `path` once it has committed (its renderer is the one to crash). */
  const pageAt = async (path: string): Promise<Page> => {
    const found = await eventually(
      () => h.pool.pagesAtWork().find((p) => p.url().endsWith(path)),
      (p) => p !== undefined,
    );
    if (!found) throw new Error(`no page at work on ${path}`);
    return found;
  };
  const crashViaCdp = async (page: Page): Promise<void> => {
    const cdp = await page.context().newCDPSession(page);
    void cdp.send('Page.crash').catch(() => undefined);
  };

  beforeAll(async () => {
    h = await startHarness({ maxPages: 2 });
    await extract('/login'); // browser up
  });

  afterAll(async () => {
    await h.stop();
  });

  it('answers a request whose page crashed (CDP Page.crash) by retrying it in a fresh context', async () => {
    const path = '/loading?ms=1200&case=cdp';
    const pending = extract(path);
    await crashViaCdp(await pageAt(path));
    const snapshot = await pending;
    expect(snapshot).toMatchObject({ status: 200, outcome: { kind: 'ok' } });
    expect(loads(path)).toBe(2);
    const record = await findLogRecord(h.nc, snapshot.logRecordId);
    expect(record?.output.data).toMatchObject({ attempt: 2 });
    expect((await h.health()).checks['browser']?.detail).toMatch(/1 crash retries/);
  });

  it('answers a request whose renderer process was killed, and keeps serving', async () => {
    const path = '/loading?ms=1200&case=kill';
    const pending = extract(path);
    await pageAt(path);
    const [browserPid] = h.pool.browserPids();
    const renderers = rendererPids(browserPid ?? 0);
    expect(renderers.length).toBeGreaterThan(0);
    for (const pid of renderers) process.kill(pid, 'SIGKILL');
    const snapshot = await pending;
    expect(snapshot).toMatchObject({ status: 200, outcome: { kind: 'ok' } });
    expect(loads(path)).toBe(2);
    expect((await extract('/login')).status).toBe(200);
  });

  it('gives up with a retryable upstream_failed when the retry crashes too', async () => {
    const path = '/loading?ms=1500&case=twice';
    const pending = extract(path).then(
      () => undefined,
      (err: unknown) => err,
    );
    const crashed = new Set<Page>();
    const crasher = (async () => {
      while (crashed.size < 2) {
        const page = h.pool.pagesAtWork().find((p) => p.url().endsWith(path) && !crashed.has(p));
        if (page) {
          crashed.add(page);
          await crashViaCdp(page);
        }
        await sleep(20);
      }
    })();
    const err = await pending;
    await crasher;
    expect(err).toBeInstanceOf(RemoteError);
    expect(err).toMatchObject({ code: 'upstream_failed', retryable: true });
    expect((err as RemoteError).message).toMatch(/crashed again on the retry/);
  });

  it('relaunches Chromium under a request whose browser was killed, and leaves nothing of the old one', async () => {
    const path = '/loading?ms=1200&case=browser';
    const pending = extract(path);
    await pageAt(path);
    const [oldPid] = h.pool.browserPids();
    process.kill(oldPid ?? 0, 'SIGKILL');
    const snapshot = await pending;
    expect(snapshot.status).toBe(200);
    expect(h.pool.browserPids()).not.toContain(oldPid);
    const leftovers = await eventually(
      () =>
        chromiumDescendants().filter(
          (p) => !h.pool.browserPids().some((b) => liveTree(b).some((t) => t.pid === p.pid)),
        ),
      (left) => left.length === 0,
    );
    expect(leftovers).toEqual([]);
  });

  it('shows the supervisor on /metrics: launches, crash retries, page slots', async () => {
    // one launch at the start and one after the browser was killed (a killed renderer can take
    // Chromium down with it, so there may be more); a retry per crash above
    const { launches, crashRetries } = h.pool.load();
    expect(launches).toBeGreaterThanOrEqual(2);
    expect(await h.metric('forage_browser_launches_total')).toBe(launches);
    expect(crashRetries).toBeGreaterThanOrEqual(4);
    expect(await h.metric('forage_browser_crash_retries_total')).toBe(crashRetries);
    expect(await h.metric('forage_extract_page_slots')).toBe(2);
    expect(await h.metric('forage_extract_pages_in_flight')).toBe(0);
    const pending = extract('/loading?ms=1200&case=metrics');
    await pageAt('/loading?ms=1200&case=metrics');
    expect(await h.metric('forage_extract_pages_in_flight')).toBe(1);
    await pending;
  });

  it('leaves no Chromium process behind after stop()', async () => {
    await h.stop();
    expect(
      await eventually(
        () => chromiumDescendants(),
        (left) => left.length === 0,
        5_000,
      ),
    ).toEqual([]);
  });
});

describe('the browser supervisor retires browsers and expires sessions', () => {
  let h: Harness;
  const extract = (path: string, sessionId?: string) =>
    h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}${path}`,
      screenshot: false,
      ...(sessionId ? { sessionId } : {}),
    });
  const cookieOf = async (sessionId: string): Promise<string | undefined> => {
    const snapshot = await extract('/cookie/show', sessionId);
    return /cookie=\[([^\]]*)\]/.exec(await h.store.getText(snapshot.evidence.domSnapshot))?.[1];
  };

  beforeAll(async () => {
    // sessions idle for a minute here: on a loaded machine the retired browser can take longer
    // to drain and close than a short idle limit, and the session then expired before it was read
    h = await startHarness({
      maxPages: 3,
      env: { EXTRACT_BROWSER_MAX_PAGES: '3', EXTRACT_SESSION_IDLE_MS: '60000' },
    });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('retires a browser after EXTRACT_BROWSER_MAX_PAGES pages: drains it, carries sessions over, closes it', async () => {
    expect((await extract('/login')).status).toBe(200);
    const [first] = h.pool.browserPids();
    if (first === undefined) throw new Error('no browser after the first page');
    // pages 2 and 3 run at once: the browser retires with both at work and lets them finish
    const both = await Promise.all([extract('/hold?ms=400'), extract('/cookie/set', 'alice')]);
    expect(both.map((s) => s.status)).toEqual([200, 200]);
    expect(
      await eventually(
        () => alive(first),
        (up) => !up,
      ),
    ).toBe(false);
    expect(await cookieOf('alice')).toBe('sid=session-a');
    const [second] = h.pool.browserPids();
    expect(second).not.toBe(first);
    expect((await h.health()).checks['browser']?.detail).toMatch(/2 launch\(es\), 1 retired/);
  });
});

describe('the browser supervisor expires idle sessions', () => {
  let h: Harness;
  const extract = (path: string, sessionId: string) =>
    h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}${path}`,
      screenshot: false,
      sessionId,
    });
  const cookieOf = async (sessionId: string): Promise<string | undefined> => {
    const snapshot = await extract('/cookie/show', sessionId);
    return /cookie=\[([^\]]*)\]/.exec(await h.store.getText(snapshot.evidence.domSnapshot))?.[1];
  };

  beforeAll(async () => {
    h = await startHarness({ env: { EXTRACT_SESSION_IDLE_MS: '2500' } });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('expires a session after EXTRACT_SESSION_IDLE_MS idle', async () => {
    await extract('/cookie/set', 'bob');
    expect(await cookieOf('bob')).toBe('sid=session-a');
    await sleep(3_500);
    expect(await cookieOf('bob')).toBe('');
  });
});

describe('the browser supervisor retires a browser above its memory limit', () => {
  let h: Harness;
  const extract = () =>
    h.bus.request(extractPage, { runId: randomUUID(), url: `${h.site.origin}/login`, screenshot: false });

  beforeAll(async () => {
    h = await startHarness({ env: { EXTRACT_BROWSER_MAX_RSS_MB: '1' } });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('measures the browser process tree and replaces a browser that uses more than EXTRACT_BROWSER_MAX_RSS_MB', async () => {
    // the browser's pid is read while the extraction holds it: right after, the retired browser
    // may already be closed and gone from the pool (reading it then gave no pid, and the check
    // below watched every process on the machine)
    const extraction = extract();
    const first = await eventually(
      () => h.pool.browserPids()[0],
      (pid) => pid !== undefined,
    );
    await extraction;
    if (first === undefined) throw new Error('the extraction ran without a browser pid');
    const retired = await eventually(h.health, (r) => /1 retired/.test(r.checks['browser']?.detail ?? ''));
    expect(retired.checks['browser']?.detail).toMatch(/1 retired, 0 crash retries, [1-9]\d* MB/);
    expect(
      // a retired browser closes after its sessions are handed over; slow on a busy machine
      await eventually(
        () => alive(first),
        (up) => !up,
        30_000,
      ),
    ).toBe(false);
    expect((await extract()).status).toBe(200);
    expect(h.pool.browserPids()).not.toContain(first);
  });
});

describe('the browser supervisor recycles pages', () => {
  let h: Harness;
  const extract = () =>
    h.bus.request(extractPage, { runId: randomUUID(), url: `${h.site.origin}/login`, screenshot: false });

  beforeAll(async () => {
    h = await startHarness({
      maxPages: 1,
      env: { EXTRACT_PAGE_MAX_USES: '2', EXTRACT_PAGE_IDLE_MS: '1000' },
    });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('closes a page after EXTRACT_PAGE_MAX_USES loads, and pages left idle for EXTRACT_PAGE_IDLE_MS', async () => {
    await extract();
    expect(h.pool.openPageCount()).toBe(1);
    await extract();
    expect(h.pool.openPageCount()).toBe(0);
    await extract();
    expect(h.pool.openPageCount()).toBe(1);
    expect(
      await eventually(
        () => h.pool.openPageCount(),
        (n) => n === 0,
        5_000,
      ),
    ).toBe(0);
    expect((await extract()).status).toBe(200);
  });
});
