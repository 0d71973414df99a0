import type { ChildProcess } from 'node:child_process';
import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-policy.js';

export interface ProcessExit {
  readonly name: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Restarts so far, counting the one now scheduled. */
  readonly restarts: number;
  readonly delayMs: number;
}

export interface KeptProcessOptions {
  readonly name: string;
  /** Starts a fresh process; may wait until it is ready. A rejection counts as a crash. */
  readonly start: () => Promise<ChildProcess>;
  readonly policy?: RestartPolicy;
  /** Called when the process exited on its own and a restart is scheduled. */
  readonly onExit?: (exit: ProcessExit) => void;
  /** Called with each process started after the first. */
  readonly onRestarted?: (child: ChildProcess, restarts: number) => void;
  /** Called when a scheduled start failed (the next attempt is scheduled with a longer delay). */
  readonly onStartFailed?: (err: unknown) => void;
}

/**
 * One supervised process: started once by `KeptProcess.start`, restarted with back-off whenever it
 * exits without being asked to, until `stop()`. `restarts` counts the restarts.
 */
export class KeptProcess {
  private current: ChildProcess;
  private startedAt = Date.now();
  private streak = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private restartCount = 0;
  private restarting: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: KeptProcessOptions,
    first: ChildProcess,
  ) {
    this.current = first;
    this.watch(first);
  }

  /** Starts the process the first time; a failure here is reported, not retried. */
  static async start(options: KeptProcessOptions): Promise<KeptProcess> {
    return new KeptProcess(options, await options.start());
  }

  get child(): ChildProcess {
    return this.current;
  }

  get name(): string {
    return this.options.name;
  }

  get restarts(): number {
    return this.restartCount;
  }

  /** Stops restarting, then SIGTERM and, after the grace period, SIGKILL. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.restarting;
    await stopChild(this.current, graceMs);
  }

  private isStopping(): boolean {
    return this.stopping;
  }

  private watch(child: ChildProcess): void {
    if (child.exitCode !== null || child.signalCode !== null) {
      this.schedule({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => {
      if (this.stopping || child !== this.current) return;
      this.schedule({ code, signal });
    });
  }

  private schedule(exit: { code: number | null; signal: NodeJS.Signals | null }): void {
    const next = nextRestart({
      policy: this.options.policy ?? DEFAULT_RESTART_POLICY,
      streak: this.streak,
      uptimeMs: Date.now() - this.startedAt,
    });
    this.streak = next.streak;
    this.restartCount += 1;
    this.options.onExit?.({
      name: this.options.name,
      ...exit,
      restarts: this.restartCount,
      delayMs: next.delayMs,
    });
    this.timer = setTimeout(() => {
      this.restarting = this.restart().catch((err: unknown) => {
        this.options.onStartFailed?.(err);
      });
    }, next.delayMs);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.startedAt = Date.now();
    let child: ChildProcess;
    try {
      child = await this.options.start();
    } catch (err) {
      this.options.onStartFailed?.(err);
      if (!this.isStopping()) this.schedule({ code: null, signal: null });
      return;
    }
    // stop() may have been called while the new process was starting
    if (this.isStopping()) {
      await stopChild(child, 5_000);
      return;
    }
    this.current = child;
    this.watch(child);
    this.options.onRestarted?.(child, this.restartCount);
  }
}

/** SIGTERM, then SIGKILL whatever has not exited after the grace period. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
