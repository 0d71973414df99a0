import { rowContentBreak, type ChainRow, type ChainTail } from './chain.js';

export type AnomalyKind = 'edited' | 'deleted' | 'reordered' | 'inserted' | 'truncated';

/** One thing wrong with the table, at a sequence number (or a range of them). */
export interface ChainAnomaly {
  readonly kind: AnomalyKind;
  readonly seq: number;
  /** Last seq of a range (deleted or truncated rows); equal to `seq` for one row. */
  readonly toSeq: number;
  readonly detail: string;
}

/** Hashes of recent rows remembered to recognise a row that links to a moved one. */
const REMEMBERED_HASHES = 200_000;

/**
 * Walks the table in seq order and names every anomaly, not only the first: rows whose content
 * no longer matches their hash (edited), gaps in seq (deleted), rows linking to a row elsewhere
 * (reordered), rows the next row skips (inserted), and a table ending before the head kept
 * outside the database (truncated). Memory stays bounded: only recent hashes are remembered.
 */
export class AnomalyFinder {
  private readonly found: ChainAnomaly[] = [];
  private readonly hashes = new Map<string, number>();
  /** Rows whose prev_hash matched no earlier row: a later row may be the one they link to. */
  private readonly waiting = new Map<string, number>();
  private readonly reordered = new Set<number>();
  private prev: ChainRow | undefined;
  private prevPrev: ChainRow | undefined;
  private checked = 0;

  /** `from`: the link the walk starts after (the genesis, or the row before `--from`). */
  constructor(private readonly from: ChainTail) {}

  get rows(): number {
    return this.checked;
  }

  get lastSeq(): number {
    return this.prev?.seq ?? this.from.seq;
  }

  add(row: ChainRow): void {
    this.checked += 1;
    const content = rowContentBreak(row);
    if (content) this.report('edited', row.seq, row.seq, content);
    const movedTo = this.waiting.get(row.hash);
    if (movedTo !== undefined) {
      this.waiting.delete(row.hash);
      this.reordered.add(movedTo).add(row.seq);
      this.report(
        'reordered',
        movedTo,
        row.seq,
        `seq ${movedTo} links to seq ${row.seq}: the rows were swapped`,
      );
    }
    const previous = this.prev ?? { seq: this.from.seq, hash: this.from.hash };
    if (row.seq > previous.seq + 1) {
      this.report('deleted', previous.seq + 1, row.seq - 1, `seq ${row.seq} follows seq ${previous.seq}`);
    } else if (row.prevHash !== previous.hash && movedTo !== row.seq - 1) {
      this.explainBrokenLink(row);
    }
    this.remember(row);
  }

  /** Everything found, after the table's end is compared with the head kept outside the database. */
  finish(input: { head: ChainTail | undefined; rowAtHead: ChainTail | undefined }): ChainAnomaly[] {
    const tableShort = input.head !== undefined && this.lastSeq < input.head.seq;
    for (const seq of this.waiting.values()) {
      if (tableShort) {
        this.report(
          'deleted',
          seq,
          seq,
          `seq ${seq} links to a row that is gone (a row before it was deleted and the rest renumbered)`,
        );
      } else {
        this.report(
          'edited',
          seq - 1,
          seq - 1,
          `seq ${seq} links to another hash than seq ${seq - 1} has (it was rewritten)`,
        );
      }
    }
    const { head, rowAtHead } = input;
    if (head && tableShort) {
      this.report(
        'truncated',
        this.lastSeq + 1,
        head.seq,
        // the head is only logging's to write (NATS permissions): a head past the table's end is
        // tampering with the table or with the head, not proof that rows existed and were deleted
        `tampering: the table ends at seq ${this.lastSeq}, the chain head is at seq ${head.seq}`,
      );
    } else if (
      head &&
      head.seq > this.from.seq &&
      rowAtHead?.hash !== head.hash &&
      // the head's row moved by an insertion or deletion already reported: not a rewrite
      !this.hashes.has(head.hash)
    ) {
      this.report(
        'edited',
        head.seq,
        head.seq,
        'the row at the chain head has another hash than the head recorded',
      );
    }
    return [...this.found].sort((a, b) => a.seq - b.seq || a.kind.localeCompare(b.kind));
  }

  private explainBrokenLink(row: ChainRow): void {
    // the row before was moved by a swap already reported: its successor's link is explained
    if (this.reordered.has(row.seq - 1)) return;
    const skipped = this.prev;
    if (skipped && this.prevPrev && row.prevHash === this.prevPrev.hash) {
      this.waiting.forEach((seq, hash) => {
        if (seq === skipped.seq) this.waiting.delete(hash);
      });
      this.report(
        'inserted',
        skipped.seq,
        skipped.seq,
        `seq ${row.seq} links past seq ${skipped.seq} to seq ${this.prevPrev.seq}`,
      );
      return;
    }
    const linked = this.hashes.get(row.prevHash);
    if (linked !== undefined) {
      if (!this.reordered.has(linked)) {
        this.reordered.add(row.seq);
        this.report(
          'reordered',
          row.seq,
          row.seq,
          `seq ${row.seq} links to seq ${linked}, not to seq ${row.seq - 1}`,
        );
      }
      return;
    }
    this.waiting.set(row.prevHash, row.seq);
  }

  private remember(row: ChainRow): void {
    this.hashes.set(row.hash, row.seq);
    if (this.hashes.size > REMEMBERED_HASHES) {
      const oldest = this.hashes.keys().next().value;
      if (oldest !== undefined) this.hashes.delete(oldest);
    }
    this.prevPrev = this.prev;
    this.prev = row;
  }

  private report(kind: AnomalyKind, seq: number, toSeq: number, detail: string): void {
    this.found.push({ kind, seq, toSeq, detail });
  }
}
