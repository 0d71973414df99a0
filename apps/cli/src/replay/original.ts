import { recordedVerdictSchema, type RecordedVerdict, type StoredLogRecord } from '@forage/contracts';
import type { VerdictVerifier } from '@forage/evidence';

/** A page the run captured: the record that logged it and its stored DOM snapshot. */
export interface CapturedPage {
  readonly record: StoredLogRecord;
  readonly url: string;
  readonly domSnapshot: NonNullable<StoredLogRecord['evidence']['dom_snapshot']>;
}

/** What a run did and concluded, read back from its log records alone. */
export interface OriginalRun {
  readonly pages: readonly CapturedPage[];
  /** Each question processing answered, with its top answer as recorded (undefined: it abstained). */
  readonly questions: readonly { question: string; answer: string | undefined }[];
  /** The first verdict the verifier recorded for the run (later ones may come from replays). */
  readonly verdict: RecordedVerdict | undefined;
}

const PAGE_TOOLS = new Set(['dom-extraction', 'action-execution']);

/**
 * The run as logged: the pages it captured (successful dom-extraction and action-execution records
 * with a DOM snapshot and a URL), the questions processing answered before the verdict, and the
 * verdict. Records are taken in chain order; anything after the first verdict is ignored. With
 * `signatures` (the stack's verdict public key), only a verdict the verifier signed counts.
 */
export function originalRunOf(
  records: readonly StoredLogRecord[],
  signatures?: VerdictVerifier,
): OriginalRun {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const verdictIn = (record: StoredLogRecord): RecordedVerdict | undefined => verdictOf(record, signatures);
  const verdictAt = ordered.findIndex((r) => verdictIn(r) !== undefined);
  const before = verdictAt < 0 ? ordered : ordered.slice(0, verdictAt);
  const pages: CapturedPage[] = [];
  const questions = new Map<string, string | undefined>();
  for (const record of before) {
    const data = record.output.data;
    const url = typeof data['url'] === 'string' ? data['url'] : undefined;
    if (
      PAGE_TOOLS.has(record.tool_name) &&
      record.status === 'success' &&
      record.evidence.dom_snapshot &&
      url
    )
      pages.push({ record, url, domSnapshot: record.evidence.dom_snapshot });
    if (record.tool_name === 'processing' && typeof data['question'] === 'string')
      questions.set(data['question'], topAnswerOf(data['answers']));
  }
  const verdictRecord = verdictAt < 0 ? undefined : ordered[verdictAt];
  return {
    pages,
    questions: [...questions].map(([question, answer]) => ({ question, answer })),
    verdict: verdictRecord ? verdictIn(verdictRecord) : undefined,
  };
}

function verdictOf(
  record: StoredLogRecord,
  signatures: VerdictVerifier | undefined,
): RecordedVerdict | undefined {
  if (record.tool_name !== 'verifier') return undefined;
  const parsed = recordedVerdictSchema.safeParse(record.output.data['verdict']);
  if (!parsed.success) return undefined;
  if (signatures?.problem(parsed.data, record.output.data['verdictSignature']) !== undefined)
    return undefined;
  return parsed.data;
}

function topAnswerOf(answers: unknown): string | undefined {
  if (!Array.isArray(answers)) return undefined;
  const first: unknown = answers[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const text = (first as { text?: unknown }).text;
  return typeof text === 'string' ? text : undefined;
}
