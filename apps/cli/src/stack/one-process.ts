import type { ChildProcess } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFlagsFor } from '@forage/config';
import { spawnLoggedNode } from './child-processes.js';
import type { ProcessPlan } from './layout.js';

/** Variables a service process reads for one identity; the one-process host picks each service's by name instead. */
const SINGLE_IDENTITY = ['NATS_USER', 'NATS_PASSWORD', 'NATS_PASSWORD_FILE'];

/**
 * Starts every planned service in one Node process (one-process-host.js). The plans, which hold
 * the evidence key, go to an owner-only file under `secrets/`; the host's services find their
 * NATS passwords in `credentialsDir` by their own names.
 */
export function spawnOneProcess(input: {
  root: string;
  dataDir: string;
  plans: readonly ProcessPlan[];
  /** Extra variables per service (the gateway's API keys file). */
  extraEnv: (plan: ProcessPlan) => Record<string, string>;
  credentialsDir: string;
  logFile: string;
  onLogError?: (err: Error) => void;
}): ChildProcess {
  const file = join(input.dataDir, 'secrets', 'one-process.json');
  const plans = input.plans.map((plan) => ({
    service: plan.service,
    env: Object.fromEntries(
      Object.entries({ ...plan.env, ...input.extraEnv(plan) }).filter(([k]) => !SINGLE_IDENTITY.includes(k)),
    ),
  }));
  writeFileSync(file, JSON.stringify(plans), { mode: 0o600 });
  chmodSync(file, 0o600);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NATS_CREDENTIALS_DIR: input.credentialsDir,
    FORAGE_SUPERVISED: input.dataDir,
  };
  for (const k of SINGLE_IDENTITY) env[k] = undefined;
  const caFile = input.plans[0]?.env['NATS_TLS_CA'];
  if (caFile) env['NATS_TLS_CA'] = caFile;
  return spawnLoggedNode({
    args: [
      ...nodeFlagsFor(input.plans.map((p) => p.service)),
      join(input.root, 'apps', 'cli', 'dist', 'stack', 'one-process-host.js'),
      file,
    ],
    env,
    logFile: input.logFile,
    ...(input.onLogError ? { onLogError: input.onLogError } : {}),
  });
}
