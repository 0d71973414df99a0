import { setTimeout as sleep } from 'node:timers/promises';
import { BrowserBusyError } from '../errors.js';
import { PageSlots } from './page-slots.js';

describe('PageSlots', () => {
  it('grants up to capacity at once and queues the rest in arrival order', async () => {
    const slots = new PageSlots(2);
    const a = await slots.acquire(1_000);
    const b = await slots.acquire(1_000);
    const order: string[] = [];
    const c = slots.acquire(1_000).then((release) => (order.push('c'), release));
    const d = slots.acquire(1_000).then((release) => (order.push('d'), release));
    expect([slots.busy, slots.waiting]).toEqual([2, 2]);
    a();
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('fails a waiter with BrowserBusyError after its own deadline, leaving others queued', async () => {
    const slots = new PageSlots(1);
    const held = await slots.acquire(1_000);
    const impatient = slots.acquire(20);
    const patient = slots.acquire(2_000);
    await expect(impatient).rejects.toBeInstanceOf(BrowserBusyError);
    expect(slots.waiting).toBe(1);
    held();
    const release = await patient;
    expect(slots.busy).toBe(1);
    release();
    expect(slots.busy).toBe(0);
  });

  it('ignores a second release of the same slot', async () => {
    const slots = new PageSlots(1);
    const release = await slots.acquire(100);
    release();
    release();
    expect(slots.busy).toBe(0);
    await slots.acquire(100);
    expect(slots.busy).toBe(1);
    await sleep(1);
  });
});
