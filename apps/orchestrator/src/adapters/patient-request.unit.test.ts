import { ServiceUnavailableError, UpstreamError } from '@forage/messaging';
import { whenAvailable } from './patient-request.js';

describe('bounded wait for a service with no responders', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, sleep: (ms: number) => ((t += ms), Promise.resolve()) };
  };

  it('retries while nobody answers and returns the reply once the service is up', async () => {
    const c = clock();
    let calls = 0;
    const reply = await whenAvailable({
      request: () =>
        ++calls < 4 ? Promise.reject(new ServiceUnavailableError('no responders')) : Promise.resolve('ok'),
      waitMs: 10_000,
      ...c,
    });
    expect(reply).toBe('ok');
    expect(calls).toBe(4);
  });

  it('gives up with the unavailable error once the wait is spent', async () => {
    const c = clock();
    await expect(
      whenAvailable({
        request: () => Promise.reject(new ServiceUnavailableError('no responders')),
        waitMs: 1_000,
        ...c,
      }),
    ).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(c.now()).toBeLessThanOrEqual(1_000);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    await expect(
      whenAvailable({
        request: () => (calls++, Promise.reject(new UpstreamError('page failed'))),
        waitMs: 10_000,
        ...clock(),
      }),
    ).rejects.toBeInstanceOf(UpstreamError);
    expect(calls).toBe(1);
  });
});
