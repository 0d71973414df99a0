import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultStorageTotalMb, limitConfig, storageLimitOf, storageScaleFor } from './storage-limits.js';
import { kvBuckets, objectStores } from './stores.js';
import { streams } from './streams.js';

const root = join(import.meta.dirname, '..', '..', '..');

/** The server's max_file_store in MiB, from a nats config text (`max_file_store: 10GB`). */
function maxFileStoreMb(text: string): number {
  const m = /max_file_store:\s*(\d+)\s*([GM])B/i.exec(text);
  if (!m?.[1] || !m[2]) throw new Error('no max_file_store');
  return Number(m[1]) * (m[2].toUpperCase() === 'G' ? 1024 : 1);
}

describe('storage limits', () => {
  it('bounds every stream, KV bucket and object store Forage provisions', () => {
    const names = [
      ...Object.values(streams).map((s) => s.name),
      ...Object.values(kvBuckets).map((b) => `KV_${b.bucket}`),
      ...Object.values(objectStores).map((o) => `OBJ_${o.bucket}`),
    ];
    for (const name of names) {
      const config = limitConfig(storageLimitOf(name, {}));
      expect(config.max_bytes).toBeGreaterThan(0);
      expect(config.discard).toBe('new');
    }
    expect(() => storageLimitOf('SOMEONE_ELSES', {})).toThrow(/no storage limit/);
  });

  it('gives each log producer a quota of its own (its subject), refused when full', () => {
    const config = limitConfig(storageLimitOf(streams.logs.name, {}));
    expect(config.max_msgs_per_subject).toBeGreaterThan(0);
    expect(config.discard_new_per_subject).toBe(true);
  });

  it('reads overrides in MiB and ignores values that are not positive numbers', () => {
    expect(storageLimitOf(streams.runs.name, { FORAGE_BUS_RUNS_MAX_MB: '2' }).maxBytes).toBe(2 * 1024 * 1024);
    const fallback = storageLimitOf(streams.runs.name, {}).maxBytes;
    for (const bad of ['0', '-5', 'lots', ' '])
      expect(storageLimitOf(streams.runs.name, { FORAGE_BUS_RUNS_MAX_MB: bad }).maxBytes).toBe(fallback);
  });

  it('fits, summed, in the file store of the compose and Kubernetes NATS configurations', () => {
    const total = defaultStorageTotalMb();
    expect(total).toBeLessThanOrEqual(
      maxFileStoreMb(readFileSync(join(root, 'deploy/nats/nats.conf'), 'utf8')),
    );
    expect(total).toBeLessThanOrEqual(
      maxFileStoreMb(readFileSync(join(root, 'deploy/k8s/nats.yaml'), 'utf8')),
    );
  });

  it('shrinks the default quotas to a disk that cannot hold them, never below one message, never an override', () => {
    const total = defaultStorageTotalMb() * 1024 * 1024;
    expect(storageScaleFor(10 * total)).toBe(1);
    const scale = storageScaleFor(160 * 1024 * 1024);
    expect(scale).toBeLessThan(0.01);
    const names = [
      streams.logs.name,
      `KV_${kvBuckets.logChain.bucket}`,
      `OBJ_${objectStores.evidence.bucket}`,
    ];
    const sum = names.reduce((s, n) => s + storageLimitOf(n, {}, scale).maxBytes, 0);
    expect(sum).toBeLessThan(80 * 1024 * 1024);
    for (const n of names)
      expect(storageLimitOf(n, {}, scale).maxBytes).toBeGreaterThanOrEqual(
        storageLimitOf(n, {}).maxMessageBytes,
      );
    expect(storageLimitOf(streams.runs.name, { FORAGE_BUS_RUNS_MAX_MB: '300' }, scale).maxBytes).toBe(
      300 * 1024 * 1024,
    );
  });
});
