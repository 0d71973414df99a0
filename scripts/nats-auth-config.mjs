#!/usr/bin/env node
// Writes deploy/nats/auth.conf (NATS users and subject permissions) from the bus topology in
// @forage/messaging. `--check` only compares and exits 1 when the file is out of date (the unit
// test tests/nats-auth-topology.unit.test.ts makes the same check in the test command).
/* global process, console */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDeployAuthorization } from '../libs/messaging/dist/index.js';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'nats', 'auth.conf');
const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
const next = renderDeployAuthorization();
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('deploy/nats/auth.conf is out of date: run npm run nats:auth-config');
    process.exit(1);
  }
  console.log('deploy/nats/auth.conf is up to date');
} else if (next !== current) {
  writeFileSync(file, next);
  console.log('deploy/nats/auth.conf updated');
} else {
  console.log('deploy/nats/auth.conf already up to date');
}
