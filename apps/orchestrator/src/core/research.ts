import type {
  EvidenceRef,
  InteractiveElement,
  ReleasedAnswer,
  RunOutcome,
  ScoredAnswer,
  SourcedChunk,
  StepName,
} from '@forage/contracts';
import type { Activities, AnswerReply, PageSnapshot } from './activities.js';
import { citationFor, claimsFrom, failureReasons } from './claims.js';
import { findExpanders } from './expanders.js';

export interface ResearchInput {
  readonly question: string;
  readonly maxPages: number;
  /** An answer at least this confident ends the page loop early. */
  readonly sufficientConfidence: number;
}

export interface ResearchResult {
  readonly outcome: RunOutcome;
  readonly answer: ReleasedAnswer | null;
  readonly failures: { claim: string; reason: string }[];
}

/**
 * The navigate → extract → aggregate loop: search once, then read result pages one by one,
 * re-aggregating answers over everything read so far until one is confident enough or the page
 * budget is spent; then verify every candidate and release only what the verifier accepts.
 */
export async function research(acts: Activities, input: ResearchInput): Promise<ResearchResult> {
  const expectedRecordIds: string[] = [];
  const step = timedStep(acts);

  await acts.report({
    step: 'plan',
    status: 'succeeded',
    detail: `search, then read up to ${input.maxPages} pages`,
    durationMs: 0,
  });
  const search = await step(
    'search',
    () => acts.search(input.question),
    (r) => `${r.results.length} results`,
  );
  expectedRecordIds.push(search.logRecordId);
  if (search.results.length === 0) {
    return { outcome: 'no_answer', answer: null, failures: [{ claim: '', reason: 'search found no pages' }] };
  }

  const chunks: SourcedChunk[] = [];
  const pages = new Map<string, PageSnapshot>();
  let aggregate: AnswerReply | undefined;
  const sufficient = (reply: AnswerReply | undefined): boolean => {
    const best = reply?.answers[0];
    return !!reply && !reply.abstained && !!best && best.confidence >= input.sufficientConfidence;
  };
  for (const [pageIndex, result] of search.results.slice(0, input.maxPages).entries()) {
    const page = await step(
      'extract',
      () => acts.extract(result.url),
      (p) => `${p.finalUrl} (${p.status})`,
    ).catch(() => undefined);
    if (!page) continue;
    expectedRecordIds.push(page.logRecordId);
    if (page.outcome.kind === 'blocked') {
      await acts.report({
        step: 'extract',
        status: 'failed',
        detail: `blocked: ${page.outcome.reason}`,
        durationMs: null,
      });
      continue;
    }
    pages.set(page.logRecordId, page);
    const read = await readPage({
      acts,
      step,
      source: { url: page.finalUrl, domSnapshot: page.evidence.domSnapshot, logRecordId: page.logRecordId },
    });
    if (!read) continue;
    expectedRecordIds.push(read.recordId);
    chunks.push(...read.chunks);
    aggregate = await step('answer', () => acts.answer(input.question, chunks), describeAnswer);
    expectedRecordIds.push(aggregate.logRecordId);
    if (sufficient(aggregate)) break;

    // the answer may sit behind a disclosure control: click it in a browser session and read again
    const controls = findExpanders(read.interactive);
    if (controls.length === 0) continue;
    const expanded = await step(
      'act',
      () => acts.expand({ url: page.finalUrl, controls, pageIndex }),
      (e) => `clicked ${e.clicked.map((c) => `"${c}"`).join(', ')} on ${e.url}`,
    ).catch(() => undefined);
    if (!expanded) continue;
    expectedRecordIds.push(...expanded.recordIds);
    const reread = await readPage({ acts, step, source: expanded });
    if (!reread) continue;
    expectedRecordIds.push(reread.recordId);
    // the expanded page supersedes the first render of the same page
    const kept = chunks.filter((c) => c.logRecordId !== page.logRecordId);
    chunks.splice(0, chunks.length, ...kept, ...reread.chunks);
    aggregate = await step('answer', () => acts.answer(input.question, chunks), describeAnswer);
    expectedRecordIds.push(aggregate.logRecordId);
    if (sufficient(aggregate)) break;
  }

  if (!aggregate || aggregate.abstained || aggregate.answers.length === 0) {
    const reason = aggregate?.reason ?? 'no page could be read';
    return { outcome: 'no_answer', answer: null, failures: [{ claim: '', reason }] };
  }
  return verifyAndRelease({ acts, step, answers: aggregate.answers, expectedRecordIds, pages });
}

async function verifyAndRelease(input: {
  acts: Activities;
  step: ReturnType<typeof timedStep>;
  answers: readonly ScoredAnswer[];
  expectedRecordIds: readonly string[];
  pages: ReadonlyMap<string, PageSnapshot>;
}): Promise<ResearchResult> {
  const claims = claimsFrom(input.answers);
  const report = await input.step(
    'verify',
    () => input.acts.verify(claims, input.expectedRecordIds),
    (r) =>
      `${r.verdicts.filter((v) => v.verdict === 'verified').length}/${r.verdicts.length} claims verified`,
  );
  const failures = report.verdicts
    .filter((v) => v.verdict === 'rejected')
    .map((v) => ({
      claim: claims.find((c) => c.claimId === v.claimId)?.text ?? v.claimId,
      reason: failureReasons(v),
    }));
  if (!report.trace.complete) {
    failures.push({
      claim: '',
      reason: `trace incomplete: missing ${report.trace.missingRecordIds.join(', ')}`,
    });
  }
  const verifiedIndex = report.released
    ? claims.findIndex((c) => report.verdicts.find((v) => v.claimId === c.claimId)?.verdict === 'verified')
    : -1;
  const answer = verifiedIndex >= 0 ? input.answers[verifiedIndex] : undefined;
  if (!answer) return { outcome: 'unverified', answer: null, failures };
  return {
    outcome: 'answered',
    answer: {
      text: answer.text,
      confidence: answer.confidence,
      citations: [citationFor({ answer, pages: input.pages })],
    },
    failures,
  };
}

/** Understands one captured DOM and turns its chunks into citable chunks pointing at that capture. */
async function readPage(input: {
  acts: Activities;
  step: ReturnType<typeof timedStep>;
  source: { url: string; domSnapshot: EvidenceRef; logRecordId: string };
}): Promise<{ chunks: SourcedChunk[]; interactive: InteractiveElement[]; recordId: string } | undefined> {
  const { source } = input;
  const understanding = await input
    .step(
      'understand',
      () => input.acts.understand(source),
      (u) => `${u.chunks.length} chunks, ${u.interactive.length} controls`,
    )
    .catch(() => undefined);
  if (!understanding) return undefined;
  const chunks = understanding.chunks.map((chunk) => ({
    chunkId: `${source.logRecordId}:${chunk.id}`,
    url: source.url,
    title: understanding.title,
    text: chunk.text,
    headingPath: chunk.headingPath,
    xpath: chunk.xpath,
    domSnapshot: source.domSnapshot,
    logRecordId: source.logRecordId,
  }));
  return { chunks, interactive: understanding.interactive, recordId: understanding.logRecordId };
}

function describeAnswer(reply: AnswerReply): string {
  const best = reply.answers[0];
  if (reply.abstained || !best) return `abstained: ${reply.reason ?? 'no answer'}`;
  return `"${best.text}" (confidence ${best.confidence.toFixed(2)}, ${reply.method})`;
}

/** Runs one step, reporting started/succeeded/failed with its duration; failures are rethrown. */
function timedStep(acts: Activities) {
  return async <T>(name: StepName, run: () => Promise<T>, describe: (value: T) => string): Promise<T> => {
    const started = acts.now();
    await acts.report({ step: name, status: 'started', detail: '', durationMs: null });
    try {
      const value = await run();
      await acts.report({
        step: name,
        status: 'succeeded',
        detail: describe(value),
        durationMs: acts.now() - started,
      });
      return value;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await acts.report({
        step: name,
        status: 'failed',
        detail: detail.slice(0, 2000),
        durationMs: acts.now() - started,
      });
      throw err;
    }
  };
}
