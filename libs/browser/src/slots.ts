/** Gives a slot back; calling it twice is harmless. */
export type ReleaseSlot = () => void;

/** Nobody gave a slot back within the caller's wait. Retrying later can help. */
export class SlotWaitTimeoutError extends Error {
  override readonly name = 'SlotWaitTimeoutError';
}

interface Waiter {
  readonly grant: (release: ReleaseSlot) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * At most `capacity` holders at once (pages at work, open sessions); later callers wait in
 * arrival order, each for at most its own deadline, so a burst queues instead of being refused
 * or opening more than the host can carry.
 */
export class WaitingSlots {
  private busyCount = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly capacity: number) {}

  get busy(): number {
    return this.busyCount;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  acquire(waitMs: number): Promise<ReleaseSlot> {
    if (this.busyCount < this.capacity) {
      this.busyCount++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new SlotWaitTimeoutError(`all ${this.capacity} slots stayed taken for ${waitMs} ms`));
        }, waitMs),
      };
      this.waiters.push(waiter);
    });
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) {
        // the slot passes straight to the next waiter; busyCount stays the same
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.busyCount--;
      }
    };
  }
}
