import { decodeJson, encodeJson, natsServers, UndecodableMessageError } from './codec.js';

describe('codec', () => {
  it('round-trips JSON and refuses bodies that are not JSON', () => {
    expect(decodeJson(encodeJson({ a: [1, 'x'] }))).toEqual({ a: [1, 'x'] });
    expect(decodeJson(new Uint8Array())).toBeUndefined();
    expect(() => decodeJson(new TextEncoder().encode('{nope'))).toThrow(UndecodableMessageError);
  });

  it('reads a comma-separated NATS_URL as a list of servers to fail over between', () => {
    expect(natsServers('nats://a:4222, nats://b:4222,,nats://c:4222')).toEqual([
      'nats://a:4222',
      'nats://b:4222',
      'nats://c:4222',
    ]);
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
  });
});
