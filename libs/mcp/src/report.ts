import type { Citation, ExtractResponse, SchemaExtraction, SearchResponse } from '@forage/contracts';
import type { RunReport } from './port.js';

/** What the `ask` and `get_run` tools return as structured content. */
export interface RunSummary {
  readonly runId: string;
  /** The thread the run belongs to: pass it as `threadId` to `ask` for a follow-up question. */
  readonly threadId: string | null;
  readonly status: string;
  /** answered | unverified | no_answer | failed; null while the run goes on. */
  readonly outcome: string | null;
  /** The gateway's check of the answer against the verifier's recorded verdict. */
  readonly verification: string;
  readonly answer: string | null;
  readonly confidence: number | null;
  readonly citations: readonly Citation[];
  readonly failures: readonly { claim: string; reason: string }[];
  readonly reasons: readonly string[];
  /** How the question was read against the thread's earlier turns ("'its' = X, from turn 1"). */
  readonly readings: readonly string[];
}

export function summarizeRun(report: RunReport): RunSummary {
  const result = report.result ?? null;
  const answer = result?.answer ?? null;
  return {
    runId: report.runId,
    threadId: threadIdOf(report),
    status: report.status,
    outcome: result?.outcome ?? null,
    verification: report.gate?.status ?? (result ? 'not_checked' : 'pending'),
    answer: answer?.text ?? null,
    confidence: answer?.confidence ?? null,
    citations: answer?.citations ?? [],
    failures: result?.failures ?? [],
    reasons: report.gate?.reasons ?? [],
    readings: result?.thread?.readings.map((r) => r.note) ?? [],
  };
}

function threadIdOf(report: RunReport): string | null {
  return report.threadId ?? report.result?.thread?.threadId ?? null;
}

/** The run as a reader sees it: the answer, its verification and each citation with its evidence. */
export function runText(summary: RunSummary): string {
  const lines = [`Run ${summary.runId}: ${summary.status}`];
  if (summary.threadId) lines.push(`Thread: ${summary.threadId} (pass it as threadId to ask a follow-up)`);
  for (const r of summary.readings) lines.push(`Read as: ${r}`);
  if (summary.outcome) lines.push(`Outcome: ${summary.outcome} (verification: ${summary.verification})`);
  if (summary.answer !== null) {
    lines.push('', summary.answer, '');
    if (summary.confidence !== null) lines.push(`Confidence: ${summary.confidence.toFixed(2)}`);
    lines.push('Sources:');
    summary.citations.forEach((c, i) => {
      lines.push(`[${i + 1}] ${c.title || c.url} — ${c.url}`, `    "${c.snippet}"`);
      const shot = c.evidence.screenshot ? `, screenshot ${c.evidence.screenshot.sha256}` : '';
      lines.push(
        `    at ${c.xpath}; DOM snapshot ${c.evidence.domSnapshot.sha256}${shot}; log record ${c.logRecordId}`,
      );
    });
  } else if (summary.outcome) {
    lines.push('', 'No answer was released.');
  }
  for (const f of summary.failures) lines.push(`Not verified: ${f.claim} — ${f.reason}`);
  for (const r of summary.reasons) lines.push(`Verification note: ${r}`);
  return lines.join('\n');
}

/** A rendered page's main content as Markdown, headed by its title and address. */
export function pageMarkdown(page: ExtractResponse): string {
  const content = page.mainContent;
  const title = (content?.title || page.title).trim();
  const head = [`# ${title || page.finalUrl}`, '', `Source: ${page.finalUrl} (HTTP ${page.status})`, ''];
  const body = content?.markdown.trim() ?? '';
  const tail = content?.truncated ? ['', '(content truncated)'] : [];
  return [...head, body, ...tail].join('\n');
}

/** A page read into a schema: the verified data as JSON, then each field's status and where it was read. */
export function extractionText(extraction: SchemaExtraction, url: string): string {
  const fields = extraction.fields.map((f) => {
    const where = f.source ? ` at ${f.source.xpath}` : '';
    const value = f.value === undefined ? '' : ` ${JSON.stringify(f.value)}`;
    const why = f.reason ? ` (${f.reason})` : '';
    return `- ${f.path}${f.required ? ' (required)' : ''}: ${f.status}${value}${where}${why}`;
  });
  const verified = extraction.fields.filter((f) => f.status === 'verified').length;
  return [
    `Source: ${url}`,
    `${String(verified)} of ${String(extraction.fields.length)} fields verified${extraction.complete ? '' : '; a required field is missing or not verified'}`,
    '',
    JSON.stringify(extraction.data, null, 2),
    '',
    ...fields,
  ].join('\n');
}

/** Ranked results, one per paragraph, then how each provider answered. */
export function searchText(reply: SearchResponse): string {
  const lines = reply.results.map(
    (r, i) =>
      `${i + 1}. ${r.title || r.url}\n   ${r.url}\n   ${r.snippet}\n   (${r.provider}, score ${r.score.toFixed(3)})`,
  );
  if (lines.length === 0) lines.push(`No results for "${reply.query}".`);
  for (const s of reply.sources ?? [])
    lines.push(`source ${s.provider}: ${s.status}${s.reason ? ` (${s.reason})` : ''}, ${s.results} results`);
  return lines.join('\n');
}
