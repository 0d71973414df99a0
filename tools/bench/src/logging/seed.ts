import type { LogRecord } from '@forage/contracts';
import type { LogRepository } from '@forage/app-logging';

/** Records handed to the repository at once; it writes them in one transaction per group. */
const BATCH = 5_000;

/**
 * Appends `count` records straight into the repository (no NATS), in large batches: the fast way
 * to grow a table to a million rows. The rows form a valid chain, as the service would write it.
 */
export async function seedRecords(input: {
  repository: LogRepository;
  count: number;
  make: (i: number) => LogRecord;
  onProgress?: (done: number) => void;
}): Promise<void> {
  for (let done = 0; done < input.count;) {
    const size = Math.min(BATCH, input.count - done);
    const outcomes = await Promise.all(
      Array.from({ length: size }, (_, i) => input.repository.append(input.make(done + i))),
    );
    if (outcomes.some((o) => o.status !== 'stored')) throw new Error('seeding wrote a duplicate record');
    done += size;
    input.onProgress?.(done);
  }
}
