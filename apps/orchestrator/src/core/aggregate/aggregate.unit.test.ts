import { randomUUID } from 'node:crypto';
import type { SourcedChunk } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import { ATTRIBUTES } from '@forage/question';
import { acceptable, askedInPageWords, cutNumber } from './aggregate.js';
import { labelledValue } from './labelled-value.js';
import { sentenceValue } from './sentence-value.js';

const attribute = (id: string) => {
  const a = ATTRIBUTES.find((x) => x.id === id);
  if (!a) throw new Error(id);
  return a;
};
const chunk = (text: string, title = 'Qora'): SourcedChunk => ({
  chunkId: randomUUID(),
  url: 'http://wiki.test/Qora',
  title,
  text,
  headingPath: [title],
  xpath: '/html[1]/body[1]/p[1]',
  domSnapshot: anEvidenceRef(),
  logRecordId: randomUUID(),
});

describe("aggregation through the page's words", () => {
  it("reads the value under the page's own label, matched by words or units, not another attribute's label", () => {
    const chunks = [
      chunk('GDP per capita (USD): 61,856'),
      chunk('GDP (USD): 131,386,000,000'),
      chunk('Area (km²): 18,166'),
    ];
    expect(labelledValue({ attribute: attribute('gdp'), chunks })?.text).toBe('131,386,000,000');
    expect(labelledValue({ attribute: attribute('area'), chunks })?.text).toBe('18,166');
    expect(
      labelledValue({
        attribute: attribute('population'),
        chunks: [chunk('Population: 49,187,558 (2023 census)')],
      })?.text,
    ).toBe('49,187,558');
    // a table row of several cells is about another thing (a city in a country's page)
    expect(
      labelledValue({
        attribute: attribute('population'),
        chunks: [chunk('City: Gairby; Population (2023): 283,191')],
      }),
    ).toBeUndefined();
  });

  it('takes the number nearest to a word the lexicon has for the attribute, in running text', () => {
    const chunks = [chunk('Unemployment stood at 3.8% and consumer prices rose by 2.1% that year.')];
    expect(sentenceValue({ attribute: attribute('inflation'), chunks })?.text).toBe('2.1%');
    expect(sentenceValue({ attribute: attribute('unemployment'), chunks })?.text).toBe('3.8%');
    expect(
      sentenceValue({
        attribute: attribute('price'),
        chunks: [chunk('A standard double room costs $166 per night.')],
      })?.text,
    ).toBe('$166');
  });

  it("asks in the page's words: its label, else the lexicon term the page uses", () => {
    const part = {
      id: 'part-1',
      question: 'What is the inflation rate of Qora?',
      entity: 'Qora',
      attribute: 'inflation',
      query: '',
    };
    expect(askedInPageWords(part, { labels: new Map([['u', ['Inflation (annual %)']]]) })).toBe(
      'What is the Inflation (annual %) of Qora?',
    );
    expect(
      askedInPageWords(part, { labels: new Map() }, [chunk('Consumer prices rose by 2.1% that year.')]),
    ).toBe('What is the consumer prices of Qora?');
  });

  it('refuses an answer that does not look like a value of the attribute (an address without a number)', () => {
    const part = {
      id: 'part-1',
      question: 'What is the address of Qora Inn?',
      entity: 'Qora',
      attribute: 'address',
      query: '',
    };
    const source = {
      chunkId: 'c',
      url: 'http://h.test/q',
      title: 'Qora Inn',
      xpath: '/html[1]',
      domSnapshot: anEvidenceRef(),
      logRecordId: randomUUID(),
    };
    const reply = (text: string) => ({
      answers: [{ text, confidence: 0.9, source: { ...source, snippet: `Location: ${text}` } }],
      abstained: false,
      reason: null,
      method: 'heuristic' as const,
      logRecordId: randomUUID(),
    });
    expect(acceptable({ reply: reply('perfect for walking'), part, min: 0.6 })).toBeUndefined();
    expect(acceptable({ reply: reply('12 Harbour Road, Qora'), part, min: 0.6 })?.text).toBe(
      '12 Harbour Road, Qora',
    );
  });

  it('refuses a value a sentence naming the entity states about the page’s own subject', () => {
    const part = {
      id: 'part-1',
      question: 'What is the population of Velmora?',
      entity: 'Velmora',
      attribute: 'population',
      query: '',
    };
    const reply = (snippet: string, text: string) => ({
      answers: [
        {
          text,
          confidence: 0.95,
          source: {
            chunkId: 'c',
            url: 'http://wiki.test/Tassen',
            title: 'Tassen – Encyclopedia',
            snippet,
            xpath: '/html[1]/body[1]/p[1]',
            domSnapshot: anEvidenceRef(),
            logRecordId: randomUUID(),
          },
        },
      ],
      abstained: false,
      reason: null,
      method: 'heuristic' as const,
      logRecordId: randomUUID(),
    });
    const census = 'The census recorded 612,900 residents in Tassen, about 15% of the population of Velmora.';
    expect(acceptable({ reply: reply(census, '612,900'), part, min: 0.6 })).toBeUndefined();
    const country = 'Tassen lies in the north of Velmora, which has a population of 4,120,300.';
    expect(acceptable({ reply: reply(country, '4,120,300'), part, min: 0.6 })?.text).toBe('4,120,300');
  });

  it('rejects a span that stops inside a number', () => {
    expect(cutNumber('rose by 2', 'consumer prices rose by 2.1% that year')).toBe(true);
    expect(cutNumber('2.1%', 'consumer prices rose by 2.1% that year')).toBe(false);
  });
});
