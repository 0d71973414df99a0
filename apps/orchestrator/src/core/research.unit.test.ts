import { randomUUID } from 'node:crypto';
import type { ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, AnswerReply, PageSnapshot, StepReport, VerifyReply } from './activities.js';
import { research } from './research.js';

function page(url: string, blocked = false): PageSnapshot {
  return {
    requestedUrl: url,
    finalUrl: url,
    status: blocked ? 403 : 200,
    title: url,
    contentType: 'text/html',
    loadTimeMs: 10,
    outcome: blocked ? { kind: 'blocked', reason: 'http_403', detail: '' } : { kind: 'ok' },
    logRecordId: randomUUID(),
    evidence: { domSnapshot: anEvidenceRef(), screenshot: anEvidenceRef({ kind: 'screenshot' }) },
    network: { redirects: [], failedRequests: 0, blockedRequests: 0 },
  };
}

function answerFrom(chunkText: string, confidence: number, logRecordId: string): ScoredAnswer {
  return {
    text: chunkText.split(' ').at(-1) ?? chunkText,
    confidence,
    source: {
      chunkId: 'c',
      url: 'http://127.0.0.1/a',
      title: 'A',
      xpath: '/html[1]/body[1]/p[1]',
      domSnapshot: anEvidenceRef(),
      logRecordId,
      snippet: chunkText,
    },
  };
}

/** Fake activities: each page yields one chunk; the answer's confidence comes from the page. */
function fakes(options: {
  urls: string[];
  confidenceByUrl: Record<string, number>;
  blocked?: string[];
  verified?: boolean;
  /** Pages with a "Show more" control, and the confidence once it was clicked. */
  expandable?: Record<string, number>;
}): { acts: Activities; calls: string[]; steps: StepReport[]; verifiedIds: string[][] } {
  const calls: string[] = [];
  const steps: StepReport[] = [];
  const verifiedIds: string[][] = [];
  let lastConfidence = 0;
  let lastRecord = '';
  const acts: Activities = {
    search: (q) => {
      calls.push(`search ${q}`);
      return Promise.resolve({
        query: q,
        terms: [],
        logRecordId: randomUUID(),
        results: options.urls.map((url) => ({ url, title: url, snippet: '', score: 1, provider: 'local' })),
        timings: { parseMs: 0, retrieveMs: 0, rankMs: 0, totalMs: 0 },
      });
    },
    extract: (url) => {
      calls.push(`extract ${url}`);
      const p = page(url, options.blocked?.includes(url));
      lastConfidence = options.confidenceByUrl[url] ?? 0;
      lastRecord = p.logRecordId;
      return Promise.resolve(p);
    },
    understand: (p) => {
      calls.push(`understand ${p.url}`);
      const expandable = options.expandable?.[p.url] !== undefined && p.domSnapshot.sha256 !== 'e'.repeat(64);
      return Promise.resolve({
        url: p.url,
        title: 'T',
        chunks: [{ id: 'c1', text: `fact from ${p.url}`, headingPath: [], xpath: '/html[1]/body[1]/p[1]' }],
        interactive: expandable
          ? [
              {
                id: 'b1',
                tag: 'button',
                role: 'button',
                name: 'Show more',
                locator: '#more',
                xpath: '/html[1]/body[1]/button[1]',
              },
            ]
          : [],
        truncated: false,
        logRecordId: randomUUID(),
      });
    },
    expand: ({ url, controls }) => {
      calls.push(`expand ${url} ${controls.map((c) => c.name).join(',')}`);
      lastConfidence = options.expandable?.[url] ?? 0;
      lastRecord = randomUUID();
      return Promise.resolve({
        url,
        domSnapshot: anEvidenceRef({ sha256: 'e'.repeat(64) }),
        logRecordId: lastRecord,
        recordIds: [randomUUID(), lastRecord],
        clicked: controls.map((c) => c.name),
      });
    },
    answer: (_question, chunks): Promise<AnswerReply> => {
      calls.push(`answer over ${chunks.length}`);
      const abstained = lastConfidence < 0.35;
      return Promise.resolve({
        answers: abstained ? [] : [answerFrom(`the answer is 42`, lastConfidence, lastRecord)],
        abstained,
        reason: abstained ? 'low confidence' : null,
        method: 'heuristic',
        logRecordId: randomUUID(),
      });
    },
    verify: (claims, expected): Promise<VerifyReply> => {
      verifiedIds.push([...expected]);
      const ok = options.verified ?? true;
      return Promise.resolve({
        runId: randomUUID(),
        verdicts: claims.map((c) => ({
          claimId: c.claimId,
          verdict: ok ? 'verified' : 'rejected',
          checks: [{ name: 'snippet_in_evidence', passed: ok, detail: ok ? 'found' : 'snippet not in DOM' }],
        })),
        trace: { complete: true, missingRecordIds: [], chainValid: true },
        released: ok,
        logRecordId: randomUUID(),
      });
    },
    report: (s) => {
      steps.push(s);
      return Promise.resolve();
    },
    now: () => 0,
  };
  return { acts, calls, steps, verifiedIds };
}

describe('research loop', () => {
  it('stops reading pages once an answer is confident enough, then releases the verified answer', async () => {
    const f = fakes({
      urls: ['http://a/1', 'http://a/2', 'http://a/3'],
      confidenceByUrl: { 'http://a/1': 0.2, 'http://a/2': 0.9 },
    });
    const result = await research(f.acts, { question: 'q?', maxPages: 3, sufficientConfidence: 0.6 });
    expect(result.outcome).toBe('answered');
    expect(result.answer?.text).toBe('42');
    expect(result.answer?.citations[0]?.snippet).toBe('the answer is 42');
    expect(result.answer?.citations[0]?.evidence.screenshot?.kind).toBe('screenshot');
    expect(f.calls).not.toContain('extract http://a/3');
    expect(f.calls).toContain('answer over 2');
  });

  it('asks the verifier to expect every record the tools wrote', async () => {
    const f = fakes({ urls: ['http://a/1'], confidenceByUrl: { 'http://a/1': 0.9 } });
    await research(f.acts, { question: 'q?', maxPages: 1, sufficientConfidence: 0.6 });
    // search + extract + understand + answer
    expect(f.verifiedIds[0]).toHaveLength(4);
  });

  it('releases nothing when the verifier rejects every claim, and says why', async () => {
    const f = fakes({ urls: ['http://a/1'], confidenceByUrl: { 'http://a/1': 0.9 }, verified: false });
    const result = await research(f.acts, { question: 'q?', maxPages: 1, sufficientConfidence: 0.6 });
    expect(result.outcome).toBe('unverified');
    expect(result.answer).toBeNull();
    expect(result.failures[0]?.reason).toContain('snippet_in_evidence: snippet not in DOM');
  });

  it('skips blocked pages and reports them as failed extract steps', async () => {
    const f = fakes({
      urls: ['http://a/1', 'http://a/2'],
      confidenceByUrl: { 'http://a/2': 0.9 },
      blocked: ['http://a/1'],
    });
    const result = await research(f.acts, { question: 'q?', maxPages: 2, sufficientConfidence: 0.6 });
    expect(result.outcome).toBe('answered');
    expect(f.calls).not.toContain('understand http://a/1');
    expect(f.steps).toContainEqual(
      expect.objectContaining({ step: 'extract', status: 'failed', detail: 'blocked: http_403' }),
    );
  });

  it('abstains with no_answer when no page gives a confident answer within the page budget', async () => {
    const f = fakes({ urls: ['http://a/1', 'http://a/2'], confidenceByUrl: {} });
    const result = await research(f.acts, { question: 'q?', maxPages: 2, sufficientConfidence: 0.6 });
    expect(result).toMatchObject({ outcome: 'no_answer', answer: null });
    expect(f.verifiedIds).toHaveLength(0);
  });

  it('clicks a disclosure control when the page alone gives no answer, and cites the page after the click', async () => {
    const f = fakes({
      urls: ['http://a/1'],
      confidenceByUrl: { 'http://a/1': 0.1 },
      expandable: { 'http://a/1': 0.9 },
    });
    const result = await research(f.acts, { question: 'q?', maxPages: 1, sufficientConfidence: 0.6 });
    expect(f.calls).toContain('expand http://a/1 Show more');
    expect(result.outcome).toBe('answered');
    expect(f.steps).toContainEqual(expect.objectContaining({ step: 'act', status: 'succeeded' }));
    // search, extract, understand, answer, goto + click, understand again, answer again
    expect(f.verifiedIds[0]).toHaveLength(8);
  });

  it('does not click anything when the page already answers', async () => {
    const f = fakes({
      urls: ['http://a/1'],
      confidenceByUrl: { 'http://a/1': 0.9 },
      expandable: { 'http://a/1': 0.9 },
    });
    await research(f.acts, { question: 'q?', maxPages: 1, sufficientConfidence: 0.6 });
    expect(f.calls.some((c) => c.startsWith('expand'))).toBe(false);
  });

  it('returns no_answer when search finds nothing', async () => {
    const f = fakes({ urls: [], confidenceByUrl: {} });
    const result = await research(f.acts, { question: 'q?', maxPages: 2, sufficientConfidence: 0.6 });
    expect(result.outcome).toBe('no_answer');
  });
});
