import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { findLeftovers, STACK_MARKER } from './leftovers.js';

describe('findLeftovers', () => {
  const proc = tempDir('forage-proc-');
  afterAll(() => {
    proc.remove();
  });

  function processEntry(pid: number, cmdline: string[], environ: string[]): void {
    mkdirSync(join(proc.path, String(pid)));
    writeFileSync(join(proc.path, String(pid), 'cmdline'), `${cmdline.join('\0')}\0`);
    writeFileSync(join(proc.path, String(pid), 'environ'), `${environ.join('\0')}\0`);
  }

  it("finds a nats-server on the data directory's store and processes marked with it, nothing else", () => {
    processEntry(101, ['/usr/sbin/nats-server', '-js', '-sd', '/srv/forage/nats'], []);
    processEntry(102, ['/usr/bin/node', 'main.js'], [`${STACK_MARKER}=/srv/forage`, 'PATH=/bin']);
    processEntry(103, ['/usr/sbin/nats-server', '-js', '-sd', '/srv/other/nats'], []);
    processEntry(104, ['/usr/bin/node', 'main.js'], [`${STACK_MARKER}=/srv/forage-2`]);
    processEntry(105, ['/usr/bin/node', 'main.js'], [`${STACK_MARKER}=1`]);
    mkdirSync(join(proc.path, 'self'));

    expect(
      findLeftovers('/srv/forage/', proc.path)
        .map((l) => l.pid)
        .sort(),
    ).toEqual([101, 102]);
  });
});
