import { describe, expect, it } from '@jest/globals';
import { sandboxOptionsFromEnv, sandboxReadyLine } from './standalone.js';

describe('standalone sandbox process', () => {
  it('takes the three ports from SANDBOX_*_PORT, defaulting to 0 (free port)', () => {
    expect(sandboxOptionsFromEnv({ SANDBOX_WIKI_PORT: '4101', SANDBOX_SHOP_PORT: '4103' })).toEqual({
      host: '127.0.0.1',
      seed: undefined,
      ports: { wiki: 4101, hotels: 0, shop: 4103 },
    });
  });

  it('stops at boot, naming the variable, when a port is not a port', () => {
    expect(() => sandboxOptionsFromEnv({ SANDBOX_HOTELS_PORT: 'eighty' })).toThrow(/SANDBOX_HOTELS_PORT/);
  });

  it('announces readiness as one JSON line', () => {
    const line = sandboxReadyLine([{ name: 'wiki', title: 'Sandpedia', origin: 'http://127.0.0.1:4101' }]);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.split('\n')).toHaveLength(2);
    expect(JSON.parse(line)).toEqual({
      event: 'sandbox.ready',
      sites: [{ name: 'wiki', title: 'Sandpedia', origin: 'http://127.0.0.1:4101' }],
    });
  });
});
