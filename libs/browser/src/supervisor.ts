import type { Browser } from 'playwright-core';
import { boundedCall, BrowserCallTimeoutError } from './bounded.js';
import { launchChromium, type ChromiumProxy, type LaunchedChromium } from './launch.js';
import { killBrowserProcesses, treeMemoryBytes } from './process-table.js';

/** Where the supervisor reports what it does (a pino logger fits). */
export interface SupervisorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface BrowserSupervisorOptions {
  readonly executablePath: string;
  /** The egress proxy every browser is launched behind (asked at each launch). */
  readonly proxy: () => ChromiumProxy;
  /** A browser is retired after handing out this many leases… */
  readonly maxLeases: number;
  /** …or once its process tree uses more than this much memory (PSS, sampled every few seconds). */
  readonly maxMemoryMb: number;
  /** A browser nobody has leased for this long is closed; the next lease launches a new one. */
  readonly idleMs: number;
  readonly log: SupervisorLog;
  /**
   * Called before a browser is closed on purpose (retired, idle, or the supervisor shutting
   * down), with no lease out on it: the place to hand its sessions' cookies over. Bounded to
   * BEFORE_CLOSE_MS; a failure is logged and the browser closes anyway.
   */
  readonly beforeClose?: (input: {
    browser: Browser;
    generation: number;
    reason: CloseReason;
  }) => Promise<void>;
}

/** Why a browser is being closed on purpose. */
export type CloseReason = 'retired' | 'idle' | 'shutdown';

/** A browser handed out for a while (a session's context, a page's render); give it back with release. */
export interface BrowserLease {
  readonly browser: Browser;
  readonly generation: number;
  /** Gives the lease back; calling it twice is harmless. */
  release(): void;
}

export type SupervisorState = 'not_started' | 'launching' | 'running' | 'disconnected' | 'failed' | 'closed';

/** What the supervisor is doing now, and its counts since start (for /health and /metrics). */
export interface SupervisorLoad {
  readonly state: SupervisorState;
  readonly browsers: number;
  readonly leases: number;
  readonly memoryBytes: number;
  readonly launches: number;
  readonly retirements: number;
  /** Browsers that disconnected without being asked to (crashed or killed). */
  readonly crashes: number;
  /** Why the last launch failed, while the state is `failed`. */
  readonly error: string | null;
}

/** Thrown when no browser can be had: it did not launch, or the supervisor is closing. */
export class BrowserUnavailable extends Error {
  override readonly name = 'BrowserUnavailable';
}

const MEMORY_SAMPLE_MS = 5_000;
const REAP_AFTER_MS = 1_000;
const BEFORE_CLOSE_MS = 5_000;
/**
 * How long a graceful close may take before the process tree is killed: Chromium can acknowledge
 * closing a tab whose navigation is committing and then never close it (seen in the egress proxy
 * test), and nothing else bounds a graceful close: past this, the process tree is killed.
 */
const CLOSE_MS = 10_000;

interface Generation {
  readonly number: number;
  readonly launched: LaunchedChromium;
  active: number;
  served: number;
  retiring: string | null;
  dead: boolean;
  closing: Promise<void> | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * One Chromium at a time for the process, handed out as leases: launched on first use,
 * relaunched after it dies (what it left behind is killed), retired after `maxLeases` leases
 * or above `maxMemoryMb` (new leases go to a fresh browser; the old one closes when its last
 * lease is given back), and closed after `idleMs` without leases.
 */
export class BrowserSupervisor {
  private current: Promise<Generation> | null = null;
  private readonly generations = new Set<Generation>();
  private state: SupervisorState = 'not_started';
  private lastError = '';
  private launches = 0;
  private retirements = 0;
  private crashes = 0;
  private memoryBytes = 0;
  private lastSampleAt = 0;
  private sampling = false;

  constructor(private readonly options: BrowserSupervisorOptions) {}

  private get closed(): boolean {
    return this.state === 'closed';
  }

  async lease(): Promise<BrowserLease> {
    if (this.state === 'closed') throw new BrowserUnavailable('the browser is shut down');
    const generation = await this.live();
    if (generation.idleTimer) clearTimeout(generation.idleTimer);
    generation.idleTimer = null;
    generation.active += 1;
    generation.served += 1;
    if (generation.served >= this.options.maxLeases)
      this.retire(generation, `handed out ${generation.served} leases (max ${this.options.maxLeases})`);
    else this.sampleMemory(generation);
    let released = false;
    return {
      browser: generation.launched.browser,
      generation: generation.number,
      release: () => {
        if (released) return;
        released = true;
        generation.active -= 1;
        this.afterRelease(generation);
      },
    };
  }

  load(): SupervisorLoad {
    const live = [...this.generations].filter((g) => !g.dead);
    return {
      state: this.state,
      browsers: live.length,
      leases: live.reduce((n, g) => n + g.active, 0),
      memoryBytes: this.memoryBytes,
      launches: this.launches,
      retirements: this.retirements,
      crashes: this.crashes,
      error: this.state === 'failed' ? this.lastError : null,
    };
  }

  health(): { ok: boolean; detail: string } {
    const l = this.load();
    const error = l.state === 'failed' ? `: ${this.lastError}` : '';
    return {
      ok: l.state !== 'failed' && l.state !== 'closed',
      detail: `${l.state}${error}; ${l.browsers} browser(s), ${l.leases} lease(s); ${l.launches} launch(es), ${l.retirements} retired, ${l.crashes} crashed; ${Math.round(l.memoryBytes / 1_048_576)} MB`,
    };
  }

  /** Process ids of the live browsers (group leaders). */
  pids(): number[] {
    return [...this.generations].map((g) => g.launched.pid).filter((pid): pid is number => pid !== null);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    const launching = this.current;
    this.current = null;
    await launching?.catch(() => undefined);
    await Promise.all([...this.generations].map((g) => this.shut(g, 'shutdown')));
  }

  private live(): Promise<Generation> {
    const pending = this.current;
    if (pending) {
      return pending.then((g) => {
        // a browser being closed (idle, retired) takes no new lease
        if (!g.dead && !g.retiring && !g.closing && g.launched.browser.isConnected()) return g;
        if (this.current === pending) this.current = null;
        return this.live();
      });
    }
    const launching = this.launch();
    this.current = launching;
    launching.catch(() => {
      if (this.current === launching) this.current = null;
    });
    return launching;
  }

  private async launch(): Promise<Generation> {
    this.state = 'launching';
    let launched: LaunchedChromium;
    try {
      launched = await launchChromium({
        executablePath: this.options.executablePath,
        proxy: this.options.proxy(),
      });
    } catch (err) {
      this.lastError = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
      if (!this.closed) this.state = 'failed';
      throw new BrowserUnavailable(`Chromium did not start: ${this.lastError}`, { cause: err });
    }
    this.launches += 1;
    const generation: Generation = {
      number: this.launches,
      launched,
      active: 0,
      served: 0,
      retiring: null,
      dead: false,
      closing: null,
      idleTimer: null,
    };
    this.generations.add(generation);
    launched.browser.on('disconnected', () => {
      this.onDisconnected(generation);
    });
    if (this.closed) {
      await this.shut(generation, 'shutdown');
      throw new BrowserUnavailable('the browser is shut down');
    }
    this.state = 'running';
    this.options.log.info({ generation: generation.number, pid: launched.pid }, 'chromium launched');
    return generation;
  }

  private onDisconnected(generation: Generation): void {
    const expected = generation.closing !== null;
    generation.dead = true;
    this.generations.delete(generation);
    if (generation.idleTimer) clearTimeout(generation.idleTimer);
    if (expected || this.state === 'closed') return;
    this.crashes += 1;
    this.state = 'disconnected';
    this.options.log.warn(
      { generation: generation.number },
      'chromium disconnected; relaunching on the next lease',
    );
    // renderers and helpers of a browser that died can outlive it
    setTimeout(() => {
      const pid = generation.launched.pid;
      const killed = pid === null ? 0 : killBrowserProcesses(pid);
      if (killed > 0) this.options.log.warn({ killed }, 'killed processes a dead Chromium left behind');
    }, REAP_AFTER_MS).unref();
  }

  private afterRelease(generation: Generation): void {
    if (generation.active > 0 || generation.dead) return;
    if (generation.retiring) {
      void this.shut(generation, 'retired');
      return;
    }
    generation.idleTimer = setTimeout(() => {
      generation.idleTimer = null;
      if (generation.active > 0 || generation.dead) return;
      this.options.log.info({ generation: generation.number }, 'closing an idle chromium');
      this.forget(generation);
      void this.shut(generation, 'idle');
    }, this.options.idleMs);
    generation.idleTimer.unref();
  }

  private retire(generation: Generation, reason: string): void {
    if (generation.retiring) return;
    generation.retiring = reason;
    this.retirements += 1;
    this.forget(generation);
    this.options.log.info({ generation: generation.number, reason }, 'retiring chromium');
    if (generation.active === 0) void this.shut(generation, 'retired');
  }

  /** New leases stop going to this browser. */
  private forget(generation: Generation): void {
    const pending = this.current;
    if (!pending) return;
    void pending.then((g) => {
      if (g === generation && this.current === pending) this.current = null;
    });
  }

  private shut(generation: Generation, reason: CloseReason): Promise<void> {
    generation.closing ??= this.beforeClose(generation, reason)
      .then(() =>
        boundedCall({ call: generation.launched.browser.close(), ms: CLOSE_MS, what: 'closing the browser' }),
      )
      .catch((err: unknown) => {
        if (err instanceof BrowserCallTimeoutError)
          this.options.log.warn(
            { generation: generation.number },
            'chromium did not close in time; killing it',
          );
      })
      .finally(() => {
        generation.dead = true;
        this.generations.delete(generation);
        const pid = generation.launched.pid;
        if (pid !== null) killBrowserProcesses(pid);
      });
    return generation.closing;
  }

  private async beforeClose(generation: Generation, reason: CloseReason): Promise<void> {
    const hook = this.options.beforeClose;
    if (!hook || generation.dead || !generation.launched.browser.isConnected()) return;
    try {
      await boundedCall({
        call: hook({ browser: generation.launched.browser, generation: generation.number, reason }),
        ms: BEFORE_CLOSE_MS,
        what: 'handing a closing browser over',
      });
    } catch (err) {
      this.options.log.warn(
        { generation: generation.number, err: err instanceof Error ? err.message : String(err) },
        'could not hand a closing browser over; closing it anyway',
      );
    }
  }

  /** Measures the browser's memory now and then, off the lease path; above the limit it retires. */
  private sampleMemory(generation: Generation): void {
    const now = Date.now();
    const pid = generation.launched.pid;
    if (pid === null || this.sampling || now - this.lastSampleAt < MEMORY_SAMPLE_MS) return;
    this.sampling = true;
    this.lastSampleAt = now;
    void treeMemoryBytes(pid)
      .then((bytes) => {
        this.memoryBytes = bytes;
        const mb = bytes / 1_048_576;
        if (mb > this.options.maxMemoryMb && !generation.dead)
          this.retire(generation, `uses ${Math.round(mb)} MB (max ${this.options.maxMemoryMb})`);
      })
      .catch(() => undefined)
      .finally(() => {
        this.sampling = false;
      });
  }
}
