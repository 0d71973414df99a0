import { HostSpacing } from './host-spacing.js';

describe('HostSpacing', () => {
  it('spaces navigations to one host by the gap and queues concurrent ones', () => {
    const spacing = new HostSpacing();
    expect(spacing.reserve({ host: 'a:80', now: 1_000, gapMs: 500 })).toBe(0);
    expect(spacing.reserve({ host: 'a:80', now: 1_100, gapMs: 500 })).toBe(400);
    expect(spacing.reserve({ host: 'a:80', now: 1_100, gapMs: 500 })).toBe(900);
    expect(spacing.reserve({ host: 'a:80', now: 5_000, gapMs: 500 })).toBe(0);
  });

  it('keeps hosts apart', () => {
    const spacing = new HostSpacing();
    expect(spacing.reserve({ host: 'a:80', now: 0, gapMs: 1_000 })).toBe(0);
    expect(spacing.reserve({ host: 'b:80', now: 0, gapMs: 1_000 })).toBe(0);
  });

  it('forgets hosts whose turn has passed when it holds too many', () => {
    const spacing = new HostSpacing(4);
    for (const host of ['a', 'b', 'c', 'd', 'e']) spacing.reserve({ host, now: 0, gapMs: 10 });
    expect(spacing.reserve({ host: 'a', now: 100, gapMs: 10 })).toBe(0);
  });
});
