import { answerFits, expectedAnswerType } from './answer-type.js';

describe('expectedAnswerType', () => {
  it.each([
    ['Who founded the National Bank?', 'person'],
    ['Who is the release manager?', 'person'],
    ['Who was the first mayor of the town?', 'person'],
    ['Who is Ada Lovelace?', 'definition'],
    ['Which currency does Veloria use?', 'name'],
    ['What is the capital of Veloria?', 'name'],
    ['What is the national anthem of Veloria?', 'name'],
    ['How many rooms does the hotel have?', 'number'],
    ['How much does a night at the Grand Hotel cost?', 'number'],
    ['What is the population of Veloria?', 'number'],
    ['When was the bridge opened?', 'date'],
    ['In what year did the war end?', 'date'],
    ['Where is the Grand Hotel?', 'place'],
    ['In which country is Normandy located?', 'place'],
    ['Does the Grand Hotel have free parking?', 'yes_no'],
    ['Is the museum open on Sundays?', 'yes_no'],
    ['Is the tent green or blue?', 'name'],
    ['What is photosynthesis?', 'definition'],
    ['What does GDP mean?', 'definition'],
    ['List the hotels in Portavel with a pool', 'list'],
    ['Name all the rivers that cross Veloria', 'list'],
    ['Which hotels are in Portavel?', 'list'],
    // a relative "who" describes something named; it does not ask for a person
    ['What government position was held by the woman who portrayed the queen?', 'name'],
    ['What is the name of the fight song of the university whose main campus is in Lawrence?', 'name'],
    ['The band was formed by who?', 'person'],
    ['What is the name of the fight song of the university in the metropolitan area?', 'name'],
    [
      'What is the fight song of the university whose campus is in Lawrence and whose branches are in Kansas?',
      'name',
    ],
    ['To whom was the prize given?', 'person'],
    ['Who was the writer of the song and who died in 2007?', 'person'],
    ['The manager who signed him managed the club during what timeframe?', 'date'],
    ['A president that served during what years?', 'date'],
    ['The castle borders on the south side of what coastal area?', 'place'],
    ['Which Canadian city hosts the festival?', 'place'],
    ['What surface area does the lake cover?', 'number'],
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
