import { Inject, Injectable } from '@nestjs/common';
import type { EvidenceRef } from '@forage/contracts';
import { EvidenceNotFoundError, EvidenceStore, EvidenceTamperedError } from '@forage/evidence';
import type { FetchedEvidence } from '../core/inputs.js';
import { EvidenceUnavailableError } from '../errors.js';

/** Snapshots read at once; each can be several MB. */
const CONCURRENT_READS = 4;

/** Reads cited snapshots back from the evidence store; a missing or tampered blob is a result, not an error. */
@Injectable()
export class EvidenceReader {
  constructor(@Inject(EvidenceStore) private readonly store: EvidenceStore) {}

  /** Each distinct snapshot once, by sha256. */
  async readAll(refs: readonly Pick<EvidenceRef, 'sha256'>[]): Promise<Map<string, FetchedEvidence>> {
    const pending = [...new Set(refs.map((r) => r.sha256))];
    const fetched = new Map<string, FetchedEvidence>();
    const worker = async (): Promise<void> => {
      for (let sha256 = pending.shift(); sha256 !== undefined; sha256 = pending.shift()) {
        fetched.set(sha256, await this.read(sha256));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_READS }, worker));
    return fetched;
  }

  private async read(sha256: string): Promise<FetchedEvidence> {
    try {
      return { status: 'found', data: await this.store.get({ sha256 }) };
    } catch (err) {
      if (err instanceof EvidenceNotFoundError) return { status: 'missing', detail: err.message };
      if (err instanceof EvidenceTamperedError) return { status: 'tampered', detail: err.message };
      throw new EvidenceUnavailableError(
        `evidence store read of ${sha256} failed: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
        },
      );
    }
  }
}
