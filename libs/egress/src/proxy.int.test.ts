import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { egressProbes, INTERNAL_NAMES, startTrap, type Trap } from '@forage/testing';
import { EgressProxy, type EgressDecision } from './proxy.js';
import { parseAllowlist } from './policy.js';
import { systemResolver } from './resolver.js';

const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

describe('EgressProxy in front of real Chromium', () => {
  let trap: Trap;
  let site: Server;
  let siteOrigin: string;
  let proxy: EgressProxy;
  let browser: Browser;
  const decisions: EgressDecision[] = [];
  const pages = new Map<string, string>();
  const resolverCalls: string[] = [];

  beforeAll(async () => {
    trap = await startTrap();
    site = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/redirect') {
        res
          .writeHead(Number(url.searchParams.get('code') ?? 302), {
            location: url.searchParams.get('to') ?? '/',
          })
          .end();
        return;
      }
      const html = url.pathname === '/ok' ? '<p>allowed page</p>' : pages.get(url.pathname);
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html' }).end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    proxy = await EgressProxy.start({
      allowlist: parseAllowlist(siteOrigin),
      resolve: (host) => {
        resolverCalls.push(host);
        const fixed = INTERNAL_NAMES[host];
        return fixed ? Promise.resolve([...fixed]) : systemResolver(host);
      },
      onDecision: (d) => decisions.push(d),
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      proxy: proxy.playwrightProxy(),
    });
  }, 60_000);

  afterAll(async () => {
    await browser.close();
    await proxy.stop();
    await new Promise<void>((resolve) => {
      site.close(() => {
        resolve();
      });
    });
    await trap.stop();
  });

  it('lets the allowlisted site through the proxy (the proxy is really in the path)', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${siteOrigin}/ok`);
    expect(res?.status()).toBe(200);
    expect(await page.textContent('p')).toBe('allowed page');
    expect(decisions.some((d) => d.verdict.allowed && d.url.startsWith(siteOrigin))).toBe(true);
    await page.close();
  });

  it('blocks 60+ ways of reaching internal addresses, and none reaches the listener', async () => {
    const probes = egressProbes({ trapPort: trap.port, site: siteOrigin });
    expect(probes.length).toBeGreaterThanOrEqual(60);
    const unblocked: string[] = [];
    const context = await browser.newContext();
    for (const [i, probe] of probes.entries()) {
      const before = decisions.length;
      const page = await context.newPage();
      if (probe.kind === 'navigate') {
        await page.goto(probe.url, { timeout: 5_000 }).catch(() => undefined);
      } else {
        pages.set(`/probe/${i}`, probe.html);
        await page.goto(`${siteOrigin}/probe/${i}`, { timeout: 5_000 }).catch(() => undefined);
        await page.waitForTimeout(250);
      }
      await page.close();
      const denied = decisions.slice(before).filter((d) => !d.verdict.allowed);
      if (denied.length === 0) unblocked.push(probe.name);
    }
    await context.close();
    expect(unblocked).toEqual([]);
    expect(trap.connections()).toBe(0);
  }, 180_000);

  it('resolves a name once per request and refuses it when any address is internal', async () => {
    resolverCalls.length = 0;
    const decision = await proxy.decide(`http://half.test:${trap.port}/`);
    expect(decision.verdict).toMatchObject({ allowed: false, reason: 'address' });
    expect(resolverCalls).toEqual(['half.test']);
  });

  it('refuses requests without its credentials (no other local process can borrow it)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: Number(new URL(proxy.url).port), path: `${siteOrigin}/ok` },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(407);
  });
});
