import type { SourcedChunk } from '@forage/contracts';
import { answerConfidence } from '@forage/retrieval';
import { ATTRIBUTES } from '@forage/question';
import { labelledValue } from './labelled-value.js';
import { itemConfidence } from './listing-items.js';
import { sentenceValue } from './sentence-value.js';

const population = ATTRIBUTES.find((a) => a.id === 'population');
if (!population) throw new Error('population is a known attribute');

function chunk(text: string, n = 1): SourcedChunk {
  return {
    chunkId: `c${String(n)}`,
    url: 'http://127.0.0.1:8080/vell',
    title: 'Vell',
    text,
    headingPath: ['Vell'],
    xpath: `/html/body/p[${String(n)}]`,
    domSnapshot: { sha256: 'a'.repeat(64), kind: 'dom_snapshot', size: 1, contentType: 'text/html' },
    logRecordId: '7f1d7c1e-0000-4000-8000-000000000001',
  };
}

describe('confidence of the orchestrator’s own answers: the seed’s formula, not constants', () => {
  it('scores a labelled value from its parts; a label that is only the attribute scores higher', () => {
    const plain = labelledValue({ attribute: population, chunks: [chunk('Population: 412,300')] });
    const wordy = labelledValue({
      attribute: population,
      chunks: [chunk('Estimated population of the wider metro area: 412,300')],
    });
    expect(plain?.components).toBeDefined();
    expect(plain?.confidence).toBe(
      answerConfidence(plain?.components ?? { retriever: 0, qa: 0, lengthPenalty: 1 }),
    );
    expect(plain?.confidence).toBeGreaterThan(wordy?.confidence ?? 1);
  });

  it('scores a number in running text by how close it sits to the attribute’s word', () => {
    const near = sentenceValue({
      attribute: population,
      chunks: [chunk('Its population is 412,300 people.')],
    });
    const far = sentenceValue({
      attribute: population,
      chunks: [chunk('Its population as counted in spring is 412,300.')],
    });
    expect(near?.text).toBe('412,300');
    expect(far?.text).toBe('412,300');
    expect(near?.confidence).toBeGreaterThan(far?.confidence ?? 1);
  });

  it('scores a listed item by the listing reader’s score, else by the completeness of its fields', () => {
    const source = { ...chunk('Vell Inn'), snippet: 'Vell Inn' };
    expect(itemConfidence({ name: 'Vell Inn', url: source.url, text: '', source, confidence: 0.61 })).toBe(
      0.61,
    );
    const priced = itemConfidence({ name: 'Vell Inn', url: source.url, text: '', source, price: 90 });
    const full = itemConfidence({
      name: 'Vell Inn',
      url: source.url,
      text: '',
      source,
      price: 90,
      rating: 4,
    });
    expect(full).toBeGreaterThan(priced);
  });
});
