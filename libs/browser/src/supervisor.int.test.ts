import { BrowserSupervisor, type SupervisorLog } from './supervisor.js';
import { findChromium } from './chromium.js';
import { readProcessTable } from './process-table.js';

const quiet: SupervisorLog = { info: () => undefined, warn: () => undefined };
/** No proxy in this test: Chromium opens only about:blank. */
const direct = () => ({ server: 'direct://' });

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end && !check()) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

const alive = (pid: number): boolean => readProcessTable().some((p) => p.pid === pid && p.state !== 'Z');

describe('BrowserSupervisor with a real Chromium', () => {
  let supervisor: BrowserSupervisor;

  afterEach(async () => {
    await supervisor.close();
  });

  it('retires a browser after its lease budget and closes it when its last lease is given back', async () => {
    supervisor = new BrowserSupervisor({
      executablePath: findChromium(undefined),
      proxy: direct,
      maxLeases: 2,
      maxMemoryMb: 100_000,
      idleMs: 60_000,
      log: quiet,
    });
    const first = await supervisor.lease();
    const second = await supervisor.lease();
    expect(second.generation).toBe(first.generation);
    const third = await supervisor.lease();
    expect(third.generation).toBe(first.generation + 1);
    expect(supervisor.load()).toMatchObject({ browsers: 2, retirements: 1, launches: 2 });
    first.release();
    expect(first.browser.isConnected()).toBe(true);
    second.release();
    expect(await until(() => !first.browser.isConnected())).toBe(true);
    expect(supervisor.load()).toMatchObject({ browsers: 1, leases: 1, crashes: 0 });
    third.release();
  });

  it('relaunches after a crash and kills what the dead browser left behind', async () => {
    supervisor = new BrowserSupervisor({
      executablePath: findChromium(undefined),
      proxy: direct,
      maxLeases: 100,
      maxMemoryMb: 100_000,
      idleMs: 60_000,
      log: quiet,
    });
    const lease = await supervisor.lease();
    const [pid] = supervisor.pids();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    expect(await until(() => supervisor.load().crashes === 1)).toBe(true);
    lease.release();
    const next = await supervisor.lease();
    expect(next.generation).toBe(lease.generation + 1);
    expect(next.browser.isConnected()).toBe(true);
    expect(await until(() => !alive(pid!))).toBe(true);
    next.release();
  });

  it('closes a browser nobody leased for idleMs, and launches a new one on the next lease', async () => {
    supervisor = new BrowserSupervisor({
      executablePath: findChromium(undefined),
      proxy: direct,
      maxLeases: 100,
      maxMemoryMb: 100_000,
      idleMs: 200,
      log: quiet,
    });
    const lease = await supervisor.lease();
    lease.release();
    expect(await until(() => !lease.browser.isConnected())).toBe(true);
    expect(supervisor.load()).toMatchObject({ browsers: 0, crashes: 0 });
    const again = await supervisor.lease();
    expect(again.generation).toBe(lease.generation + 1);
    again.release();
  });
});
