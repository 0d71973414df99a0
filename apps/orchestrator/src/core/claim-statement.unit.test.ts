import type { ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import { statementOf } from './claim-statement.js';
import { planHeuristically } from './plan/heuristic-planner.js';

const answer = (text: string): ScoredAnswer => ({
  text,
  confidence: 0.8,
  source: {
    url: 'http://127.0.0.1:8080/page',
    title: 'Page',
    xpath: '/html/body/p',
    snippet: text,
    chunkId: 'c1',
    domSnapshot: anEvidenceRef(),
    logRecordId: '7f1d7c1e-0000-4000-8000-000000000001',
  },
});

function statementFor(question: string, text: string, urls: string[] = []) {
  const plan = planHeuristically({ question, urls });
  const part = plan.parts[0];
  if (!part) throw new Error('no part');
  return statementOf({ plan, part, answer: answer(text) });
}

describe('statementOf: what a claim states, from the plan', () => {
  it('states the part, the entity asked, the attribute and a typed number', () => {
    expect(statementFor('What is the population of Velmora?', '4,120,300')).toMatchObject({
      question: { partId: 'part-1', text: 'What is the population of Velmora?' },
      subject: { asked: 'Velmora' },
      attribute: { id: 'population' },
      value: { type: 'number', amount: 4120300 },
    });
    expect(statementFor('How much does a night at Harbour Lights cost?', '$129').value).toEqual({
      type: 'money',
      amount: 129,
      currency: 'USD',
    });
  });

  it('makes a question about "this product" with --url about the page’s main item, from that page only', () => {
    const statement = statementFor('What is the SKU of this product?', 'AT-2041', ['http://127.0.0.1:9/p/1']);
    expect(statement.subject).toEqual({ mainItem: true });
    expect(statement.scope).toEqual({ kind: 'page', urls: ['http://127.0.0.1:9/p/1'], followLinks: false });
  });

  it('marks a nested question answered in one step as the last hop of a chain whose first hop is missing', () => {
    // a part that still holds the whole chain (an LLM plan answering it at once)
    const oneStep = (question: string, entity: string, text: string) => {
      const plan = planHeuristically({ question });
      const part = { id: 'part-1', question, entity, query: question };
      return statementOf({ plan, part, answer: answer(text) });
    };
    const statement = oneStep('What is the population of the capital of Velmora?', 'Velmora', '4,120,300');
    expect(statement.subject).toEqual({ asked: 'capital of Velmora' });
    expect(statement.hop).toEqual({ chain: 'part-1', index: 2, of: 2 });
    expect(
      oneStep('Who designed the valve that pairs with the Orrin-4 pump?', 'Orrin-4', 'Ada').hop,
    ).toBeDefined();
    expect(
      statementFor('What is the area of Velmora in square kilometres?', '88,410 km²').hop,
    ).toBeUndefined();
  });

  it('plans a nested question as its first hop, the chain kept for the hops after it', () => {
    const plan = planHeuristically({ question: 'What is the population of the capital of Velmora?' });
    expect(plan.parts.map((p) => [p.question, p.entity, p.attribute])).toEqual([
      ['What is the capital of Velmora?', 'Velmora', 'capital'],
    ]);
    expect(plan.chain?.hops.map((h) => h.template)).toEqual([
      'What is the capital of {}?',
      'What is the population of {}?',
    ]);
  });
});
