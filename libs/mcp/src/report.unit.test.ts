import type { Citation } from '@forage/contracts';
import { extractionText, runText, summarizeRun } from './report.js';

const citation: Citation = {
  url: 'https://example.org/rota',
  title: 'Rota',
  snippet: 'The harbour master is Teodor Valk.',
  xpath: '/html[1]/body[1]/p[1]',
  logRecordId: '6f1c1a9e-3a55-4b1e-9a51-2f7f7a0c3b11',
  evidence: {
    domSnapshot: { sha256: 'a'.repeat(64), kind: 'dom_snapshot', size: 10, contentType: 'text/html' },
    screenshot: null,
  },
};

const completed = {
  runId: '0b7f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  outcome: 'answered' as const,
  answer: { text: 'Teodor Valk', confidence: 0.9, citations: [citation] },
  failures: [],
  completedAt: '2026-11-24T10:00:00.000Z',
  durationMs: 1200,
};

describe('run reports for MCP clients', () => {
  it('states the answer, its verification and each citation with its evidence', () => {
    const summary = summarizeRun({
      runId: completed.runId,
      status: 'completed',
      result: completed,
      gate: { status: 'verified', reasons: [] },
    });
    expect(summary).toMatchObject({ outcome: 'answered', verification: 'verified', answer: 'Teodor Valk' });
    const text = runText(summary);
    expect(text).toContain('Outcome: answered (verification: verified)');
    expect(text).toContain('[1] Rota — https://example.org/rota');
    expect(text).toContain(`DOM snapshot ${'a'.repeat(64)}`);
  });

  it('says when nothing was released, and why the gate refused', () => {
    const summary = summarizeRun({
      runId: completed.runId,
      status: 'completed',
      result: {
        ...completed,
        outcome: 'unverified',
        answer: null,
        failures: [{ claim: 'Valk', reason: 'not on the page' }],
      },
      gate: { status: 'refused', reasons: ['no recorded verdict'] },
    });
    expect(summary.citations).toEqual([]);
    const text = runText(summary);
    expect(text).toContain('No answer was released.');
    expect(text).toContain('Not verified: Valk — not on the page');
    expect(text).toContain('Verification note: no recorded verdict');
  });

  it('a run still going is pending', () => {
    expect(summarizeRun({ runId: completed.runId, status: 'running', result: null }).verification).toBe(
      'pending',
    );
  });
});

describe('extractionText', () => {
  it('shows the verified data, then each field with its status, node and reason', () => {
    const text = extractionText(
      {
        data: { name: 'Harbor Mug' },
        complete: false,
        fields: [
          {
            path: 'name',
            status: 'verified',
            required: true,
            value: 'Harbor Mug',
            source: {
              url: 'http://127.0.0.1:8080/mug',
              xpath: '/html[1]/body[1]/h1[1]',
              snippet: 'Harbor Mug',
              domSnapshot: {
                sha256: 'a'.repeat(64),
                kind: 'dom_snapshot',
                size: 1,
                contentType: 'text/html',
              },
              logRecordId: '00000000-0000-4000-8000-000000000001',
            },
          },
          { path: 'brand', status: 'missing', required: true, reason: 'no value for "brand" on the page' },
        ],
      },
      'http://127.0.0.1:8080/mug',
    );
    expect(text.split('\n')).toEqual([
      'Source: http://127.0.0.1:8080/mug',
      '1 of 2 fields verified; a required field is missing or not verified',
      '',
      '{',
      '  "name": "Harbor Mug"',
      '}',
      '',
      '- name (required): verified "Harbor Mug" at /html[1]/body[1]/h1[1]',
      '- brand (required): missing (no value for "brand" on the page)',
    ]);
  });
});
