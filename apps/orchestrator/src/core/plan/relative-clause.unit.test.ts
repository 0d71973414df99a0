import { planHeuristically } from './heuristic-planner.js';
import { joinRestrictions } from './wording.js';

describe('a "who …" clause that names nothing is part of the same question', () => {
  it('joins it to the question before', () => {
    expect(joinRestrictions(['Who was the writer of These Boots', 'who died in 2007'])).toEqual([
      'Who was the writer of These Boots and who died in 2007',
    ]);
  });

  it('keeps questions about other things, or about "it", apart', () => {
    expect(joinRestrictions(['Who directed Alien', 'who wrote Dune'])).toEqual([
      'Who directed Alien',
      'who wrote Dune',
    ]);
    expect(
      joinRestrictions(['What is the capital of Sobrica', 'which of its rivers is longest']),
    ).toHaveLength(2);
    expect(joinRestrictions(['who died in 2007'])).toEqual(['who died in 2007']);
    // a clause with an object of its own is a second question about something else
    expect(joinRestrictions(['Who directed the film', 'who composed the score'])).toEqual([
      'Who directed the film',
      'who composed the score',
    ]);
    expect(joinRestrictions(['Who painted it first', 'who was born in the city'])).toEqual([
      'Who painted it first and who was born in the city',
    ]);
  });

  it('plans one part for a question with such a clause', () => {
    const plan = planHeuristically({
      question: "Who was the writer of These Boots Are Made for Walkin' and who died in 2007?",
    });
    expect(plan.parts).toHaveLength(1);
  });
});

describe('a question asking "who" about a thing', () => {
  it('plans no value attribute for it, and takes no single letter for its entity', () => {
    const [p] = planHeuristically({
      question: '2014 S/S is the debut album of a boy group that was formed by who?',
    }).parts;
    expect(p?.attribute).toBeUndefined();
    expect(p?.entity).not.toBe('S');
    expect(
      planHeuristically({
        question: 'Orbit Ventures was founded by an industrialist known as the father of what?',
      }).parts[0]?.attribute,
    ).toBeUndefined();
    expect(planHeuristically({ question: 'When was the Bank of Sobrica founded?' }).parts[0]?.attribute).toBe(
      'founded',
    );
  });
});

describe('a question asking for the name of a place', () => {
  it('plans no street address for "located in what city?"', () => {
    const ask = (question: string) => planHeuristically({ question }).parts[0]?.attribute;
    expect(ask('Ralph Hale was a professor at a university that is located in what city?')).toBeUndefined();
    expect(ask('Where is the Grand Hotel Portavel located?')).toBe('address');
  });
});
