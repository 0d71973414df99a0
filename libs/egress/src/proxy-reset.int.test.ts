import { connect } from 'node:net';
import { request } from 'node:http';
import { EgressProxy } from './proxy.js';
import { parseAllowlist } from './policy.js';

/**
 * A browser killed while the proxy is still deciding its CONNECT or WebSocket upgrade resets a
 * socket the proxy holds: that must not surface as an unhandled 'error' (it took a test process
 * down in CI: "read ECONNRESET"), and the proxy must go on serving.
 */
describe('EgressProxy when a client resets mid-decision', () => {
  let proxy: EgressProxy;
  let release: () => void = () => undefined;
  const decided: string[] = [];

  beforeAll(async () => {
    proxy = await EgressProxy.start({
      allowlist: parseAllowlist('http://127.0.0.1:1'),
      // the decision waits until the test has reset the client
      resolve: (host) =>
        new Promise((resolve) => {
          release = () => {
            decided.push(host);
            resolve(['93.184.216.34']);
          };
        }),
    });
  });
  afterAll(() => proxy.stop());

  const auth = (): string => `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}`;

  for (const [kind, head] of [
    ['CONNECT', 'CONNECT slow.test:443 HTTP/1.1\r\nHost: slow.test:443\r\n'],
    [
      'WebSocket upgrade',
      'GET http://slow.test/ws HTTP/1.1\r\nHost: slow.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n',
    ],
  ] as const) {
    it(`survives a ${kind} whose client is reset before the decision`, async () => {
      const port = Number(new URL(proxy.url).port);
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('error', () => undefined);
      await new Promise<void>((r) =>
        socket.once('connect', () => {
          r();
        }),
      );
      socket.write(`${head}Proxy-Authorization: ${auth()}\r\n\r\n`);
      await new Promise((r) => setTimeout(r, 200));
      socket.resetAndDestroy();
      await new Promise((r) => setTimeout(r, 200));
      release();
      await new Promise((r) => setTimeout(r, 300));
      expect(decided.at(-1)).toBe('slow.test');

      // still serving: an unauthenticated request gets its 407
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: 'http://127.0.0.1:1/' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(407);
    });
  }
});
