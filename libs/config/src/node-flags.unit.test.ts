import { nodeFlagsFor } from './node-flags.js';

describe('node flags per service process', () => {
  it('gives the logging process its larger young generation, once however many services share the process', () => {
    expect(nodeFlagsFor(['logging'])).toEqual(['--max-semi-space-size=32']);
    expect(nodeFlagsFor(['search', 'logging', 'verifier', 'logging'])).toEqual(['--max-semi-space-size=32']);
    expect(nodeFlagsFor(['search', 'gateway'])).toEqual([]);
  });
});
