import { GatewayUrlError, gatewayUrlFor } from './gateway-url.js';

describe('gatewayUrlFor', () => {
  const base = {
    portFlag: undefined,
    forageUrl: undefined,
    stackGatewayUrl: 'http://127.0.0.1:7700',
    configuredPort: 7700,
  };

  it('honours --port and FORAGE_URL even when a stack.json names another gateway', () => {
    expect(gatewayUrlFor({ ...base, portFlag: '7811' })).toBe('http://127.0.0.1:7811');
    expect(gatewayUrlFor({ ...base, forageUrl: 'http://10.0.0.4:9000/' })).toBe('http://10.0.0.4:9000');
    expect(gatewayUrlFor({ ...base, portFlag: '7811', forageUrl: 'http://10.0.0.4:9000' })).toBe(
      'http://127.0.0.1:7811',
    );
  });

  it('falls back to the running stack, then the configured port', () => {
    expect(gatewayUrlFor(base)).toBe('http://127.0.0.1:7700');
    expect(gatewayUrlFor({ ...base, stackGatewayUrl: undefined, configuredPort: 7300 })).toBe(
      'http://127.0.0.1:7300',
    );
  });

  it('refuses a port or URL it cannot use, naming it', () => {
    expect(() => gatewayUrlFor({ ...base, portFlag: 'abc' })).toThrow(GatewayUrlError);
    expect(() => gatewayUrlFor({ ...base, forageUrl: 'ftp://x' })).toThrow(/FORAGE_URL/);
  });
});
