import { answerFits, expectedAnswerType } from './answer-type.js';

describe('expectedAnswerType', () => {
  // the grammar is the question model's (its table is in @forage/question); here, the kind of span
  it.each([
    ['Who is the release manager?', 'person'],
    ['Who is Ada Lovelace?', 'definition'],
    ['What is the capital of Veloria?', 'name'],
    ['How many rooms does the hotel have?', 'number'],
    ['How much does a night at the Grand Hotel cost?', 'number'],
    ['What is the population of Veloria?', 'number'],
    ['In what year did the war end?', 'date'],
    ['Where is the Grand Hotel?', 'place'],
    ['Does the Grand Hotel have free parking?', 'yes_no'],
    ['Is the tent green or blue?', 'name'],
    ['Which hotels are in Portavel?', 'list'],
  ])('%s → %s', (question, type) => {
    expect(expectedAnswerType(question)).toBe(type);
  });

  it('reads control characters and odd spacing as nothing', () => {
    expect(expectedAnswerType('\u0000\u0007 How \u001b[0m many\r\n rooms?')).toBe('number');
    expect(expectedAnswerType('')).toBe('name');
  });
});

describe('answerFits', () => {
  it.each([
    ['number', '1,234,567', true],
    ['number', 'three', true],
    ['number', 'National Bank of Veloria', false],
    ['date', '14 July 1848', true],
    ['date', 'Portavel', false],
    ['yes_no', 'Yes', true],
    ['yes_no', 'Portavel', false],
    ['list', 'Pool, Spa and Gym', true],
    ['list', 'No', false],
    ['definition', 'a process plants use to make sugar', true],
    ['definition', 'plants', false],
    ['person', 'Jane Doe', true],
    ['person', 'No', false],
    ['name', '1,234', false],
    ['name', '—', false],
    ['name', '1974 to 1977', false],
    ['person', 'from 1986 until 2013', false],
    ['name', 'the 1990s', true],
    ['date', '1974 to 1977', true],
  ] as const)('%s accepts "%s": %s', (type, span, fits) => {
    expect(answerFits(type, span)).toBe(fits);
  });
});
