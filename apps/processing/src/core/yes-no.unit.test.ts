import { scoredAnswerSchema } from '@forage/contracts';
import { aSourcedChunk } from '@forage/testing';
import { entityPage, namedRuns } from './entities.js';
import { answerHeuristically } from './heuristic-answer.js';
import { countriesIn } from './places.js';
import { predicateCoverage, predicateOf } from './predicate.js';

const chunk = (chunkId: string, title: string, text: string) =>
  aSourcedChunk({ chunkId, url: `https://pages.test/${chunkId}`, title, text, headingPath: [title] });

const pages = [
  chunk('a', 'Mira Colt', 'Mira Colt (born 1950) is an American painter and sculptor. She lives in Ohio.'),
  chunk('b', 'Jon Vale (artist)', 'Jon Vale was an American painter, known for murals.'),
  chunk('c', 'Ilse Brandt', 'Ilse Brandt is a German composer of operas.'),
  chunk('d', 'Kern Airport', 'Kern Airport is a public airport located in Bakersfield, California.'),
  chunk('e', 'Lake Field', 'Lake Field is a public airport located in Detroit, Michigan.'),
];
const ask = (question: string) =>
  answerHeuristically({ question, chunks: pages, maxAnswers: 1, minConfidence: 0 });

describe('namedRuns and entityPage', () => {
  it('reads the names of a question, joiners inside, "and" between', () => {
    expect(namedRuns('Are Letters to Cleo and For Against both bands?')).toEqual([
      'Letters to Cleo',
      'For Against',
    ]);
    expect(namedRuns('is it?')).toEqual([]);
    // a name may open the question; a question word or an imperative does not
    expect(namedRuns('Roger Egeberg served under which president?')).toEqual(['Roger Egeberg']);
    expect(namedRuns('2014 S/S is the debut album of which group?')).toEqual(['2014 S S']);
    expect(namedRuns('Name the director of Big Stone Gap')).toEqual(['Big Stone Gap']);
    expect(namedRuns('Which band had more members?')).toEqual([]);
    expect(namedRuns('')).toEqual([]);
  });
  it('finds the page titled with a name, a qualified title too, and none for an unknown name', () => {
    expect(entityPage('Jon Vale', pages)?.chunks[0]?.chunkId).toBe('b');
    expect(entityPage('Mira Colt', pages)?.match).toBe(1);
    expect(entityPage('Nobody Here', pages)).toBeUndefined();
    // a title that starts with the name the question writes
    const season = [
      { ...pages[0]!, url: 'https://pages.test/season', title: "2011–12 Vale Rams men's basketball team" },
    ];
    expect(entityPage('2011 12 Vale Rams', season)?.match).toBe(0.7);
    expect(entityPage('', pages)).toBeUndefined();
    expect(entityPage('Jon Vale', [])).toBeUndefined();
  });
});

describe('predicate and countries', () => {
  it('maps a country to the adjective of its people, a part of a country to the country', () => {
    expect(countriesIn('an American band')).toEqual(new Set(['us']));
    expect(countriesIn('from England')).toEqual(new Set(['england', 'uk']));
    expect(countriesIn('a band')).toEqual(new Set());
  });
  it('covers the predicate by words and countries', () => {
    const p = predicateOf('Are Mira Colt and Jon Vale both from the United States?', [
      'Mira Colt',
      'Jon Vale',
    ]);
    expect(p.terms).toEqual([]);
    expect(predicateCoverage(p, 'an American painter')).toBe(1);
    expect(predicateCoverage(p, 'a German painter')).toBe(0);
    expect(predicateCoverage(predicateOf('', []), 'anything')).toBe(0);
  });
});

describe("yes/no from the named things' pages", () => {
  it('says yes when every page states the predicate, with one source per page', () => {
    const answer = ask('Are Mira Colt and Jon Vale both painters?').answers[0];
    expect(answer?.text).toBe('yes');
    expect(answer?.derivation?.kind).toBe('yes_no');
    expect(answer?.derivation?.sources.map((s) => s.nodeId)).toEqual(['a', 'b']);
    expect(answer?.derivation?.sources[1]?.snippet).toBe(
      'Jon Vale was an American painter, known for murals.',
    );
    // the reply validates at the boundary, derivation included
    expect(scoredAnswerSchema.parse(answer).derivation?.sources).toHaveLength(2);
  });
  it('says no when one page does not state it', () => {
    expect(ask('Are Mira Colt and Ilse Brandt both painters?').answers[0]?.text).toBe('no');
    expect(ask('Are both Kern Airport and Lake Field located in Michigan?').answers[0]?.text).toBe('no');
    expect(ask('Are both Kern Airport and Lake Field public airports?').answers[0]?.text).toBe('yes');
  });
  it('compares the first sentences for "the same …"', () => {
    expect(ask('Were Mira Colt and Jon Vale of the same nationality?').answers[0]?.text).toBe('yes');
    expect(ask('Were Mira Colt and Ilse Brandt of the same nationality?').answers[0]?.text).toBe('no');
  });
  it('abstains when no page is about the things named', () => {
    const outcome = ask('Are Foo Bar and Baz Qux both painters?');
    expect(outcome.answers).toEqual([]);
    expect(outcome.abstained).toBe(true);
  });
});
