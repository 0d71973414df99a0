import { WaitingSlots, type ReleaseSlot } from '@forage/browser';

/**
 * Per-host concurrency for navigations: at most `perHost` navigations to one host (host:port) in
 * flight at once across every session; later ones wait in arrival order, each up to its own
 * deadline (WaitingSlots rejects with SlotWaitTimeoutError past it). A host's entry is forgotten
 * once nothing holds or waits for it.
 */
export class HostSlots {
  private readonly hosts = new Map<string, WaitingSlots>();

  constructor(readonly perHost: number) {}

  async acquire(host: string, waitMs: number): Promise<ReleaseSlot> {
    let slots = this.hosts.get(host);
    if (!slots) {
      slots = new WaitingSlots(this.perHost);
      this.hosts.set(host, slots);
    }
    const held = slots;
    let release: ReleaseSlot;
    try {
      release = await held.acquire(waitMs);
    } catch (err) {
      this.forgetIfIdle(host, held);
      throw err;
    }
    return () => {
      release();
      this.forgetIfIdle(host, held);
    };
  }

  /** Navigations in flight to `host` now, and how many wait for it. */
  load(host: string): { busy: number; waiting: number } {
    const slots = this.hosts.get(host);
    return { busy: slots?.busy ?? 0, waiting: slots?.waiting ?? 0 };
  }

  /** Hosts with a navigation in flight or waiting. */
  get size(): number {
    return this.hosts.size;
  }

  private forgetIfIdle(host: string, slots: WaitingSlots): void {
    if (slots.busy === 0 && slots.waiting === 0 && this.hosts.get(host) === slots) this.hosts.delete(host);
  }
}
