import { randomUUID } from 'node:crypto';
import { anEvidenceRef } from '@forage/testing';
import { acceptable, mergeLeads, onLeadPage } from '../aggregate/aggregate.js';
import { part } from '../plan/heuristic-planner.js';
import type { Part } from '../plan/plan.js';
import { onePartPlan } from '../testing/fixtures.js';
import { feedbackQuery } from './feedback.js';

const question = 'Where is the company that Ravi Menon worked for as an engineer headquartered?';

describe("processing's leads steer the second hop", () => {
  const p = part(1, question);
  const plan = onePartPlan(p, question);
  const leads = new Map([
    [
      p.id,
      [
        { name: 'Orbis Software', query: 'Orbis Software company worked headquartered' },
        { name: 'Kochi', query: 'Kochi company worked' },
      ],
    ],
  ]);

  it("searches the leads right after the part's own query, in order, never twice", () => {
    const tried = new Set([p.query.toLowerCase()]);
    expect(feedbackQuery({ plan, missing: [p], tried, leads })?.query).toBe(
      'Orbis Software company worked headquartered',
    );
    tried.add('orbis software company worked headquartered');
    expect(feedbackQuery({ plan, missing: [p], tried, leads })?.query).toBe('Kochi company worked');
    expect(
      feedbackQuery({ plan, missing: [p], tried: new Set([p.query.toLowerCase()]) })?.query,
    ).not.toContain('Orbis');
  });
});

describe('an answer on a page a lead names', () => {
  it('is a page titled with the name of a lead, qualifier aside', () => {
    const orbis = [{ name: 'Orbis Software', query: 'Orbis Software company worked' }];
    expect(onLeadPage('Orbis Software', orbis)).toBe(true);
    expect(onLeadPage('Orbis Software (company)', orbis)).toBe(true);
    expect(onLeadPage('Orbis', orbis)).toBe(false);
    expect(onLeadPage('Kochi', [])).toBe(false);
  });

  it("counts as about the part's entity", () => {
    const attributePart: Part = {
      id: 'part-1',
      question,
      entity: 'Ravi Menon',
      attribute: 'address',
      query: '',
    };
    const reply = {
      answers: [
        {
          text: '12 Harbour Road, Mumbai',
          confidence: 0.9,
          source: {
            chunkId: 'c',
            url: 'http://h.test/orbis',
            title: 'Orbis Software',
            xpath: '/html[1]',
            snippet: 'Orbis Software is headquartered at 12 Harbour Road, Mumbai.',
            domSnapshot: anEvidenceRef(),
            logRecordId: randomUUID(),
          },
        },
      ],
      abstained: false,
      reason: null,
      method: 'heuristic' as const,
      logRecordId: randomUUID(),
    };
    expect(acceptable({ reply, part: attributePart, min: 0.6 })).toBeUndefined();
    // below the sufficient confidence it is still the part's plausible answer, whatever the attribute's shape
    const city = { ...reply, answers: reply.answers.map((x) => ({ ...x, text: 'Mumbai', confidence: 0.5 })) };
    const orbis = [{ name: 'Orbis Software', query: 'Orbis Software headquartered' }];
    expect(acceptable({ reply: city, part: attributePart, min: 0.6, floor: 0, leads: orbis })?.text).toBe(
      'Mumbai',
    );
    expect(acceptable({ reply: city, part: attributePart, min: 0.6, floor: 0 })).toBeUndefined();
    expect(
      acceptable({
        reply,
        part: attributePart,
        min: 0.6,
        leads: [{ name: 'Orbis Software', query: 'Orbis Software headquartered' }],
      })?.text,
    ).toBe('12 Harbour Road, Mumbai');
  });
});

describe('the leads a run keeps', () => {
  it('keeps earlier leads first and adds new names once', () => {
    const a = { name: 'Orbis Software', query: 'Orbis Software headquartered' };
    const b = { name: 'Kochi', query: 'Kochi headquartered' };
    const c = { name: 'orbis software', query: 'orbis software capacity' };
    expect(mergeLeads([a], [b, c])).toEqual([a, b]);
    expect(mergeLeads([], [])).toEqual([]);
  });
});
