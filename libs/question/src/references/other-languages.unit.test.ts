import { readAgainstThread, type EarlierTurn } from '../index.js';

// Invented names only; each phrasing written from the language's grammar.
const country = (question: string): EarlierTurn => ({
  turn: 1,
  question,
  subjects: ['Velmoria'],
  attribute: 'population',
  answer: '2.340.000',
  items: [],
});
const capital = (question: string): EarlierTurn => ({
  turn: 2,
  question,
  subjects: ['Velmoria'],
  attribute: 'capital',
  answer: 'Ostrinport',
  items: [],
});

describe('references in German', () => {
  const turns = [
    country('Wie viele Einwohner hat Velmoria?'),
    capital('Was ist die Hauptstadt von Velmoria?'),
  ];
  it.each([
    ['Und was ist seine Hauptstadt?', 'Was ist Velmorias Hauptstadt?', "'seine' = Velmoria"],
    ['Wie hoch ist seine Einwohnerzahl?', 'Wie hoch ist Velmorias Einwohnerzahl?', 'from turn 2'],
    [
      'Wie viele Menschen leben dort?',
      'Wie viele Menschen leben in Ostrinport?',
      "'dort' = Ostrinport, from turn 2",
    ],
    ['Und in Karsland?', 'Was ist die Hauptstadt von Karsland?', 'turn 2'],
    ['Was ist mit Karsland?', 'Was ist die Hauptstadt von Karsland?', 'turn 2'],
  ])('%s', (question, expected, note) => {
    const read = readAgainstThread({ question, turns });
    expect(read).toMatchObject({ status: 'resolved', question: expected });
    expect(read.status === 'resolved' && read.readings.map((r) => r.note).join(' | ')).toContain(note);
  });

  it('a genitive after s is written with an apostrophe', () => {
    const read = readAgainstThread({
      question: 'Was ist seine Währung?',
      turns: [{ ...country('Wie viele Einwohner hat Karsus?'), subjects: ['Karsus'] }],
    });
    expect(read).toMatchObject({ question: 'Was ist Karsus’ Währung?' });
  });

  it('a capitalised noun after a determiner is no name of the question’s own', () => {
    expect(readAgainstThread({ question: 'Wie viele Einwohner hat seine Hauptstadt?', turns })).toMatchObject(
      {
        status: 'resolved',
        question: 'Wie viele Einwohner hat Velmorias Hauptstadt?',
      },
    );
  });

  it('asks back when nothing came before', () => {
    expect(readAgainstThread({ question: 'Was ist seine Hauptstadt?', turns: [] })).toMatchObject({
      status: 'unresolved',
      reference: 'seine',
    });
  });
});

describe('references in French', () => {
  const turns = [
    country('Quelle est la population de Velmoria ?'),
    capital('Quelle est la capitale de Velmoria ?'),
  ];
  it.each([
    ['Et quelle est sa capitale ?', 'Quelle est la capitale de Velmoria ?'],
    ['Quelle est son altitude ?', 'Quelle est l’altitude de Velmoria ?'],
    ['Combien de personnes vivent là-bas ?', 'Combien de personnes vivent à Ostrinport ?'],
    ["Qu'en est-il de Karsland ?", 'Quelle est la capitale de Karsland ?'],
    ['Et à Karsland ?', 'Quelle est la capitale de Karsland ?'],
  ])('%s', (question, expected) => {
    expect(readAgainstThread({ question, turns })).toMatchObject({ status: 'resolved', question: expected });
  });

  it('"de" is elided before a vowel', () => {
    const read = readAgainstThread({
      question: 'Quelle est sa monnaie ?',
      turns: [{ ...country('Quelle est la population d’Ambrelia ?'), subjects: ['Ambrelia'] }],
    });
    expect(read).toMatchObject({ question: 'Quelle est la monnaie d’Ambrelia ?' });
  });

  it('an English "son" is no French possessive', () => {
    const question = 'Who is the son of the founder?';
    expect(readAgainstThread({ question, turns })).toEqual({
      status: 'self-contained',
      question,
      readings: [],
    });
  });
});

describe('references in Spanish and Italian', () => {
  const turns = [country('¿Cuál es la población de Velmoria?'), capital('¿Cuál es la capital de Velmoria?')];
  it.each([
    ['¿Cuántas personas viven allí?', '¿Cuántas personas viven en Ostrinport?'],
    ['¿Y en Karsland?', '¿Cuál es la capital de Karsland?'],
    ['¿Qué tal de Karsland?', '¿Cuál es la capital de Karsland?'],
    ['Quante persone vivono lì?', 'Quante persone vivono a Ostrinport?'],
  ])('%s', (question, expected) => {
    expect(readAgainstThread({ question, turns })).toMatchObject({ status: 'resolved', question: expected });
  });

  it('"and in 2020?" swaps no subject', () => {
    expect(readAgainstThread({ question: 'And in 2020?', turns }).status).toBe('self-contained');
  });
});
