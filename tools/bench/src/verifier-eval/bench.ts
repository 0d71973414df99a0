import { createHash } from 'node:crypto';
import type { Claim, ClaimVerdict, StoredLogRecord } from '@forage/contracts';
import { chunkDocument } from '@forage/app-dom-understanding';
import { judgeRun, type FetchedEvidence } from '@forage/app-verifier';
import { numbersIn } from '@forage/lexicon';
import { aLogRecord } from '@forage/testing';

export const RUN_ID = '3c0a8f2e-7d41-4b6a-9a53-1f2e3d4c5b6a';

/** The kinds of claim the benchmark builds: true ones, and each perturbation. */
export const KINDS = [
  'true',
  'other_entity',
  'other_value_same_page',
  'other_attribute',
  'number_changed',
  'unit_or_currency_changed',
  'negated',
  'other_page',
  'first_hop',
  'constraint_broken',
] as const;
export type Kind = (typeof KINDS)[number];

/** One judged claim: its kind, the dataset it was built from, and the claims judged with it (a chain's hops). */
export interface EvalCase {
  readonly kind: Kind;
  readonly dataset: string;
  readonly claim: Claim;
  /** Claims judged together with it (earlier hops of a chain), not scored themselves. */
  readonly with?: readonly Claim[];
}

/** A stored page: its snapshot, the record that logged it, and its chunks as dom-understanding cuts them. */
export interface StoredPage {
  readonly url: string;
  readonly html: string;
  readonly sha256: string;
  readonly record: StoredLogRecord;
  readonly chunks: readonly { text: string; xpath: string }[];
}

/** The run's evidence: every page stored once, as the extraction would have logged it. */
export class EvidenceBench {
  private readonly pages = new Map<string, StoredPage>();
  private seq = 0;

  page(url: string, html: string): StoredPage {
    const sha256 = createHash('sha256').update(html).digest('hex');
    const known = this.pages.get(sha256);
    if (known) return known;
    this.seq += 1;
    const record: StoredLogRecord = {
      ...aLogRecord({
        run_id: RUN_ID,
        tool_name: 'dom-extraction',
        status: 'success',
        evidence: {
          screenshot: null,
          dom_snapshot: { sha256, kind: 'dom_snapshot', size: html.length, contentType: 'text/html' },
        },
      }),
      seq: this.seq,
      prev_hash: '0'.repeat(64),
      hash: 'a'.repeat(64),
    };
    const chunks = chunkDocument(html).map((c) => ({ text: c.text, xpath: c.xpath }));
    const stored = { url, html, sha256, record, chunks };
    this.pages.set(sha256, stored);
    return stored;
  }

  /** Judges cases with the verifier's own judge, one batch per call; the verdict of each case's claim. */
  judge(cases: readonly EvalCase[]): ClaimVerdict[] {
    const claims = cases.flatMap((c) => [...(c.with ?? []), c.claim]);
    const unique = [...new Map(claims.map((c) => [c.claimId, c])).values()];
    const sources = unique.flatMap((c) => [c.source, ...(c.derivation?.supports ?? [])]);
    const records = [
      ...new Map(sources.map((s) => [s.logRecordId, this.recordOf(s.logRecordId)])).values(),
    ].filter((r): r is StoredLogRecord => r !== undefined);
    const evidence = new Map<string, FetchedEvidence>();
    for (const page of this.pages.values())
      evidence.set(page.sha256, { status: 'found', data: new TextEncoder().encode(page.html) });
    const judged = judgeRun({
      runId: RUN_ID,
      claims: unique,
      expectedRecordIds: [],
      minConfidence: 0.35,
      records,
      chain: { valid: true, checked: records.length, brokenAtSeq: null },
      evidence,
    });
    const byId = new Map(judged.verdicts.map((v) => [v.claimId, v]));
    return cases.map((c) => {
      const verdict = byId.get(c.claim.claimId);
      if (!verdict) throw new Error(`no verdict for ${c.claim.claimId}`);
      return verdict;
    });
  }

  private recordOf(id: string): StoredLogRecord | undefined {
    for (const page of this.pages.values()) if (page.record.record_id === id) return page.record;
    return undefined;
  }
}

let counter = 0;
/** A fresh claim id. */
export function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}-${String(counter)}`;
}

/** The chunk of a page that quotes a text as written, or (for a number) states it in any format. */
export function chunkWith(
  page: StoredPage,
  text: string,
  amount?: number,
): { chunk: { text: string; xpath: string }; quoted: string } | undefined {
  // a number is looked for as a number ("26" is not in "1926"), anything else as written
  if (amount === undefined)
    for (const chunk of page.chunks) {
      if (chunk.text.length > 2000) continue;
      if (chunk.text.includes(text)) return { chunk, quoted: text };
    }
  if (amount === undefined) return undefined;
  for (const chunk of page.chunks) {
    if (chunk.text.length > 2000) continue;
    const mention = numbersIn(chunk.text).find((m) => Math.abs(m.amount - amount) < 0.005);
    if (mention) return { chunk, quoted: mention.raw };
  }
  return undefined;
}

/** A claim quoting `text` from a chunk of a stored page, stating what the caller says. */
export function claimOn(input: {
  page: StoredPage;
  chunk: { text: string; xpath: string };
  text: string;
  statement?: Partial<Claim>;
  id?: string;
}): Claim {
  const { page, chunk, text } = input;
  return {
    claimId: input.id ?? nextId('c'),
    text,
    confidence: 0.8,
    source: {
      url: page.url,
      title: '',
      xpath: chunk.xpath,
      snippet: chunk.text,
      domSnapshot: page.record.evidence.dom_snapshot ?? {
        sha256: page.sha256,
        kind: 'dom_snapshot',
        size: page.html.length,
        contentType: 'text/html',
      },
      logRecordId: page.record.record_id,
    },
    ...input.statement,
  };
}
