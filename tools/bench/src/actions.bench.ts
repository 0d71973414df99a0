/**
 * bench:actions — click and fill latency through the action-execution service (request in over
 * NATS, idempotency claim, resolver, interpreter, runner, log record, reply) beside the same
 * actions through bare playwright-core, on the same local page, same Chromium and flags, in one
 * run. The service also captures before/after DOM and screenshot evidence for every action: that
 * capture is timed by the service and reported separately (with_evidence is the full round trip).
 * Bare and service rounds alternate in blocks of BENCH_BLOCK, so both see the same machine load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchNatsServer } from '@forage/messaging';
import { bareActions } from './actions/bare.js';
import { serveActionPage } from './actions/page.js';
import { serviceActions, type ActionSample } from './actions/through-service.js';
import { ms, summarize } from './stats.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 200);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 10);
const BLOCK = Math.max(1, Number(process.env['BENCH_BLOCK'] ?? 10));

async function main(): Promise<void> {
  const site = await serveActionPage();
  const dir = mkdtempSync(join(tmpdir(), 'forage-bench-actions-'));
  const nats = await launchNatsServer({ storeDir: dir });
  try {
    console.log(`${ROUNDS} clicks and ${ROUNDS} fills on ${site.url} (after ${WARMUP} warm-up rounds each)`);
    const bareSide = await bareActions({ url: site.url });
    const serviceSide = await serviceActions({ natsUrl: nats.url, url: site.url });
    const bare = { click: [] as number[], fill: [] as number[] };
    const ours = { click: [] as ActionSample[], fill: [] as ActionSample[] };
    try {
      for (let start = 0; start < WARMUP + ROUNDS; start += BLOCK) {
        const end = Math.min(WARMUP + ROUNDS, start + BLOCK);
        for (let i = start; i < end; i += 1) {
          const r = await bareSide.round(i);
          if (i < WARMUP) continue;
          bare.click.push(r.click);
          bare.fill.push(r.fill);
        }
        for (let i = start; i < end; i += 1) {
          const r = await serviceSide.round(i);
          if (i < WARMUP) continue;
          ours.click.push(r.click);
          ours.fill.push(r.fill);
        }
      }
    } finally {
      await bareSide.close();
      await serviceSide.close();
    }
    const bareClick = summarize(bare.click);
    const bareFill = summarize(bare.fill);
    const action = (s: readonly ActionSample[]): number[] => s.map((x) => x.totalMs - x.evidenceMs);
    const click = summarize(action(ours.click));
    const fill = summarize(action(ours.fill));
    const withEvidence = summarize([...ours.click, ...ours.fill].map((x) => x.totalMs));
    const evidence = summarize([...ours.click, ...ours.fill].map((x) => x.evidenceMs));
    const row = (name: string, s: ReturnType<typeof summarize>): string =>
      `  ${name.padEnd(46)} p50 ${ms(s.p50).padStart(8)} ms   p99 ${ms(s.p99).padStart(8)} ms   (n=${s.n})`;
    console.log(row('click, bare playwright-core', bareClick));
    console.log(row('click, through the service (action itself)', click));
    console.log(row('fill, bare playwright-core', bareFill));
    console.log(row('fill, through the service (action itself)', fill));
    console.log(row('evidence capture (before/after DOM + screenshot)', evidence));
    console.log(row('click or fill with evidence (full round trip)', withEvidence));
    const ratio = (click.p50 + fill.p50) / (bareClick.p50 + bareFill.p50);
    console.log(
      `RESULT click_p50_ms=${ms(click.p50)} bare_click_p50_ms=${ms(bareClick.p50)} fill_p50_ms=${ms(fill.p50)} bare_fill_p50_ms=${ms(bareFill.p50)} action_ratio=${ratio.toFixed(3)} with_evidence_p50_ms=${ms(withEvidence.p50)} click_p99_ms=${ms(click.p99)} bare_click_p99_ms=${ms(bareClick.p99)} fill_p99_ms=${ms(fill.p99)} bare_fill_p99_ms=${ms(bareFill.p99)}`,
    );
  } finally {
    await nats.stop();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
