/**
 * The one-process mode of `forage up` (`--processes one`): every service's module in this one
 * Node process, each with its own configuration, ops port, queue group and NATS identity
 * (NATS_CREDENTIALS_DIR), meeting the others only over the same NATS subjects. Started by the
 * supervisor with the plans file it wrote; stops every service on SIGINT/SIGTERM or when the
 * supervisor is gone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { startServiceModule, type StartedModule } from './service-module.js';

const plansSchema = z.array(z.object({ service: z.string(), env: z.record(z.string(), z.string()) }));

const root = join(import.meta.dirname, '..', '..', '..', '..');
const file = process.argv[2];
if (!file) throw new Error('usage: one-process-host.js <plans.json>');
const plans = plansSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const started: StartedModule[] = [];

let stopping = false;
const stopAll = (code: number): void => {
  if (stopping) process.exit(1);
  stopping = true;
  void Promise.allSettled([...started].reverse().map((s) => s.stop())).then(() => process.exit(code));
};
process.on('SIGINT', () => {
  stopAll(0);
});
process.on('SIGTERM', () => {
  stopAll(0);
});
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll(0);
}, 1_000).unref();

const startPlan = async (plan: (typeof plans)[number]): Promise<void> => {
  const env = { ...process.env, ...plan.env };
  started.push(await startServiceModule({ root, service: plan.service, env }));
};
// the embedded log store opens first and alone: PGlite's start-up runs synchronously in this event
// loop, and the others' NATS requests made meanwhile would time out; then the rest together, as the
// per-service mode starts its processes
for (const plan of plans.filter((p) => p.service === 'logging')) await startPlan(plan);
await Promise.all(plans.filter((p) => p.service !== 'logging').map(startPlan));
console.log(JSON.stringify({ event: 'one-process.ready', services: plans.map((p) => p.service) }));
