#!/usr/bin/env node
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './cli/run.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const argv = process.argv.slice(2);
/** Commands that supervise child processes must keep running (and stop them) whatever happens to stdout. */
const supervises = argv[0] === 'up' || argv[0] === 'demo';

// `forage ask … | head -n 1`: the reader went away. Stop quietly instead of an EPIPE stack trace;
// a supervising command keeps running without its output so that its services are still stopped.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    if (!supervises) process.exit(process.exitCode ?? 0);
  });
}

runCli(argv, {
  root,
  env: process.env,
  out: (line) => {
    process.stdout.write(`${line}\n`);
  },
  err: (line) => {
    process.stderr.write(`${line}\n`);
  },
  errRaw: (text) => {
    process.stderr.write(text);
  },
  stderrIsTTY: process.stderr.isTTY,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
