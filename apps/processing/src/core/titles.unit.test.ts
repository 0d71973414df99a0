import { aSourcedChunk } from '@forage/testing';
import { answerHeuristically } from './heuristic-answer.js';
import { stem } from './text.js';
import { introducesPerson, questionHead, saysItIs, writtenName } from './titles.js';

const page = (id: string, title: string, text: string) =>
  aSourcedChunk({ chunkId: id, url: `https://pages.test/${id}`, title, text, headingPath: [title] });

describe('questionHead', () => {
  it.each([
    ['What science fantasy young adult series, told in first person, has companion books?', 'series'],
    ['Which war, that had over 60 million casualties, does the memorial commemorate?', 'war'],
    ['What screenwriter with credits for the film co-wrote it?', 'screenwriter'],
    ['What type of forum did the statesman initiate?', 'forum'],
    ['What is the name of the fight song of the university?', 'song'],
    ['The memorial commemorates the fallen of which war?', 'war'],
    ['Who founded the bank?', undefined],
    ['What was the price?', 'price'],
    ['What did she say?', undefined],
  ])('%s → %s', (question, head) => {
    expect(questionHead(question)).toBe(head);
  });
});

describe('saysItIs', () => {
  it('reads the kind a sentence gives its subject after the copula', () => {
    expect(saysItIs('Animorphs is a science fantasy series of young adult books.', stem('series'))).toBe(
      true,
    );
    expect(saysItIs('Dana Holt is a screenwriter and director.', stem('screenwriter'))).toBe(true);
    expect(saysItIs('Dana Holt was born in New York City.', stem('city'))).toBe(false);
    expect(saysItIs('The series was written by Dana Holt.', stem('series'))).toBe(false);
  });
});

describe('writtenName', () => {
  it('finds the title as written, a person’s middle names included', () => {
    expect(writtenName('Animorphs is a series.', 'Animorphs')).toBe('Animorphs');
    expect(
      writtenName('Charles Eugène Jules Nungesser (1892 – 1927) was a pilot.', 'Charles Nungesser'),
    ).toBe('Charles Eugène Jules Nungesser');
    expect(writtenName('Charles met the pilot Nungesser.', 'Charles Nungesser')).toBeUndefined();
    expect(writtenName('The series was a success.', 'Animorphs')).toBeUndefined();
  });
});

describe('introducesPerson', () => {
  it('reads a name followed by the dates of a life', () => {
    expect(introducesPerson('Eli Fane (Bengali: ঈনা; born 3 April 1959) is a magician.', 'Eli Fane')).toBe(
      true,
    );
    expect(introducesPerson('Ralph Hale (1910 – 1974) was a professor.', 'Ralph Hale')).toBe(true);
    expect(introducesPerson('Mad Town is a boy group formed by J. Camp.', 'Mad Town')).toBe(false);
  });
});

describe("a page's subject as the answer", () => {
  const pages = [
    page(
      'a',
      'Starward Chronicles',
      'Starward Chronicles is a science fantasy series of young adult books told in first person. A set of companion books narrates the stories of enslaved worlds.',
    ),
    page('b', 'Mira Colt', 'Mira Colt is an author of science fantasy books for young adults, born in 1950.'),
    page(
      'c',
      'Tom Reyes (magician)',
      'Tom Reyes, known by his stage name Aladin, is a magician and consultant.',
    ),
  ];
  const ask = (question: string) =>
    answerHeuristically({ question, chunks: pages, maxAnswers: 1, minConfidence: 0 }).answers[0];

  it('answers "what <kind> …" with the title of the page that describes such a thing', () => {
    const answer = ask(
      'What science fantasy young adult series has companion books narrating the stories of enslaved worlds?',
    );
    expect(answer?.text).toBe('Starward Chronicles');
    expect(answer?.source.snippet).toContain('Starward Chronicles is a science fantasy series');
  });

  it('answers "who …" with the person the page is about', () => {
    expect(ask('Who was known by his stage name Aladin and worked as a consultant?')?.text).toBe('Tom Reyes');
  });

  it('never offers a title the question itself names', () => {
    const answer = ask('What kind of books does Mira Colt write?');
    expect(answer?.text).not.toBe('Mira Colt');
  });
});
