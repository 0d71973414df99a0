/** Thrown when one key already has as many tasks waiting as the queue allows. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

interface Job {
  readonly task: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

interface Lane {
  readonly jobs: Job[];
  /** running a job, or waiting in `ready` for a slot */
  scheduled: boolean;
}

/**
 * Runs tasks one at a time per key, in the order `run` was called, and at most `maxActive`
 * tasks at once across keys. A lane gives up its slot after each task, so busy keys take
 * turns instead of starving the others.
 */
export class KeyedSerialQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly ready: string[] = [];
  private active = 0;

  constructor(private readonly limits: { maxActive: number; maxPendingPerKey: number }) {}

  /** Queues `task` behind every earlier task of `key`; the order is fixed synchronously. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(key) ?? { jobs: [], scheduled: false };
    if (lane.jobs.length >= this.limits.maxPendingPerKey) {
      return Promise.reject(new QueueFullError(`${lane.jobs.length} tasks already wait on this key`));
    }
    this.lanes.set(key, lane);
    const settled = new Promise<T>((resolve, reject) => {
      lane.jobs.push({ task, resolve: resolve as (value: unknown) => void, reject });
    });
    if (!lane.scheduled) {
      lane.scheduled = true;
      this.ready.push(key);
      this.pump();
    }
    return settled;
  }

  /** Tasks of `key` not finished yet (running or waiting). */
  pending(key: string): number {
    return this.lanes.get(key)?.jobs.length ?? 0;
  }

  get running(): number {
    return this.active;
  }

  private pump(): void {
    while (this.active < this.limits.maxActive) {
      const key = this.ready.shift();
      if (key === undefined) return;
      const lane = this.lanes.get(key);
      const job = lane?.jobs[0];
      if (!lane || !job) continue;
      this.active += 1;
      void this.runOne(key, lane, job);
    }
  }

  private async runOne(key: string, lane: Lane, job: Job): Promise<void> {
    try {
      job.resolve(await job.task());
    } catch (err) {
      job.reject(err);
    } finally {
      lane.jobs.shift();
      this.active -= 1;
      if (lane.jobs.length > 0) this.ready.push(key);
      else {
        lane.scheduled = false;
        this.lanes.delete(key);
      }
      this.pump();
    }
  }
}
