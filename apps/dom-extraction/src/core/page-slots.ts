import { BrowserBusyError } from '../errors.js';

/** Gives a slot back; calling it twice is harmless. */
export type ReleaseSlot = () => void;

interface Waiter {
  readonly grant: (release: ReleaseSlot) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * At most `capacity` pages at work at once; later requests wait in arrival order, each for at
 * most its own deadline, so a burst queues instead of opening more tabs than the host can render.
 */
export class PageSlots {
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
          reject(new BrowserBusyError(`all ${this.capacity} browser pages stayed busy for ${waitMs} ms`));
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
