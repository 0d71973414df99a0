import { Inject, Injectable } from '@nestjs/common';
import type { EvidenceRef } from '@forage/contracts';
import { EvidenceNotFoundError, EvidenceStore, EvidenceTamperedError } from '@forage/evidence';
import { InvalidRequestError, UpstreamError } from '@forage/messaging';
import { SnapshotNotFoundError, SnapshotTamperedError } from '../errors.js';

/** Reads DOM snapshots from the evidence store and names what went wrong when it cannot. */
@Injectable()
export class SnapshotReader {
  constructor(@Inject(EvidenceStore) private readonly store: EvidenceStore) {}

  async read(ref: EvidenceRef): Promise<string> {
    if (ref.kind === 'screenshot')
      throw new InvalidRequestError(`evidence ${ref.sha256} is a screenshot, not a DOM snapshot`);
    try {
      return await this.store.getText(ref);
    } catch (err) {
      if (err instanceof EvidenceNotFoundError) throw new SnapshotNotFoundError(err.message, { cause: err });
      if (err instanceof EvidenceTamperedError) throw new SnapshotTamperedError(err.message, { cause: err });
      throw new UpstreamError(`evidence store could not return ${ref.sha256}`, { cause: err });
    }
  }
}
