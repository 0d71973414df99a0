import { randomUUID } from 'node:crypto';
import type { ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import { part } from '../plan/heuristic-planner.js';
import { onePartPlan } from '../testing/fixtures.js';
import { bridgeQuery, feedbackQuery } from './feedback.js';

const question = 'Which river flows through the town where the painter of the Blue Mill was born?';
const hop: ScoredAnswer = {
  text: 'Anna Lind',
  confidence: 0.4,
  source: {
    url: 'http://127.0.0.1:9000/mill',
    title: 'The Blue Mill',
    xpath: '/html/body/p[1]',
    chunkId: 'c1',
    snippet: 'The Blue Mill is a painting by Anna Lind.',
    domSnapshot: anEvidenceRef(),
    logRecordId: randomUUID(),
  },
};

describe('the second hop of a bridge question', () => {
  it('searches the bridge entity with the words of the question its evidence did not cover', () => {
    expect(bridgeQuery(part(1, question), hop)).toBe('Anna Lind river flows through town painter born');
  });

  it('comes right after the part’s own query, and is not repeated', () => {
    const p = part(1, question);
    const plan = onePartPlan(p, question);
    const tentative = new Map([[p.id, hop]]);
    const first = feedbackQuery({ plan, missing: [p], tried: new Set(), tentative });
    expect(first?.query).toBe(p.query);
    const second = feedbackQuery({ plan, missing: [p], tried: new Set([p.query.toLowerCase()]), tentative });
    expect(second?.query).toBe('Anna Lind river flows through town painter born');
    const third = feedbackQuery({
      plan,
      missing: [p],
      tried: new Set([p.query.toLowerCase(), 'anna lind river flows through town painter born']),
      tentative,
    });
    expect(third?.query).not.toContain('Anna Lind');
  });

  it('names no bridge for a derived answer', () => {
    const derived = { ...hop, text: 'yes', derivation: { kind: 'yes_no' as const, rule: 'r', sources: [] } };
    expect(bridgeQuery(part(1, question), derived as unknown as ScoredAnswer)).toBeUndefined();
  });
});
