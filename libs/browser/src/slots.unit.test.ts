import { SlotWaitTimeoutError, WaitingSlots } from './slots.js';

describe('WaitingSlots', () => {
  it('grants up to capacity at once and queues the rest in arrival order', async () => {
    const slots = new WaitingSlots(1);
    const first = await slots.acquire(1_000);
    const order: string[] = [];
    const second = slots.acquire(1_000).then((release) => {
      order.push('second');
      return release;
    });
    const third = slots.acquire(1_000).then((release) => {
      order.push('third');
      return release;
    });
    expect(slots.waiting).toBe(2);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(slots.busy).toBe(0);
  });

  it('gives up on a waiter after its own wait with a named error', async () => {
    const slots = new WaitingSlots(1);
    const held = await slots.acquire(1_000);
    await expect(slots.acquire(20)).rejects.toBeInstanceOf(SlotWaitTimeoutError);
    expect(slots.waiting).toBe(0);
    held();
    held();
    expect(slots.busy).toBe(0);
  });
});
