import { SlotWaitTimeoutError } from '@forage/browser';
import { HostSlots } from './host-slots.js';

describe('HostSlots', () => {
  it('lets `perHost` navigations to one host run at once and queues the next in order', async () => {
    const slots = new HostSlots(2);
    const a = await slots.acquire('shop.test:443', 1_000);
    const b = await slots.acquire('shop.test:443', 1_000);
    const order: string[] = [];
    const c = slots.acquire('shop.test:443', 1_000).then((r) => (order.push('c'), r));
    const d = slots.acquire('shop.test:443', 1_000).then((r) => (order.push('d'), r));
    expect(slots.load('shop.test:443')).toEqual({ busy: 2, waiting: 2 });
    // another host is not held up by this one
    const other = await slots.acquire('hotel.test:80', 1_000);
    b();
    (await c)();
    a();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    other();
    expect(slots.size).toBe(0);
  });

  it('refuses a navigation that waited past its deadline and forgets an idle host', async () => {
    const slots = new HostSlots(1);
    const held = await slots.acquire('a.test', 1_000);
    await expect(slots.acquire('a.test', 20)).rejects.toBeInstanceOf(SlotWaitTimeoutError);
    expect(slots.load('a.test')).toEqual({ busy: 1, waiting: 0 });
    held();
    held();
    expect(slots.size).toBe(0);
    (await slots.acquire('a.test', 0))();
  });
});
