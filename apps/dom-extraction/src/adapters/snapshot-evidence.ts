import { Inject, Injectable } from '@nestjs/common';
import type { EvidenceRef } from '@forage/contracts';
import { EvidenceStore } from '@forage/evidence';
import { UpstreamError } from '@forage/messaging';

export interface StoredEvidence {
  readonly domSnapshot: EvidenceRef;
  readonly screenshot: EvidenceRef | null;
}

/** Puts a rendered page's live DOM and screenshot (or the record of a refusal) in the evidence store; they travel as refs only. */
@Injectable()
export class SnapshotEvidence {
  constructor(@Inject(EvidenceStore) private readonly store: EvidenceStore) {}

  async save(page: { html: string; screenshot: Buffer | null }): Promise<StoredEvidence> {
    try {
      const [domSnapshot, screenshot] = await Promise.all([
        this.store.put({
          kind: 'dom_snapshot',
          contentType: 'text/html; charset=utf-8',
          data: Buffer.from(page.html, 'utf8'),
        }),
        page.screenshot
          ? this.store.put({ kind: 'screenshot', contentType: 'image/png', data: page.screenshot })
          : null,
      ]);
      return { domSnapshot, screenshot };
    } catch (err) {
      throw new UpstreamError('the evidence store did not accept the page snapshot', { cause: err });
    }
  }

  /**
   * A request refused before navigation (robots.txt, a host's back-off) has no DOM; its evidence
   * is the record of why, with the robots.txt it quotes, stored as text where the DOM would be.
   */
  async saveRefusal(record: string): Promise<StoredEvidence> {
    try {
      const domSnapshot = await this.store.put({
        kind: 'raw_html',
        contentType: 'text/plain; charset=utf-8',
        data: Buffer.from(record, 'utf8'),
      });
      return { domSnapshot, screenshot: null };
    } catch (err) {
      throw new UpstreamError('the evidence store did not accept the refusal record', { cause: err });
    }
  }
}
