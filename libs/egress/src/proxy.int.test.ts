import { request } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import {
  egressProbes,
  INTERNAL_NAMES,
  startProbeSite,
  startTrap,
  type ProbeSite,
  type Trap,
} from '@forage/testing';
import { EgressProxy, type EgressDecision } from './proxy.js';
import { parseAllowlist } from './policy.js';
import { systemResolver } from './resolver.js';

describe('EgressProxy in front of real Chromium', () => {
  let trap: Trap;
  let site: ProbeSite;
  let siteOrigin: string;
  let proxy: EgressProxy;
  let browser: Browser;
  const decisions: EgressDecision[] = [];
  const resolverCalls: string[] = [];

  beforeAll(async () => {
    trap = await startTrap();
    site = await startProbeSite();
    siteOrigin = site.origin;
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
      executablePath: findChromium(undefined),
      args: [...CHROMIUM_ARGS],
      proxy: proxy.playwrightProxy(),
    });
  }, 60_000);

  afterAll(async () => {
    await browser.close();
    await proxy.stop();
    await site.stop();
    await trap.stop();
  });

  it('lets the allowlisted site through the proxy (the proxy is really in the path)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${siteOrigin}/ok`);
    expect(res?.status()).toBe(200);
    expect(await page.textContent('p')).toBe('allowed page');
    expect(decisions.some((d) => d.verdict.allowed && d.url.startsWith(siteOrigin))).toBe(true);
    await context.close();
  });

  it('blocks 60+ ways of reaching internal addresses, and none reaches the listener', async () => {
    const probes = egressProbes({ trapPort: trap.port, site: siteOrigin });
    expect(probes.length).toBeGreaterThanOrEqual(60);
    const unblocked: string[] = [];
    for (const [i, probe] of probes.entries()) {
      const before = decisions.length;
      // a context per probe, disposed after it: Chromium can acknowledge closing a tab whose
      // refused navigation is committing and then never close it (page.close() waited 420 s in
      // CI); disposing the whole context does not wait on that tab
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(site.urlOf(probe, i), { timeout: 5_000 }).catch(() => undefined);
      // a page's request may come late (a worker boots first): wait for the refusal, up to 5 s
      const refused = () => decisions.slice(before).some((d) => !d.verdict.allowed);
      for (let waited = 0; probe.kind === 'page' && !refused() && waited < 5_000; waited += 50)
        await page.waitForTimeout(50);
      await context.close();
      if (!refused()) unblocked.push(probe.name);
    }
    expect(unblocked).toEqual([]);
    expect(trap.connections()).toBe(0);
  }, 420_000);

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
