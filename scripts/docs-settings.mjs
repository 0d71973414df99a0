#!/usr/bin/env node
// Writes the settings table into README.md from the one settings catalog (@forage/config).
// `--check` only compares and exits 1 when README.md is out of date (the unit test
// libs/config/src/settings/readme-table.unit.test.ts makes the same check in the test command).
/* global process, console */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withSettingsTable } from '@forage/config';

const readme = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const current = readFileSync(readme, 'utf8');
const next = withSettingsTable(current);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('README.md settings table is out of date: run npm run docs:settings');
    process.exit(1);
  }
  console.log('README.md settings table is up to date');
} else if (next !== current) {
  writeFileSync(readme, next);
  console.log('README.md settings table updated');
} else {
  console.log('README.md settings table already up to date');
}
