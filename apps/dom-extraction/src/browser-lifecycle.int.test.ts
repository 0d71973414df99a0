import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { extractPage } from '@forage/contracts';
import { chromiumDescendants, startHarness, type Harness } from './testing/harness.js';

async function eventually<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

describe('the browser pool behind dom.extract.v1', () => {
  let h: Harness;
  const extract = (path: string, extra: { sessionId?: string } = {}) =>
    h.bus.request(extractPage, {
      runId: randomUUID(),
      url: `${h.site.origin}${path}`,
      screenshot: false,
      ...extra,
    });

  beforeAll(async () => {
    h = await startHarness({ maxPages: 2 });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('renders at most EXTRACT_MAX_PAGES pages at once and queues the rest', async () => {
    const snapshots = await Promise.all(Array.from({ length: 5 }, () => extract('/slow?together=2')));
    expect(snapshots.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    expect(h.site.peakSlow()).toBe(2);
    const health = await h.health();
    expect(health.checks['browser']?.detail).toMatch(/0\/2 pages busy, 0 waiting, [0-2] open/);
  });

  it('keeps cookies within a session and apart between sessions', async () => {
    await extract('/cookie/set', { sessionId: 'alice' });
    const read = async (sessionId?: string) => {
      const snapshot = await extract('/cookie/show', sessionId ? { sessionId } : {});
      return /cookie=\[([^\]]*)\]/.exec(await h.store.getText(snapshot.evidence.domSnapshot))?.[1];
    };
    expect(await read('alice')).toBe('sid=session-a');
    expect(await read('bob')).toBe('');
    expect(await read()).toBe('');
  });

  it('relaunches Chromium after it dies', async () => {
    const [browser] = chromiumDescendants().filter((p) => p.ppid === process.pid);
    expect(browser).toBeDefined();
    process.kill(browser?.pid ?? 0, 'SIGKILL');
    const down = await eventually(h.health, (r) => /^disconnected/.test(r.checks['browser']?.detail ?? ''));
    expect(down.checks['browser']?.detail).toMatch(/^disconnected/);
    const snapshot = await extract('/login');
    expect(snapshot.status).toBe(200);
    expect((await h.health()).checks['browser']?.detail).toMatch(/^running; .*; 2 launch\(es\), /);
  });

  it('leaves no Chromium process behind after stop()', async () => {
    expect(chromiumDescendants().length).toBeGreaterThan(0);
    await h.stop();
    const left = await eventually(
      () => chromiumDescendants(),
      (procs) => procs.length === 0,
      5_000,
    );
    expect(left).toEqual([]);
  });
});
