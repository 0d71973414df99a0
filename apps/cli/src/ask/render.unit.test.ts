import { randomUUID } from 'node:crypto';
import { anEvidenceRef } from '@forage/testing';
import { renderCompletion, renderStep } from './render.js';

const base = { runId: randomUUID(), completedAt: new Date().toISOString(), durationMs: 4321 };

describe('what forage ask prints', () => {
  it('prints a released answer with every citation detail', () => {
    const dom = anEvidenceRef();
    const text = renderCompletion({
      ...base,
      outcome: 'answered',
      failures: [],
      answer: {
        text: '$61,856',
        confidence: 0.87,
        citations: [
          {
            url: 'http://127.0.0.1:1/wiki/Sobrica',
            title: 'Sobrica',
            snippet: 'The GDP per capita of Sobrica was $61,856 in 2023.',
            xpath: '/html[1]/body[1]/p[1]',
            logRecordId: randomUUID(),
            evidence: { domSnapshot: dom, screenshot: null },
          },
        ],
      },
    });
    expect(text).toContain('Answer: $61,856');
    expect(text).toContain('verified · confidence 0.87');
    expect(text).toContain('“The GDP per capita of Sobrica was $61,856 in 2023.”');
    expect(text).toContain(`DOM sha256 ${dom.sha256}`);
  });

  it('says how a derived answer was reached and from which citations', () => {
    const citation = (title: string) => ({
      url: `http://127.0.0.1:1/wiki/${title}`,
      title,
      snippet: `${title} was founded in 1900.`,
      xpath: '/html[1]/body[1]/p[1]',
      logRecordId: randomUUID(),
      evidence: { domSnapshot: anEvidenceRef(), screenshot: null },
    });
    const text = renderCompletion({
      ...base,
      outcome: 'answered',
      failures: [],
      answer: {
        text: 'yes',
        confidence: 0.8,
        citations: [citation('Alpha'), citation('Beta')],
        derived: [{ text: 'yes', kind: 'yes_no', rule: 'both pages give the same year', citations: [0, 1] }],
      },
    });
    expect(text).toContain('  derived: “yes” — both pages give the same year (from [1], [2])');
  });

  it('lists beside a released answer each candidate it withheld, with the check that stopped it', () => {
    const text = renderCompletion({
      ...base,
      outcome: 'answered',
      failures: [{ claim: 'Dune House', reason: 'constraint: Dune House: price 240 is not at most 200' }],
      answer: {
        text: '1. Harbour Lights',
        confidence: 0.8,
        citations: [
          {
            url: 'http://127.0.0.1:1/hotels',
            title: 'Hotels',
            snippet: 'Harbour Lights',
            xpath: '/html[1]/body[1]/h2[1]',
            logRecordId: randomUUID(),
            evidence: { domSnapshot: anEvidenceRef(), screenshot: null },
          },
        ],
      },
    });
    expect(text).toContain('Withheld (not verified):');
    expect(text).toContain('  - Dune House: constraint: Dune House: price 240 is not at most 200');
  });

  it('prints no answer and says why when nothing was verified', () => {
    const text = renderCompletion({
      ...base,
      outcome: 'unverified',
      answer: null,
      failures: [{ claim: '42', reason: 'snippet_in_evidence: snippet not in the stored DOM' }],
    });
    expect(text).toContain('No verified answer was released (unverified).');
    expect(text).toContain('42: snippet_in_evidence: snippet not in the stored DOM');
    expect(text).not.toContain('Answer:');
  });

  it('prints finished steps only', () => {
    const step = {
      runId: base.runId,
      seq: 1,
      step: 'search' as const,
      detail: '5 results',
      at: base.completedAt,
    };
    expect(renderStep({ ...step, status: 'started', durationMs: null })).toBeUndefined();
    expect(renderStep({ ...step, status: 'succeeded', durationMs: 21.4 })).toBe(
      '  ✓ search     5 results (21 ms)',
    );
  });
});
