import { readAgainstThread, type EarlierTurn } from '../index.js';

// Invented names only, written from the grammar of references (no sandbox world, no benchmark question).
const countryTurn: EarlierTurn = {
  turn: 1,
  question: 'What is the population of Velmoria?',
  subjects: ['Velmoria'],
  attribute: 'population',
  answer: '2,340,000',
  items: [],
};
const capitalTurn: EarlierTurn = {
  turn: 2,
  question: 'What is the capital of Velmoria?',
  subjects: ['Velmoria'],
  attribute: 'capital',
  answer: 'Ostrinport',
  items: [],
};
const listingTurn: EarlierTurn = {
  turn: 1,
  question: 'Hotels in Dunmarra under $150 a night',
  subjects: ['Dunmarra'],
  answer: 'Pellow House; The Quillon; Aster Rooms',
  items: ['Pellow House', 'The Quillon', 'Aster Rooms'],
};
const listAnswerTurn: EarlierTurn = {
  turn: 1,
  question: 'Which rivers cross Velmoria?',
  subjects: ['Velmoria'],
  answer: 'Ambra, Selk and Toven',
  items: [],
};
const twoThingsTurn: EarlierTurn = {
  turn: 1,
  question: 'What are the populations of Velmoria and Karsland?',
  subjects: ['Velmoria', 'Karsland'],
  attribute: 'population',
  answer: 'Velmoria: 2,340,000; Karsland: 910,000',
  items: [],
};
const productTurn: EarlierTurn = {
  turn: 1,
  question: 'Who makes the Trellis-40 kettle?',
  subjects: ['Trellis-40 kettle'],
  answer: 'Brightwell Appliances',
  items: [],
};

describe('readAgainstThread: pronouns resolve to the latest subject', () => {
  it.each([
    [
      'And what is its capital?',
      [countryTurn],
      'What is the capital of Velmoria?',
      "'its' = Velmoria, from turn 1",
    ],
    ['what is its area?', [countryTurn], 'What is the area of Velmoria?', "'its' = Velmoria, from turn 1"],
    [
      'So what is its highest peak called?',
      [countryTurn],
      'What is the highest peak of Velmoria called?',
      "'its' = Velmoria",
    ],
    ['When was it founded?', [countryTurn], 'When was Velmoria founded?', "'it' = Velmoria, from turn 1"],
    ['How large is it?', [countryTurn], 'How large is Velmoria?', "'it' = Velmoria"],
    [
      'Which currency does it use?',
      [countryTurn, capitalTurn],
      'Which currency does Velmoria use?',
      'from turn 2',
    ],
    ['What is its GDP?', [countryTurn], 'What is the GDP of Velmoria?', "'its' = Velmoria"],
    [
      'and what does it cost?',
      [productTurn],
      'What does Trellis-40 kettle cost?',
      "'it' = Trellis-40 kettle",
    ],
    [
      'What is his date of birth?',
      [{ ...productTurn, subjects: ['Aldo Brenner'] }],
      'What is the date of birth of Aldo Brenner?',
      "'his' = Aldo Brenner",
    ],
  ])('%s', (question, turns, expected, note) => {
    const read = readAgainstThread({ question, turns });
    expect(read.status).toBe('resolved');
    if (read.status !== 'resolved') return;
    expect(read.question).toBe(expected);
    expect(read.readings.map((r) => r.note).join(' | ')).toContain(note);
  });
});

describe('readAgainstThread: "there" and place demonstratives', () => {
  it.each([
    // after asking for a capital, "there" is the capital (the answer), not the country
    [
      'What is the population there?',
      [countryTurn, capitalTurn],
      'What is the population of Ostrinport?',
      "'there' = Ostrinport, from turn 2 (the answer)",
    ],
    [
      'How many people live there?',
      [countryTurn, capitalTurn],
      'How many people live in Ostrinport?',
      'Ostrinport',
    ],
    [
      'what is the elevation there',
      [countryTurn, capitalTurn],
      'What is the elevation of Ostrinport?',
      'turn 2',
    ],
    // otherwise the place is the turn's subject
    [
      'What is the currency there?',
      [countryTurn],
      'What is the currency of Velmoria?',
      "'there' = Velmoria, from turn 1 (the thing it was about)",
    ],
    ['Who was born there?', [countryTurn], 'Who was born in Velmoria?', 'Velmoria'],
    [
      'What is the population of that city?',
      [countryTurn, capitalTurn],
      'What is the population of Ostrinport?',
      "'that city' = Ostrinport",
    ],
    [
      'When was this country founded?',
      [countryTurn],
      'When was Velmoria founded?',
      "'this country' = Velmoria",
    ],
    [
      'Where is the capital in the same country?',
      [countryTurn],
      'Where is the capital in Velmoria?',
      'the same country',
    ],
    [
      'What is the population there?',
      [
        {
          ...countryTurn,
          question: 'Where was Aldo Brenner born?',
          subjects: ['Aldo Brenner'],
          attribute: undefined,
          answer: 'Kessel Ford',
        },
      ],
      'What is the population of Kessel Ford?',
      'Kessel Ford',
    ],
  ])('%s', (question, turns, expected, note) => {
    const read = readAgainstThread({ question, turns });
    expect(read.status).toBe('resolved');
    if (read.status !== 'resolved') return;
    expect(read.question).toBe(expected);
    expect(read.readings.map((r) => r.note).join(' | ')).toContain(note);
  });

  it.each([
    'Are there any hotels with free parking?',
    'How many museums are there?',
    'Is there a ferry?',
    'There is a bridge, how long is the bridge?',
  ])('an existential "there" is no reference: %s', (question) => {
    expect(readAgainstThread({ question, turns: [countryTurn] })).toEqual({
      status: 'self-contained',
      question,
      readings: [],
    });
  });
});

describe('readAgainstThread: ordinals and "that one" over an earlier list', () => {
  it.each([
    [
      'What is the price of the second one?',
      [listingTurn],
      'What is the price of The Quillon?',
      "'the second one' = The Quillon, from turn 1 (the listed item)",
    ],
    [
      'Does the first one have free parking?',
      [listingTurn],
      'Does Pellow House have free parking?',
      'Pellow House',
    ],
    [
      'What rating does the last one have?',
      [listingTurn],
      'What rating does Aster Rooms have?',
      'Aster Rooms',
    ],
    ['How long is the third one?', [listAnswerTurn], 'How long is Toven?', "'the third one' = Toven"],
    ['Where does the 2nd one rise?', [listAnswerTurn], 'Where does Selk rise?', 'Selk'],
    [
      'Tell me the address of the second result',
      [listingTurn],
      'Tell me the address of The Quillon?',
      'The Quillon',
    ],
    [
      'Who founded that one?',
      [productTurn],
      'Who founded Brightwell Appliances?',
      "'that one' = Brightwell Appliances, from turn 1 (the answer)",
    ],
  ])('%s', (question, turns, expected, note) => {
    const read = readAgainstThread({ question, turns });
    expect(read.status).toBe('resolved');
    if (read.status !== 'resolved') return;
    expect(read.question).toBe(expected);
    expect(read.readings.map((r) => r.note).join(' | ')).toContain(note);
  });

  it.each([
    ['How far apart are they?', [listAnswerTurn], 'How far apart are Ambra, Selk and Toven?'],
    ['Which of them is the longest?', [listAnswerTurn], 'Which of Ambra, Selk and Toven is the longest?'],
    [
      'What are their ratings?',
      [listingTurn],
      'What are the ratings of Pellow House, The Quillon and Aster Rooms?',
    ],
    ['and what are their capitals?', [twoThingsTurn], 'What are the capitals of Velmoria and Karsland?'],
  ])('"they"/"them"/"their" stand for the list: %s', (question, turns, expected) => {
    const read = readAgainstThread({ question, turns });
    expect(read).toMatchObject({ status: 'resolved', question: expected });
  });
});

describe('readAgainstThread: ellipsis asks the latest question again with one part changed', () => {
  it.each([
    ['And in Karsland?', [countryTurn], 'What is the population of Karsland?'],
    ['and in Karsland', [countryTurn, capitalTurn], 'What is the capital of Karsland?'],
    ['What about Karsland?', [countryTurn], 'What is the population of Karsland?'],
    ['how about Karsland?', [capitalTurn], 'What is the capital of Karsland?'],
    ['and for Emberfall?', [listingTurn], 'Hotels in Emberfall under $150 a night?'],
    ['What about the Trellis-60 kettle?', [productTurn], 'Who makes the the Trellis-60 kettle?'],
    ['And its population?', [capitalTurn], 'What is the population of Velmoria?'],
    ['and the area?', [countryTurn], 'What is the area of Velmoria?'],
    ['what about its currency?', [countryTurn], 'What is the currency of Velmoria?'],
    ['And their populations?', [listAnswerTurn], 'What is the populations of Ambra, Selk and Toven?'],
  ])('%s', (question, turns, expected) => {
    const read = readAgainstThread({ question, turns });
    expect(read).toMatchObject({ status: 'resolved', question: expected });
    if (read.status === 'resolved') expect(read.readings[0]?.turn).not.toBeNull();
  });

  it('"and in X?" swaps the place of the latest question that named one after "in"', () => {
    const priceTurn: EarlierTurn = {
      turn: 2,
      question: 'What is the price per night of The Quillon?',
      subjects: ['The Quillon'],
      attribute: 'price',
      answer: '$120',
      items: [],
    };
    expect(
      readAgainstThread({ question: 'And in Emberfall?', turns: [listingTurn, priceTurn] }),
    ).toMatchObject({
      status: 'resolved',
      question: 'Hotels in Emberfall under $150 a night?',
    });
    // "what about X?" names no place: it swaps the latest question's subject
    expect(
      readAgainstThread({ question: 'What about Aster Rooms?', turns: [listingTurn, priceTurn] }),
    ).toMatchObject({
      question: 'What is the price per night of Aster Rooms?',
    });
  });

  it('says which turn the ellipsis continued', () => {
    const read = readAgainstThread({ question: 'And in Karsland?', turns: [countryTurn, capitalTurn] });
    expect(read.status === 'resolved' && read.readings[0]?.note).toBe(
      `'And in Karsland?' = turn 2's question ("What is the capital of Velmoria?") about Karsland instead of Velmoria`,
    );
  });
});

describe('readAgainstThread: questions without references are left alone', () => {
  it.each([
    'What is the population of Karsland?',
    'Hotels in Dunmarra with free parking',
    // the pronoun points inside the question: it names its own thing first
    'What is the capital of Karsland and its population?',
    'When was Karsland founded and who founded it?',
    'Is it true that the Ambra is longer than the Selk?',
    'How long does it take to cross Karsland by train?',
    'What time is it in Karsland?',
    'List the three largest cities of Karsland',
  ])('%s', (question) => {
    expect(readAgainstThread({ question, turns: [countryTurn, capitalTurn] })).toEqual({
      status: 'self-contained',
      question,
      readings: [],
    });
  });

  it('a first question without references needs no earlier turn', () => {
    expect(readAgainstThread({ question: 'What is the area of Karsland?', turns: [] }).status).toBe(
      'self-contained',
    );
  });

  it.each([
    'On http://127.0.0.1:8080/ what is the capital of Karsland?',
    'On the Karsland wiki, which city is the largest?',
    'In Karsland, how many people live in the capital?',
  ])('a whole question after a preposition is no ellipsis: %s', (question) => {
    expect(readAgainstThread({ question, turns: [] }).status).toBe('self-contained');
  });
});

describe('readAgainstThread: a reference nothing settles is asked back', () => {
  it.each([
    ['And what is its capital?', [], 'its', 'pronoun'],
    ['What is the population there?', [], 'there', 'place'],
    ['How tall is it?', [], 'it', 'pronoun'],
    ['What is the price of the second one?', [countryTurn], 'the second one', 'ordinal'],
    ['What is the price of the fifth one?', [listingTurn], 'the fifth one', 'ordinal'],
    ['And in Karsland?', [], 'And in Karsland?', 'ellipsis'],
    ['What about Karsland?', [], 'What about Karsland?', 'ellipsis'],
    ['and its population?', [], 'and its population?', 'ellipsis'],
    ['What are their ratings?', [], 'their', 'pronoun'],
    // the last turn was about two things: "its" could be either
    ['What is its capital?', [twoThingsTurn], 'its', 'pronoun'],
  ])('%s', (question, turns, reference, kind) => {
    const read = readAgainstThread({ question, turns });
    expect(read).toMatchObject({ status: 'unresolved', reference, kind });
    if (read.status === 'unresolved') expect(read.prompt).toMatch(/\?/);
  });

  it('the user’s answer to the follow-up stands for the reference', () => {
    const read = readAgainstThread({ question: 'And what is its capital?', turns: [], given: 'Karsland' });
    expect(read).toEqual({
      status: 'resolved',
      question: 'What is the capital of Karsland?',
      readings: [
        { reference: 'its', value: 'Karsland', turn: null, note: "'its' = Karsland, as you answered" },
      ],
    });
  });

  it('for an ellipsis with nothing before it, the answer is the whole question', () => {
    const read = readAgainstThread({
      question: 'What about Karsland?',
      turns: [],
      given: 'what is the area of Karsland',
    });
    expect(read).toMatchObject({ status: 'resolved', question: 'What is the area of Karsland?' });
  });

  it('the answer settles an ordinal the list could not', () => {
    const read = readAgainstThread({
      question: 'Does the second one have a pool?',
      turns: [countryTurn],
      given: 'The Quillon',
    });
    expect(read).toMatchObject({ status: 'resolved', question: 'Does The Quillon have a pool?' });
  });
});
