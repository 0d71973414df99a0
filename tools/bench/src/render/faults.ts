import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { BrowserPool, liveTree } from '@forage/app-dom-extraction';

export type FaultKind = 'page_crash' | 'renderer_kill' | 'browser_kill';

/** Injects crashes into the service's browser: CDP Page.crash, SIGKILL of a renderer or of the browser. */
export class FaultInjector {
  readonly injected: Record<FaultKind, number> = { page_crash: 0, renderer_kill: 0, browser_kill: 0 };

  constructor(private readonly pool: BrowserPool) {}

  /** After `afterMs`, one fault of `kind` on whatever is at work then (nothing if nothing is). */
  async inject(kind: FaultKind, afterMs: number): Promise<void> {
    await sleep(afterMs);
    if (kind === 'page_crash') {
      const pages = this.pool.pagesAtWork().filter((p) => p.url().startsWith('http'));
      const page = pages[Math.floor(Math.random() * pages.length)];
      if (!page) return;
      try {
        const cdp = await page.context().newCDPSession(page);
        void cdp.send('Page.crash').catch(() => undefined);
        this.injected.page_crash++;
      } catch {
        // the page finished or closed meanwhile
      }
      return;
    }
    const [browser] = this.pool.browserPids();
    if (browser === undefined) return;
    if (kind === 'browser_kill') {
      if (process.env['SOAK_TRACE'])
        console.error(`${new Date().toISOString()} FAULT browser_kill ${browser}`);
      process.kill(browser, 'SIGKILL');
      this.injected.browser_kill++;
      return;
    }
    const renderers = liveTree(browser).filter((p) => {
      try {
        return readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes('--type=renderer');
      } catch {
        return false;
      }
    });
    const victim = renderers[Math.floor(Math.random() * renderers.length)];
    if (!victim) return;
    try {
      if (process.env['SOAK_TRACE'])
        console.error(`${new Date().toISOString()} FAULT renderer_kill ${victim.pid}`);
      process.kill(victim.pid, 'SIGKILL');
      this.injected.renderer_kill++;
    } catch {
      // exited meanwhile
    }
  }
}
