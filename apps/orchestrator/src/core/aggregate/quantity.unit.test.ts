import { randomUUID } from 'node:crypto';
import type { Claim } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, VerifyReply } from '../activities.js';
import { RunState } from '../loop/run-state.js';
import { timedStep } from '../loop/step.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import { releaseAnswer } from './release.js';
import { tableItems } from './table-items.js';

const TABLE = '/html[1]/body[1]/main[1]/table[1]/tbody[1]';
const rows = [
  ['Orvel', '412', '88.5'],
  ['Tasmer', '1,046', '31.2'],
  ['Ninla', '97', '140.0'],
  ['Quorra', '655', '12.9'],
].map(([lake, depth, area], i) => ({
  chunkId: `r${String(i)}`,
  url: 'http://127.0.0.1:9000/wiki/Lakes_by_depth',
  title: 'Lakes by depth',
  xpath: `${TABLE}/tr[${String(i + 1)}]`,
  text: `Lake: ${lake ?? ''}; Max depth (m): ${depth ?? ''}; Area (km²): ${area ?? ''}`,
  headingPath: ['Lakes by depth'],
  domSnapshot: anEvidenceRef(),
  logRecordId: '3c7a4a2e-0000-4000-8000-000000000001',
}));

async function ask(question: string, rejects: (claim: Claim) => boolean = () => false) {
  const sent: Claim[][] = [];
  const acts = {
    now: () => 0,
    report: async () => {},
    verify: (claims: readonly Claim[]): Promise<VerifyReply> => {
      sent.push([...claims]);
      const verdicts = claims.map((c) => ({
        claimId: c.claimId,
        verdict: rejects(c) ? ('rejected' as const) : ('verified' as const),
        checks: [],
      }));
      return Promise.resolve({
        runId: randomUUID(),
        verdicts,
        trace: { complete: true, missingRecordIds: [], chainValid: true },
        released: true,
        logRecordId: randomUUID(),
      });
    },
  } as unknown as Activities;
  const state = new RunState({
    maxPages: 5,
    maxSteps: 10,
    maxSearches: 2,
    maxWallMs: 60_000,
    maxPagesPerSite: 5,
  });
  for (const item of tableItems(rows, 'lakes')) state.items.push({ item, context: 'Lakes by depth' });
  const released = await releaseAnswer({
    acts,
    step: timedStep(acts),
    state,
    plan: planHeuristically({ question }),
  });
  return { sent, released };
}

describe('a sum or mean over the top of a set', () => {
  it('adds up the value of the top k, each support its labelled cell, as a derived claim', async () => {
    const { sent, released } = await ask('What is the total area of the two largest lakes?');
    const derived = sent.flat().find((c) => c.kind === 'derived_answer');
    expect(derived).toMatchObject({
      text: '228.5',
      attribute: { id: 'area' },
      derivation: { kind: 'sum' },
    });
    expect(derived?.derivation?.supports.map((s) => s.snippet)).toEqual([
      'Area (km²): 140.0',
      'Area (km²): 88.5',
    ]);
    expect(released.answer?.text).toContain('228.5');
  });

  it('takes the mean over the whole set when no top is asked', async () => {
    const { sent } = await ask('What is the average area of the lakes?');
    const derived = sent.flat().find((c) => c.kind === 'derived_answer');
    expect(derived).toMatchObject({ text: '68.15', derivation: { kind: 'average' } });
    expect(derived?.derivation?.supports).toHaveLength(4);
  });

  it('claims no sum when one of the selected items is not verified (a sum over part of them)', async () => {
    const { sent, released } = await ask(
      'What is the total area of the two largest lakes?',
      (c) => c.text === 'Orvel',
    );
    expect(sent.flat().some((c) => c.kind === 'derived_answer')).toBe(false);
    expect(released.answer).toBeNull();
    expect(released.failures.map((f) => f.reason).join(' ')).toContain(
      '1 of the 2 lakes selected were verified',
    );
  });
});
