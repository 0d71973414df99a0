#!/usr/bin/env node
// Writes the NATS users and subject permissions, rendered from the bus topology in
// @forage/messaging, into deploy/nats/auth.conf (compose) and the auth.conf key of the nats
// ConfigMap in deploy/k8s/nats.yaml. `--check` only compares and exits 1 when either is out of
// date (tests/nats-auth-topology.unit.test.ts makes the same check in the test command).
/* global process, console */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDeployAuthorization, withConfigMapAuth } from '@forage/messaging';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const conf = renderDeployAuthorization();
const targets = [
  { file: join(root, 'deploy', 'nats', 'auth.conf'), render: () => conf },
  { file: join(root, 'deploy', 'k8s', 'nats.yaml'), render: (current) => withConfigMapAuth(current, conf) },
];
let stale = 0;
for (const { file, render } of targets) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const next = render(current);
  if (next === current) continue;
  stale++;
  if (process.argv.includes('--check')) console.error(`${file} is out of date: run npm run nats:auth-config`);
  else {
    writeFileSync(file, next);
    console.log(`${file} updated`);
  }
}
if (process.argv.includes('--check') && stale > 0) process.exit(1);
if (stale === 0) console.log('NATS authorization files are up to date');
