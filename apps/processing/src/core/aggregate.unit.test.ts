import type { Passage } from '@forage/contracts';
import { aggregate } from './aggregate.js';

const passage = (id: string, text: string, confidence = 0.5): Passage => ({ id, text, confidence });
const QUESTION = 'What are the population and the capital of Veloria?';

describe('aggregate', () => {
  it('adds new information, and says which parts of the question are still missing', () => {
    const reply = aggregate({
      question: QUESTION,
      gathered: [],
      incoming: [passage('a', 'Veloria has a population of 1,234,567 people.')],
    });
    expect(reply.decisions).toEqual([
      { passageId: 'a', action: 'add', replaces: null, reason: expect.any(String) as unknown },
    ]);
    expect(reply.covered).toEqual(expect.arrayContaining(['population', 'veloria']));
    expect(reply.missing).toEqual(['capital']);
  });

  it('replaces a passage it repeats with more confidence, and ignores a weaker repeat', () => {
    const gathered = [passage('a', 'Veloria has a population of 1,234,567 people.', 0.4)];
    const reply = aggregate({
      question: QUESTION,
      gathered,
      incoming: [
        passage('b', 'Veloria has a population of 1,234,567 people', 0.9),
        passage('c', 'Veloria has a population of 1,234,567 people!', 0.2),
      ],
    });
    expect(reply.decisions.map((d) => [d.passageId, d.action, d.replaces])).toEqual([
      ['b', 'replace', 'a'],
      ['c', 'ignore', null],
    ]);
  });

  it('ignores passages that mention nothing the question asks about, and ones already gathered', () => {
    const gathered = [passage('a', 'The capital of Veloria is Portavel.')];
    const reply = aggregate({
      question: QUESTION,
      gathered,
      incoming: [passage('x', 'We use cookies to measure how our pages are used.'), passage('a', 'again')],
    });
    expect(reply.decisions.map((d) => d.action)).toEqual(['ignore', 'ignore']);
    expect(reply.missing).toEqual(['population']);
  });

  it('handles empty inputs', () => {
    expect(aggregate({ question: QUESTION, gathered: [], incoming: [] })).toEqual({
      decisions: [],
      covered: [],
      missing: ['population', 'capital', 'veloria'],
    });
  });
});
