/**
 * soak:render — 1,000 page loads through the dom-extraction service with crashes injected (CDP
 * Page.crash, SIGKILL of renderer processes, and of the whole browser twice). Checks that every
 * request is answered (a snapshot or a typed error), that no Chromium process or zombie is left
 * once the service stopped, and that memory (this process, which hosts the service, plus the
 * browser's process tree) grows by less than 15% from page 100 to page 1,000.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchNatsServer, RemoteError } from '@forage/messaging';
import { census, markOf, type BrowserMark } from './render/census.js';
import { FaultInjector, type FaultKind } from './render/faults.js';
import { benchPages } from './render/pages.js';
import { serveBenchSite } from './render/site.js';
import { loadedMemoryMb, restingMemory, type MemoryPoint } from './render/soak-memory.js';
import { startServiceUnderTest } from './render/through-service.js';

const TOTAL = Number(process.env['SOAK_PAGES'] ?? 1_000);
const CONCURRENCY = 4;
const MAX_GROWTH = 0.15;

/** Which fault, if any, goes with request `i`. */
function faultFor(i: number): FaultKind | null {
  if (i === Math.floor(TOTAL * 0.4) || i === Math.floor(TOTAL * 0.8)) return 'browser_kill';
  if (i % 40 === 7) return 'page_crash';
  if (i % 60 === 23) return 'renderer_kill';
  return null;
}

async function main(): Promise<void> {
  const pages = benchPages(200);
  const site = await serveBenchSite(pages);
  const urls = pages.map((p) => `${site.origin}${p.path}`);
  const dir = mkdtempSync(join(tmpdir(), 'forage-soak-render-'));
  const nats = await launchNatsServer({ storeDir: dir });
  const service = await startServiceUnderTest({
    natsUrl: nats.url,
    siteOrigin: site.origin,
    maxPages: CONCURRENCY,
    // idle pages close soon, so memory "at rest" is measured a second after the load stops
    env: { EXTRACT_PAGE_IDLE_MS: '1000' },
  });
  const faults = new FaultInjector(service.pool);
  const marks = new Map<number, BrowserMark>();
  const watchBrowsers = setInterval(() => {
    for (const pid of service.pool.browserPids()) if (!marks.has(pid)) marks.set(pid, markOf(pid));
  }, 100);
  const tally = { ok: 0, blocked: 0, typed: new Map<string, number>(), unanswered: 0, firstUnanswered: '' };
  const injections: Promise<void>[] = [];
  const startedAt = performance.now();
  let done = 0;
  const loaded: { done: number; mb: number }[] = [];
  /** Samples memory under load every second, tagged with the pages done so far, until stopped. */
  const sampleUnderLoad = (): NodeJS.Timeout =>
    setInterval(() => {
      const at = done;
      void loadedMemoryMb(service.pool).then((mb) => loaded.push({ done: at, mb }));
    }, 1_000);
  let sampling = sampleUnderLoad();

  const run = async (from: number, to: number): Promise<void> => {
    let next = from;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < to; i = next++) {
          const fault = faultFor(i);
          if (fault) injections.push(faults.inject(fault, 150 + Math.random() * 250));
          try {
            const snapshot = await service.extract(urls[i % urls.length] ?? '', { screenshot: i % 4 === 0 });
            if (snapshot.outcome.kind === 'ok') tally.ok++;
            else tally.blocked++;
            done++;
          } catch (err) {
            if (err instanceof RemoteError && err.code !== 'internal') {
              tally.typed.set(err.code, (tally.typed.get(err.code) ?? 0) + 1);
              done++;
            } else {
              tally.unanswered++;
              tally.firstUnanswered ||= err instanceof Error ? err.message : String(err);
            }
          }
        }
      }),
    );
  };

  let at100: MemoryPoint;
  let atEnd: MemoryPoint;
  try {
    await run(0, 100);
    await Promise.all(injections);
    clearInterval(sampling);
    at100 = await restingMemory(service.pool, 100);
    sampling = sampleUnderLoad();
    await run(100, TOTAL);
    clearInterval(sampling);
    await Promise.all(injections);
    atEnd = await restingMemory(service.pool, TOTAL);
  } finally {
    clearInterval(sampling);
    const health = service.pool.health().detail;
    await service.stop();
    clearInterval(watchBrowsers);
    console.log(`browser supervisor at the end: ${health}`);
  }
  const seconds = (performance.now() - startedAt) / 1_000;
  await sleep(3_000); // crashpad handlers and re-parented children exit (and are reaped) on their own time
  const left = census([...marks.values()]);
  await nats.stop();
  await site.close();
  rmSync(dir, { recursive: true, force: true });

  const typed = [...tally.typed.values()].reduce((a, b) => a + b, 0);
  const answered = tally.ok + tally.blocked + typed;
  const growth = (atEnd.totalMb - at100.totalMb) / at100.totalMb;
  const meanOf = (from: number, to: number): number => {
    const window = loaded.filter((l) => l.done >= from && l.done < to).map((l) => l.mb);
    return window.reduce((a, b) => a + b, 0) / Math.max(1, window.length);
  };
  const loadedEarly = meanOf(50, 100);
  const loadedLate = meanOf(TOTAL - 100, TOTAL);
  const loadedGrowth = (loadedLate - loadedEarly) / loadedEarly;
  const describe = (m: MemoryPoint): string =>
    `service process RSS ${m.serviceRssMb.toFixed(0)} MB + browser ${m.browserMb.toFixed(0)} MB (PSS of ${m.browsers} browser tree(s)) = ${m.totalMb.toFixed(0)} MB`;
  console.log(
    `${TOTAL} page loads at concurrency ${CONCURRENCY} in ${seconds.toFixed(0)} s (${(TOTAL / seconds).toFixed(2)} pages/s)`,
  );
  console.log(
    `faults injected: ${faults.injected.page_crash} CDP Page.crash, ${faults.injected.renderer_kill} renderer SIGKILL, ${faults.injected.browser_kill} browser SIGKILL`,
  );
  console.log(
    `answered ${answered}/${TOTAL}: ${tally.ok} ok, ${tally.blocked} blocked, ${typed} typed errors ${JSON.stringify(Object.fromEntries(tally.typed))}, ${tally.unanswered} unanswered ${tally.firstUnanswered}`,
  );
  console.log(
    `${marks.size} browser(s) launched; after stop: ${left.alive.length} live Chromium processes, ${left.zombies.length} zombies`,
  );
  console.log(`memory at rest after page 100: ${describe(at100)}`);
  console.log(`memory at rest after page ${TOTAL}: ${describe(atEnd)}`);
  console.log(
    `memory under load (service RSS + browser PSS, mean of 1 s samples): pages 50–100 ${loadedEarly.toFixed(0)} MB, pages ${TOTAL - 100}–${TOTAL} ${loadedLate.toFixed(0)} MB (${(loadedGrowth * 100).toFixed(1)}%)`,
  );
  const ok =
    tally.unanswered === 0 &&
    answered === TOTAL &&
    left.alive.length === 0 &&
    left.zombies.length === 0 &&
    growth < MAX_GROWTH;
  console.log(
    `RESULT pages=${TOTAL} answered=${answered} ok=${tally.ok} blocked=${tally.blocked} typed_errors=${typed} unanswered=${tally.unanswered} faults=${faults.injected.page_crash + faults.injected.renderer_kill + faults.injected.browser_kill} leftover_processes=${left.alive.length} zombies=${left.zombies.length} mem_growth_pct=${(growth * 100).toFixed(1)} loaded_mem_growth_pct=${(loadedGrowth * 100).toFixed(1)} pass=${ok}`,
  );
  if (!ok) process.exitCode = 1;
}

await main();
