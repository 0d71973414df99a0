/**
 * eval:acting — instructions acted on small task pages, the way a user asks: the task pages (at
 * least three seeds of every kind in acting/kinds.ts) served on loopback, a stack started with
 * that origin allowed (`forage up --allow`), and `forage ask --url <task page> --json
 * "<instruction>"` per episode through the CLI. The reward is what the page itself reported from
 * what was done to it; the run's own outcome is shown beside it, never counted.
 *
 *   npm run eval:acting [-- --seeds 3] [--only kind,kind] [--verbose]
 * Ends with: RESULT success=… mean_reward=… kinds=… episodes=… median_s=…, after a per-kind table.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { KINDS } from './acting/kinds.js';
import { serveTasks } from './acting/serve.js';
import { lastJsonLine, runCli } from './cli-run.js';
import { startCliStack } from './sandbox-eval/stack.js';
import { percentile } from './stats.js';

const completionSchema = z.object({
  runId: z.string().optional(),
  outcome: z.string(),
  failures: z.array(z.object({ reason: z.string() })).optional(),
});

interface Episode {
  readonly kind: string;
  readonly seed: number;
  readonly reward: number;
  readonly outcome: string;
  readonly seconds: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '3' },
      'first-seed': { type: 'string', default: '1' },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'timeout-s': { type: 'string', default: '90' },
    },
  });
  const kinds = values.only ? KINDS.filter((k) => values.only?.split(',').includes(k.name)) : KINDS;
  const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => Number(values['first-seed']) + i);
  const root = resolve(import.meta.dirname, '..', '..', '..');
  const site = await serveTasks();
  console.log(
    `${String(kinds.length)} task kinds × ${String(seeds.length)} seeds on ${site.origin}; starting the stack…`,
  );
  const stack = await startCliStack(root, { upArgs: ['--allow', site.origin, '--sandbox', 'never'] });
  const episodes: Episode[] = [];
  try {
    for (const kind of kinds)
      for (const seed of seeds) {
        const episode = `${kind.name}-${String(seed)}-${String(Date.now())}`;
        const { instruction } = site.instance(kind.name, seed);
        const run = await runCli(
          root,
          [
            'ask',
            '--json',
            '--url',
            site.urlOf(kind.name, seed, episode),
            '--data-dir',
            stack.dataDir,
            instruction,
          ],
          Number(values['timeout-s']) * 1000,
        );
        const parsed = completionSchema.safeParse(lastJsonLine(run.stdout));
        const outcome = parsed.success ? parsed.data.outcome : `exit ${String(run.code)}`;
        // the page reports as it is acted on; give its last report a moment to arrive
        await new Promise((r) => setTimeout(r, 300));
        const reward = site.rewardOf(episode);
        episodes.push({ kind: kind.name, seed, reward, outcome, seconds: run.seconds });
        console.log(
          `${reward >= 1 ? 'ok  ' : 'FAIL'} ${kind.name.padEnd(28)} seed ${String(seed).padStart(2)} ${run.seconds.toFixed(1).padStart(5)} s  ${outcome.padEnd(10)} ${JSON.stringify(instruction).slice(0, 110)}`,
        );
        if (values.verbose && reward < 1 && parsed.success)
          for (const f of (parsed.data.failures ?? []).slice(0, 3))
            console.log(`       | ${f.reason.slice(0, 240)}`);
      }
  } finally {
    await stack.stop();
    await site.close();
  }
  console.log('\nkind                          success  mean_reward');
  for (const kind of kinds) {
    const mine = episodes.filter((e) => e.kind === kind.name);
    const ok = mine.filter((e) => e.reward >= 1).length;
    const mean = mine.reduce((s, e) => s + e.reward, 0) / Math.max(1, mine.length);
    console.log(
      `${kind.name.padEnd(30)}${(ok / Math.max(1, mine.length)).toFixed(2).padStart(7)}  ${mean.toFixed(2).padStart(11)}`,
    );
  }
  const success = episodes.filter((e) => e.reward >= 1).length / Math.max(1, episodes.length);
  const mean = episodes.reduce((s, e) => s + e.reward, 0) / Math.max(1, episodes.length);
  const median = percentile(
    [...episodes.map((e) => e.seconds)].sort((a, b) => a - b),
    50,
  );
  console.log(
    `RESULT success=${success.toFixed(3)} mean_reward=${mean.toFixed(3)} kinds=${String(kinds.length)} episodes=${String(episodes.length)} median_s=${median.toFixed(1)}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
