import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A listener on every loopback address (IPv4 and IPv6) that counts who reaches it. */
export interface Trap {
  readonly port: number;
  connections(): number;
  stop(): Promise<void>;
}

export async function startTrap(): Promise<Trap> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 7\r\n\r\nreached');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '::', port: 0, ipv6Only: false }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    connections: () => count,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

/** Host names a test resolver maps to internal addresses (there is no DNS to rebind here). */
export const INTERNAL_NAMES: Readonly<Record<string, string[]>> = {
  'internal.test': ['127.0.0.1'],
  'internal6.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'half.test': ['127.0.0.2', '::1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.1.2.3'],
  'cgnat.test': ['100.64.1.1'],
  'zero.test': ['0.0.0.0'],
};

export type EgressProbe =
  | { readonly name: string; readonly kind: 'navigate'; readonly url: string }
  | { readonly name: string; readonly kind: 'page'; readonly html: string };

/**
 * Ways a page or a URL can aim a browser at an internal address: direct navigations in many
 * encodings, names that resolve inward, metadata services, redirects and meta-refresh, and every
 * kind of subresource. `site` is an allowed origin that serves `/redirect?to=…&code=…`.
 */
export function egressProbes(input: { trapPort: number; site: string }): EgressProbe[] {
  const t = input.trapPort;
  const direct = [
    `http://127.0.0.1:${t}/`,
    `http://127.1:${t}/`,
    `http://127.0.1:${t}/`,
    `http://0177.0.0.1:${t}/`,
    `http://0x7f.0.0.1:${t}/`,
    `http://0x7f000001:${t}/`,
    `http://2130706433:${t}/`,
    `http://017700000001:${t}/`,
    `http://127.0.0.1.:${t}/`,
    `http://127.255.255.254:${t}/`,
    `http://[::1]:${t}/`,
    `http://[0:0:0:0:0:0:0:1]:${t}/`,
    `http://[::ffff:127.0.0.1]:${t}/`,
    `http://[::ffff:7f00:1]:${t}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${t}/`,
    `http://[::127.0.0.1]:${t}/`,
    `http://[::]:${t}/`,
    `http://0.0.0.0:${t}/`,
    `http://0:${t}/`,
    `http://localhost:${t}/`,
    `http://LOCALHOST:${t}/`,
    `http://localhost.:${t}/`,
    `http://sub.localhost:${t}/`,
    `http://internal.test:${t}/`,
    `http://internal6.test:${t}/`,
    `http://mapped.test:${t}/`,
    `http://half.test:${t}/`,
    `http://zero.test:${t}/`,
    `https://127.0.0.1:${t}/`,
    `https://internal.test:${t}/`,
    `https://[::1]:${t}/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fd00:ec2::254]/latest/meta-data/`,
    `http://metadata.google.internal/computeMetadata/v1/`,
    `http://100.100.100.200/latest/meta-data/`,
    `http://metadata.test/`,
    `http://10.0.0.1:${t}/`,
    `http://172.16.0.1:${t}/`,
    `http://192.168.0.1:${t}/`,
    `http://100.64.0.1:${t}/`,
    `http://private.test:${t}/`,
    `http://cgnat.test:${t}/`,
    `http://169.254.1.1:${t}/`,
    `http://224.0.0.1:${t}/`,
    `http://[fe80::1]:${t}/`,
    `http://[fc00::1]:${t}/`,
    `http://[64:ff9b::7f00:1]:${t}/`,
    `http://[2002:7f00:1::]:${t}/`,
    `http://user:pass@127.0.0.1:${t}/`,
  ].map((url): EgressProbe => ({ name: `navigate ${url}`, kind: 'navigate', url }));
  const redirect = (to: string, code = 302): string =>
    `${input.site}/redirect?code=${code}&to=${encodeURIComponent(to)}`;
  const redirects: EgressProbe[] = [
    { name: '302 to loopback', kind: 'navigate', url: redirect(`http://127.0.0.1:${t}/`) },
    {
      name: '301 to a name resolving inward',
      kind: 'navigate',
      url: redirect(`http://internal.test:${t}/`, 301),
    },
    { name: '307 to IPv6 loopback', kind: 'navigate', url: redirect(`http://[::1]:${t}/`, 307) },
    { name: '308 to decimal loopback', kind: 'navigate', url: redirect(`http://2130706433:${t}/`, 308) },
    { name: '302 to metadata', kind: 'navigate', url: redirect('http://169.254.169.254/latest/meta-data/') },
    { name: 'redirect chain ending inward', kind: 'navigate', url: redirect(redirect(`http://127.1:${t}/`)) },
  ];
  const page = (name: string, body: string): EgressProbe => ({
    name,
    kind: 'page',
    html: `<!doctype html><html><body>${body}</body></html>`,
  });
  const subresources: EgressProbe[] = [
    page('meta refresh', `<meta http-equiv="refresh" content="0;url=http://127.0.0.1:${t}/">`),
    page('script location', `<script>location.href='http://internal.test:${t}/'</script>`),
    page('img', `<img src="http://127.0.0.1:${t}/x.png">`),
    page('img ipv6', `<img src="http://[::1]:${t}/x.png">`),
    page('script', `<script src="http://0x7f000001:${t}/x.js"></script>`),
    page('stylesheet', `<link rel="stylesheet" href="http://127.1:${t}/x.css">`),
    page(
      'css background',
      `<div style="background:url(http://internal.test:${t}/bg.png);width:9px;height:9px"></div>`,
    ),
    page('iframe', `<iframe src="http://127.0.0.1:${t}/"></iframe>`),
    page('fetch', `<script>fetch('http://127.0.0.1:${t}/api').catch(()=>{})</script>`),
    page(
      'xhr',
      `<script>var x=new XMLHttpRequest();x.open('GET','http://mapped.test:${t}/');x.send()</script>`,
    ),
    page('websocket', `<script>try{new WebSocket('ws://127.0.0.1:${t}/')}catch(e){}</script>`),
    page('secure websocket', `<script>try{new WebSocket('wss://internal.test:${t}/')}catch(e){}</script>`),
    page('event source', `<script>new EventSource('http://127.0.0.1:${t}/events')</script>`),
    page(
      'form post',
      `<form method="post" action="http://127.0.0.1:${t}/submit"><input name="a" value="1"></form><script>document.forms[0].submit()</script>`,
    ),
    page('beacon', `<script>navigator.sendBeacon('http://127.0.0.1:${t}/beacon','x')</script>`),
    page('prefetch', `<link rel="prefetch" href="http://127.0.0.1:${t}/next">`),
    page('video', `<video src="http://127.0.0.1:${t}/v.mp4" autoplay muted></video>`),
    page(
      'fetch from a worker',
      `<script>new Worker(URL.createObjectURL(new Blob(["fetch('http://127.0.0.1:${t}/from-worker').catch(()=>{})"])))</script>`,
    ),
    page(
      'dynamic import',
      `<script type="module">import('http://127.0.0.1:${t}/m.js').catch(()=>{})</script>`,
    ),
    page(
      'fetch metadata',
      `<script>fetch('http://169.254.169.254/latest/meta-data/').catch(()=>{})</script>`,
    ),
  ];
  return [...direct, ...redirects, ...subresources];
}
